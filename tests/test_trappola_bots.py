"""Trappola's computer players, and the kernel's card play their playouts (and the coach's) run on."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from cardlab.bots import RandomBot
from cardlab.games.trappola.bots import (HandSampler, RuleOfThumbBot, SearchBot, hand_value, opponent_voids,
                                   unseen_cards)
from cardlab.cards import ITALIAN_SUITS, italian_deck
from cardlab.games import trappola as T
from cardlab.games.trappola.kernel import TRICKS_PER_DEAL, last_tricks, legal_cards, play_card
from cardlab.games.trappola.kernel_search import INDEX, ints
from cardlab.games.trappola.scoring import RANKS
from trappola_helpers import endgame, hidden_swapped


def test_kernel_card_play_agrees_with_the_engine_over_thousands_of_deals():
    """T10–T14 twice: the kernel's card play (legal cards in the engine's order, tricks, points,
    the last trick or closing streak) must match the engine move for move."""
    rng = random.Random(1)
    for seed in range(3000):
        g = T.new_game("four-twos-104" if seed % 3 == 0 else "single-deal", seed=seed, undo=False)
        while g.phase == T.EXCHANGE:
            g.apply(rng.choice(g.legal_actions()))
        hands, sizes, score = np.array([ints(h) for h in g.hands]), np.full(2, 9, np.int64), np.zeros(2, np.int64)
        winners, twos = np.zeros(TRICKS_PER_DEAL, np.int64), np.zeros(TRICKS_PER_DEAL, bool)
        cards = np.zeros(9, np.int64)
        p, lead, n = g.current_player, -1, 0
        deal_no = g.deal_no
        while g.deal_no == deal_no and not g.is_over:
            plays = [a for a in g.legal_actions() if a.startswith("play")]
            m = legal_cards(hands, sizes, p, lead, cards)
            assert [INDEX[T.Card.parse(a[5:], "italian")] for a in plays] == cards[:m].tolist()
            assert p == g.current_player
            action = rng.choice(plays)
            g.apply(action)
            p, lead, n = play_card(hands, sizes, p, lead, INDEX[T.Card.parse(action[5:], "italian")], score,
                                   winners, twos, n)
            if g.deal_no == deal_no:             # (the engine deals the next hand at once after the last trick)
                assert score.tolist() == list(g.deal_points())
        sheet = g.sheets[-1]
        assert sizes.tolist() == [0, 0] and n == 9
        last_tricks(score, winners, twos, n, g.rules.longest_streak)
        assert score.tolist() == [sheet.total[p] - sheet.declarations[p] for p in (0, 1)]


def test_card_ints_are_one_per_card():
    """The kernel's card ``suit * 9 + r`` (``r`` the rank's place in T1's order) is its index in the pack."""
    assert ints(italian_deck()).tolist() == list(range(36))
    assert all(INDEX[c] == ITALIAN_SUITS.index(c.suit) * 9 + RANKS.index(c.rank) for c in italian_deck())


def test_random_bot_plays_legal_moves():
    g, bot = T.new_game(seed=1), RandomBot(1)
    for _ in range(30):
        assert bot.choose(g) in g.legal_actions()
        g.apply(bot.choose(g))


def test_rule_of_thumb_exchanges_weak_hands_and_keeps_strong_ones():
    weak = ("10S 9S 8S 7S 10B 9B 8B 7B 10C", "AS RS CS FS AB RB CB FB AC")
    g = T.new_game(deal=T.make_deal(weak, dealer=1))
    assert hand_value(g.hands[0]) < 24 <= hand_value(g.hands[1])
    assert RuleOfThumbBot(0).choose(g) == "exchange"
    g.play("keep")
    assert RuleOfThumbBot(0).choose(g) == "keep"
    assert RuleOfThumbBot(0, threshold=100).choose(g) == "exchange"


def test_bots_keep_a_sure_two_for_the_last_trick_T14():
    g = endgame()
    assert opponent_voids(g.view(0)) == {"spade"}
    assert RuleOfThumbBot(0).choose(g) == "play AB"
    assert SearchBot(0, budget=50).choose(g) == "play AB"   # 6 + 26 beats 10 + 6 + 6
    g.play("play AB")
    g.play("play 7B")
    assert RuleOfThumbBot(0).choose(g) == "play 2S"


def test_bots_declare_at_once_T7():
    g = T.new_game(deal=T.make_deal(("AS AB AC 7S 8S 9S 7B 8B 9B", "RS RB RC RD 2S 2B 2C 10S 10B"), dealer=1))
    g.play("keep")
    g.play("keep")
    assert RuleOfThumbBot(0).choose(g) == "declare A"
    assert SearchBot(0).choose(g) == "declare A"


def test_rule_of_thumb_wins_a_trick_with_the_cheapest_card():
    g = T.new_game(deal=T.make_deal(("AS RS 7S 2B 9B 8B 7B 9C 8C",
                                           "9S 10S CS RB 2S 10B 10C 10D 9D"), dealer=0))
    g.play("keep")
    g.play("keep")
    g.play("play 9S")   # seat 1 leads the 9 of swords: the king is the cheapest winner
    assert RuleOfThumbBot(0).choose(g) == "play RS"
    g.undo()
    g.play("play RB")   # seat 0 must follow batons and none of them beats the king
    assert RuleOfThumbBot(0).choose(g) == "play 2B"


def _positions(n: int):
    """Positions of the card play from games between rule-of-thumb players."""
    for seed in range(n):
        g = T.new_game("single-deal", seed=seed)
        bots = [RuleOfThumbBot(seed), RuleOfThumbBot(seed + 1)]
        while not g.is_over:
            if g.phase == T.PLAY:
                yield g
            g.apply(bots[g.current_player].choose(g))


def test_sampled_hands_are_consistent_with_everything_public():
    rng = random.Random(0)
    checked_declarations = 0
    for g in _positions(150):
        me, opp = g.current_player, 1 - g.current_player
        view = g.view(me)
        hand = HandSampler(view).sample(rng)
        assert len(hand) == len(g.hands[opp]) and len(set(hand)) == len(hand)
        assert set(hand) <= set(unseen_cards(view)) and not set(hand) & set(g.hands[me])
        assert not {c.suit for c in hand} & opponent_voids(view)
        played = Counter(t.card_of(opp).rank for t in g.tricks) + Counter(
            [g.trick[0].rank] if g.trick and view.leader == opp else [])
        true = Counter(c.rank for c in g.hands[opp])
        for p, said, rank in view.declarations:
            if p == opp:
                count = 4 if said.startswith("four") else 3
                if rank is not None:
                    checked_declarations += 1
                    assert Counter(c.rank for c in hand)[rank] == count - played[rank] == true[rank]
    assert checked_declarations > 0


def test_search_never_reads_the_hidden_cards():
    """Swapping cards between the opponent's hand and the stock changes nothing it decides."""
    for g in _positions(6):
        if g.stock and len(g.legal_actions()) > 1:
            first = SearchBot(5, budget=40).choose(g)
            assert SearchBot(5, budget=40).choose(hidden_swapped(g)) == first


def test_benchmark_runs_and_prints_every_pairing(capsys):
    from tools.games.trappola import bench
    assert bench.main(["--deals", "4", "--workers", "1", "--budget", "8", "--games", "100",
                       "--positions", "2"]) == 0
    out = capsys.readouterr().out
    assert all(p in out for p in ("search vs thumb", "thumb vs random", "search vs random"))
    assert all(p in out for p in ("random single deals", "playouts", "kernel search", "Python search 8"))
    low, high = bench.wilson(60, 100)
    assert low < 0.6 < high and 0.49 < low < 0.51 and high < 0.70
