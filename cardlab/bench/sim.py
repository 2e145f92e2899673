"""Simulation speed: ``python -m cardlab.bench sim [--seconds S] [--rounds R]``.

The games per second of what ``simulate()`` runs (dealing and the DataFrame included), on one
core, each with a ratio to a yardstick:

- Cleopatra and its relatives (the compiled kernel): a plain C loop of Beggar-my-neighbour
  (``bmn.c``, compiled with ``cc`` when present; otherwise the engine loop below);
- Trappola and Kirifu (random players, on their compiled kernels): ``play_out(new_game(seed),
  bots)``, the engine with its events and undo snapshots, as a notebook would write it;

then the kernel on two threads against one: the ratio of wall-clock rates (what the target
asks), and beside it what CPU time tells: the CPU time per game on two threads against one
(1.00: no cost of its own for the second thread) and how many cores the two-thread run got
(CPU time / wall time), and the cores that other work on the machine kept busy during those one-
and two-thread runs (Linux): when that is not near 0, the wall-clock ratio tells more about the
machine than about the kernel (low when other work took a core from the two threads, high when
it slowed the one thread).

How it stays honest on a shared machine: one-core figures are CPU time of the process that
plays (this one, or the C program's own), so other work on the machine counts less; and each
ratio's two sides are measured **interleaved** — C, kit, C, kit, … and one thread, two threads,
one, two, … — so both see the same spells of other work, and the best run of each side is kept
(other work only ever slows a run down), preferring runs during which other work kept no core
busy. The Cleopatra-family figures without a ratio (Cleopatra's target is in games/s) are the
best of as many runs as a ratio's side: this machine's speed drifts by 10 % and more from one
minute to the next. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import time
from functools import partial
from typing import Any, Callable, Mapping, NamedTuple

from ..bots import RandomBot
from cardlab.games.cleopatra.bots import SlapBot
from ..game import play_out
from ..games import cleopatra, kirifu, trappola
from ..sim import bot_seed, game_seed, simulate
from .c_loop import c_loop

TARGETS = {"Beggar-my-neighbour": 0.6, "Cleopatra, bot slaps": 200_000, "Trappola, random deals": 2_000,
           "Kirifu, 4 random players": 500, "two cores / one": 1.8}
"""What the issues ask for: Beggar-my-neighbour at 0.6 times the C loop (a ratio), Cleopatra with
bot slaps in games/s, two cores 1.8 times one (a ratio); the engine-path games in games/s."""
KERNEL = [("Beggar-my-neighbour", cleopatra.BEGGAR_MY_NEIGHBOUR, ("none", "none")),
          ("Cleopatra, bot slaps", cleopatra.CLEOPATRA, ("slapper", "slapper")),
          ("Cleopatra, no slaps", cleopatra.CLEOPATRA, ("none", "none")),
          ("Egyptian Ratscrew, bot slaps", cleopatra.EGYPTIAN_RATSCREW, ("slapper", "slapper"))]
"""The kernel's cases: name, rules, players."""


def _engine_loop(new_game: Callable[[int], Any], seats: int, seed: int) -> None:
    play_out(new_game(seed), [RandomBot(bot_seed(seed, s)) for s in range(seats)])


def _engine_beggar(seed: int) -> None:
    play_out(cleopatra.new_game(cleopatra.BEGGAR_MY_NEIGHBOUR, seed=seed), [SlapBot(0, attention=0.0)] * 2)


ENGINE_CASES: list[tuple[str, str, Any, Callable[[int], Any]]] = [
    ("Trappola, random deals", "trappola", trappola.SINGLE_DEAL,
     partial(_engine_loop, lambda s: trappola.new_game(trappola.SINGLE_DEAL, seed=s), 2)),
    ("Kirifu, 4 random players", "kirifu", kirifu.KIRIFU,
     partial(_engine_loop, lambda s: kirifu.new_game(kirifu.KIRIFU, seed=s), 4)),
]
"""Trappola's and Kirifu's cases: name, game, rules (random players through ``simulate``, on the
compiled kernels) and the engine's game loop they are measured against."""


class Rates(NamedTuple):
    """Games per second of one run, by the CPU time of the process that played them and by the
    wall clock, and the cores that other work on the machine kept busy meanwhile (NaN where
    unknown: the C loop reports its CPU time only)."""

    cpu: float
    wall: float
    others: float = float("nan")


def machine_busy() -> float:
    """Seconds of CPU time the whole machine has spent busy (Linux ``/proc/stat``; NaN elsewhere)."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(t) for t in stat.readline().split()[1:9]]
    except OSError:
        return float("nan")
    user, nice, system, _idle, _iowait, irq, softirq, steal = ticks
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def games_per_second(play: Callable[[int], Any], seconds: float, base: int = 0) -> float:
    """Games/s (CPU time) of ``play(seed)`` over fresh seeded games, best of three runs of about
    ``seconds``."""
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


def kernel_rates(rules: Any, players: tuple | None, n: int, seed: int = 0, processes: int = 1,
                 game: str = "cleopatra") -> Rates:
    """The :class:`Rates` of one ``simulate(game, rules, players, n, seed, processes=...)``."""
    busy, cpu, wall = machine_busy(), time.process_time(), time.perf_counter()
    simulate(game, rules, players, n=n, seed=seed, processes=processes, progress=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    others = max(machine_busy() - busy - cpu, 0.0)        # NaN (no /proc/stat) stays NaN
    return Rates(n / max(cpu, 1e-9), n / max(wall, 1e-9), others / max(wall, 1e-9))


QUIET = 0.2
"""Cores of other work below which a run counts as having had the machine to itself."""


def best_interleaved(measures: Mapping[str, Callable[[int], Rates]], rounds: int, by: str = "cpu") -> dict[str, Rates]:
    """Each of ``measures`` (called with the round, which seeds its games) ``rounds`` times,
    interleaved — a, b, a, b, … — so all see the same spells of other work; the best run of each
    (highest ``by`` rate, ``"cpu"`` or ``"wall"``), among the runs that other work left alone
    (:data:`QUIET`) if there are any."""
    def rank(rates: Rates) -> tuple[bool, float]:
        return rates.others < QUIET, getattr(rates, by)

    best: dict[str, Rates] = {}
    for r in range(rounds):
        for name, measure in measures.items():
            rates = measure(r)
            if name not in best or rank(rates) > rank(best[name]):
                best[name] = rates
    return best


def kernel_best(rules: Any, players: tuple | None, n: int, rounds: int, game: str = "cleopatra") -> Rates:
    """:func:`kernel_rates`, the best of ``rounds`` runs (after a small run that loads the kernel)."""
    simulate(game, rules, players, n=10, progress=False)
    return best_interleaved({game: partial(kernel_rates, rules, players, n, game=game)}, rounds)[game]


def two_threads(n: int, rounds: int) -> str:
    """The Cleopatra kernel (bot slaps) on two threads against one, runs of ``n`` games
    interleaved (1, 2, 1, 2, …, best wall-clock rate of each): the line of the wall-clock ratio,
    then the CPU-time figures of those best runs."""
    case = (cleopatra.CLEOPATRA, ("slapper", "slapper"), n)
    simulate("cleopatra", *case[:2], n=10, processes=2, progress=False)
    best = best_interleaved({str(p): partial(kernel_rates, *case, processes=p) for p in (1, 2)}, rounds, by="wall")
    one, two = best["1"], best["2"]
    busy = " (not clean: other work ran, see below)" if max(one.others, two.others) >= QUIET else ""
    return (_line("two cores / one", two.wall, one.wall, TARGETS["two cores / one"], ratio_target=True) + busy
            + f"\n{'  (CPU time per game, 2 / 1)':30} {one.cpu / two.cpu:33.2f}x"
            + f"\n{'  (cores the 2 threads got)':30} {two.wall / two.cpu:33.2f}"
            + f"\n{'  (cores other work took, 1 / 2)':30} {one.others:26.2f} / {two.others:.2f}")


def beggar_against(run_c: Callable[[int], float] | None, n: int, c_games: int, rounds: int,
                   seconds: float) -> tuple[str, float, float]:
    """Beggar-my-neighbour through ``simulate`` (``n`` games a run) and its yardstick: the C loop
    (``run_c``, ``c_games`` a run) interleaved with it, C, kit, C, kit, … (best CPU rate of each),
    or without it the engine loop. The yardstick's name, its rate and the kit's."""
    name, rules, players = KERNEL[0]
    if run_c is None:
        return "engine", games_per_second(_engine_beggar, seconds), kernel_best(rules, players, n, rounds).cpu
    simulate("cleopatra", rules, players, n=10, progress=False)
    best = best_interleaved({"C loop": lambda r: Rates(run_c(c_games), float("nan")),
                             name: partial(kernel_rates, rules, players, n)}, rounds)
    return "C loop", best["C loop"].cpu, best[name].cpu


def load() -> str:
    """The machine's load average (1, 5, 15 minutes) and its cores."""
    return f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores"


def _line(name: str, rate: float, ref: float, target: float | None, ratio_target: bool = False) -> str:
    ratio = rate / ref
    verdict = ""
    if target is not None:
        met = (ratio if ratio_target else rate) >= target
        verdict = f"{target:>8,}{'x' if ratio_target else ''} {'met' if met else 'NOT met'}"
    return f"{name:30} {rate:12,.0f} {ref:12,.0f} {ratio:6.2f}x {verdict}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.bench sim", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="scale of each run (default 3)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="runs of each side of a ratio and of each kernel figure, the best kept (default 5)")
    args = parser.parse_args(argv)
    n, rounds = max(2000, int(args.seconds * 150_000)), max(1, args.rounds)
    print(load())
    with c_loop() as run_c:
        yardstick, ref, beggar = beggar_against(run_c, n, max(2000, int(args.seconds * 300_000)), rounds,
                                                args.seconds)
    print(f"{'path':30} {'sim games/s':>12} {'reference/s':>12} {'ratio':>7} {'target':>9}")
    print(f"{'(Beggar-my-neighbour, ' + yardstick + ')':30} {ref:12,.0f}")
    print(_line(KERNEL[0][0], beggar, ref, TARGETS[KERNEL[0][0]], ratio_target=True))
    for name, rules, players in KERNEL[1:]:
        print(_line(name, kernel_best(rules, players, n, rounds).cpu, ref, TARGETS.get(name)))
    print(two_threads(2 * n, rounds))
    for name, game, rules, reference in ENGINE_CASES:
        rate = kernel_best(rules, None, max(200, int(args.seconds * 10_000)), 3, game=game).cpu
        print(_line(name, rate, games_per_second(reference, args.seconds / 3), TARGETS.get(name)))
    print(load())
    return 0
