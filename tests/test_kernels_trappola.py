"""Trappola's kernel (cardlab.games.trappola.kernel*) decides as the engine's bots do: its Mersenne
Twister draws as CPython's random.Random, its games give the engine's rows deal for deal (T3–T16
with random and rule-of-thumb players), the search player's worlds and playouts are its engine
ones draw for draw, the coach's playouts are the engine's from the same seed, and the same source
runs as plain Python."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from tools.games.trappola.bench import PythonSearchBot
from cardlab.games.trappola.bots import (PLAY_CARD, HandSampler, RuleOfThumbBot, SearchBot, card_play_world,
                                         engine_playout, quick_choice)
from cardlab.cards import italian_deck
from cardlab.kernels import mersenne as mt
from cardlab.games.trappola.kernel import COLUMNS, RANDOM, THUMB, last_tricks, play_card, play_games
from cardlab.games.trappola.kernel_search import (INDEX, candidate_playouts, deal_playouts, ints, position,
                                                  quick_deal, sample_hand, seed_number, win_chances)
from cardlab.games import trappola as T
from cardlab.games.trappola.scoring import Trick, beats, deal_sheet
from cardlab.sim import game_seed
from cardlab.games.trappola import sim as sim_trappola
from engine_checks import plain_python_result

DECK = italian_deck()


def test_the_twister_draws_as_cpython():
    """Seeding (one and two 32-bit words), randrange, shuffle and sample (both of CPython's
    methods: a pool, and draws repeated until new), and the state handed back."""
    for s in (0, 1, 7, 2**32 - 1, 2**32, 2**48 + 5, 2**62 + 3):
        g, rng = mt.new_generator(s), random.Random(s)
        assert g.tolist() == list(rng.getstate()[1])
        assert [mt.randbelow(g, n) for n in (1, 2, 9, 36, 1000) * 300] == \
               [rng.randrange(n) for n in (1, 2, 9, 36, 1000) * 300]        # and a twist or two
    rng = random.Random(3)
    for n in range(37):
        for k in range(n + 1):
            g, out, items = mt.state_of(rng), np.zeros(40, np.int64), np.arange(n)
            mt.sample(g, np.arange(100, 100 + n), n, k, out, 2)
            mt.shuffle(g, items, n)
            expected = rng.sample(range(100, 100 + n), k)
            order = list(range(n))
            rng.shuffle(order)
            assert out[2:2 + k].tolist() == expected and items.tolist() == order, (n, k)
            assert g.tolist() == list(rng.getstate()[1])
    fresh = random.Random()
    mt.restore(fresh, g)
    assert fresh.getstate() == rng.getstate()


def engine_rows(seeds, rules, players) -> list[dict]:
    return [sim_trappola.play_one(s, rules, players, fast=False) for s in seeds]


def kernel_rows(seeds, rules, players) -> list[dict]:
    kinds = [RANDOM if p == "random" else THUMB for p in players]
    rows = [dict(zip(COLUMNS, r)) for r in play_games(seeds, rules, kinds).tolist()]
    return [{**r, "winner": None if r["winner"] < 0 else r["winner"]} for r in rows]


ANYONE_1 = dataclasses.replace(T.BY_ANYONE, name="by-anyone-1", target=None)     # one deal each
FOURS_1 = dataclasses.replace(T.FOUR_TWOS_104, name="four-twos-104-1", target=None)
MIX = [  # rules, players, games
    (T.SINGLE_DEAL, ("random", "random"), 3000),
    (T.SINGLE_DEAL, ("thumb", "random"), 1000),
    (T.SINGLE_DEAL, ("random", "thumb"), 1000),
    (T.SINGLE_DEAL, ("thumb", "thumb"), 1000),
    (ANYONE_1, ("random", "thumb"), 800),
    (FOURS_1, ("random", "random"), 800),
    (FOURS_1, ("thumb", "thumb"), 500),
    (T.BY_ANYONE, ("thumb", "thumb"), 20),
    (T.TRAPPOLA, ("random", "random"), 40),
    (T.TRAPPOLA, ("thumb", "random"), 40),
]


@pytest.mark.parametrize("rules,players,n", MIX, ids=[f"{m[0].name}-{'-'.join(m[1])}" for m in MIX])
def test_kernel_games_equal_the_engine(rules, players, n):
    """T3–T16: every statistic of every game, from the same seeds as the engine and its bots."""
    seeds = [game_seed(13, i) for i in range(n)]
    kernel, engine = kernel_rows(seeds, rules, players), engine_rows(seeds, rules, players)
    for s, k, e in zip(seeds, kernel, engine):
        assert k == e, f"seed {s}"


def test_the_games_cover_every_rule():
    """The compared games are real ones: exchanges (T4, T5), declarations (T7) by both kinds of
    player, 2s won (T12), streaks (T14), several deals to 300 (T16), both winners and both dealers."""
    rows = kernel_rows([game_seed(13, i) for i in range(1000)], T.SINGLE_DEAL, ("thumb", "random"))
    for key in ("exchanges_0", "exchanges_1", "declarations_0", "declarations_1", "twos_won_0", "streaks"):
        assert sum(r[key] for r in rows) > 10, key
    assert {r["winner"] for r in rows} >= {0, 1} and {r["dealer"] for r in rows} == {0, 1}
    long_games = kernel_rows([game_seed(13, i) for i in range(40)], T.TRAPPOLA, ("random", "random"))
    assert min(r["deals"] for r in long_games) > 1 and all(max(r["points_0"], r["points_1"]) >= 300
                                                          for r in long_games)


def streak_tricks(length: int, player: int) -> list[Trick]:
    """Nine tricks (T10: each led by the last one's winner) ending in ``length`` tricks that
    ``player`` wins with a led 2, the follower off suit (T11). The 2s not in the streak are won
    earlier, each after a trick its winner took with another card, the opponent's first; the trick
    just before the streak ``player`` wins with another card, so that the streak stops there."""
    other = 1 - player
    spare = [other if i % 2 == 0 else player for i in range(4 - length)]
    specs = ([("high", other if i % 2 else player) for i in range(length)]
             + [spec for owner in spare for spec in (("high", owner), ("two", owner))]
             + [("high", player)] + [("two", player)] * length)
    free = [c for c in DECK if c.rank != "2"]
    twos = [c for c in DECK if c.rank == "2"]
    tricks, leader = [], specs[0][1]
    for kind, winner in specs:
        if kind == "two":                       # a led 2, the follower void in its suit
            lead = twos.pop()
            follow = next(c for c in free if c.suit != lead.suit)
        else:                                   # two cards of one suit, the higher the winner's
            suit = max((DECK[9 * s].suit for s in range(4)), key=lambda suit: sum(c.suit == suit for c in free))
            high, low = [c for c in free if c.suit == suit][:2]     # the deck runs high to low
            lead, follow = (high, low) if leader == winner else (low, high)
        free = [c for c in free if c not in (lead, follow)]
        assert (1 - leader if beats(follow, lead) else leader) == winner
        tricks.append(Trick(leader, lead, follow, winner))
        leader = winner
    assert len(tricks) == 9 and not twos
    return tricks


def kernel_deal_score(tricks: list[Trick], longest: int) -> tuple[list[int], int]:
    """The kernel's card play (play_card: T2, T11, T12) and end of deal (last_tricks: T13, T14)
    over ``tricks``: the deal's points of both seats and the closing streak's length."""
    hands = np.array([[INDEX[t.card_of(p)] for t in tricks] for p in (0, 1)], np.int64)
    sizes, score = np.full(2, 9, np.int64), np.zeros(2, np.int64)
    winners, twos, n = np.zeros(9, np.int64), np.zeros(9, np.bool_), 0
    for t in tricks:
        _, lead, n = play_card(hands, sizes, t.leader, -1, INDEX[t.lead], score, winners, twos, n)
        winner, _, n = play_card(hands, sizes, 1 - t.leader, lead, INDEX[t.follow], score, winners, twos, n)
        assert winner == t.winner
    length = last_tricks(score, winners, twos, n, longest)
    return score.tolist(), length


STREAKS = [(T.TRAPPOLA, n) for n in range(5)] + [(T.FOUR_TWOS_104, n) for n in range(5)]


@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("rules,length", STREAKS, ids=[f"{r.name}-{n}" for r, n in STREAKS])
def test_closing_streaks_score_as_the_engines_deal_sheet(rules, length, player):
    """T12–T14 tested directly (play rarely ends on three 2s, and never on four): a deal closing
    on 0, 1, 2, 3 or 4 tricks won with a 2 (four capped at three but under four-twos-104) scores in
    the kernel as on the engine's deal sheet, the streak instead of those tricks' 10s and the
    last trick's 6, the 2s won before it keeping theirs."""
    tricks = streak_tricks(length, player)
    sheet = deal_sheet(1, 1 - tricks[0].leader, tricks, [], rules.longest_streak)
    assert sheet.streak_length == min(length, rules.longest_streak)         # the deal is what it says
    assert sum(sheet.twos) == 10 * (4 - sheet.streak_length)
    assert kernel_deal_score(tricks, rules.longest_streak) == (list(sheet.total), sheet.streak_length)


PLAIN_SCRIPT = """
import json
from cardlab.coach import hints
from cardlab.games.trappola.bots import RuleOfThumbBot, SearchBot
from cardlab.games.trappola.kernel import play_games
from cardlab.games import trappola as T
from cardlab.games.trappola.scoring import Trick, beats, deal_sheet

def searches():
    g, bots, out = T.new_game("single-deal", seed=3), [RuleOfThumbBot(), RuleOfThumbBot()], []
    while not g.is_over:
        cards = [T.Card.parse(a[5:], "italian") for a in g.legal_actions() if a.startswith("play")]
        if g.phase == T.PLAY and len(cards) > 1:
            out.append(SearchBot(len(out), budget=20).totals(g.view(g.current_player), cards))
        g.apply(bots[g.current_player].choose(g))
    return out

def coach():
    sets = T.new_game(deal=T.make_deal(["AS AB AC 7S 8S RD RB RC 9D", "2S 2B 10C 10S 10B CC FD FB 9C"], dealer=1))
    sets.play("keep")
    sets.play("keep")
    later = T.new_game(T.FOUR_TWOS_104, seed=6)
    while len(later.tricks) < 3:
        later.apply(RuleOfThumbBot().choose(later))
    # a hand of 9 is solved only where the kernels are compiled (bots.SOLVED_CARDS): compared there
    # by its quick playouts; the hand of 6 is solved on both paths
    cases = ((T.new_game(seed=4), ("deal", "game")), (sets, ("playouts", "game")), (later, ("deal", "game", "playouts")))
    return [[[e.text, e.mean, e.low, e.high] for e in hints(g, budget=24, seed=1, measure=measure)]
            for g, measures in cases for measure in measures]

result = [play_games(range(12), T.SINGLE_DEAL, (0, 1)).tolist(),
          play_games([5, 2**40], T.TRAPPOLA, (1, 0), (18, 30)).tolist(), searches(), coach()]
"""


def test_the_same_source_runs_as_plain_python():
    """Under NUMBA_DISABLE_JIT=1 the kernels are plain Python and give the compiled rows, the search's
    totals and the coach's estimates (every playout of the exchange and the card play, every measure,
    and the solved worlds of a hand both paths solve)."""
    compiled: dict = {}
    exec(PLAIN_SCRIPT, compiled)
    assert plain_python_result(PLAIN_SCRIPT) == compiled["result"] and len(compiled["result"][2]) > 3


def test_thresholds_reach_the_rule_of_thumb():
    """T4: a rule-of-thumb player with threshold 0 never exchanges, with 1000 always does."""
    never = play_games(range(200), T.SINGLE_DEAL, (THUMB, THUMB), (0, 1000))
    assert never[:, COLUMNS.index("exchanges_0")].sum() == 0
    assert (never[:, COLUMNS.index("exchanges_1")] >= 1).all()


@pytest.mark.parametrize("kwargs", [{"seeds": [-1]}, {"seeds": [2**60]}, {"kinds": (0, 2)},
                                    {"kinds": (0,)}, {"thresholds": (24,)}])
def test_bad_arguments_raise(kwargs):
    with pytest.raises(ValueError):
        play_games(**{"seeds": [1], "rules": T.SINGLE_DEAL, **kwargs})


def _decisions(deals: int):
    """Card-play positions with a choice, from rule-of-thumb games under every rule set (the
    declarations, some unnamed, constrain the sampled hands: T7–T9)."""
    rules = (T.SINGLE_DEAL, FOURS_1, ANYONE_1)
    for seed in range(deals):
        g = T.new_game(rules[seed % 3], seed=seed, undo=False)
        bots = [RuleOfThumbBot(), RuleOfThumbBot(threshold=30)]
        while not g.is_over:
            cards = [T.Card.parse(a[5:], "italian") for a in g.legal_actions() if a.startswith("play")]
            if g.phase == T.PLAY and len(cards) > 1:
                yield g.view(g.current_player), cards
            g.apply(bots[g.current_player].choose(g))


def test_the_search_decides_as_with_engine_playouts():
    """SearchBot's kernel (worlds from HandSampler's rules, T11 voids and T7 declarations; the
    quick policy; T12–T14 scoring) sums the same points from the same draws as its playouts in
    the engine (PythonSearchBot), and leaves the bot's random.Random in the same state."""
    unnamed = 0
    for i, (view, cards) in enumerate(_decisions(60)):
        kernel, python = SearchBot(i, budget=37), PythonSearchBot(i, budget=37)
        assert kernel.totals(view, cards) == python.totals(view, cards), i
        assert kernel.rng.getstate() == python.rng.getstate()
        unnamed += any(p != view.player and rank is None for p, _, rank in view.declarations)
    assert unnamed > 10


def test_sampled_hands_are_the_samplers():
    """The kernel's sample_hand deals exactly HandSampler.sample's hand (same draws)."""
    for i, (view, _) in enumerate(_decisions(30)):
        sampler, rng = HandSampler(view), random.Random(i)
        g, out = mt.state_of(rng), np.zeros(9, np.int64)
        for _ in range(5):
            sample_hand(g, sampler.size, *sampler.arrays(), out)
            assert [DECK[c] for c in out[:sampler.size]] == sampler.sample(rng)
        assert g.tolist() == list(rng.getstate()[1])


# --- the coach's playouts ----------------------------------------------------------------------
def test_the_coachs_card_playouts_are_the_engines():
    """candidate_playouts (a world of the coach in the card play): each candidate card played and
    the deal out by the quick policy from random.Random(seed) afresh gives the engine's points
    (T2, T11–T14) and the candidate's trick (its winner and cards, for T7/T8), in hundreds of
    positions under every rule set."""
    rng, checked = random.Random(4), 0
    for view, cards in _decisions(80):
        theirs, seed_value = HandSampler(view).sample(rng), rng.random()
        rows = candidate_playouts(seed_number(seed_value), *position(view), ints(theirs), ints(cards),
                                  view.rules.longest_streak)
        for card, row in zip(cards, rows.tolist()):
            world = card_play_world(view, theirs)
            world.apply(PLAY_CARD[card])
            points = engine_playout(world, random.Random(seed_value))
            trick = world.tricks[len(view.tricks)]
            assert row == [*points, trick.winner, INDEX[trick.lead], INDEX[trick.follow]]
            checked += 1
    assert checked > 1000


def engine_whole_deal(world: T.State, rng: random.Random) -> list[int]:
    """The card play of ``world`` (at its start) in the engine as the kernel's whole_deal plays it:
    each player declares all they may at their first turn (T7, T9), every card by the quick policy;
    the deal's totals (T15)."""
    deal = world.deal_no
    for _ in range(2):
        for action in [a for a in world.legal_actions() if a.startswith("declare")]:
            world.apply(action)
        card = quick_choice(world.playable(), world.trick[0] if world.trick else None, rng)
        world.apply(PLAY_CARD[card])
    engine_playout(world, rng)
    return list(world.sheets[deal].total)


def test_the_coachs_whole_deals_are_the_engines():
    """deal_playouts (the coach's playouts after the exchanges, T4–T6): both declaring at once,
    then the quick policy, two deals a call each from random.Random(seed) afresh, give the
    engine's totals after random exchanges under every rule set."""
    rng, rules, declared = random.Random(5), (T.SINGLE_DEAL, FOURS_1, ANYONE_1), 0
    for seed in range(0, 1200, 2):
        games = [T.new_game(rules[seed % 3], seed=s, undo=False) for s in (seed, seed + 1)]
        for g in games:
            while g.phase == T.EXCHANGE:
                g.apply(rng.choice(g.legal_actions()))
        seed_value = rng.random()
        points = deal_playouts(seed_number(seed_value), np.array([[ints(h) for h in g.hands] for g in games]),
                               np.array([g.current_player for g in games]), games[0].rules.longest_streak)
        assert points.tolist() == [engine_whole_deal(g, random.Random(seed_value)) for g in games], seed
        declared += sum(sum(g.sheets[-1].declarations) > 0 for g in games)
    assert declared > 100


def engine_quick_deal(dealer: int, rules: T.Rules, rng: random.Random) -> list[int]:
    """The kernel's quick_deal in the engine: the 36 cards shuffled as ints, the first 9 to seat 0,
    the next 9 to seat 1, both keeping (T4, T5); then :func:`engine_whole_deal`."""
    pack = list(range(36))
    rng.shuffle(pack)
    hands = [" ".join(DECK[c].ascii() for c in pack[9 * p:9 * p + 9]) for p in (0, 1)]
    g = T.new_game(dataclasses.replace(rules, target=None), deal=T.make_deal(hands, dealer=dealer), undo=False)
    g.play("keep")
    g.play("keep")
    return engine_whole_deal(g, rng)


def engine_game_on(scores: list[int], me: int, dealer: int, rules: T.Rules, rng: random.Random) -> float:
    """The game played on from ``scores`` to its target (T16) by :func:`engine_quick_deal`, the dealer
    alternating: ``me``'s result (1, 0.5 or 0)."""
    while not (max(scores) >= rules.target and scores[0] != scores[1]):
        scores = [a + b for a, b in zip(scores, engine_quick_deal(dealer, rules, rng))]
        dealer = 1 - dealer
    return 0.5 if scores[0] == scores[1] else float(scores[me] > scores[1 - me])


def test_the_coachs_quick_deals_and_games_played_on_are_the_engines():
    """quick_deal gives the engine's totals and leaves the twister where random.Random is;
    win_chances (the coach's "game" measure) plays the game on to its target as the engine's deals
    do, every row of scores from random.Random(seed) afresh; with no target the scores decide."""
    presets = (T.TRAPPOLA, T.FOUR_TWOS_104, T.BY_ANYONE)
    for s in range(300):
        rules, g, rng = presets[s % 3], mt.new_generator(s), random.Random(s)
        points = np.zeros(2, np.int64)
        quick_deal(g, s % 2, rules.longest_streak, points)
        assert points.tolist() == engine_quick_deal(s % 2, rules, rng), s
        assert g.tolist() == list(rng.getstate()[1])
    rng, results = random.Random(6), set()
    for k in range(90):
        rules, me, dealer, seed_value = presets[k % 3], k % 2, rng.randrange(2), rng.random()
        scores = [[rng.randrange(180, 320), rng.randrange(180, 320)] for _ in range(3)]
        chances = win_chances(seed_number(seed_value), np.array(scores), me, dealer, rules.target,
                              rules.longest_streak).tolist()
        assert chances == [engine_game_on(row, me, dealer, rules, random.Random(seed_value)) for row in scores], k
        results.update(chances)
    assert results == {0.0, 1.0}
    assert win_chances(1, np.array([[30, 20], [20, 20], [0, 40]]), 0, 0, -1, 3).tolist() == [1.0, 0.5, 0.0]
