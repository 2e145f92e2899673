"""What compiles Kirifu's kernels into numba's cache (the game's ``warm`` part,
:mod:`cardlab.kernels.warm`): the random and rule-of-thumb players, the search player's and the
coach's playouts. The table needs the coach's first (``FIRST``): it can be switched on there (the
computer players are the rule of thumb, which plays in the engine)."""

from __future__ import annotations

from typing import Callable

from cardlab.coach import hints
from cardlab.sim import simulate

from . import engine as kirifu

FIRST: list[tuple[str, Callable[[], object]]] = [
    ("Kirifu kernel: the coach's playouts", lambda: hints(kirifu.new_game(seed=0), budget=4)),
]
CASES: list[tuple[str, Callable[[], object]]] = [
    ("Kirifu kernel: random and rule-of-thumb players",
     lambda: simulate("kirifu", players=("random", "thumb", "thumb", "thumb"), n=1, progress=False)),
    ("Kirifu kernel: the search player's playouts",
     lambda: simulate("kirifu", players=(("search", {"budget": 4}), "thumb", "thumb"), n=1, progress=False)),
    *FIRST,
]
