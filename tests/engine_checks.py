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


def plain_python_result(script: str) -> object:
    """What ``script`` leaves in its variable ``result`` when run under ``NUMBA_DISABLE_JIT=1`` (the
    kernels as plain Python, in a fresh interpreter) — JSON-decoded, to compare with the compiled
    run of the same script."""
    import json
    import os
    import subprocess
    import sys
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run([sys.executable, "-c", script + "\nimport json\nprint(json.dumps(result))"], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
