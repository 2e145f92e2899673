"""Simulation speed: ``python -m cardlab.bench sim [--seconds S]``.

For each simulation path of :mod:`cardlab.sim` (what ``simulate()`` runs, dealing included), the
games per second on one core, and the ratio to the plain reference loop measured in the same run:
``new_game(seed)`` then ``state.apply(bot.choose(state))`` until the end, the engine with its
events, checks and undo snapshots, as a notebook would write it by hand. CPU time of this process
(best of three), so other load on the machine counts less.
"""

from __future__ import annotations

import argparse
import random
import time
from functools import partial
from typing import Any, Callable

from ..bots import RandomBot
from ..bots.cleopatra import SlapBot, play_out
from ..fast.batch import beggar_batch, deals
from ..fast.batch_cleopatra import cleopatra_batch
from ..fast.cleopatra import deal_codes
from ..games import cleopatra, kirifu, trappola
from ..sim import bot_seed, game_seed
from ..sim import cleopatra as sim_cleopatra
from ..sim import kirifu as sim_kirifu
from ..sim import trappola as sim_trappola

TARGETS = {"Cleopatra (no slaps)": 40_000, "Cleopatra (bot slaps)": 40_000, "Beggar-my-neighbour": 40_000,
           "Trappola, random deals": 2_000, "Kirifu, 4 random players": 500}


def _engine_cleopatra(rules: cleopatra.Rules, slaps: bool, seed: int) -> None:
    bots = [SlapBot(bot_seed(seed, s), attention=0.8 if slaps else 0.0) for s in (0, 1)]
    play_out(cleopatra.new_game(rules, seed=seed), bots)


def _engine_loop(new_game: Callable[[int], Any], seats: int, seed: int) -> None:
    state = new_game(seed)
    bots = [RandomBot(bot_seed(seed, s)) for s in range(seats)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))


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


def batch_games_per_second(n: int, play: Callable[[int, int], Any]) -> float:
    """Games/s of a NumPy batch path (``play(seed, n)``, dealing included), best of three batches."""
    best = float("inf")
    for r in range(3):
        start = time.process_time()
        play(r, n)
        best = min(best, time.process_time() - start)
    return n / max(best, 1e-9)


def _line(name: str, rate: float, ref: float, target: int) -> str:
    verdict = "met" if rate >= target else "NOT met"
    return f"{name:28} {rate:12,.0f} {ref:12,.0f} {rate / ref:6.1f}x {target:8,} {verdict}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.bench sim", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = parser.parse_args(argv)
    print(f"{'path':28} {'sim games/s':>12} {'reference/s':>12} {'ratio':>7} {'target':>8}")
    refs = {}
    for name, fast, reference in CASES:
        rate = games_per_second(fast, args.seconds)
        refs[name] = games_per_second(reference, args.seconds / 3)
        print(_line(name, rate, refs[name], TARGETS[name]))
    n = max(1000, int(args.seconds * 100_000 / 3))  # 100,000 games a batch by default
    batch = batch_games_per_second(n, lambda seed, k: beggar_batch(deals(seed, k)))
    print(_line("Beggar-my-neighbour (batch)", batch, refs["Beggar-my-neighbour"], TARGETS["Beggar-my-neighbour"]))
    cleo = batch_games_per_second(n, lambda seed, k: cleopatra_batch(k, seed))
    print(_line("Cleopatra, slaps (batch)", cleo, refs["Cleopatra (bot slaps)"], TARGETS["Cleopatra (bot slaps)"]))
    quiet = batch_games_per_second(n, lambda seed, k: cleopatra_batch(k, seed, attention=(0.0, 0.0)))
    print(_line("Cleopatra, no slaps (batch)", quiet, refs["Cleopatra (no slaps)"], TARGETS["Cleopatra (no slaps)"]))
    print(f"{'(drawing a 52-card deal only)':28} {games_per_second(_deal_only, args.seconds):12,.0f}"
          "   the most any path that deals like the engine can reach")
    return 0
