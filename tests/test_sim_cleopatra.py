"""Cleopatra rows for experiments: simulate() plays the kernel, one seed per game, and every row
replays in the engine; the rows are the same on any executor (a Dask cluster included)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from cardlab.games.cleopatra.kernel_replay import replay
from cardlab.games.cleopatra import BEGGAR_MY_NEIGHBOUR, CLEOPATRA, EGYPTIAN_RATSCREW, Slapped
from cardlab.games.cleopatra import sim as sim_cleo
from cardlab.sim import simulate

PLAYERS = ("slapper", ("slapper", {"attention": 0.4}))

REPLACED = pytest.mark.skip(reason="replaced by the numba kernel (issue 13)")
"""The fast paths play Cleopatra's slaps by the rules before C9/C10 changed (issue 14)."""


@pytest.mark.parametrize("rules", [CLEOPATRA, BEGGAR_MY_NEIGHBOUR, EGYPTIAN_RATSCREW], ids=lambda r: r.name)
def test_rows_replay_in_the_engine(rules):
    """Each row is the engine's game from the row's seed with the players' slap models (C10)."""
    frame = simulate("cleopatra", rules, PLAYERS, n=120, seed=3, progress=False)
    models = sim_cleo.slap_models(PLAYERS)
    for i in range(0, 120, 4):
        row = frame.iloc[i]
        state = replay(rules, int(row["seed"]), models)
        out = state.outcome
        slaps = [sum(isinstance(e, Slapped) and e.player == s for e in state.events) for s in (0, 1)]
        winner = None if row["winner"] is pd.NA else int(row["winner"])
        assert (winner, row["reason"], row["cards"], row["tricks"], row["steps"], row["slaps_0"], row["slaps_1"]) == (
            out.winner, out.reason, out.stats["cards"], out.stats["tricks"], out.stats["steps"], *slaps), i
        hands = state.initial_deal()["hands"]
        assert row["js_0"] == sum(c.startswith("J") for c in hands[0]) and row["first"] == state.initial_deal()["first"]


def test_deal_columns_count_the_honours():
    """C2: in a colour deal each player holds exactly two Js, Qs, Ks and As; shuffled deals vary."""
    row = simulate("cleopatra", n=5, progress=False).iloc[3]
    assert all(row[f"{r}s_{s}"] == 2 for r in "jqka" for s in (0, 1))
    shuffled = simulate("cleopatra", "beggar-my-neighbour", n=200, progress=False)
    assert shuffled["js_0"].nunique() > 2 and (shuffled["js_0"] + shuffled["js_1"] == 4).all()
    assert (shuffled[["slaps_0", "slaps_1"]] == 0).all().all()


def test_detail_columns_follow_the_events():
    """detail=True adds the kernel's J columns (proven against the engine's events in
    tests/test_kernels_cleopatra.py) to the same games; nobody slapping, no slaps are won (C10)."""
    quiet = simulate("cleopatra", players=("none", "none"), n=30, detail=True, progress=False)
    assert (quiet[["slaps_0", "slaps_1"]] == 0).all().all()
    frame = simulate("cleopatra", n=40, seed=2, detail=True, progress=False)
    plain = simulate("cleopatra", n=40, seed=2, progress=False)
    assert frame[list(plain.columns)].equals(plain) and frame["slaps_0"].sum() > 0
    assert list(frame.columns[len(plain.columns):]) == ["opp_js_taken_0", "opp_js_taken_1", "first_opp_j_taker"]
    assert frame[["opp_js_taken_0", "opp_js_taken_1"]].max().max() <= 2
    taken = frame["opp_js_taken_0"] + frame["opp_js_taken_1"]
    assert (frame["first_opp_j_taker"].isna() == (taken == 0)).all()


def test_rows_are_the_same_on_any_executor():
    """Per-game seeds: one job or many, threads or processes, a thread pool or a Dask cluster."""
    from distributed import Client, LocalCluster

    one = simulate("cleopatra", players=PLAYERS, n=900, seed=8, progress=False)
    assert one.equals(simulate("cleopatra", players=PLAYERS, n=900, seed=8, processes=2, chunk=250, progress=False))
    with ThreadPoolExecutor(3) as pool:
        assert one.equals(simulate("cleopatra", players=PLAYERS, n=900, seed=8, executor=pool, chunk=100,
                                   progress=False))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        frame = simulate("cleopatra", players=PLAYERS, n=900, seed=8, executor=client.get_executor(), chunk=300,
                         progress=False)
        trappola = simulate("trappola", n=12, seed=1, executor=client.get_executor(), progress=False)
    assert one.equals(frame)
    assert trappola.equals(simulate("trappola", n=12, seed=1, progress=False))


def test_bad_arguments_raise():
    with pytest.raises(ValueError, match="players\\[1\\]"):
        simulate("cleopatra", CLEOPATRA, ("slapper", "clever"), n=10)
    with pytest.raises(ValueError, match="attention"):
        simulate("cleopatra", CLEOPATRA, (("slapper", {"attention": 2.0}), "none"), n=10)
    with pytest.raises(ValueError, match="n >= 0"):
        simulate("cleopatra", n=-1)


@pytest.mark.parametrize("game, option, known", [("cleopatra", "batch", "'detail'"), ("trappola", "detail", "none"),
                                                  ("kirifu", "seats", "none")])
def test_an_option_the_game_does_not_take_is_a_clear_error(game, option, known):
    from cardlab.sim import game_options

    with pytest.raises(TypeError, match=rf"takes no option '{option}'; its options: .*{known}"):
        simulate(game, n=2, progress=False, **{option: True})
    assert option not in game_options(game)
