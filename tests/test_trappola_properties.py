"""Invariants of Trappola under random play: every preset, every bot, many seeds.
(Undo, records and determinism: tests/test_contract.py.)"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardlab.bots import RandomBot
from cardlab.games.trappola.bots import RuleOfThumbBot, SearchBot
from cardlab.cards import italian_deck
from cardlab.games import trappola as T

DECK = Counter(italian_deck())
BOTS = {
    "random": lambda seed: RandomBot(seed),
    "thumb": lambda seed: RuleOfThumbBot(seed),
    "search": lambda seed: SearchBot(seed, budget=24),
}
# (preset, bot, number of games): full games to 300 for the presets, single deals in bulk
PLAN = [(name, bot, 30) for name in T.PRESETS for bot in ("random", "thumb")]
PLAN += [("single-deal", "random", 1500), ("single-deal", "thumb", 500), ("single-deal", "search", 8)]


def places(g: T.State) -> Counter:
    """Every card where it lies now: hands, stock, discarded hands, the trick, finished tricks."""
    where = Counter(g.hands[0]) + Counter(g.hands[1]) + Counter(g.stock) + Counter(g.trick)
    for pile in g.discards:
        for hand in pile:
            where.update(hand)
    for t in g.tricks:
        where.update(t.cards)
    return where


def playout(preset: str, bot: str, seed: int) -> None:
    g = T.new_game(preset, seed=seed)
    bots = [BOTS[bot](seed), BOTS[bot](seed + 1)]
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "legal actions empty before the end"
        assert places(g) == DECK, "a card is missing or in two places"
        action = bots[g.current_player].choose(g)
        assert action in legal
        g.apply(action)
        for s in g.sheets:
            assert s.streak_length <= 3, "T14: a streak of four 2s is impossible with two players"
    assert g.legal_actions() == [] and g.outcome is not None


@pytest.mark.parametrize("preset, bot, games", PLAN)
def test_invariants_under_play(preset: str, bot: str, games: int):
    base = random.Random(f"{preset}/{bot}").randrange(10**6)
    for seed in range(base, base + games):
        playout(preset, bot, seed)
