"""The player that does not see the other hand (cardlab.games.trappola.pimc, SolverBot): where the
view determines every card (T4–T6: the stock used up) it plays an exactly best card; its worlds fit
the view (T6, T7, T11)."""

from __future__ import annotations

import os
import random

import pytest

from cardlab.coach import hints
from cardlab.games.trappola.alphamu import AlphaMuBot
from cardlab.games.trappola.bots import SolverBot, opponent_voids, unseen_cards
from cardlab.games.trappola.openspiel_solver import ISMCTSSolverBot
from cardlab.games.trappola.engine import EXCHANGE, OVER, SINGLE_DEAL, new_game
from cardlab.games.trappola.solver import card_values
from cardlab.games.trappola.worlds import WorldSampler
from trappola_helpers import deals_with_both_hands_known


PLAYERS = {"pimc": SolverBot, "alpha-mu": lambda seed: AlphaMuBot(seed, worlds=4),
           "ismcts-solver": lambda seed: ISMCTSSolverBot(seed, simulations=8),
           "pimc-exchange": lambda seed: SolverBot(seed, exchange_worlds=2)}
"""The players that do not see the other hand, each as made from a seed."""


@pytest.mark.parametrize("player", PLAYERS)
def test_where_both_hands_are_known_the_bot_plays_an_exactly_best_card(player):
    """T4: the non-dealer exchanges twice, so the stock is used up; every card decision has
    regret 0 against the solver."""
    decisions = 0
    for seed, g in deals_with_both_hands_known(range(6)):
        bot = PLAYERS[player](seed)
        while g.phase != OVER:
            action = bot.choose(g)
            if action.startswith("play") and len(g.playable()) > 1:
                assert WorldSampler(g.view(g.to_move)).exact
                values = {f"play {c.ascii()}": v for c, v in card_values(g).items()}
                assert values[action] == max(values.values())
                decisions += 1
            g.apply(action)
    assert decisions > 20


def test_the_worlds_fit_the_view():
    """Every sampled hand has the opponent's size, unseen cards only (T6), none of a suit they
    failed to follow (T11), and fits their declarations (T7)."""
    rng = random.Random(0)
    for seed in range(40):
        g = new_game(SINGLE_DEAL, seed=seed)
        while g.phase == EXCHANGE:
            g.apply("keep")
        while g.phase != OVER and len(g.tricks) < seed % 7:
            g.apply(rng.choice(g.legal_actions()))
        if g.phase == OVER:
            continue
        view = g.view(g.to_move)
        sampler = WorldSampler(view)
        pool, voids = set(unseen_cards(view)), opponent_voids(view)
        assert sampler.fits(g.hands[1 - g.to_move])
        for _ in range(20):
            hand = sampler.sample(rng)
            assert len(hand) == view.hand_sizes[1 - g.to_move] and set(hand) <= pool
            assert not any(c.suit in voids for c in hand) and sampler.fits(hand)


def test_an_unnamed_declaration_is_weighted_by_the_hands_that_fit_it_T7_T8():
    """The reading of "three"/"four" without a rank (T7) is weighted by the hands that fit each
    reading, counted here by enumerating every hand of the unseen cards: the sampler's counts are
    those, and its draws follow them."""
    from collections import Counter
    from itertools import combinations

    rng, checked = random.Random(5), 0
    for seed in range(400):
        g = new_game(SINGLE_DEAL, seed=seed)
        while g.phase == EXCHANGE:
            g.apply("keep")
        while g.phase != OVER:
            view = g.view(g.to_move)
            opp = 1 - g.to_move
            unnamed = [d for d in view.declarations if d[0] == opp and d[2] is None]
            if unnamed and view.hand_sizes[opp] <= 4:
                break
            choices = g.legal_actions()
            declares = [a for a in choices if a.startswith("declare")]
            g.apply(declares[0] if declares else rng.choice(choices))
        else:
            continue
        sampler, voids = WorldSampler(view), opponent_voids(view)
        readings = [need for need, _ in sampler.cases]
        counted = Counter()
        for hand in combinations(unseen_cards(view), view.hand_sizes[opp]):
            if any(c.suit in voids for c in hand):
                continue
            ranks = Counter(c.rank for c in hand)
            for i, need in enumerate(readings):
                if all(ranks[r] == n for r, n in need.items()):
                    counted[i] += 1
        assert [counted[i] for i in range(len(readings))] == [n for _, n in sampler.cases]
        if len(readings) > 1:
            draws, total = Counter(), 2000
            for _ in range(total):
                ranks = Counter(c.rank for c in sampler.sample(rng))
                draws[next(i for i, need in enumerate(readings) if all(ranks[r] == n for r, n in need.items()))] += 1
            weights = sampler.weights()
            for i, need in enumerate(readings):
                p = weights[tuple(sorted(need.items()))]
                assert abs(draws[i] / total - p) <= 4 * (p * (1 - p) / total) ** 0.5 + 1e-9
        checked += 1
        if checked >= (4 if os.environ.get("CARDLAB_QUICK") else 12):
            break
    assert checked >= 4, "too few positions with an unnamed declaration"


def test_where_both_hands_are_known_the_coach_says_exact_and_its_best_is_an_exactly_best_card():
    """T4: with the stock used up the coach solves the one world the view allows: its figures are
    marked exact, they differ between cards as the solver's values do (the points so far and the
    declarations add the same to every card), and its best card has regret 0."""
    positions = 0
    for seed, g in deals_with_both_hands_known(range(4)):
        bot = SolverBot(seed)
        while g.phase != OVER:
            if all(a.startswith("play") for a in g.legal_actions()) and len(g.playable()) > 1:
                estimates = {e.text: e for e in hints(g, seed=seed)}
                values = {f"play {c.ascii()}": v for c, v in card_values(g).items()}
                assert all(e.exact and e.low == e.mean == e.high for e in estimates.values())
                shift = {round(estimates[a].mean - v, 6) for a, v in values.items()}
                assert len(shift) == 1
                assert values[max(estimates.values(), key=lambda e: e.mean).text] == max(values.values())
                positions += 1
            g.apply(bot.choose(g))
    assert positions > 10
