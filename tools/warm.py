"""Compile every kernel into numba's disk cache, from a terminal or make: ``python -m tools.warm``
(what it runs: :mod:`cardlab.kernels.warm`). ``make test`` runs it before the suite, so that the
tests start warm; ``make lab`` starts it in the background (``--background``) and opens the lab at
once: the start page needs no kernel, the kernels the tables need come first, and a cell that
needs a kernel not compiled yet compiles it with a progress bar (:mod:`cardlab.kernels.progress`).

    python -m tools.warm                                  # compile here, a line per case
    python -m tools.warm --stamp .venv/.cardlab-warm      # then touch the stamp (make's)
    python -m tools.warm --stamp S --background LOG       # the same in a process of its own
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path

from numba import config

from cardlab.kernels import progress
from cardlab.kernels.warm import warm

ROOT = Path(__file__).resolve().parents[1]
"""The repository, where ``python -m tools.warm`` runs."""
NICE = 10
"""How much lower the background warm-up's priority is: the reader's own cells come first."""


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
    """``python -m tools.warm *args`` in a process of its own session at a lower
    priority (:data:`NICE`, where there is a ``nice`` command), its lines written to ``log``: it
    goes on when the caller (``make lab``) ends or is interrupted, and stops when every kernel is
    compiled."""
    nice_command = shutil.which("nice")
    nice = [nice_command, "-n", str(NICE)] if nice_command else []
    with open(log, "w") as out:
        return subprocess.Popen([*nice, sys.executable, "-m", "tools.warm", *args], cwd=ROOT, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.warm", description=__doc__.split("\n\n")[0])
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
        if getattr(config, "DISABLE_JIT"):   # numba sets its config's names from the environment, unseen by mypy
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
