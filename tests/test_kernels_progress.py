"""A cell that needs a kernel numba has not compiled yet shows a progress bar while it compiles
(cardlab.kernels.progress, issue 28): one bar for the outermost of cardlab's functions, counting
the functions it compiles with it; nothing for a function loaded or compiled already, nor for a
reader's own numba functions. And in a notebook a line while numba and the kernels load (cardlab.kernels.loading)."""

from __future__ import annotations

import io
import sys

import pytest
from numba import config, njit
from numba.core import event

import cardlab.kernels  # noqa: F401  (installs the progress bar, as importing any kernel does)
from cardlab.kernels.progress import CompileProgress

pytestmark = pytest.mark.skipif(config.DISABLE_JIT, reason="NUMBA_DISABLE_JIT: nothing compiles")

SOURCE = """
def inner(x):
    return 2 * x

def outer(x):
    return inner(x) + 1
"""


def functions(module: str):
    """``outer`` calling ``inner``, both compiled by numba (no disk cache), as if defined in ``module``."""
    names: dict = {"__name__": module}
    exec(SOURCE, names)
    names["inner"] = njit(names["inner"])
    names["outer"] = njit(names["outer"])
    return names["outer"]


def compiled_with(listener: CompileProgress, run) -> None:
    event.register("numba:compile", listener)
    try:
        run()
    finally:
        event.unregister("numba:compile", listener)


def test_a_kernel_compiling_shows_one_bar_with_the_functions_compiled_with_it():
    out = io.StringIO()
    outer = functions("cardlab.games.snap.kernel")
    compiled_with(CompileProgress(out, refresh=0.01), lambda: outer(3))
    lines = [line for line in out.getvalue().replace("\r", "\n").splitlines() if line.strip()]
    assert lines[0].startswith("compiling cardlab.games.snap.kernel.outer (first use; numba keeps it in its cache)")
    assert lines[-1].endswith("functions compiled: 2")   # outer and the inner it calls: one bar for both
    assert {line.split(":")[0] for line in lines} == {lines[0].split(":")[0]}
    assert out.getvalue().endswith("\n")           # the bar is closed
    again = io.StringIO()
    compiled_with(CompileProgress(again), lambda: outer(4))
    assert again.getvalue() == ""                  # compiled already: nothing to show


def test_a_readers_own_numba_function_shows_nothing():
    out = io.StringIO()
    outer = functions("__main__")
    compiled_with(CompileProgress(out), lambda: outer(3))
    assert out.getvalue() == ""


def test_importing_a_kernel_installs_the_bar_on_stderr(capsys):
    outer = functions("cardlab.games.snap.kernel_search")
    outer(5)
    assert "compiling cardlab.games.snap.kernel_search.outer" in capsys.readouterr().err


def _compile_in_child(listener: CompileProgress) -> None:
    compiled_with(listener, lambda: functions("cardlab.games.snap.kernel")(3))


def test_a_forked_worker_says_so_in_two_lines_without_a_bar(tmp_path):
    """simulate's workers (forked) each compile for themselves on the notebook's one output: a
    line naming the process when it starts and one when it is done, no bar overwriting another's."""
    import multiprocessing

    with open(tmp_path / "out.txt", "w") as out:
        listener = CompileProgress(out)
        worker = multiprocessing.get_context("fork").Process(target=_compile_in_child, args=(listener,))
        worker.start()
        worker.join(120)
    text = (tmp_path / "out.txt").read_text()
    assert worker.exitcode == 0 and "\r" not in text
    started, done = text.splitlines()
    name = f"compiling cardlab.games.snap.kernel.outer (first use; numba keeps it in its cache) in process {worker.pid}"
    assert started == f"{name} ..." and done.startswith(f"{name}: 00:") and done.endswith("functions compiled: 2")


def test_in_a_notebook_a_line_shows_while_the_kernels_load_then_their_seconds(monkeypatch):
    import types

    from cardlab.kernels.loading import LOADING, loading_note

    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))   # as in a notebook's kernel
    monkeypatch.delenv("CARDLAB_QUICK", raising=False)
    out = io.StringIO()
    loaded = loading_note(out)
    assert out.getvalue() == LOADING and "loading the compiled kernels" in LOADING and "カーネル" in LOADING
    loaded()
    shown = out.getvalue().split("\r")[-1]                  # what the notebook shows in its place
    assert shown.startswith("compiled kernels loaded in ") and "秒" in shown


def test_the_loading_line_shows_nowhere_else(monkeypatch):
    import types

    from cardlab.kernels.loading import loading_note

    out = io.StringIO()
    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))
    monkeypatch.setenv("CARDLAB_QUICK", "1")           # the test suite's notebooks
    loading_note(out)()
    monkeypatch.delenv("CARDLAB_QUICK")
    monkeypatch.delitem(sys.modules, "ipykernel")        # a script, a worker process
    loading_note(out)()
    assert out.getvalue() == ""
