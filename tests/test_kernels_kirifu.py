"""Kirifu's kernels (cardlab.games.kirifu.kernel, kirifu_search) play as the engine with its bots:
every row of random and rule-of-thumb games (K2–K22, osoroi on and off, 3 to 5 seats) equals the
engine's from the same seeds, the search player's playouts from sampled mid-game positions equal
its engine playouts draw for draw, and the same source runs as plain Python."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from tools.games.kirifu.bench import PythonSearchBot
from cardlab.games.kirifu.bots import SearchBot, ThumbBot, _place, _rollout, determinize
from cardlab.kernels import mersenne as mt
from cardlab.games.kirifu.kernel import THUMB, columns, group_cards, groups, play_games
from cardlab.games.kirifu.kernel_search import moves, places, playout, position, seed_number
from cardlab.cards import french_deck
from cardlab.games import kirifu as K
from cardlab.games.kirifu.moves import osoroi_groups
from cardlab.sim import game_seed
from cardlab.games.kirifu import sim as sim_kirifu
from engine_checks import plain_python_result

PACK = french_deck()
MIX = [  # rules, players, games
    (K.KIRIFU, ("random",) * 4, 150),
    (K.KIRIFU, ("thumb",) * 4, 200),
    (K.KIRIFU, ("thumb", "random", "thumb"), 150),
    (K.KIRIFU, ("random", ("thumb", {"noise": 0.5}), "thumb", "random", "thumb"), 80),
    (K.KIRIFU_SINGLES, ("thumb", "thumb", "random", "random"), 100),
    (K.KIRIFU_2_7, ("thumb",) * 7, 40),
    (K.Rules(name="hearts-first-1", world="H", first=1, hand_size=6), ("thumb", "random", "random"), 80),
]


@pytest.mark.parametrize("rules,players,n", MIX, ids=[f"{m[0].name}-{len(m[1])}-{m[2]}" for m in MIX])
def test_kernel_games_equal_the_engine(rules, players, n):
    """Deal (K2–K4), cuts and omorai (K9–K11, K19, K20), osoroi (K13–K15), refills and finishing
    (K12, K17, K22): every column of every game, from the same seeds as the engine and its bots."""
    for i in range(n):
        seed = game_seed(21, i)
        assert sim_kirifu.play_one(seed, rules, players) == sim_kirifu.play_one(seed, rules, players, fast=False), i


def test_osoroi_groups_are_the_engines():
    """K13–K15: the same groups in the same order, for hands with pairs, threes and fours."""
    rng = np.random.default_rng(0)
    keys, cards = np.zeros(5000, np.int64), np.zeros(3, np.int64)
    for size in (2, 5, 9, 14, 20):
        for _ in range(40):
            hand = np.sort(rng.choice(52, size, replace=False))
            for limit in (1, 2, 3, 9):
                expected = osoroi_groups(tuple(PACK[c] for c in hand), limit)
                got = []
                for key in keys[:groups(hand, size, limit, keys)]:
                    got.append(tuple(PACK[c] for c in cards[:group_cards(key, cards)]))
                assert got == expected


def test_the_games_cover_the_rules():
    """The compared games are real ones: cuts, omorai, finished and capped games, the ace of spades
    dealt and in the stock."""
    rows = play_games(range(500), K.KIRIFU, [THUMB] * 4)
    cols = columns(4)
    assert rows[:, cols.index("cuts_0")].sum() > 500 and rows[:, cols.index("omorai_3")].sum() > 500
    assert set(rows[:, cols.index("ace_of_spades")].tolist()) == {-1, 0, 1, 2, 3}
    capped = play_games(range(30), K.KIRIFU, max_actions=40)
    assert (capped[:, cols.index("reason")] == 1).all() and (capped[:, cols.index("place_0")] == 0).all()


PLAIN_SCRIPT = """
import random
from cardlab.games.kirifu.bots import determinize
from cardlab.games.kirifu.kernel import play_games
from cardlab.games.kirifu.kernel_search import places
from cardlab.games import kirifu as K

result = [play_games(range(6), K.KIRIFU, [0, 1, 1, 0]).tolist(),
          play_games([2**40], K.Rules(players=3), [1, 1, 1], [0.0, 0.3, 1.0]).tolist()]
state, rng = K.new_game(seed=2, players=3), random.Random(2)
while len(result) < 8:                           # the search's playouts, from sampled positions
    legal = state.legal_actions()
    if len(legal) > 1:
        result.append(places(determinize(state, state.to_move, rng), legal, state.to_move, rng.random(), 60))
    state.apply(legal[0])
"""


def test_the_same_source_runs_as_plain_python():
    """Under NUMBA_DISABLE_JIT=1 the kernels are plain Python and give the compiled rows and
    playout places."""
    compiled: dict = {}
    exec(PLAIN_SCRIPT, compiled)
    assert plain_python_result(PLAIN_SCRIPT) == compiled["result"]


@pytest.mark.parametrize("kwargs", [{"seeds": [-1]}, {"kinds": [0, 2, 0, 0]}, {"kinds": [0]},
                                    {"noise": [0.1]}, {"rules": K.KIRIFU_JOKER}])
def test_bad_arguments_raise(kwargs):
    with pytest.raises(ValueError):
        play_games(**{"seeds": [1], "rules": K.KIRIFU, **kwargs})


def test_simulate_paths_agree():
    """Named players run on the kernel, the same bots as factories in the engine: equal frames."""
    from functools import partial

    from cardlab.bots import RandomBot
    from cardlab.games.kirifu.bots import ThumbBot
    from cardlab.sim import simulate
    kernel = simulate("kirifu", players=("random", "thumb", ("thumb", {"noise": 0.3})), n=60, seed=3, progress=False)
    engine = simulate("kirifu", players=(RandomBot, ThumbBot, partial(ThumbBot, noise=0.3)), n=60, seed=3,
                      progress=False)
    assert kernel.equals(engine) and str(kernel["place_0"].dtype) == "float64"
    two = simulate("kirifu", players=("thumb",) * 4, n=60, seed=3, processes=2, progress=False)
    assert two.equals(simulate("kirifu", players=("thumb",) * 4, n=60, seed=3, progress=False))
    empty = simulate("kirifu", n=0, progress=False)
    assert list(empty.columns) == list(simulate("kirifu", n=3, progress=False).columns)


# --- the search player's playouts (cardlab.games.kirifu.kernel_search) ----------------------------
def _decisions(deals: int):
    """(game, deal number) at every decision with a choice, and after every osoroi group (K13:
    more groups or send), of games between rule-of-thumb players (every other one playing at
    random one time in three): 3, 4 and 5 seats, osoroi on and off (K13–K15)."""
    for i in range(deals):
        rules = K.Rules(name="kirifu-test", players=3 + i % 3, osoroi=i % 6 < 3)
        state = K.State(rules, seed=i)
        bots = [ThumbBot(i * 8 + p, noise=0.1 + 0.2 * (p % 2)) for p in range(rules.players)]
        while not state.is_over:
            if len(state.legal_actions()) > 1 or state.chosen:
                yield state, i
            state.apply(bots[state.current_player].choose(state))


def test_playouts_equal_the_engines():
    """Every legal action at every decision of 24 games, played out from a sampled world by the
    noisy rule of thumb (cuts and omorai K9–K11, K19, K20; osoroi K13–K15; refills and finishing
    K12, K17, K22): the kernel's place equals the engine's (finished, or ranked by hand size at
    the cap), and its generator ends in the state of the engine's random.Random."""
    seen = Counter()
    for k, (state, deal) in enumerate(_decisions(24)):
        me, rng, legal = state.current_player, random.Random(k), state.legal_actions()
        sample, seed_value, cap = determinize(state, me, rng), rng.random(), 30 if k % 4 == 0 else 400
        expected = []
        for action in legal:
            sim, engine_rng = sample.clone(undo=False), random.Random(seed_value)
            sim.apply(action)
            _rollout(sim, engine_rng, cap)
            expected.append(_place(sim, me))
            g = mt.state_of(random.Random(seed_value))
            assert playout(*position(sample), moves(sample, [action])[0], g, cap, me) == expected[-1], (deal, k)
            assert g.tolist() == list(engine_rng.getstate()[1]), (deal, k, action)
            seen["finished" if sim.is_over else "capped"] += 1
        assert places(sample, legal, me, seed_value, cap) == expected
        seen[state.phase, bool(state.taken or state.chosen), state.rules.players, state.rules.osoroi] += 1
    assert seen["finished"] > 1000 and seen["capped"] > 100
    assert all(seen[phase, False, n, osoroi] > 10 for phase in (K.RECEIVE, K.PASS) for n in (3, 4, 5)
               for osoroi in (True, False))
    assert sum(seen[K.RECEIVE, True, n, True] for n in (3, 4, 5)) > 30        # after an omorai (K9)
    assert sum(seen[K.PASS, True, n, True] for n in (3, 4, 5)) > 30           # an osoroi begun (K13)


def test_the_search_decides_as_with_python_playouts():
    """SearchBot on the kernel (worlds sampled and played out in one call) sums the same places
    for every legal action as with its worlds and playouts in the engine, chooses the same at the
    same budget, and leaves its random.Random in the same state."""
    for k, (state, _) in enumerate(_decisions(9)):
        if k % 2:
            continue
        kernel, python = SearchBot(k), PythonSearchBot(k)
        legal = state.legal_actions()
        assert kernel.totals(state, legal, 1 + k % 3) == python.totals(state, legal, 1 + k % 3), k
        assert kernel.rng.getstate() == python.rng.getstate()
        if k % 6 == 0:
            kernel, python = SearchBot(k, budget=12), PythonSearchBot(k, budget=12)
            assert kernel.choose(state) == python.choose(state), k
            assert kernel.rng.getstate() == python.rng.getstate()


def test_the_joker_variant_plays_out_in_the_engine():
    """The kernel has no joker: its playouts refuse it, and the search bot plays them in the engine."""
    state = K.new_game(K.KIRIFU_JOKER, seed=4)
    with pytest.raises(ValueError):
        places(state, state.legal_actions(), 0, 0.5)
    assert SearchBot(1, budget=8).choose(state) == PythonSearchBot(1, budget=8).choose(state)


def test_playout_seeds_are_cpythons():
    """random.Random(x) seeds with abs(x) for a whole number and hash(x) for a float."""
    for x in (0, 7, 2**40 + 3, -5, 0.0, 0.25, random.Random(1).random(), 0.999999):
        assert mt.new_generator(seed_number(x)).tolist() == list(random.Random(x).getstate()[1])
    with pytest.raises(ValueError):
        seed_number(-0.5)

