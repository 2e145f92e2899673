"""Judging a Trappola card without seeing the other hand: perfect-information Monte Carlo (as GIB
does in bridge). Worlds are drawn uniformly among the opponent's hands that fit the seat's view
(:class:`.worlds.WorldSampler`: voids T11, discarded hands T6, declarations T7/T8 weighted by the
hands that fit them), each is solved exactly (:mod:`.solver`), and each card gets its mean value
over the worlds with a 95% interval. Where the view determines every card (the stock is used up)
one world is the truth: the values are exact and :attr:`Judgement.exact` says so.

PIMC's known flaw is strategy fusion: in each world the solver plays as if it knew the hand, so a
card that only works when one guesses right can look better than it is.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from statistics import fmean, stdev
from typing import Sequence

from cardlab import pace
from cardlab.cards import Card
from .engine import View
from .solver import view_values
from .worlds import WorldSampler


@dataclass(frozen=True)
class Judgement:
    """Each legal card's mean value (the mover's points minus the opponent's for the rest of the
    deal, declarations apart), its 95% half-interval, the worlds solved, and whether the view
    determines every card (then one world, the values exact, the intervals 0)."""

    values: dict[Card, float]
    margins: dict[Card, float]
    worlds: int
    exact: bool

    def best(self) -> Card:
        """The card with the best mean (the first of equals, in the engine's order)."""
        return max(self.values, key=self.values.__getitem__)


def judge(view: View, worlds: int, rng: random.Random, seconds: float | None = None) -> Judgement:
    """Solve up to ``worlds`` worlds of ``view`` (the player to move's view in a deal's card play),
    one at a time, stopping once ``seconds`` of solving are spent (at least one world; None:
    :data:`cardlab.pace.SECONDS`, no limit where the kernels are compiled; see :class:`cardlab.pace.Pace`)."""
    sampler = WorldSampler(view)
    if sampler.exact:
        exact = view_values(view, _hands(view, sampler.sample(rng)))
        return Judgement({c: float(v) for c, v in exact.items()}, {c: 0.0 for c in exact}, 1, True)
    rows: list[dict[Card, int]] = []
    clock = pace.Pace(seconds)
    while len(rows) < max(1, worlds) and not (rows and clock.over):
        with clock.timing():
            rows.append(view_values(view, _hands(view, sampler.sample(rng))))
    cards = list(rows[0])
    values = {c: fmean(r[c] for r in rows) for c in cards}
    margins = {c: 1.96 * stdev(r[c] for r in rows) / math.sqrt(len(rows)) if len(rows) > 1 else math.inf
               for c in cards}
    return Judgement(values, margins, len(rows), False)


def _hands(view: View, theirs: Sequence[Card]) -> list[list[Card]]:
    """Both hands by seat: the view's own and ``theirs``."""
    me = view.player
    own = None if me is None else view.hands[me]
    if own is None:
        raise ValueError("a seat's view, which holds its own hand, is needed")
    return [list(own) if p == me else list(theirs) for p in (0, 1)]
