"""What every game shares (cardlab.game.GameState): typed refusals, undo, records, determinism."""

from __future__ import annotations

import pytest

from cardlab.bots import RandomBot
from cardlab.errors import IllegalActionError
from cardlab.game import GAMES, game_module
from cardlab.records import loads, record_of


def played(name: str, seed: int, actions: int = 30, undo: bool = True):
    state = game_module(name).new_game(seed=seed, undo=undo)
    bot = RandomBot(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_garbage_is_refused_with_a_rule_and_the_state_is_unchanged(name):
    state = played(name, 1)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        state.play("no such move")
    assert info.value.rule is not None and str(info.value).startswith(info.value.rule)
    assert state.fingerprint() == before


@pytest.mark.parametrize("name", GAMES)
def test_undo_false_keeps_no_snapshots_and_refuses_undo_without_harm(name):
    state = played(name, 2, undo=False)
    before = state.fingerprint()
    with pytest.raises(IndexError, match="undo=False"):
        state.undo()
    assert state.fingerprint() == before and state.history


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_actions_give_the_same_record(name):
    a, b = played(name, 3), played(name, 3)
    assert record_of(a).to_json() == record_of(b).to_json()
    assert record_of(played(name, 4)).to_json() != record_of(a).to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_record_replays_to_the_same_state(name):
    state = played(name, 5, actions=10_000)
    assert state.is_over
    again = loads(record_of(state).to_json()).replay()
    assert again.history == state.history and again.outcome == state.outcome


@pytest.mark.parametrize("name", GAMES)
def test_a_game_without_a_seed_draws_one_and_its_record_replays(name):
    """Issue 10: seed=None draws a seed and keeps it, so the record of any game reloads."""
    for _ in range(5):
        state = game_module(name).new_game(seed=None)
        assert isinstance(state.seed, int)
        bot = RandomBot(state.seed)
        for _ in range(300):
            if state.is_over:
                break
            state.apply(bot.choose(state))
        again = loads(record_of(state).to_json()).replay()
        assert again.fingerprint() == state.fingerprint()
