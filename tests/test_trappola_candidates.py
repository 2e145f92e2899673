"""The other ways to play Trappola without seeing the other hand, measured against PIMC by
``python -m tools.bench trappola --part candidates`` (and the solved exchange by ``--part
exchange``): αμ (cardlab.games.trappola.alphamu), ISMCTS on the solver
(cardlab.games.trappola.openspiel_solver) and SolverBot judging its exchanges over solved worlds.
Each plays legal moves only and decides from its view alone (T6: the hidden cards dealt otherwise,
the same choice from the same seed); where both hands are known each plays an exactly best card
(tests/test_trappola_pimc.py)."""

from __future__ import annotations

import os
import random
from statistics import fmean

import pytest

from cardlab.games.trappola import engine as T
from cardlab.games.trappola.alphamu import AlphaMuBot, alpha_mu_values
from cardlab.games.trappola.bots import RuleOfThumbBot, SolverBot
from cardlab.games.trappola.openspiel_solver import ISMCTSSolverBot, solved_margin
from cardlab.games.trappola.solver import card_values, view_values
from cardlab.games.trappola.worlds import WorldSampler
from trappola_helpers import deals_with_both_hands_known, hidden_swapped

DEALS = 1 if os.environ.get("CARDLAB_QUICK") else 2
PLAYERS = {"alpha-mu": lambda seed: AlphaMuBot(seed, worlds=4),
           "ismcts-solver": lambda seed: ISMCTSSolverBot(seed, simulations=8),
           "pimc-exchange": lambda seed: SolverBot(seed, worlds=4, exchange_worlds=2)}


def hidden_positions(deals: int):
    """Decisions (more than one legal action) of rule-of-thumb single deals where the stock still
    hides cards, the exchanges included."""
    for seed in range(deals):
        g = T.new_game(T.SINGLE_DEAL, seed=seed)
        thumb = RuleOfThumbBot(seed)
        while not g.is_over:
            if g.stock and len(g.legal_actions()) > 1:
                yield g
            g.apply(thumb.choose(g))


@pytest.mark.parametrize("player", PLAYERS)
def test_the_player_makes_legal_moves_only(player):
    for seed in range(DEALS):
        g = T.new_game(T.SINGLE_DEAL, seed=seed)
        bots = [PLAYERS[player](seed), RuleOfThumbBot(seed)]
        while not g.is_over:
            action = bots[g.current_player].choose(g)
            assert action in g.legal_actions()
            g.apply(action)


@pytest.mark.parametrize("player", PLAYERS)
def test_the_player_sees_only_its_view(player):
    """T6: a card of the opponent's hand swapped with one of the stock leaves the player's view as
    it was, and its choice from the same seed too."""
    checked = 0
    for g in hidden_positions(3):
        if player == "pimc-exchange" and g.phase != T.EXCHANGE:
            continue
        assert PLAYERS[player](7).choose(hidden_swapped(g)) == PLAYERS[player](7).choose(g)
        checked += 1
        if checked == 6:
            break
    assert checked >= 3


def _card_play_views(deals: int):
    """Card-play views (more than one legal card) where the view leaves the opponent's hand open."""
    for g in hidden_positions(deals):
        view = g.view(g.current_player)
        if g.phase == T.PLAY and all(a.startswith("play") for a in view.legal) and not WorldSampler(view).exact:
            yield view


def test_alpha_mu_at_depth_one_is_pimc_and_never_values_a_card_above_it():
    """Depth 1 is each world solved (PIMC's means); at depth 2 the mover's next card is one card for
    every world, so no card is worth more than PIMC says, and over one world (nothing hidden
    between worlds) the values are the solver's."""
    rng, checked = random.Random(3), 0
    for view in _card_play_views(DEALS):
        sampler = WorldSampler(view)
        hands = [sampler.sample(rng) for _ in range(3)]
        me = view.player
        solved = [view_values(view, [view.hands[me] if p == me else h for p in (0, 1)]) for h in hands]
        pimc = {c: fmean(s[c] for s in solved) for c in solved[0]}
        assert alpha_mu_values(view, hands, 1) == pytest.approx(pimc)
        deeper = alpha_mu_values(view, hands, 2)
        assert all(deeper[c] <= pimc[c] + 1e-9 for c in pimc)
        assert alpha_mu_values(view, hands[:1], 2) == pytest.approx(solved[0])
        checked += 1
    assert checked >= 5


def test_the_solved_margin_is_what_perfect_play_scores():
    """ISMCTS's leaf value: with both hands known, playing the solver's best card (declaring at
    once, T7) to the end of the deal scores the margin solved_margin gave at the start."""
    for _seed, g in deals_with_both_hands_known(range(3)):
        expected = solved_margin(g)
        while not g.is_over:
            declares = [a for a in g.legal_actions() if a.startswith("declare")]
            if declares:
                g.apply(declares[0])
                continue
            values = card_values(g)
            g.apply(f"play {max(values, key=values.get).ascii()}")
        assert solved_margin(g) == expected == g.scores[0] - g.scores[1]
