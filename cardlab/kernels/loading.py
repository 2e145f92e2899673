"""A line while numba and the compiled kernels load (issue 39: a notebook's first cell ran for
seconds with nothing shown): the first import of :mod:`cardlab.kernels` in a process imports
numba and checks its cache, and in a notebook the cell that imports a game's players or tables
shows ``loading the compiled kernels (numba)…`` at once, then the seconds it took in its place
(a carriage return, as the compile bar of :mod:`.progress` does). The kit does not know the
reader's language at that moment: the line is in English and Japanese. Elsewhere (a script, a
worker process) and under the test suite (``CARDLAB_QUICK``) it shows nothing. This module
imports no numba (it runs before it)."""

from __future__ import annotations

import os
import sys
import time
from typing import Callable, TextIO

LOADING = "loading the compiled kernels (numba)… · コンパイル済みのカーネルを読み込み中…"
LOADED = "compiled kernels loaded in {s:.1f} s · コンパイル済みのカーネルを読み込みました（{s:.1f}秒）"


def loading_note(out: TextIO | None = None) -> Callable[[], None]:
    """In a notebook's kernel (not under ``CARDLAB_QUICK``): :data:`LOADING` on ``out`` (default
    ``sys.stderr``); what to call once the kernels are loaded (it writes :data:`LOADED` over it)."""
    if "ipykernel" not in sys.modules or os.environ.get("CARDLAB_QUICK", "") not in ("", "0"):
        return lambda: None
    stream, started = out or sys.stderr, time.monotonic()
    print(LOADING, end="", file=stream, flush=True)

    def loaded() -> None:
        print("\r" + LOADED.format(s=time.monotonic() - started), file=stream, flush=True)

    return loaded
