"""What every game shares (cardlab.game.GameState): typed refusals, undo, records, determinism."""

from __future__ import annotations

import dataclasses

import pytest

from cardlab.bots import RandomBot
from cardlab.errors import IllegalActionError, RulesError
from cardlab.game import GAMES, check_rules, game_module
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


@pytest.mark.parametrize("game, field, value", [
    ("trappola", "target", "300"), ("trappola", "target", -5), ("trappola", "target", 300.0),
    ("trappola", "t8_by_anyone", 1), ("cleopatra", "sandwich", "no"), ("cleopatra", "ace", True),
    ("cleopatra", "ace", 0), ("cleopatra", "slaps", "sometimes"), ("cleopatra", "name", ""),
    ("kirifu", "players", True), ("kirifu", "world", "X"), ("kirifu", "first", 9), ("kirifu", "joker", None),
])
def test_rules_fields_are_checked_for_exact_type_and_range(game, field, value):
    """Issue 12: every Rules field is checked against its schema; RulesError names the field."""
    module = game_module(game)
    with pytest.raises(RulesError, match=rf"^rules\.{field}: "):
        dataclasses.replace(module.Rules(), **{field: value})


@pytest.mark.parametrize("name", GAMES)
def test_every_rules_field_declares_a_json_schema_and_every_preset_passes_it(name):
    module = game_module(name)
    for f in dataclasses.fields(module.Rules):
        assert f.metadata["schema"]["type"], f.name
    for preset in module.PRESETS.values():
        check_rules(preset)
    for old, new in module.ALIASES.items():
        assert module.new_game(old, seed=1).rules == module.PRESETS[new]
    with pytest.raises(RulesError, match=r"^rules\.name: unknown"):
        module.new_game("no-such-preset")
