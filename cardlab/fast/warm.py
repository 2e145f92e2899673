"""Compile every kernel into numba's disk cache: ``python -m cardlab.fast.warm``.

numba compiles a kernel on its first use (tens of seconds each) and, with ``cache=True``, keeps the
machine code in the ``__pycache__`` folder beside its source, which every later process loads in
a fraction of a second. This module plays a tiny run through each public path that the notebooks
and :func:`cardlab.sim.simulate` take to a kernel, so that a new clone's ``make lab`` or ``make
test`` (the Makefile runs it after installing) opens notebook 04 warm instead of compiling for
minutes. Going through the public functions, not the kernels, keeps it right whatever the kernels
become; ``tests/test_warm.py`` checks that a fresh process then plays every path without compiling.
"""

from __future__ import annotations

import gc
import time
from typing import Callable

from ..coach import hints
from ..games import cleopatra, kirifu
from ..sim import record_hunt, simulate


def _cleopatra(rules: cleopatra.Rules) -> Callable[[], None]:
    """A game under ``rules`` with bots that slap and without, and one with the detail columns."""

    def run() -> None:
        for players in (("slapper", "slapper"), ("none", "none")):
            simulate("cleopatra", rules, players, n=1, progress=False)
        simulate("cleopatra", rules, n=1, detail=True, progress=False)
    return run


CASES: list[tuple[str, Callable[[], object]]] = [
    *[(f"Cleopatra kernel: {name}", _cleopatra(rules))
      for name, rules in cleopatra.PRESETS.items()],
    ("Cleopatra kernel: any other rules", _cleopatra(cleopatra.variant(deal="shuffle", name="warm"))),
    ("Cleopatra kernel: given deals (record hunt)", lambda: record_hunt.random_sampling(budget=2, seed=0, batch=2)),
    ("Trappola kernel: random and rule-of-thumb players",
     lambda: simulate("trappola", players=("random", "thumb"), n=1, progress=False)),
    ("Trappola kernel: the search player's playouts",      # a deal in the engine, its playouts on the kernel
     lambda: simulate("trappola", players=(("search", {"budget": 4}), "random"), n=1, progress=False)),
    ("Kirifu kernel: random and rule-of-thumb players",
     lambda: simulate("kirifu", players=("random", "thumb", "thumb", "thumb"), n=1, progress=False)),
    ("Kirifu kernel: the search player's playouts",
     lambda: simulate("kirifu", players=(("search", {"budget": 4}), "thumb", "thumb"), n=1, progress=False)),
    ("Kirifu kernel: the coach's playouts", lambda: hints(kirifu.new_game(seed=0), budget=4)),
]
"""What to run, by the path it warms: every Cleopatra preset and a variant of the rules (the kernel
for any others), each with slaps and without and with the detail columns; given deals; Trappola's
and Kirifu's kernel players; both games' search players, and Kirifu's coach."""


def cache_counts() -> tuple[int, int]:
    """How many kernels numba has compiled in this process (not found in the disk cache) and how
    many it loaded from the cache: the cache misses and hits of every numba function alive."""
    from numba.core.dispatcher import Dispatcher

    stats = [obj.stats for obj in gc.get_objects() if isinstance(obj, Dispatcher)]
    return sum(sum(s.cache_misses.values()) for s in stats), sum(sum(s.cache_hits.values()) for s in stats)


def warm(cases: list[tuple[str, Callable[[], object]]] = CASES, out: Callable[[str], None] = print) -> float:
    """Run each of ``cases``, printing a line with its time and whether it compiled its kernel,
    loaded it from the cache or used one an earlier case had ready; the total seconds."""
    total = 0.0
    for label, run in cases:
        before, start = cache_counts(), time.perf_counter()
        run()
        took = time.perf_counter() - start
        total += took
        compiled, loaded = (now - then for now, then in zip(cache_counts(), before))
        how = "compiled" if compiled else "loaded from the cache" if loaded else "ready already"
        out(f"{label:56} {took:6.1f} s  {how}")
    return total


def main() -> int:
    from numba import config

    if config.DISABLE_JIT:
        print("NUMBA_DISABLE_JIT is set: nothing to compile")
        return 0
    print("Compiling cardlab's kernels into numba's cache (once per clone; later runs load them):", flush=True)
    total = warm(out=lambda line: print(line, flush=True))
    print(f"{'all kernels ready':56} {total:6.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
