"""Kirifu at the notebook table: you against 2–4 computer players, or the replay of a record.

The table never decides a rule. Clicks choose things (a passed card, cards of your hand) and the
resulting action text goes to ``state.play``, which accepts it or raises ``IllegalActionError``
naming the rule (the message is shown). To answer passed cards, click one, then a marked card of
your hand to cut it (切る) or the *take* button (おもらい). To pass, click one card and *pass*,
or click the cards of an osoroi group (おそろい), *add osoroi*, perhaps more groups, then *send*.
"""

from __future__ import annotations

from typing import Any

from ..bots.kirifu import make_bot
from ..cards import Card
from ..draw.kirifu import table_svg
from ..errors import CardParseError
from ..games import kirifu
from .coach import TableCoach
from .replay import replay
from .table import GameTable
from .view import TableEventError

__all__ = ["KirifuTable", "replay"]
COMPUTER_NAMES = ("Aiko", "Ben", "Chie", "Daichi")


class KirifuTable(GameTable):
    """You (seat 0) against ``computers`` bots of kind ``bot`` (``"thumb"``, ``"search"``, ``"random"``).

    A seeded table deals its next games with the next seeds. ``coach=True`` turns the coach on
    (:mod:`cardlab.widgets.coach`: every choice marked with its expected place, a review).
    """

    def __init__(self, computers: int = 3, rules: kirifu.Rules | str = kirifu.KIRIFU, seed: int | None = None,
                 bot: str = "thumb", coach: bool = False) -> None:
        if not 2 <= computers <= 4:
            raise ValueError(f"the table seats 2 to 4 computer players, not {computers}")
        self.rules, self.computers, self.bot_kind, self.first_seed = rules, computers, bot, seed
        self.passed: Card | None = None        # the passed card you chose to answer
        self.selection: list[Card] = []        # the cards of your hand you chose to pass
        self.coach = TableCoach(self, on=coach, seed=seed or 0, target_of=_target)
        super().__init__(settings=[self.coach.switch], below=[self.coach.panel])
        self.add_class("cardlab-kirifu")
        self.new_game()

    def make_state(self) -> kirifu.State:
        seed = None if self.first_seed is None else self.first_seed + self.games
        names = ("You",) + COMPUTER_NAMES[:self.computers]
        base = 0 if seed is None else seed * 10
        self.bots = [None] + [make_bot(self.bot_kind, base + i) for i in range(1, len(names))]
        self.passed, self.selection = None, []
        return kirifu.new_game(self.rules, seed=seed, players=names)

    def on_click(self, target: str, t: float) -> None:
        """Turn a click into a choice or an action text, and hand actions to the state."""
        kind, _, what = target.partition(":")
        if kind == "passed":
            chosen = self._card(what, self.state.passed, "passed to you")
            self.passed = None if self.passed == chosen else chosen
        elif kind == "hand":
            chosen = self._card(what, self.state.hands[self.you], "in your hand")
            self.selection = [c for c in self.selection if c != chosen] if chosen in self.selection \
                else self.selection + [chosen]
        elif kind == "btn" and what == "pass" and len(self.selection) != 1:
            self.message = "select one card to pass (or an osoroi group, then 'add osoroi')"
        elif kind == "btn":
            cards = " ".join(c.ascii() for c in self.selection)
            self.play({"pass": f"pass {cards}", "osoroi": f"osoroi {cards}"}.get(what, "send"))
        else:
            self.play(target)

    @staticmethod
    def _card(text: str, among: tuple[Card, ...], where: str) -> Card:
        """The card ``text`` names, which must be one of ``among``."""
        try:
            card = Card.parse(text)
        except CardParseError as error:
            raise TableEventError(f"unreadable card {text!r:.20} in a click: {error}") from None
        if card not in among:
            raise TableEventError(f"{card} is not {where}")
        return card

    def play(self, action: Any) -> None:
        super().play(action)
        self.selection = []

    def after_action(self, start: int | None = None) -> None:
        super().after_action(start)
        waiting = self.state.passed if self.state.current_player == self.you else ()
        if self.passed not in waiting:  # keep the reader's choice while it is still to answer
            self.passed = waiting[0] if len(waiting) == 1 else None
        self.coach.refresh()

    def on_timer(self, name: str, t: float) -> None:
        if name == "coach":
            self.coach.on_timer()

    def ended(self) -> str:
        place = self.state.outcome.scores[self.you]
        return f"Game over: you are {kirifu.place_text(place)} of {len(self.state.players)}."

    def draw(self) -> str:
        """The table as you see it."""
        mine = self.state.current_player == self.you
        legal = [str(a) for a in self.state.legal_actions()] if mine else []
        return self.coach.annotate(table_svg(self.state.view(self.you), legal=legal,
                                             passed=self.passed if mine else None, chosen=self.selection))


def _target(action: str) -> list[str]:
    """The elements of the drawing a choice is marked on: a card to pass is a card of the hand; a
    passed card stands for the cuts and the taking in of it."""
    if action.startswith("pass "):
        return ["hand:" + action[5:]]
    if action.startswith(("cut ", "take ")):
        return [action, "passed:" + action.split()[1]]
    return [action]
