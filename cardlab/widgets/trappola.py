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
from ..draw.trappola import sheets_html, table_svg
from ..games import trappola
from .coach import TableCoach
from .replay import replay
from .table import GameTable

__all__ = ["TrappolaTable", "replay"]
MOVES = (trappola.Exchanged, trappola.Kept, trappola.Declared, trappola.Played)  # what a player does


class TrappolaTable(GameTable):
    """You (seat ``you``) against ``bot`` (default: the search player) in a game of Trappola.

    A seeded table deals its next games with the next seeds. ``coach=True`` turns the coach on
    (:mod:`cardlab.widgets.coach`: every choice marked with its worth, a review of the game).
    """

    def __init__(self, rules: trappola.Rules | str = trappola.TRAPPOLA, seed: int | None = None,
                 bot: Any = None, you: int = 0, names: tuple[str, str] = ("You", "Computer"),
                 coach: bool = False) -> None:
        self.rules, self.you, self.first_seed = rules, you, seed
        self.names = names if you == 0 else names[::-1]
        self.bot = bot if bot is not None else SearchBot(seed, budget=200)
        self.sheet = w.HTML()
        self.sheet.add_class("cardlab-sheet")
        self._sheets: tuple = ()                   # the sheets shown under the table
        self.coach = TableCoach(self, on=coach, seed=seed or 0)
        super().__init__(settings=[self.coach.switch], below=[self.sheet, self.coach.panel])
        self.add_class("cardlab-trappola")
        self.new_game()

    def make_state(self) -> trappola.State:
        seed = None if self.first_seed is None else self.first_seed + self.games
        return trappola.new_game(self.rules, seed=seed, players=self.names)

    def greeting(self) -> str:
        return "New game: exchange or keep your hand." if self.state.current_player == self.you else ""

    def choose(self, state: trappola.State) -> Any:
        return self.bot.choose(state)

    def after_action(self, start: int | None = None) -> None:
        super().after_action(start)
        self.coach.refresh()

    def on_timer(self, name: str, t: float) -> None:
        if name == "coach":
            self.coach.on_timer()

    def narrate(self, events: list[Any]) -> str:
        """The score of a deal that has just ended, or the computer's moves in words (T7: a
        declaration is heard, its rank is not named)."""
        if any(isinstance(e, trappola.DealScored) for e in events):
            return self.ended()
        said = [f"{self.names[e.player]} declares “{e.said}”" if isinstance(e, trappola.Declared)
                else self.state.describe(e) for e in events
                if isinstance(e, MOVES) and e.player != self.you]
        return "; ".join(said) or self.message

    def ended(self) -> str:
        """The score of the last deal (and of the game, when it is over)."""
        sheet = self.state.sheets[-1]
        you, them = sheet.total[self.you], sheet.total[1 - self.you]
        text = f"Deal {sheet.deal + 1} scored: you {you}, computer {them}."
        if self.state.is_over:
            winner = self.state.outcome.winner
            text += " You win the game!" if winner == self.you else " The computer wins the game."
        return text

    def draw(self) -> str:
        """The table as you see it (the score sheets of the finished deals go under it)."""
        view = self.state.view(self.you)
        if view.sheets != self._sheets:            # a new sheet (or a new game): about 60 ms of pandas
            self.sheet.value, self._sheets = sheets_html(view), view.sheets
        return self.coach.annotate(table_svg(view, clickable=True))
