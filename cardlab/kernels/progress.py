"""Progress shown while one of cardlab's kernels compiles: numba compiles a kernel the first time
it is used, for tens of seconds, when its disk cache has no copy yet (a new clone whose
background warm-up, started by ``make lab``, has not reached it). Instead of a cell that seems to
hang, the output says what compiles and counts the functions and the seconds, then what it took:

    compiling cardlab.games.trappola.kernel_search.search_totals (first use; numba keeps it in its cache): 00:14, functions compiled: 70

Numba's own compile events say when (``numba.core.event``); a kernel loaded from the cache
compiles nothing and shows nothing. :func:`install` (run by :mod:`cardlab.kernels`) listens in
every process that imports a kernel; ``python -m tools.warm``, which reports each kernel
itself, turns it off (:func:`uninstall`)."""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any, TextIO

from numba.core import event

PACKAGE = "cardlab."
REFRESH_S = 1.0


class CompileProgress(event.Listener):
    """Shows a bar (``tqdm``, as text: in a notebook's output or a terminal) from the moment the
    outermost of cardlab's functions starts compiling until it is compiled, with the functions
    compiled meanwhile (those it calls) and the elapsed seconds, refreshed every ``refresh``
    seconds while numba works. In a process forked from the one that made it (``simulate``'s
    workers, each compiling for itself on one output) a line when it starts and one when it is
    done instead: bars of two processes on one output would overwrite each other. ``out``: where
    to write (default: ``sys.stderr`` of the moment)."""

    def __init__(self, out: TextIO | None = None, refresh: float = REFRESH_S) -> None:
        self.out, self.refresh, self.pid = out, refresh, os.getpid()
        self.depth = 0            # nested compiles: a kernel compiles the functions it calls
        self.desc: str | None = None                # what compiles, while it does
        self.count, self.started = 0, 0.0
        self.bar: Any = None
        self._stop = threading.Event()    # set when the bar's compile is done

    def on_start(self, ev: event.Event) -> None:
        self.depth += 1
        if self.desc is None and self.depth == 1 and is_cardlab(ev.data["dispatcher"]):
            self._open(name_of(ev.data["dispatcher"]))

    def on_end(self, ev: event.Event) -> None:
        self.depth -= 1
        if self.desc is not None:
            self.count += 1
            if self.bar is not None:
                self.bar.update(1)
            if self.depth == 0:
                self._close()

    def _open(self, name: str) -> None:
        from tqdm.std import tqdm

        self.desc, self.count, self.started = f"compiling {name} (first use; numba keeps it in its cache)", 0, time.monotonic()
        out = self.out or sys.stderr
        if os.getpid() != self.pid:
            self.desc += f" in process {os.getpid()}"
            print(f"{self.desc} ...", file=out, flush=True)
            return
        self.bar = tqdm(desc=self.desc, file=out, bar_format="{desc}: {elapsed}, functions compiled: {n}",
                        mininterval=self.refresh)
        self._stop = threading.Event()
        threading.Thread(target=self._tick, args=(self.bar, self._stop), daemon=True).start()

    def _tick(self, bar: Any, stop: threading.Event) -> None:
        while not stop.wait(self.refresh):    # the seconds go on while numba is in LLVM
            bar.refresh()

    def _close(self) -> None:
        if self.bar is not None:
            self._stop.set()
            self.bar.close()
            self.bar = None
        else:
            took = time.monotonic() - self.started
            print(f"{self.desc}: {int(took // 60):02d}:{int(took % 60):02d}, functions compiled: {self.count}",
                  file=self.out or sys.stderr, flush=True)
        self.desc = None


def is_cardlab(dispatcher: Any) -> bool:
    """Whether a numba dispatcher compiles one of cardlab's functions (not a reader's own)."""
    return getattr(dispatcher.py_func, "__module__", "").startswith(PACKAGE)


def name_of(dispatcher: Any) -> str:
    """``module.function`` of a numba dispatcher."""
    return f"{dispatcher.py_func.__module__}.{dispatcher.py_func.__qualname__}"


_listener: CompileProgress | None = None


def install(out: TextIO | None = None) -> CompileProgress:
    """Show the progress of every compile of cardlab's kernels in this process from now on (once:
    installing again replaces the listener); the listener."""
    global _listener
    uninstall()
    _listener = CompileProgress(out)
    event.register("numba:compile", _listener)
    return _listener


def uninstall() -> None:
    """Show nothing when a kernel compiles (again)."""
    global _listener
    if _listener is not None:
        event.unregister("numba:compile", _listener)
        _listener = None
