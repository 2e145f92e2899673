"""Compile every kernel into numba's disk cache: :func:`warm` runs :func:`all_cases`.

numba compiles a kernel on its first use (tens of seconds each) and, with ``cache=True``, keeps the
machine code in the ``__pycache__`` folder beside its source, which every later process loads in
a fraction of a second. :func:`warm` plays a tiny run through each public path that the notebooks
and :func:`cardlab.sim.simulate` take to a kernel (each game's ``warm`` part; its ``warm_first``
part, what its table needs, first). The room server compiles its games' ``warm_first`` cases
before it listens (:mod:`cardlab.rooms.room`); the command that warms them all, ``python -m
tools.warm`` (``make test`` before the suite, ``make lab`` in the background), is a tool of the
repository, ``tools/warm.py``. Going through the public functions, not the kernels, keeps it right
whatever the kernels become; ``tests/test_warm.py`` checks that a fresh process then plays every
path without compiling.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from cardlab.registry import with_part

Case = tuple[str, Callable[[], object]]


def all_cases() -> list[Case]:
    """What to run, by the path it warms: every registered game's ``warm_first`` cases (what its
    table needs: its computer player, its coach), then the rest of each game's ``warm`` part, in
    the registry's order; each case once."""
    games = with_part("warm")
    first = [case for info in games for case in info.part("warm_first", [])]
    labels = {label for label, _ in first}
    return first + [case for info in games for case in info.part("warm") if case[0] not in labels]


def cache_counts() -> tuple[int, int]:
    """How many kernels numba has compiled in this process (not found in the disk cache) and how
    many it loaded from the cache: the cache misses and hits of every numba function alive."""
    from numba.core.dispatcher import Dispatcher

    stats = [obj.stats for obj in gc.get_objects() if isinstance(obj, Dispatcher)]
    return sum(sum(s.cache_misses.values()) for s in stats), sum(sum(s.cache_hits.values()) for s in stats)


def warm(cases: list[Case] | None = None, out: Callable[[str], None] = print) -> float:
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
