"""The simulation benchmark runs and prints every path with its ratio, the CPU-time figures of
two threads and the load average (figures are not asserted)."""

from cardlab.bench.sim import ENGINE_CASES, KERNEL, main


def test_bench_sim_prints_every_path(capsys):
    assert main(["--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    for name in [case[0] for case in KERNEL + ENGINE_CASES] + ["two cores / one"]:
        line = next(line for line in out.splitlines() if line.startswith(name))
        assert line.count("x ") >= 1  # the ratio to the yardstick
    assert "C loop" in out or "engine" in out
    assert "(CPU time per game, 2 / 1)" in out and "(cores the 2 threads got)" in out
    assert out.count("load average") == 2
