"""Trappola at the notebook table: play against the computer, or replay a record.

The table never decides a rule: every clickable element carries an action text drawn from
``state.view(you).legal`` and a click is handed to ``state.play``; the computer's moves come from
a bot. The score sheet of every finished deal appears under the table (T15, T16)::

    >>> table = TrappolaTable(seed=3)
    >>> table.click("keep") if "keep" in table.state.legal_actions() else None
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..bots.trappola import SearchBot
from ..draw.trappola import table_svg
from ..errors import IllegalActionError
from ..games import trappola
from ..records import Record
from .replay import Replayer
from .view import Event, TableView


class TrappolaTable(w.VBox):
    """You (seat ``you``) against ``bot`` (default: the search player) in a game of Trappola."""

    def __init__(self, rules: trappola.Rules | str = trappola.TRAPPOLA, seed: int | None = None,
                 bot: Any = None, you: int = 0, names: tuple[str, str] = ("You", "Computer")) -> None:
        self.rules, self.you = rules, you
        self.names = names if you == 0 else names[::-1]
        self.bot = bot if bot is not None else SearchBot(seed, budget=200)
        self.view = TableView()
        self.sheet = w.HTML()
        self.sheet.add_class("cardlab-sheet")
        self.new_button = w.Button(description="New game", icon="refresh")
        self.new_button.add_class("cardlab-new-game")
        self.new_button.on_click(lambda _b: self.new_game())
        super().__init__([self.view, self.sheet, self.new_button])
        self.add_class("cardlab-trappola")
        self.view.on_event(self.handle)
        self.seed = seed
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game (the next seed if the table was seeded)."""
        if seed is None and self.seed is not None:
            seed = self.seed + 1
        self.seed = seed
        self.state = trappola.new_game(self.rules, seed=seed, players=self.names)
        self.message = "New game: exchange or keep your hand." if self.state.current_player == self.you \
            else ""
        self._computer_moves()
        self.redraw()

    def click(self, target: str) -> None:
        """Act as a click on the element with ``data-target=target`` would."""
        self.view.send_event({"type": "click", "target": target})

    def handle(self, event: Event) -> None:
        """A click on a card or a button: hand its action to the state, then let the computer move."""
        if event["type"] != "click":
            return
        deals = len(self.state.sheets)
        try:
            self.state.play(event["target"], player=self.you)
        except IllegalActionError as e:
            self.message = str(e).split(" (legal now")[0]
        else:
            self.message = f"you: {event['target']}"
            self._computer_moves()
            if len(self.state.sheets) > deals:
                self.message = self._deal_message()
        self.redraw()

    def _computer_moves(self) -> None:
        moves = []
        while not self.state.is_over and self.state.current_player != self.you:
            action = self.bot.choose(self.state)
            self.state.apply(action)
            said = self.state.events[-1]
            # T7: a declared rank is not named (but aces are): show what was said aloud
            moves.append(f"declares {said.said}" if isinstance(said, trappola.Declared) else action)
        if moves:
            self.message = "computer: " + ", ".join(moves)

    def _deal_message(self) -> str:
        sheet = self.state.sheets[-1]
        you, them = sheet.total[self.you], sheet.total[1 - self.you]
        text = f"Deal {sheet.deal + 1} scored: you {you}, computer {them}."
        if self.state.is_over:
            winner = self.state.outcome.winner
            text += " You win the game!" if winner == self.you else " The computer wins the game."
        return text

    def redraw(self) -> None:
        """Draw the table as you see it and the score sheets of the finished deals."""
        self.view.svg = table_svg(self.state.view(self.you), message=self.message)
        self.view.status = self.message
        self.sheet.value = sheets_html(self.state)

    def __repr__(self) -> str:
        return f"TrappolaTable({self.state!r})"


def sheets_html(state: trappola.State) -> str:
    """All finished deals' score sheets side by side as an HTML table, with the game totals."""
    if not state.sheets:
        return ""
    import pandas as pd
    frames = {f"deal {s.deal + 1}": s.frame(state.players) for s in state.sheets}
    table = pd.concat(frames, axis=1)
    totals = " – ".join(f"{n} {v}" for n, v in zip(state.players, state.scores))
    return f"<b>Score sheets</b> (game: {totals})" + table.to_html(classes="cardlab-sheet-table")


def replay(record: Record, player: int | None = None) -> Replayer:
    """A Replayer of a Trappola record, seen by ``player`` (None: every card face up)."""
    states = record.states()
    frames = [table_svg(s.view(player), clickable=False) for s in states]
    names = states[0].players
    captions = ["the deal"] + [f"{i + 1}. {names[before.current_player]}: {action}"
                               for i, (before, action) in enumerate(zip(states, record.actions))]
    return Replayer(frames, captions)
