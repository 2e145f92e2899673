"""``python -m cardlab.kernels.warm`` leaves every kernel the simulations use in numba's disk cache:
after it, a fresh process plays each path of ``simulate`` (and the record hunt) without compiling
anything — numba's own count of cache misses, not a timing."""

import json
import os
import subprocess
import sys

import pytest

from cardlab.kernels import warm

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
                          env=env).stdout


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"), reason="nothing is compiled")
def test_after_warming_a_fresh_process_compiles_nothing():
    out = run(["-m", "cardlab.kernels.warm"])
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
