"""The slap trainer's analysis (Cleopatra): the reader's reactions against the computer's model.

A :class:`SlapLog` collects, over a game, the reader's reaction time to every pair they slapped
(C10), the pairs the computer slapped first, the pairs nobody slapped, and the false slaps (C13).
:func:`win_chances` turns the reader's speed into a :class:`~cardlab.games.cleopatra.bots.SlapBot`
model (attention: the share of the pairs they noticed; reaction: the mean and spread of their
times) and simulates it through :func:`cardlab.sim.simulate` against the computer at each
attention level; :func:`plot_slaps` draws both beside the computer's reaction model, in English
or Japanese.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from .bots import SlapBot
from .words import TRAINER, count
from cardlab.stats import rate_table

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from .engine import Rules

ATTENTIONS: tuple[float, ...] = (0.2, 0.4, 0.6, 0.8, 1.0)


@dataclass
class SlapLog:
    """What the reader did with the pairs of one game (times in milliseconds)."""

    reactions: list[float] = field(default_factory=list)
    """From a pair's appearance to the reader's slap, for each pair the reader slapped (first or
    not: the race is settled by the times, C11)."""
    beaten: list[float] = field(default_factory=list)
    """The computer's time, for each pair the computer took before the reader slapped at all."""
    missed: int = 0
    """Pairs that nobody slapped before the next card."""
    false_slaps: int = 0
    """Slaps when the top two cards were no pair (C13)."""

    @property
    def pairs(self) -> int:
        return len(self.reactions) + len(self.beaten) + self.missed

    def model(self) -> dict[str, float]:
        """The reader as :class:`SlapBot` options: ``attention`` (the share of pairs slapped among
        those the computer did not take first: those say nothing of what the reader noticed),
        ``reaction_ms`` and ``spread_ms`` (mean and standard deviation of the reader's times)."""
        if not self.reactions:
            return {"attention": 0.0}
        seen = len(self.reactions) / (len(self.reactions) + self.missed)
        spread = statistics.stdev(self.reactions) if len(self.reactions) > 1 else 0.0
        return {"attention": round(seen, 3), "reaction_ms": statistics.mean(self.reactions),
                "spread_ms": spread}


def win_chances(log: SlapLog, attentions: Sequence[float] = ATTENTIONS, n: int = 2000, seed: int = 0,
                rules: Rules | str = "cleopatra", computer: SlapBot | None = None) -> "pd.DataFrame":
    """The reader's chance to win a game of ``rules`` (a ``Rules`` or a preset's name) against the computer at each attention
    level (the computer's reaction model otherwise as ``computer``), from ``n`` simulated games
    each (false slaps are not simulated): per attention level, games, the rate and its 95 %
    Wilson interval (a game without a winner counts as not won)."""
    import pandas as pd

    from cardlab.sim import simulate

    model = computer or SlapBot()
    frames = []
    for attention in attentions:
        them = {"attention": attention, "reaction_ms": model.reaction_ms, "spread_ms": model.spread_ms}
        frame = simulate("cleopatra", rules, [("slapper", log.model()), ("slapper", them)], n=n, seed=seed,
                         progress=False)
        frames.append(frame.assign(attention=attention))
    games = pd.concat(frames, ignore_index=True)
    return rate_table(games, "attention", games["winner"].eq(0).fillna(False))


#: the report's size in inches, side by side (a notebook) and one above the other (a phone: at
#: the trainer's 90 dpi it is under 360 px wide, so its text is never shown under 11 px)
REPORT_SIZES = {False: (10, 3.6), True: (3.8, 7.4)}


def plot_slaps(log: SlapLog, chances: "pd.DataFrame", computer: SlapBot | None = None,
               lang: str = "en", stacked: bool = False) -> "Figure":
    """Two panels: the reader's reaction times against the computer's normal reaction model (the
    legend under the panel, clear of the bars), and the reader's chance to win against each
    attention level of the computer, side by side or ``stacked`` (a phone); the words in ``lang``."""
    import matplotlib.pyplot as plt

    from cardlab.plots import fonts_for

    with plt.rc_context(fonts_for(lang)):
        return _plot_slaps(log, chances, computer or SlapBot(), lang, stacked)


def _plot_slaps(log: SlapLog, chances: "pd.DataFrame", model: SlapBot, lang: str, stacked: bool) -> "Figure":
    import matplotlib.pyplot as plt
    import numpy as np

    from cardlab.plots import caption, interval_plot

    def say(key: str, **fields: object) -> str:
        return TRAINER.say(lang, key, **fields)

    fig, (left, right) = plt.subplots(*((2, 1) if stacked else (1, 2)), figsize=REPORT_SIZES[stacked])
    xs = np.linspace(0, max([model.reaction_ms + 3 * model.spread_ms] + log.reactions + log.beaten), 200)
    density = np.exp(-((xs - model.reaction_ms) / model.spread_ms) ** 2 / 2) / (model.spread_ms * np.sqrt(2 * np.pi))
    left.plot(xs, density, color="grey", label=say("computer", mean=f"{model.reaction_ms:.0f}",
                                                   spread=f"{model.spread_ms:.0f}"))
    if log.reactions:
        left.hist(log.reactions, bins=10, density=True, alpha=0.6, label=count(lang, "you", len(log.reactions), TRAINER))
    for i, t in enumerate(log.beaten):
        left.axvline(t, color="tab:red", alpha=0.4, lw=1, label=say("beaten") if i == 0 else None)
    left.set(xlabel=say("reaction"), ylabel=say("density"), title=say("reaction_title"))
    left.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=1 if stacked else 2, frameon=False)
    interval_plot(right, chances, label=say("chance"))
    right.axhline(0.5, color="grey", lw=0.8, ls=":")
    right.set(xlabel=say("attention"), ylabel=say("win"), ylim=(0, 1), title=say("chance_title"))
    fig.tight_layout()
    m = log.model()
    average = say("average", ms=f"{m['reaction_ms']:.0f}") if log.reactions else ""
    caption(fig, say("caption", n=len(log.reactions), pairs=count(lang, "pair", log.pairs, TRAINER), average=average,
                     beaten=len(log.beaten), missed=log.missed, false=count(lang, "false", log.false_slaps, TRAINER),
                     games=int(chances["games"].iloc[0])), width=38 if stacked else 95)
    return fig
