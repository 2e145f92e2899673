"""Invariants of Cleopatra and its relatives under thousands of random playouts (every preset,
every bot, random seeds): cards are conserved, legal actions never run dry before the end, and
every game ends with a consistent outcome. (Undo, records and determinism: tests/test_contract.py.)"""

from __future__ import annotations

import pytest

from cardlab.bots import RandomBot
from cardlab.games.cleopatra.bots import SlapBot
from cardlab.game import play_out
from cardlab.games.cleopatra import PRESETS, new_game, variant

RULES = [*PRESETS.values(), variant(slaps="same_rank_or_faces", false_slap="burn", name="faces_burn")]
IDS = [r.name for r in RULES]


def bots_for(kind: str, seed: int):
    if kind == "random":
        return [RandomBot(seed), RandomBot(seed + 1)]
    return [SlapBot(seed, attention=0.9), SlapBot(seed + 1, attention=0.5, reaction_ms=300)]


def step(state, bots):
    """One action chosen the way ``play_out`` chooses it."""
    race = state.contest(bots)
    return race if race is not None else bots[state.current_player].choose(state)


def where_cards_are(state) -> list:
    return state.hands[0] + state.hands[1] + state.won[0] + state.won[1] + state.pile + state.under


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.parametrize("kind", ["random", "slapper"])
def test_every_card_in_one_place_and_legal_actions_until_the_end(rules, kind):
    for seed in range(25):
        g = new_game(rules, seed=seed, undo=False)
        bots = bots_for(kind, seed)
        while not g.is_over:
            cards = where_cards_are(g)
            assert len(cards) == 52 == len(set(cards))
            assert g.legal_actions()
            g.apply(step(g, bots))
        assert g.legal_actions() == [] and len(set(where_cards_are(g))) == 52


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.parametrize("kind", ["random", "slapper"])
def test_many_playouts_end_with_a_consistent_outcome(rules, kind):
    for seed in range(100, 330):
        g = play_out(new_game(rules, seed=seed, undo=False), bots_for(kind, seed))
        out = g.outcome
        assert out.reason in ("no cards", "cannot play", "loop", "cap")
        assert sum(out.scores) + len(g.pile) + len(g.under) == 52
        if out.winner is not None:
            assert g.cards_of(out.winner) + len(g.pile) + len(g.under) > 0 and (out.reason == "cannot play" or g.cards_of(1 - out.winner) == 0)
        assert out.stats["steps"] == len(g.steps())
