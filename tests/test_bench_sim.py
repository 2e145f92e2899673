"""The simulation benchmark runs and prints every path with its ratio and its target, the
CPU-time figures of two threads and the load average (figures are not asserted); the two sides
of a ratio are measured interleaved, the best run of each kept. The C loop of Cleopatra with
slaps plays the kernel's games."""

from functools import partial

import numpy as np
import pytest

from tools.bench.sim import Rates, best_interleaved, main
from cardlab.games.cleopatra import CLEOPATRA
from tools.games.cleopatra.c_loop import ROW, c_loop, c_rows, slaps_loop
from cardlab.games.cleopatra.kernel import play_games

ROWS = {"Beggar-my-neighbour": "1.5x", "Cleopatra, bot slaps": "200,000", "Cleopatra, no slaps": None,
        "Egyptian Ratscrew, bot slaps": None, "Cleopatra slaps / own C": "1.0x", "two cores / one": "1.8x",
        "Trappola, random deals": "2,000", "Kirifu, 4 random players": "500"}
"""The rows the benchmark prints, declared by the games' ``bench`` parts, and their targets (as
printed); the rows of earlier notes keep their names."""


def test_bench_sim_prints_every_path(capsys):
    assert main(["--seconds", "0.01", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    for name, target in ROWS.items():
        line = next(line for line in out.splitlines() if line.startswith(name))
        assert line.count("x ") >= 1  # the ratio to the yardstick
        if target is None:
            assert "met" not in line
        else:
            assert f" {target} " in line and "met" in line
    assert "C loop" in out or "engine" in out
    assert "(CPU time per game, 2 / 1)" in out and "(cores the 2 threads got)" in out
    assert "(cores other work took, 1 / 2)" in out
    assert out.count("load average") == 2


def test_the_sides_of_a_ratio_run_in_turn_and_the_best_run_of_each_counts():
    calls, runs = [], {"a": iter([1.0, 3.0, 2.0]), "b": iter([5.0, 4.0, 6.0])}

    def measure(name: str, r: int) -> Rates:
        calls.append((name, r))
        rate = next(runs[name])
        return Rates(cpu=rate, wall=10 - rate)

    best = best_interleaved({"a": partial(measure, "a"), "b": partial(measure, "b")}, 3)
    assert calls == [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", 2), ("b", 2)]
    assert best == {"a": Rates(3.0, 7.0), "b": Rates(6.0, 4.0)}
    runs = {"a": iter([1.0, 3.0]), "b": iter([5.0, 4.0])}
    assert best_interleaved({"a": partial(measure, "a"), "b": partial(measure, "b")}, 2, by="wall") == \
        {"a": Rates(1.0, 9.0), "b": Rates(4.0, 6.0)}


def test_a_run_that_other_work_left_alone_counts_before_a_faster_one():
    runs = iter([Rates(5.0, 5.0, others=1.0), Rates(3.0, 3.0, others=0.0), Rates(4.0, 4.0, others=0.5)])
    assert best_interleaved({"a": lambda r: next(runs)}, 3) == {"a": Rates(3.0, 3.0, 0.0)}


@pytest.mark.parametrize("loop", [c_loop, slaps_loop])
def test_a_c_loop_plays_a_run_at_a_time(loop):
    with loop() as run:
        if run is not None:          # without a C compiler the benchmark measures against the engine
            assert run(2000) > 0 and run(2000) > 0


SLAPPER = (0.8, 350.0, 90.0, 150.0, 0.0)
KEEN = (1.0, 350.0, 5.0, 349.0, 0.0)                     # slaps every pair, nearly always at 349 ms: ties


@pytest.mark.parametrize("models", [(SLAPPER, SLAPPER), (KEEN, KEEN), ((0.3, 300.0, 120.0, 100.0, 0.0), SLAPPER)],
                         ids=["slappers", "ties", "uneven"])
def test_the_c_loop_of_cleopatra_with_slaps_plays_the_kernels_games(models):
    """C4-C15 and the seats' slap models on the kernel's generator: game i of a run is the kernel's
    game i (winner, reason, cards, tricks, steps and both seats' slaps won), ties and coins (C11)
    included, so the ratio compares the same games."""
    rows = c_rows(3000, 5, models)
    if rows is None:
        pytest.skip("no C compiler")
    kernel = play_games(CLEOPATRA, 5, 0, 3000, models)
    for field in ROW:
        assert np.array_equal(rows[field], kernel[field]), field
    assert rows["slaps_0"].sum() > 0 and rows["slaps_1"].sum() > 0 and (rows["winner"] == 1).any()
