"""The slap trainer of the Cleopatra table: your reaction to every pair, and what it is worth.

With the *slap trainer* switch on, the table keeps a :class:`~cardlab.games.cleopatra.slaps.SlapLog` of the
game (your time to each pair you slapped, the pairs the computer took before you slapped, the
pairs nobody slapped, your false slaps) and, when the game is over, shows it beside the
computer's reaction model with your chance to win at that speed against each attention level of
the computer (:func:`~cardlab.games.cleopatra.slaps.win_chances`, simulated).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import ipywidgets as w

from .controller import Trainer
from .slaps import plot_slaps, win_chances
from .words import CLEOPATRA
from cardlab.tables.controls import link

if TYPE_CHECKING:
    from .bots import SlapBot
    from . import engine as cleopatra

GAMES = 400  # simulated games per attention level after a game


class SlapTrainer(Trainer):
    """The trainer (:class:`~cardlab.games.cleopatra.controller.Trainer`) with its switch as a
    widget and the report shown under the table (their words in ``lang``)."""

    def __init__(self, on: bool = False, games: int = GAMES, lang: str = "en") -> None:
        super().__init__(on=on, lang=lang)
        self.games = games
        self.switch = link(w.ToggleButton(description=CLEOPATRA.say(lang, "trainer"), icon="clock-o",
                                          tooltip=CLEOPATRA.say(lang, "trainer_tip")), self.switch)
        self.switch.add_class("cardlab-slap-trainer")
        self.report = w.Image(format="png", layout=w.Layout(display="none"))
        self.report.add_class("cardlab-slap-report")

    def reset(self) -> None:
        """A new game: a new log, no report."""
        super().reset()
        self.report.layout.display = "none"

    def game_over(self, computer: "SlapBot | None", rules: "cleopatra.Rules", layout: str = "wide") -> None:
        """Show the report of the game (trainer on and at least one pair seen), its panels one
        above the other in the table's phone layout."""
        if not self.switch.value or not self.log.pairs or computer is None:
            return
        import matplotlib.pyplot as plt
        chances = win_chances(self.log, n=self.games, rules=rules, computer=computer)
        fig = plot_slaps(self.log, chances, computer, lang=self.lang, stacked=layout == "phone")
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
        plt.close(fig)
        self.report.value = buffer.getvalue()
        self.report.layout.display = ""
