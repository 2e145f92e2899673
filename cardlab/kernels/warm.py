"""Compile every kernel into numba's disk cache: ``python -m cardlab.kernels.warm``.

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

from cardlab.registry import with_part


def all_cases() -> list[tuple[str, Callable[[], object]]]:
    """What to run, by the path it warms: every registered game's ``warm`` part, in order."""
    return [case for info in with_part("warm") for case in info.part("warm")]


def cache_counts() -> tuple[int, int]:
    """How many kernels numba has compiled in this process (not found in the disk cache) and how
    many it loaded from the cache: the cache misses and hits of every numba function alive."""
    from numba.core.dispatcher import Dispatcher

    stats = [obj.stats for obj in gc.get_objects() if isinstance(obj, Dispatcher)]
    return sum(sum(s.cache_misses.values()) for s in stats), sum(sum(s.cache_hits.values()) for s in stats)


def warm(cases: list[tuple[str, Callable[[], object]]] | None = None, out: Callable[[str], None] = print) -> float:
    """Run each of ``cases`` (default: :func:`all_cases`), printing a line with its time and whether it compiled its kernel,
    loaded it from the cache or used one an earlier case had ready; the total seconds."""
    total = 0.0
    for label, run in all_cases() if cases is None else cases:
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
