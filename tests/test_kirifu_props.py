"""Kirifu invariants over thousands of seeded playouts: every preset, every bot, random seeds.
(Undo, records and determinism: tests/test_contract.py.)"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardlab.games.kirifu.bots import make_bot
from cardlab.cards import french_deck
from cardlab.games import kirifu

MAX_STEPS = 5000  # random play ends long before (games last about 100–250 actions)
DECKS = {j: set(french_deck(jokers=int(j))) for j in (False, True)}


def _bots(kind: str, n: int, seed: int) -> list:
    """``n`` bots of one kind, or ``"mixed"``: search (small budget), rule-of-thumb, random, …"""
    kinds = ["search", "thumb", "random"] * 3 if kind == "mixed" else [kind] * n
    return [make_bot(k, seed + i, budget=6) for i, k in enumerate(kinds[:n])]


def _game(preset: kirifu.Rules, seed: int) -> kirifu.State:
    n = random.Random(seed).randint(preset.min_players, preset.max_players)
    return kirifu.new_game(replace(preset, players=n), seed=seed)


def _play(state: kirifu.State, bots: list, check=None) -> kirifu.State:
    for _ in range(MAX_STEPS):
        if state.is_over:
            if check:
                _check_places(state)
            return state
        if check:
            check(state)
        state.apply(bots[state.current_player].choose(state))
    raise AssertionError(f"no end after {MAX_STEPS} actions: {state!r}")


def _check_places(state: kirifu.State) -> None:
    places = [c for h in state.hands for c in h]
    places += state.stock + state.discard + state.passed + state.taken + state.chosen
    deck = DECKS[state.rules.joker]
    assert len(places) == len(deck) and set(places) == deck, "every card in exactly one place"


def _check_invariants(state: kirifu.State) -> None:
    _check_places(state)
    assert state.legal_actions(), "legal actions never empty before the end"
    if state.stock:
        assert not state.finished, "K18: nobody finishes while the stock has cards"
    for p, known in enumerate(state.known):
        assert set(known) <= set(state.hands[p])


@pytest.mark.parametrize("preset", sorted(kirifu.PRESETS))
def test_random_playouts_keep_every_card_in_one_place(preset):
    for seed in range(300):
        state = _play(_game(kirifu.PRESETS[preset], seed), _bots("random", 7, seed), _check_invariants)
        ranking = state.outcome.ranking
        assert sorted(ranking) == list(range(state.rules.players))
        assert all(not state.hands[p] for p in ranking[:-1])


@pytest.mark.parametrize("kind", ["thumb", "mixed"])
@pytest.mark.parametrize("preset", sorted(kirifu.PRESETS))
def test_bot_playouts_keep_the_invariants(preset, kind):
    for seed in range(8 if kind == "mixed" else 30):
        state = _game(kirifu.PRESETS[preset], 1000 + seed)
        _play(state, _bots(kind, state.rules.players, seed), _check_invariants)
