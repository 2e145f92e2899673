"""The Trappola simulation path agrees with the engine, deal for deal (issue 6)."""

from __future__ import annotations

from functools import partial

import pytest

from cardlab.sim import simulate
from cardlab.games.trappola import sim as sim_trappola


def test_kernel_and_engine_paths_give_the_same_frame():
    """Named random and rule-of-thumb players run on the kernel, the same bots given as factories
    in the engine: the frames are equal, dtypes included (T3–T16; the kernel's own proof over
    thousands of games is tests/test_kernels_trappola.py)."""
    from cardlab.bots import RandomBot
    from cardlab.games.trappola.bots import RuleOfThumbBot
    kernel = simulate("trappola", players=("random", ("thumb", {"threshold": 18})), n=200, seed=3, progress=False)
    engine = simulate("trappola", players=(RandomBot, partial(RuleOfThumbBot, threshold=18)), n=200, seed=3,
                      progress=False)
    assert kernel.equals(engine) and str(kernel["winner"].dtype) == "float64"
    assert sim_trappola.kernel_spec(("random", ("thumb", {"threshold": 18}))) == ((0, 1), (24, 18))
    assert sim_trappola.kernel_spec(("random", ("search", {"budget": 5}))) is None
    from cardlab.games.kirifu import kernel as kirifu_kernel
    from cardlab.games.trappola import kernel as trappola_kernel
    assert (trappola_kernel.RANDOM, trappola_kernel.THUMB) == (kirifu_kernel.RANDOM, kirifu_kernel.THUMB) == (0, 1)
    empty = simulate("trappola", n=0, progress=False)
    assert list(empty.columns) == list(kernel.columns) and (empty.dtypes == kernel.dtypes).all()


def test_rows_vary_and_add_up():
    """The rows are real games: exchanges, declarations and 2s all happen; points add up."""
    rows = [sim_trappola.play_one(seed) for seed in range(400)]
    assert {0, 1} <= {r["winner"] for r in rows}  # (a single deal can also be drawn)
    for key in ("exchanges_0", "exchanges_1", "declarations_0", "twos_won_1", "streaks"):
        assert any(r[key] for r in rows), key
    assert all(r["tricks"] == 9 and r["deals"] == 1 for r in rows)
    # T15: card points (at most 72 in play) + 6 for the last trick or a streak + 10s + declarations
    for r in rows:
        total = r["points_0"] + r["points_1"] - r["declaration_points_0"] - r["declaration_points_1"]
        assert total >= 6


def test_unknown_player_is_named():
    with pytest.raises(ValueError, match=r"players\[1\]: unknown player 'genius'"):
        sim_trappola.play_one(1, players=("random", "genius"))


def test_simulate_is_reproducible_and_splits_over_processes():
    """The same seed gives the same frame; two processes give exactly the single-core rows."""
    one = simulate("trappola", n=300, seed=7, progress=False)
    again = simulate("trappola", "single-deal", n=300, seed=7, progress=False)
    two = simulate("trappola", n=300, seed=7, processes=2, progress=False)
    assert one.equals(again) and one.equals(two)
    assert len(one) == 300 and one["seed"].is_unique
    assert not one.equals(simulate("trappola", n=300, seed=8, progress=False))


def test_duel_alternates_seats_and_scores_each_side():
    """cardlab.sim.duel: A sits in seat 0 then 1; a and b are the final scores (T15) of A and B."""
    from cardlab.bots import RandomBot
    from cardlab.games.trappola.bots import RuleOfThumbBot
    from cardlab.sim import duel
    rows = duel("trappola", RuleOfThumbBot, RandomBot, 6, "single-deal", first_seed=40)
    assert [r["seed"] for r in rows] == list(range(40, 46)) and [r["seat"] for r in rows] == [0, 1] * 3
    for r in rows:
        state = r["state"]
        assert state.is_over and state.rules.name == "single-deal"
        assert (r["a"], r["b"]) == (state.scores[r["seat"]], state.scores[1 - r["seat"]])
    again = duel("trappola", RuleOfThumbBot, RandomBot, 6, "single-deal", first_seed=40)
    assert [(r["a"], r["b"]) for r in again] == [(r["a"], r["b"]) for r in rows]
