"""What compiles Trappola's kernels into numba's cache (the game's ``warm`` part,
:mod:`cardlab.kernels.warm`): the random and rule-of-thumb players, and the search player's
playouts (a deal in the engine, its playouts on the kernel)."""

from __future__ import annotations

from typing import Callable

from cardlab.sim import simulate

CASES: list[tuple[str, Callable[[], object]]] = [
    ("Trappola kernel: random and rule-of-thumb players",
     lambda: simulate("trappola", players=("random", "thumb"), n=1, progress=False)),
    ("Trappola kernel: the search player's playouts",
     lambda: simulate("trappola", players=(("search", {"budget": 4}), "random"), n=1, progress=False)),
]
