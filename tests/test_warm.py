"""``python -m tools.warm`` leaves every kernel the simulations use in numba's disk cache:
after it, a fresh process plays each path of ``simulate`` (and the record hunt) without compiling
anything — numba's own count of cache misses, not a timing."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlab.kernels import warm
from tools import warm as command

ROOT = Path(__file__).resolve().parents[1]

# What the notebooks and the suite ask of the kernels, written out on their own (not warm.CASES):
# each Cleopatra preset with and without detail, with bots and without, a variant, given deals,
# Trappola's kernel players, search player and coach, Kirifu's kernel players at another table size,
# its search player and coach.
SIM_USES = """
from cardlab.kernels.warm import cache_counts
from cardlab.coach import hints
from cardlab.games import cleopatra, kirifu, trappola
from cardlab.sim import simulate
from cardlab.games.cleopatra import record_hunt

for rules in cleopatra.PRESETS.values():
    for players in (("none", "none"), ("slapper", ("slapper", {"attention": 0.3}))):
        simulate("cleopatra", rules, players, n=3, seed=1, processes=2, progress=False)
    simulate("cleopatra", rules, n=3, detail=True, progress=False)
simulate("cleopatra", cleopatra.variant(ace=4, slaps="same_rank_or_faces"), n=3, progress=False)
record_hunt.hill_climbing(budget=8, seed=1, chains=2)
simulate("trappola", players=("thumb", ("thumb", {"threshold": 30})), n=3, progress=False)
simulate("trappola", players=(("search", {"budget": 8}), "thumb"), n=1, progress=False)
exchange, play = trappola.new_game(trappola.FOUR_TWOS_104, seed=5), trappola.new_game(seed=5)
play.play("keep")
play.play("keep")
for state in (exchange, play):
    hints(state, budget=6)
    hints(state, budget=6, measure="game")
simulate("kirifu", players=("thumb",) * 5, n=3, progress=False)
simulate("kirifu", players=("thumb", ("search", {"budget": 6}), "random", "thumb"), n=1, progress=False)
hints(kirifu.new_game(kirifu.KIRIFU, seed=3, players=5), budget=6)

compiled, loaded = cache_counts()
print(json.dumps({"compiled": compiled, "loaded": loaded}))
"""


def run(args: list[str]) -> str:
    env = {**os.environ, "CARDLAB_QUICK": "1"}
    return subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True,
                          env=env, cwd=ROOT).stdout


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"), reason="nothing is compiled")
def test_after_warming_a_fresh_process_compiles_nothing():
    out = run(["-m", "tools.warm"])
    assert len(out.splitlines()) == len(warm.all_cases()) + 2     # the heading, a line per case, the total
    counts = json.loads(run(["-c", "import json\n" + SIM_USES]).splitlines()[-1])
    assert counts["compiled"] == 0
    assert counts["loaded"] > 0


def test_warm_reports_each_case_and_whether_it_compiled():
    lines: list[str] = []
    calls: list[str] = []
    total = warm.warm([("first", lambda: calls.append("first")), ("second", lambda: calls.append("second"))],
                      out=lines.append)
    assert calls == ["first", "second"] and total >= 0
    assert [line.split()[0] for line in lines] == ["first", "second"]
    assert all(line.endswith("ready already") for line in lines)   # nothing compiled here


def test_the_tables_kernels_come_first_and_every_case_runs_once():
    """make lab's background warm-up compiles first what the tables need (each game's warm_first
    cases: Trappola's search player and coach, Kirifu's coach), then every other case of every game."""
    from cardlab.registry import with_part

    games = with_part("warm")
    first = [label for info in games for label, _ in info.part("warm_first", [])]
    every = [label for info in games for label, _ in info.part("warm")]
    labels = [label for label, _ in warm.all_cases()]
    assert "Trappola kernel: the search player's playouts" in first and set(first) < set(every)
    assert labels[:len(first)] == first
    assert sorted(labels) == sorted(every) and len(set(labels)) == len(labels)


def test_a_second_warm_up_waits_for_the_one_holding_the_lock(tmp_path):
    """make test run while make lab's warm-up compiles waits for it instead of compiling beside it."""
    import threading

    lock, said, inside = tmp_path / "stamp.lock", [], threading.Event()

    def second() -> None:
        with command.holding(lock, out=said.append):
            inside.set()

    with command.holding(lock):
        waiter = threading.Thread(target=second)
        waiter.start()
        for _ in range(600):                    # until the second one says it waits
            if said:
                break
            inside.wait(0.05)
        assert said and "waiting for the warm-up" in said[0] and not inside.is_set()
    waiter.join(30)
    assert inside.is_set()


def test_background_returns_at_once_and_names_the_log(tmp_path, monkeypatch, capsys):
    started = []
    monkeypatch.setattr(command, "start_background", lambda args, log: started.append((args, log)))
    assert command.main(["--stamp", str(tmp_path / "stamp"), "--background", str(tmp_path / "warm.log")]) == 0
    assert started == [(["--stamp", str(tmp_path / "stamp")], tmp_path / "warm.log")]
    assert f"log: {tmp_path / 'warm.log'}" in capsys.readouterr().out


def test_the_background_warm_up_writes_its_log_and_touches_the_stamp(tmp_path, monkeypatch):
    """The process make lab starts: its lines in the log, the stamp touched when every kernel is
    ready (here none compiles: NUMBA_DISABLE_JIT)."""
    stamp, log = tmp_path / ".cardlab-warm", tmp_path / "warm.log"
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    assert command.start_background(["--stamp", str(stamp)], log).wait(120) == 0
    assert stamp.exists() and "nothing to compile" in log.read_text()
