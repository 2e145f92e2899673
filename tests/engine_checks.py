"""Checks shared by the games' tests."""

from __future__ import annotations

import pytest

from cardlab.errors import IllegalActionError
from cardlab.game import GameState


def assert_refused(state: GameState, action: str, rule: str) -> IllegalActionError:
    """Play ``action``, expect ``IllegalActionError`` naming ``rule``, and the state unchanged."""
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        state.play(action)
    assert info.value.rule == rule, str(info.value)
    assert state.fingerprint() == before
    return info.value


BLOCK_NUMPY = """
import importlib.abc, sys
class _NoCompiledStack(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.partition(".")[0] in {"numpy", "numba", "llvmlite", "pandas", "matplotlib", "scipy"}:
            raise ImportError(f"{name} is not there on the plain path (as in Pyodide)")
sys.meta_path.insert(0, _NoCompiledStack())
"""
"""A prelude that makes numpy, numba, pandas and matplotlib unimportable, as they are in the site."""


NO_TIME_LIMIT = "import cardlab.pace\ncardlab.pace.SECONDS = None\n"
"""The plain path's searches stop after a second of wall-clock time (:data:`cardlab.pace.SECONDS`):
lifted, so that a loaded machine cannot cut a search the compiled run finishes."""


def plain_python_result(script: str) -> object:
    """What ``script`` leaves in its variable ``result`` on the kernels' plain path
    (``CARDLAB_PLAIN_KERNELS=1``, in a fresh interpreter where numpy, numba, pandas and matplotlib
    cannot be imported, as in Pyodide, without the plain path's time limit) — JSON-decoded, to
    compare with the compiled run of the same script."""
    import json
    import os
    import subprocess
    import sys
    env = {**os.environ, "CARDLAB_PLAIN_KERNELS": "1"}
    code = BLOCK_NUMPY + NO_TIME_LIMIT + script + "\nimport json\nprint(json.dumps(result))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if out.returncode:
        raise AssertionError(f"the plain path failed:\n{out.stderr[-4000:]}")
    return json.loads(out.stdout)
