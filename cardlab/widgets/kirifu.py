"""Kirifu at the notebook table: you against 2–4 computer players, or the replay of a record.

The table never decides a rule. Clicks choose things (a passed card, cards of your hand) and the
resulting action text goes to ``state.play``, which accepts it or raises ``IllegalActionError``
naming the rule (the message is shown). To answer passed cards, click one, then a marked card of
your hand to cut it (切る) or the *take* button (おもらい). To pass, click one card and *pass*,
or click the cards of an osoroi group (おそろい), *add osoroi*, perhaps more groups, then *send*.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as w

from ..bots.kirifu import make_bot
from ..cards import Card
from ..draw.kirifu import place_text, table_svg
from ..errors import IllegalActionError
from ..games import kirifu
from ..records import Record
from .replay import Replayer
from .view import Event, TableView

COMPUTER_NAMES = ("Aiko", "Ben", "Chie", "Daichi")


class KirifuTable(w.VBox):
    """You (seat 0) against ``computers`` bots of kind ``bot`` (``"thumb"``, ``"search"``, ``"random"``)."""

    def __init__(self, computers: int = 3, rules: kirifu.Rules | str = kirifu.KIRIFU, seed: int | None = None,
                 bot: str = "thumb") -> None:
        if not 2 <= computers <= 4:
            raise ValueError(f"the table seats 2 to 4 computer players, not {computers}")
        self.rules, self.computers, self.bot_kind, self.seed = rules, computers, bot, seed
        self.view = TableView()
        self.new_button = w.Button(description="New game", icon="refresh")
        self.new_button.add_class("cardlab-new-game")
        self.new_button.on_click(lambda _b: self.new_game())
        super().__init__([self.view, self.new_button])
        self.add_class("cardlab-kirifu")
        self.view.on_event(self.handle)
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game (the next seed if the table was seeded)."""
        if seed is None and self.seed is not None:
            seed = self.seed + 1
        self.seed = seed
        names = ("You",) + COMPUTER_NAMES[:self.computers]
        self.state = kirifu.new_game(self.rules, seed=seed, players=names)
        base = 0 if seed is None else seed * 10
        self.bots = [None] + [make_bot(self.bot_kind, base + i) for i in range(1, len(names))]
        self.passed: Card | None = None
        self.selection: list[Card] = []
        self.message = ""
        self._computer_moves()
        self.redraw()

    def click(self, target: str) -> None:
        """Act as a click on the element with ``data-target=target`` would."""
        self.view.send_event({"type": "click", "target": target})

    def handle(self, event: Event) -> None:
        """Turn a click into a choice or an action text, and hand actions to the state."""
        if event["type"] != "click" or self.state.current_player != 0:
            return
        target = event["target"]
        kind, _, card = target.partition(":")
        if kind == "passed":
            chosen = Card.parse(card)
            self.passed = None if self.passed == chosen else chosen
        elif kind == "hand":
            chosen = Card.parse(card)
            self.selection = [c for c in self.selection if c != chosen] if chosen in self.selection \
                else self.selection + [chosen]
        elif kind == "btn" and card == "pass" and len(self.selection) != 1:
            self.message = "select one card to pass (or an osoroi group, then 'add osoroi')"
        elif kind == "btn":
            cards = " ".join(c.ascii() for c in self.selection)
            self._act({"pass": f"pass {cards}", "osoroi": f"osoroi {cards}"}.get(card, "send"))
        else:
            self._act(target)
        self.redraw()

    def _act(self, text: str) -> None:
        try:
            self.state.play(text)
        except IllegalActionError as e:
            self.message = str(e).split(" (legal now")[0]
            return
        self.message = ""
        self.selection = []
        self._computer_moves()

    def _computer_moves(self) -> None:
        while not self.state.is_over and self.state.current_player != 0:
            self.state.apply(self.bots[self.state.current_player].choose(self.state))
        waiting = self.state.passed if self.state.current_player == 0 else ()
        if self.passed not in waiting:  # keep the reader's choice while it is still to answer
            self.passed = waiting[0] if len(waiting) == 1 else None
        if self.state.is_over:
            place = self.state.outcome.scores[0]
            self.message = f"Game over: you are {place_text(place)} of {len(self.state.players)}."

    def redraw(self) -> None:
        """Draw the table as you see it."""
        mine = self.state.current_player == 0
        legal = [self.state.action_text(a) for a in self.state.legal_actions()] if mine else []
        self.view.svg = table_svg(self.state.view(0), legal=legal, passed=self.passed if mine else None,
                                  chosen=self.selection, message=self.message)
        self.view.status = self.message

    def __repr__(self) -> str:
        return f"KirifuTable({self.state!r})"


def replay(record: Record, player: int | None = None, captions: Sequence[str] | None = None) -> Replayer:
    """A Replayer of a Kirifu record seen by ``player`` (None: every hand face up)."""
    states = record.states()
    frames = [table_svg(s.view(player)) for s in states]
    if captions is None:
        names = states[0].players
        captions = ["the deal"] + [f"{i + 1}. {names[before.current_player]}: {action}"
                                   + (f" — {record.comments[i]}" if i in record.comments else "")
                                   for i, (before, action) in enumerate(zip(states, record.actions))]
    return Replayer(frames, captions)
