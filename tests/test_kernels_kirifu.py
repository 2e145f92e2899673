"""Kirifu's kernel (cardlab.fast.kernels.kirifu) plays as the engine with its bots: every row of
random and rule-of-thumb games (K2–K22, osoroi on and off, 3 to 5 seats) equals the engine's from
the same seeds, and the same source runs as plain Python."""

from __future__ import annotations

import numpy as np
import pytest

from cardlab.fast.kernels.kirifu import THUMB, columns, group_cards, groups, play_games
from cardlab.cards import french_deck
from cardlab.games import kirifu as K
from cardlab.games.kirifu_moves import osoroi_groups
from cardlab.sim import game_seed
from cardlab.sim import kirifu as sim_kirifu
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


PLAIN_SCRIPT = ("import json; from cardlab.fast.kernels.kirifu import play_games; from cardlab.games import kirifu as K; "
                "r = K.Rules(players=3); "
                "result = [play_games(range(6), K.KIRIFU, [0, 1, 1, 0]).tolist(), "
                "play_games([2**40], r, [1, 1, 1], [0.0, 0.3, 1.0]).tolist()]")


def test_the_same_source_runs_as_plain_python():
    """Under NUMBA_DISABLE_JIT=1 the kernel is plain Python and gives the compiled rows."""
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
    from cardlab.bots.kirifu import ThumbBot
    from cardlab.sim import simulate
    kernel = simulate("kirifu", players=("random", "thumb", ("thumb", {"noise": 0.3})), n=60, seed=3, progress=False)
    engine = simulate("kirifu", players=(RandomBot, ThumbBot, partial(ThumbBot, noise=0.3)), n=60, seed=3,
                      progress=False)
    assert kernel.equals(engine) and str(kernel["place_0"].dtype) == "float64"
    two = simulate("kirifu", players=("thumb",) * 4, n=60, seed=3, processes=2, progress=False)
    assert two.equals(simulate("kirifu", players=("thumb",) * 4, n=60, seed=3, progress=False))
    empty = simulate("kirifu", n=0, progress=False)
    assert list(empty.columns) == list(simulate("kirifu", n=3, progress=False).columns)
