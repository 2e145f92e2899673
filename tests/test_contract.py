"""The game contract (issue 10), one test for every game and preset, in the spirit of OpenSpiel's
random_sim_test: random playouts that check, along the way, what every game module promises.

- every legal action is a ``module.Action`` whose text reads back to it;
- ``apply`` then ``undo`` restores the state exactly (its fingerprint);
- ``clone()`` is independent of the original;
- ``view(player)`` shows no card hidden from that player;
- every event has a ``player`` field where it concerns a seat (never ``seat``), and ``describe``
  tells it in words;
- the same seed and actions give the same record, and every record reloads to the same state,
  whether the game was seeded or not.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

import pytest

from cardlab.cards import Card
from cardlab.game import GAMES, GameState, game_module
from cardlab.records import loads, record_of

MAX_ACTIONS = 3000  # random Kirifu and Cleopatra end long before; a cap keeps a cycle from hanging


def _hidden_cleopatra(state: Any, player: int) -> set[Card]:
    """C1: every stack is face down (hands, won piles, burnt cards), for everyone."""
    return set(state.hands[0] + state.hands[1] + state.won[0] + state.won[1] + state.under)


def _hidden_trappola(state: Any, player: int) -> set[Card]:
    """T6: the opponent's hand and the stock."""
    return set(state.hands[1 - player]) | set(state.stock)


def _hidden_kirifu(state: Any, player: int) -> set[Card]:
    """K23: the other hands but the cards known to be in them, and the stock."""
    return {c for q, hand in enumerate(state.hands) if q != player for c in hand
            if c not in state.known[q]} | set(state.stock)


HIDDEN: dict[str, Callable[[Any, int], set[Card]]] = {
    "cleopatra": _hidden_cleopatra, "trappola": _hidden_trappola, "kirifu": _hidden_kirifu}
CASES = [(game, preset) for game in GAMES for preset in game_module(game).PRESETS]


def cards_in(value: Any) -> set[Card]:
    """Every card anywhere inside a view (dataclasses, tuples, lists, dicts)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list)):
        return set().union(*map(cards_in, value))
    if isinstance(value, dict):
        return cards_in(list(value.values()))
    return set()


def new_state(game: str, preset: str, seed: int | None) -> GameState:
    module = game_module(game)
    rules = module.PRESETS[preset]
    if game == "kirifu":  # every player count the preset allows
        count = random.Random(seed).randint(rules.min_players, rules.max_players)
        rules = dataclasses.replace(rules, players=count)
    return module.new_game(rules, seed=seed)


def check_position(state: GameState, module: Any, rng: random.Random) -> None:
    legal = state.legal_actions()
    assert legal, "legal actions never run dry before the end"
    for action in legal:
        assert isinstance(action, module.Action), action
        assert state.parse_action(str(action)) == action and state.action_text(action) == str(action)
    if rng.random() < 0.05:
        before = state.fingerprint()
        for action in rng.sample(legal, min(3, len(legal))):
            state.apply(action)
            state.undo()
            assert state.fingerprint() == before, f"undo of {action} did not restore the state"
    if rng.random() < 0.02:
        copy = state.clone()
        assert copy.fingerprint() == state.fingerprint()
        before = state.fingerprint()
        copy.apply(rng.choice(legal))
        assert state.fingerprint() == before, "a clone shares state with its original"
        copy.undo()
        assert copy.fingerprint() == before
    if rng.random() < 0.05:
        for player in range(len(state.players)):
            view = state.view(player)
            assert view.player == player and tuple(view.players) == tuple(state.players)
            assert view.current_player == state.current_player
            assert not cards_in(view) & HIDDEN[state.game](state, player), "a view shows a hidden card"


def check_events(state: GameState) -> None:
    for event in state.events:
        fields = {f.name for f in dataclasses.fields(event)}
        assert "seat" not in fields, event
        if "player" in fields:
            assert isinstance(event.player, int) and 0 <= event.player < len(state.players), event
        text = state.describe(event)
        assert isinstance(text, str) and text.strip(), event


def playout(game: str, preset: str, seed: int | None) -> GameState:
    """A random game with the contract checked along the way."""
    module = game_module(game)
    state = new_state(game, preset, seed)
    rng = random.Random(f"{game}/{preset}/{state.seed}")
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        check_position(state, module, rng)
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_over == (state.outcome is not None) and (state.legal_actions() == []) == state.is_over
    check_events(state)
    return state


@pytest.mark.parametrize("game, preset", CASES, ids=[f"{g}-{p}" for g, p in CASES])
def test_the_contract_holds_in_random_playouts(game, preset):
    for seed in (11, 12, 13, None, None):
        state = playout(game, preset, seed)
        text = record_of(state).to_json()
        assert loads(text).replay().fingerprint() == state.fingerprint(), "the record does not reload"
        again = game_module(game).new_game(state.rules, seed=state.seed, players=state.players)
        for action in state.history_text():
            again.play(action)
        assert record_of(again).to_json() == text, "the same seed and actions give another record"
