"""Kirifu's puzzle themes (the ``puzzles`` part, :mod:`cardlab.puzzles`): what a puzzle is about,
from the rules that explain its answer, else from the kind of choice."""

from __future__ import annotations

from cardlab.words import Phrase

from .events import View

SHORT_HAND = 3
"""A hand of at most this many cards is short: an osoroi passed to it fills it (K13–K15)."""

THEMES = {
    "spade_ace": Phrase("the ♠A", "オールマイティ（A♠）の使い方"),
    "world_card": Phrase("save the world card", "世界のマークのカードを残す"),
    "osoroi_short_hand": Phrase("osoroi against a short hand", "手札の少ない相手におそろい"),
    "osoroi": Phrase("when to pass an osoroi", "おそろいを渡すとき"),
    "cut_or_take": Phrase("cut or take in", "切るか、おもらいか"),
    "which_cutter": Phrase("which card cuts", "どのカードで切るか"),
    "what_to_pass": Phrase("what to pass", "何を渡すか"),
}
"""Every theme, in the order a filter lists them."""

BY_RULE = {"K7": "spade_ace", "K6": "world_card", "K13": "osoroi", "K9": "cut_or_take", "K11": "cut_or_take"}
BY_KIND = {"cut": "which_cutter", "take": "cut_or_take", "pass": "what_to_pass", "osoroi": "osoroi"}


def theme(view: View, answer: str, rules: list[str]) -> str:
    """The theme of a puzzle whose ``answer`` (an action text) the rules ``rules`` explain (their
    IDs, the first the strongest), as ``view`` (the solver's) shows the position."""
    kind = answer.split()[0]
    found = next((BY_RULE[rule] for rule in rules if rule in BY_RULE), BY_KIND[kind])
    if found == "osoroi" and view.counts[view.receiver] <= SHORT_HAND:
        return "osoroi_short_hand"
    return found
