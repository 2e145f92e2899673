"""The game contract, checked by random playouts in the spirit of OpenSpiel's ``random_sim_test``.

What every registered game promises (:mod:`cardlab.game`), checked along random games:

- every legal action is one of the engine's ``Action`` values, and its text reads back to it;
- ``apply`` then ``undo`` restores the state exactly (its fingerprint, which reads every field
  directly, not through the snapshot);
- ``clone()`` is independent of the original;
- ``view(player)`` shows none of the cards ``state.hidden_cards(player)`` names (a view of an
  earlier position that the view holds, such as Trappola's ``last_deal``, is left out: its cards
  may have been dealt again since);
- every event has a ``player`` field where it concerns a seat (never ``seat``), and ``describe``
  tells it in words;
- the same seed and actions give the same record, and every record reloads to the same state,
  whether the game was seeded or not.

The suite runs it on every game of the package (``tests/test_contract.py``); a reader runs it on a
game of their own::

    >>> from cardlab.contract import check_game
    >>> check_game("trappola", seeds=(1, 2), presets=["single-deal"])   # the games played
    2
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Iterable, Sequence

from .cards import Card
from .game import AnyState
from .records import loads, record_of
from .registry import game_info

MAX_ACTIONS = 3000
"""A cap on one random playout (random games of the package's games end long before)."""


class ContractError(AssertionError):
    """A promise of the contract broken: the message names the game, the preset, the seed and what."""


def cards_in(value: Any, skip: type | None = None) -> set[Card]:
    """Every card anywhere inside a view (dataclasses, tuples, lists, dicts), but inside the values
    of type ``skip`` it holds (another position's views)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner: Iterable[Any] = (getattr(value, f.name) for f in dataclasses.fields(value))
    elif isinstance(value, (tuple, list)):
        inner = value
    elif isinstance(value, dict):
        inner = value.values()
    else:
        return set()
    return set().union(*(cards_in(v, skip) for v in inner if skip is None or not isinstance(v, skip)))


def new_state(game: str, preset: str, seed: int | None) -> AnyState:
    """A new game of ``preset``; where the rules give a range of seats (``min_players`` to
    ``max_players``), a seat count drawn from the seed."""
    module = game_info(game).module
    rules = module.PRESETS[preset]
    fields = {f.name for f in dataclasses.fields(rules)}
    if {"players", "min_players", "max_players"} <= fields:
        count = random.Random(seed).randint(rules.min_players, rules.max_players)
        rules = dataclasses.replace(rules, players=count)
    state: AnyState = module.new_game(rules, seed=seed)
    return state


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise ContractError(what)


def check_position(state: AnyState, module: Any, rng: random.Random) -> None:
    """The promises about one position: legal actions, and (now and then, by ``rng``) undo, clone
    and the views."""
    legal = state.legal_actions()
    _check(bool(legal), "the legal actions ran dry before the end")
    for action in legal:
        _check(isinstance(action, module.Action), f"{action!r} is not one of the engine's Action values")
        _check(state.parse_action(str(action)) == action and state.action_text(action) == str(action),
               f"the text {str(action)!r} does not read back to its action")
    if rng.random() < 0.05:
        before = state.fingerprint()
        for action in rng.sample(legal, min(3, len(legal))):
            state.apply(action)
            state.undo()
            _check(state.fingerprint() == before, f"undo of {action} did not restore the state")
    if rng.random() < 0.02:
        copy = state.clone()
        _check(copy.fingerprint() == state.fingerprint(), "a clone differs from its original")
        before = state.fingerprint()
        copy.apply(rng.choice(legal))
        _check(state.fingerprint() == before, "a clone shares state with its original")
        copy.undo()
        _check(copy.fingerprint() == before, "undo in a clone did not restore it")
    if rng.random() < 0.05:
        for player in range(len(state.players)):
            view = state.view(player)
            _check(view.player == player and tuple(view.players) == tuple(state.players),
                   f"view({player}) names another seat or other players")
            _check(view.current_player == state.current_player, f"view({player}) has another player to move")
            shown = cards_in(view, skip=type(view)) & state.hidden_cards(player)
            _check(not shown, f"view({player}) shows hidden cards: {' '.join(map(str, shown))}")


def check_events(state: AnyState) -> None:
    """The promises about a finished game's events."""
    for event in state.events:
        fields = {f.name for f in dataclasses.fields(event)}
        _check("seat" not in fields, f"{event!r} names a seat 'seat', not 'player'")
        if "player" in fields:
            _check(isinstance(event.player, int) and 0 <= event.player < len(state.players),
                   f"{event!r}: player is not a seat")
        text = state.describe(event)
        _check(isinstance(text, str) and bool(text.strip()), f"describe({event!r}) says nothing")


def playout(game: str, preset: str, seed: int | None) -> AnyState:
    """A random game of ``preset`` with the contract checked along the way."""
    module = game_info(game).module
    state = new_state(game, preset, seed)
    rng = random.Random(f"{game}/{preset}/{state.seed}")
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        check_position(state, module, rng)
        state.apply(rng.choice(state.legal_actions()))
    _check(state.is_over == (state.outcome is not None), "is_over and outcome disagree")
    _check((state.legal_actions() == []) == state.is_over, "legal actions and is_over disagree")
    check_events(state)
    return state


def check_records(game: str, state: AnyState) -> None:
    """A finished game's record reloads to the same state, and its seed and actions replay to the
    same record."""
    text = record_of(state).to_json()
    _check(loads(text).replay().fingerprint() == state.fingerprint(), "the record does not reload to the game")
    again = game_info(game).module.new_game(state.rules, seed=state.seed, players=state.players)
    for action in state.history_text():
        again.play(action)
    _check(record_of(again).to_json() == text, "the same seed and actions give another record")


def check_game(game: str, presets: Iterable[str] | None = None,
               seeds: Sequence[int | None] = (11, 12, 13, None, None)) -> int:
    """Check the contract on random games of ``game`` (every preset unless ``presets``), one per
    seed (None: a seed drawn by the game); ``ContractError`` names the first promise broken.
    Returns the number of games played."""
    info = game_info(game)
    played = 0
    for preset in info.presets if presets is None else presets:
        for seed in seeds:
            try:
                state = playout(game, preset, seed)
                check_records(game, state)
            except ContractError as error:
                raise ContractError(f"{info.title}, preset {preset!r}, seed {seed}: {error}") from None
            played += 1
    return played
