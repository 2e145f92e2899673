"""What every game shares (cardlab.game.GameState): typed refusals, undo, records, determinism."""

from __future__ import annotations

import dataclasses

import pytest

from cardlab.bots import RandomBot
from cardlab.cards import Card
from cardlab.errors import IllegalActionError, RulesError, UndoError
from cardlab.game import check_rules, game_module
from cardlab.registry import builtin_games
from cardlab.games import cleopatra, kirifu, trappola

GAMES = [info.name for info in builtin_games()]


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


BAD_ACTIONS = [None, 42, 3.5, ("X", "5H"), [], b"keep", "", "\x00", "XY 5H", "slap X@٣٠٠", "slap X@²",
               "slap X@" + "9" * 5000, "X " + "5" * 5000, "take " + "A" * 10_000,
               cleopatra.Turn(5, Card.parse("5H")), cleopatra.Turn(-1, Card.parse("5H")), cleopatra.Slap(()),
               cleopatra.Slap(((0, "x"),)), cleopatra.Slap(((0, -5),)), cleopatra.Slap(((7, None),)),
               kirifu.Action(()), kirifu.Action(("take",)), kirifu.Action(("cut", "9H", "10H")),
               trappola.Action("play ZZ")]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=lambda b: repr(b)[:24])
def test_anything_but_a_legal_action_is_refused_with_a_rule_and_changes_nothing(name, bad):
    """Issue 12: wrong types, another game's actions, malformed actions, unreadable texts."""
    state = played(name, 6, actions=5)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        state.play(bad)
    assert info.value.rule is not None
    assert state.fingerprint() == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("player", [-1, 7, True, "0", 1.0])
def test_a_player_out_of_range_is_refused_as_turn(name, player):
    state = played(name, 7, actions=3)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        state.play(state.legal_actions()[0], player=player)
    assert info.value.rule == "turn" and state.fingerprint() == before


@pytest.mark.parametrize("name", GAMES)
def test_undo_with_nothing_to_undo_is_a_typed_error(name):
    state = game_module(name).new_game(seed=8)
    before = state.fingerprint()
    with pytest.raises(UndoError, match="no action"):
        state.undo()
    assert state.fingerprint() == before


@pytest.mark.parametrize("name", GAMES)
def test_every_game_keeps_the_one_undo_mechanism_of_the_base(name):
    """One snapshot mechanism for all games: no engine writes its own snapshot, restore, clone or
    fingerprint (a game keeps its position in plain fields, which the base copies)."""
    from cardlab.game import GameState

    state_class = game_module(name).State
    for hook in ("_fields", "_snapshot", "_restore", "clone", "fingerprint"):
        assert getattr(state_class, hook) is getattr(GameState, hook), f"{name}.State overrides {hook}"


class _Tally:
    """A mutable value of a kind the snapshot shares instead of copying (not a list, dict or set)."""

    def __init__(self) -> None:
        self.n = 0

    def __repr__(self) -> str:
        return f"Tally({self.n})"


def test_undo_checks_catch_a_field_the_snapshot_misses():
    """The fingerprint reads every field itself, not through the snapshot: a field changed in
    place that the snapshot shares is caught by the contract's undo check."""
    import random as stdlib_random

    from cardlab.contract import ContractError, check_position

    class Leaky(trappola.State):
        def _apply(self, action):
            self.tally.n += 1
            super()._apply(action)

    class UndoCheckOnly(stdlib_random.Random):
        """Draws that take the contract's undo check and none of the others."""

        def __init__(self) -> None:
            super().__init__(0)
            self.draws = iter([0.0])

        def random(self) -> float:
            return next(self.draws, 0.99)

    state = Leaky(trappola.TRAPPOLA, 3, None, None, True)
    state.tally = _Tally()
    with pytest.raises(ContractError, match="undo of .* did not restore the state"):
        check_position(state, trappola, UndoCheckOnly())
    fair = trappola.new_game(seed=3)
    check_position(fair, trappola, UndoCheckOnly())          # the same check passes on the game itself


@pytest.mark.parametrize("name", GAMES)
def test_undo_restores_the_same_rng_object_and_every_field(name):
    state = played(name, 5)
    rng, before, done = state.rng, state.fingerprint(), 0
    bot = RandomBot(9)
    while done < 5 and not state.is_over:
        state.apply(bot.choose(state))
        done += 1
    for _ in range(done):
        state.undo()
    assert state.rng is rng and state.fingerprint() == before


@pytest.mark.parametrize("name, bad, path", [
    ("cleopatra", lambda m: m.make_deal(["5H QH", "QH 2C"]), "hands[1][0]"),
    ("cleopatra", lambda m: m.make_deal(["5H QH", "ZZ"]), "hands[1][0]"),
    ("trappola", lambda m: m.make_deal(["AS AB AC 7S 8S RD RB RC 9D", "AS 2B 10C 10S 10B CC FD FB 9C"]), "hands"),
    ("trappola", lambda m: m.make_deal(["AS AB AC 7S 8S RD RB RC", "2S 2B 10C 10S 10B CC FD FB 9C"]), "hands[0]"),
    ("trappola", lambda m: m.make_deal(["AS AB AC 7S 8S RD RB RC 9D", "2S 2B 10C 10S 10B CC FD FB ZZ"]), "hands[1]"),
    ("trappola", lambda m: m.make_deal(["AS AB AC 7S 8S RD RB RC 9D", "2S 2B 10C 10S 10B CC FD FB 9C"], dealer=2),
     "dealer"),
    ("kirifu", lambda m: m.make_deal(["KS 2C 5D 9D JC", "KS QD 7D 3C 10D", "4H 6S 9C 2D JS"], "H"), "hands"),
    ("kirifu", lambda m: m.make_deal(["KS 2C 5D 9D JC", "2H QD 7D 3C", "4H 6S 9C 2D JS"], "H"), "hands[1]"),
    ("kirifu", lambda m: m.make_deal(["KS 2C 5D 9D JC", "2H QD 7D 3C 10D", "4H 6S 9C 2D JS"], "X"), "world"),
    ("kirifu", lambda m: m.make_deal(["KS 2C 5D 9D JC", "2H QD 7D 3C 10D", "4H 6S 9C 2D JS"], "H", first=3),
     "first"),
])
def test_make_deal_validates_and_names_the_bad_field_in_every_game(name, bad, path):
    """The same ``make_deal`` behaviour in the three engines: it checks the deal with the game's
    deal reader (``read_deal``) and a bad one is a ``RecordError`` naming the field."""
    from cardlab.errors import RecordError

    with pytest.raises(RecordError) as error:
        bad(game_module(name))
    assert error.value.path == path


@pytest.mark.parametrize("name", GAMES)
def test_every_engine_reads_its_deals_with_a_read_deal_and_makes_them_with_make_deal(name):
    module = game_module(name)
    state = module.new_game(seed=4)
    assert callable(module.read_deal) and callable(module.make_deal)
    assert module.new_game(deal=state.initial_deal(), seed=4).initial_deal() == state.initial_deal()
