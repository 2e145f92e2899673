"""Compile every kernel into numba's disk cache: ``python -m cardlab.kernels.warm``.

numba compiles a kernel on its first use (tens of seconds each) and, with ``cache=True``, keeps the
machine code in the ``__pycache__`` folder beside its source, which every later process loads in
a fraction of a second. This module plays a tiny run through each public path that the notebooks
and :func:`cardlab.sim.simulate` take to a kernel. ``make test`` runs it before the suite, so that
the tests start warm; ``make lab`` starts it in the background (``--background``) and opens the
lab at once: the start page needs no kernel, the kernels the tables need come first (each game's
``warm_first`` part), and a cell that needs a kernel not compiled yet compiles it with a progress
bar (:mod:`cardlab.kernels.progress`). Going through the public functions, not the kernels, keeps
it right whatever the kernels become; ``tests/test_warm.py`` checks that a fresh process then plays
every path without compiling.

    python -m cardlab.kernels.warm                                  # compile here, a line per case
    python -m cardlab.kernels.warm --stamp .venv/.cardlab-warm      # then touch the stamp (make's)
    python -m cardlab.kernels.warm --stamp S --background LOG       # the same in a process of its own
"""

from __future__ import annotations

import argparse
import gc
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path

from numba import config

from cardlab.kernels import progress
from cardlab.registry import with_part

Case = tuple[str, Callable[[], object]]
NICE = 10
"""How much lower the background warm-up's priority is: the reader's own cells come first."""


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


@contextmanager
def holding(lock: Path, out: Callable[[str], None] = print) -> Iterator[None]:
    """Hold ``lock`` (a file, created if need be) for the block, waiting while another warm-up
    holds it: ``make test`` run while ``make lab``'s background warm-up compiles waits for it
    (then finds every kernel cached) instead of compiling the same kernels beside it. Where
    ``fcntl`` is missing (Windows) nothing is locked."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(lock, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            out(f"waiting for the warm-up already compiling the kernels ({lock} is held) ...")
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def start_background(args: Sequence[str], log: Path) -> subprocess.Popen:
    """``python -m cardlab.kernels.warm *args`` in a process of its own session at a lower
    priority (:data:`NICE`, where there is a ``nice`` command), its lines written to ``log``: it
    goes on when the caller (``make lab``) ends or is interrupted, and stops when every kernel is
    compiled."""
    nice = [shutil.which("nice"), "-n", str(NICE)] if shutil.which("nice") else []
    with open(log, "w") as out:
        return subprocess.Popen([*nice, sys.executable, "-m", "cardlab.kernels.warm", *args], stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.kernels.warm", description=__doc__.split("\n\n")[0])
    parser.add_argument("--stamp", type=Path, help="touch this file once every kernel is ready (and hold "
                        "STAMP.lock meanwhile, so that two warm-ups do not compile the same kernels)")
    parser.add_argument("--background", type=Path, metavar="LOG", help="start the warm-up in a process of "
                        "its own, writing to LOG, and return at once")
    args = parser.parse_args(argv)
    lock = args.stamp.with_name(args.stamp.name + ".lock") if args.stamp else None
    if args.background:
        start_background(["--stamp", str(args.stamp)] if args.stamp else [], args.background)
        print(f"The kernels compile in the background, a few minutes (log: {args.background}); the notebooks "
              "open at once, and a cell that needs a kernel not ready yet compiles it with a progress bar.")
        return 0
    progress.uninstall()     # a line per case below says what compiled
    with holding(lock) if lock else nullcontext():
        if config.DISABLE_JIT:
            print("NUMBA_DISABLE_JIT is set: nothing to compile")
        else:
            print("Compiling cardlab's kernels into numba's cache (once per clone; later runs load them):", flush=True)
            total = warm(out=lambda line: print(line, flush=True))
            print(f"{'all kernels ready':56} {total:6.1f} s", flush=True)
        if args.stamp:
            args.stamp.touch()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
