"""The simulation benchmark runs and prints every path with its ratio and its target, the
CPU-time figures of two threads and the load average (figures are not asserted); the two sides
of a ratio are measured interleaved, the best run of each kept."""

from functools import partial

from cardlab.bench.sim import Rates, best_interleaved, main
from cardlab.games.cleopatra.c_loop import c_loop

ROWS = {"Beggar-my-neighbour": "0.6x", "Cleopatra, bot slaps": "200,000", "Cleopatra, no slaps": None,
        "Egyptian Ratscrew, bot slaps": None, "two cores / one": "1.8x", "Trappola, random deals": "2,000",
        "Kirifu, 4 random players": "500"}
"""The rows the benchmark has always printed, declared by the games' ``bench`` parts, and their
targets (as printed), so that earlier notes stay comparable."""


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


def test_the_c_loop_plays_a_run_at_a_time():
    with c_loop() as run:
        if run is not None:          # without a C compiler the benchmark measures against the engine
            assert run(2000) > 0 and run(2000) > 0
