"""The simulation benchmark runs and prints every path with its ratio (figures are not asserted)."""

from cardlab.bench.sim import BATCHES, CASES, main


def test_bench_sim_prints_every_path(capsys):
    assert main(["--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    for name in [case[0] for case in CASES + BATCHES]:
        line = next(line for line in out.splitlines() if line.startswith(name))
        assert line.count("x ") == 1  # the ratio to the reference loop
    assert "deal only" in out
