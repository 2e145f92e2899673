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
