"""``python -m tools.bench`` lists every benchmark — the shared ones and each game's own, found
through the registry — and each listed name answers ``--help``; a name that is no benchmark (an
unknown one, a helper module without ``main``) gets the list of names, not a traceback."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def bench(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tools.bench", *argv], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def names() -> list[str]:
    out = bench("--help")
    assert out.returncode == 0, out.stderr
    listed = re.search(r"usage: python -m tools.bench \{([^}]*)\}", out.stdout)
    assert listed, out.stdout
    return listed.group(1).split(",")


def test_the_list_holds_the_shared_benchmarks_and_the_games_own(names):
    assert {"sim", "coach", "table"} <= set(names)
    assert {"trappola", "kirifu"} <= set(names)       # the games' bench parts offer a main
    assert "part" not in names                           # a module of the package without main


def test_every_listed_benchmark_answers_help(names):
    for name in names:
        out = bench(name, "--help")
        assert out.returncode == 0, (name, out.stderr[-2000:])
        assert "usage:" in out.stdout


@pytest.mark.parametrize("name", ["no-such-bench", "part", "c_loop"])
def test_a_name_that_is_no_benchmark_gets_the_list(names, name):
    out = bench(name, "--help")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    assert f"{name!r} is not a benchmark" in out.stderr
    assert all(listed in out.stderr for listed in names)
