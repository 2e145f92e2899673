"""Trappola's puzzle themes (the ``puzzles`` part, :mod:`cardlab.puzzles`): what a puzzle is about,
from the rules that explain its answer, else from the moment of the deal."""

from __future__ import annotations

from cardlab.puzzles.puzzle import SOLVED_UNIT
from cardlab.words import Phrase

from .engine import EXCHANGE, View
from .solved_choices import judge_choices

THEMES: dict[str, Phrase] = {
    "declare_now": Phrase("declare now", "すぐに宣言する"),
    "before_the_fourth": Phrase("declare before the fourth card is taken", "4枚目を取られる前に宣言する"),
    "keep_the_2": Phrase("keep the 2", "2を残す"),
    "exchange_or_keep": Phrase("exchange or keep the hand", "手札を交換するか残すか"),
    "lead": Phrase("what to lead", "何をリードするか"),
    "follow": Phrase("how to follow", "どう応じるか"),
}
"""Every theme, in the order a filter lists them."""

BY_RULE = {"T7": "declare_now", "T8": "before_the_fourth", "T12": "keep_the_2"}


def theme(view: View, answer: str, rules: list[str]) -> str:
    """The theme of a puzzle whose ``answer`` (an action text) the rules ``rules`` explain (their
    IDs, the first the strongest), as ``view`` (the solver's) shows the position."""
    for rule in rules:
        if rule in BY_RULE:
            return BY_RULE[rule]
    if view.phase == EXCHANGE:
        return "exchange_or_keep"
    return "follow" if view.trick else "lead"


UNIT = SOLVED_UNIT
PROOF_MEASURE = "playouts"
"""The coach's measure that checks an answer independently of the solved worlds: the quick
playout policy (:mod:`cardlab.games.trappola.coach`), in the build and in the re-proof."""
"""The unit of the puzzles' figures: the points the rest of the deal adds, the mover's minus the
opponent's, both playing perfectly in each solved world."""
judge = judge_choices
"""The evaluation the puzzles are built on: every choice over solved worlds (:mod:`.solved_choices`)."""
