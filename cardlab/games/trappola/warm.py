"""What compiles Trappola's kernels into numba's cache (the game's ``warm`` part,
:mod:`cardlab.kernels.warm`): the random and rule-of-thumb players, the search player's playouts
(a deal in the engine, its playouts on the kernel), the exact solver and the coach's playouts
(both measures, in the exchange phase and in the card play). The table needs the last three first
(``FIRST``): its computer player solves worlds (and plays the search's playouts where it does not),
and its coach can be switched on."""

from __future__ import annotations

from typing import Callable

from cardlab.coach import hints
from cardlab.sim import simulate

from . import engine as trappola


def _coach_positions() -> list[trappola.State]:
    """A game at its exchange phase and the same game at its card play."""
    exchange, play = trappola.new_game(seed=0), trappola.new_game(seed=0)
    while play.phase == trappola.EXCHANGE:
        play.apply(trappola.KEEP_ACTION)
    return [exchange, play]


FIRST: list[tuple[str, Callable[[], object]]] = [
    ("Trappola kernel: the search player's playouts",
     lambda: simulate("trappola", players=(("search", {"budget": 4}), "random"), n=1, progress=False)),
    ("Trappola kernel: the exact solver",
     lambda: simulate("trappola", players=("exact", "random"), n=1, progress=False)),
    ("Trappola kernel: the coach's playouts",
     lambda: [hints(g, budget=4, measure=m) for g in _coach_positions() for m in ("deal", "game")]),
]
CASES: list[tuple[str, Callable[[], object]]] = [
    ("Trappola kernel: random and rule-of-thumb players",
     lambda: simulate("trappola", players=("random", "thumb"), n=1, progress=False)),
    *FIRST,
]
