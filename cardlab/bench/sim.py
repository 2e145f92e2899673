"""Simulation speed: ``python -m cardlab.bench sim [--seconds S]``.

For each simulation path of :mod:`cardlab.sim` (what ``simulate()`` runs, dealing included), the
games per second on one core, and the ratio to the plain reference loop measured in the same run:
``play_out(new_game(seed), bots)``, the engine with its events and undo snapshots, as a notebook
would write it. CPU time of this process (best of three), so other load on the machine counts less.
"""

from __future__ import annotations

import argparse
import random
import time
from functools import partial
from typing import Any, Callable

from ..bots import RandomBot
from ..bots.cleopatra import SlapBot
from ..fast.cleopatra import deal_codes
from ..game import play_out
from ..games import cleopatra, kirifu, trappola
from ..sim import bot_seed, game_seed
from ..sim import cleopatra as sim_cleopatra
from ..sim import kirifu as sim_kirifu
from ..sim import trappola as sim_trappola

TARGETS = {"Trappola, random deals": 2_000, "Kirifu, 4 random players": 500, "Cleopatra, bot slaps (batch)": 40_000,
           "Cleopatra, no slaps (batch)": 40_000, "Beggar-my-neighbour (batch)": 40_000}
"""Games/s the issue asks for, one core. Cleopatra's and Beggar-my-neighbour's are for the paths of
``simulate(..., batch=True)``; their per-game paths (each game replayable from its own seed) are
measured for comparison."""


def _engine_cleopatra(rules: cleopatra.Rules, slaps: bool, seed: int) -> None:
    bots = [SlapBot(bot_seed(seed, s), attention=0.8 if slaps else 0.0) for s in (0, 1)]
    play_out(cleopatra.new_game(rules, seed=seed), bots)


def _engine_loop(new_game: Callable[[int], Any], seats: int, seed: int) -> None:
    play_out(new_game(seed), [RandomBot(bot_seed(seed, s)) for s in range(seats)])


CASES: list[tuple[str, Callable[[int], Any], Callable[[int], Any]]] = [
    ("Cleopatra (no slaps)",
     partial(sim_cleopatra.play_one, rules=cleopatra.CLEOPATRA, players=("none", "none")),
     partial(_engine_cleopatra, cleopatra.CLEOPATRA, False)),
    ("Cleopatra (bot slaps)", partial(sim_cleopatra.play_one, rules=cleopatra.CLEOPATRA),
     partial(_engine_cleopatra, cleopatra.CLEOPATRA, True)),
    ("Beggar-my-neighbour",
     partial(sim_cleopatra.play_one, rules=cleopatra.BEGGAR_MY_NEIGHBOUR, players=("none", "none")),
     partial(_engine_cleopatra, cleopatra.BEGGAR_MY_NEIGHBOUR, False)),
    ("Trappola, random deals", sim_trappola.play_one,
     partial(_engine_loop, lambda s: trappola.new_game(trappola.SINGLE_DEAL, seed=s), 2)),
    ("Kirifu, 4 random players", sim_kirifu.play_one,
     partial(_engine_loop, lambda s: kirifu.new_game(kirifu.KIRIFU, seed=s), 4)),
]


def games_per_second(play: Callable[[int], Any], seconds: float, base: int = 0) -> float:
    """Games/s of ``play(seed)`` over fresh seeded games, best of three runs of about ``seconds``."""
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds / 10 or n < 3:  # calibrate
        play(game_seed(base, n))
        n += 1
    per_run = max(3, int(n * 10 / 3))
    best = float("inf")
    for r in range(3):
        start = time.process_time()
        for i in range(per_run):
            play(game_seed(base + r + 1, i))
        best = min(best, time.process_time() - start)
    return per_run / max(best, 1e-9)


def _deal_only(seed: int) -> None:
    """The floor under every Cleopatra path: drawing the seeded deal (52 cards through random.shuffle)."""
    deal_codes(cleopatra.BEGGAR_MY_NEIGHBOUR, random.Random(seed))


def batch_games_per_second(n: int, rules: cleopatra.Rules, players: tuple) -> float:
    """Games/s of ``simulate("cleopatra", rules, players, n, batch=True)`` (dealing and the rows
    included), best of three runs."""
    best = float("inf")
    for seed in range(3):
        start = time.process_time()
        sim_cleopatra.simulate_batch(n, seed, rules, players, progress=False)
        best = min(best, time.process_time() - start)
    return n / max(best, 1e-9)


BATCHES = [("Cleopatra, bot slaps (batch)", cleopatra.CLEOPATRA, ("slapper", "slapper"), "Cleopatra (bot slaps)"),
           ("Cleopatra, no slaps (batch)", cleopatra.CLEOPATRA, ("none", "none"), "Cleopatra (no slaps)"),
           ("Beggar-my-neighbour (batch)", cleopatra.BEGGAR_MY_NEIGHBOUR, None, "Beggar-my-neighbour")]
"""The batch paths: name, rules, players, and the per-game case whose reference loop they are compared to."""


def _line(name: str, rate: float, ref: float, target: int | None) -> str:
    verdict = "" if target is None else f"{target:8,} {'met' if rate >= target else 'NOT met'}"
    return f"{name:30} {rate:12,.0f} {ref:12,.0f} {rate / ref:6.1f}x {verdict}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.bench sim", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = parser.parse_args(argv)
    print(f"{'path':30} {'sim games/s':>12} {'reference/s':>12} {'ratio':>7} {'target':>8}")
    refs = {}
    for name, fast, reference in CASES:
        rate = games_per_second(fast, args.seconds)
        refs[name] = games_per_second(reference, args.seconds / 3)
        print(_line(name, rate, refs[name], TARGETS.get(name)))
    n = max(1000, int(args.seconds * 100_000 / 3))  # 100,000 games a batch by default
    for name, rules, players, reference in BATCHES:
        print(_line(name, batch_games_per_second(n, rules, players), refs[reference], TARGETS[name]))
    print(f"{'(drawing a 52-card deal only)':30} {games_per_second(_deal_only, args.seconds):12,.0f}"
          "   the most a per-game path that deals like the engine can reach")
    return 0
