"""Simulation speed: ``python -m tools.bench sim [--seconds S] [--rounds R]``.

The games per second of what ``simulate()`` runs (dealing and the DataFrame included), on one
core, each with a ratio to a yardstick: the rows every registered game declares in its
:class:`tools.bench.part.GameBench` (``tools/games/<game>/bench.py``), of three kinds:

- :class:`AgainstYardstick` (Cleopatra and its relatives, on the compiled kernel): a plain loop
  of the first case's game, the same for every case (Cleopatra's: a C loop of
  Beggar-my-neighbour, ``bmn.c``, and one of Cleopatra with bot slaps on the kernel's generator,
  ``cleopatra.c``, each compiled with ``cc`` when present; otherwise the engine loop);
- :class:`AgainstEngine` (Trappola and Kirifu, random players, on their compiled kernels):
  ``play_out(new_game(seed), bots)``, the engine with its events and undo snapshots, as a
  notebook would write it (:func:`engine_loop`);
- :class:`TwoThreads` (the Cleopatra kernel): the kernel on two threads against one: the ratio
  of wall-clock rates (what the target asks), and beside it what CPU time tells: the CPU time
  per game on two threads against one (1.00: no cost of its own for the second thread) and how
  many cores the two-thread run got (CPU time / wall time), and the cores that other work on
  the machine kept busy during those one- and two-thread runs (Linux): when that is not near 0,
  the wall-clock ratio tells more about the machine than about the kernel (low when other work
  took a core from the two threads, high when it slowed the one thread).

How it stays honest on a shared machine: one-core figures are CPU time of the process that
plays (this one, or the C program's own), so other work on the machine counts less; and each
ratio's two sides are measured **interleaved** — C, kit, C, kit, … and one thread, two threads,
one, two, … — so both see the same spells of other work, and the best run of each side is kept
(other work only ever slows a run down), preferring runs during which other work kept no core
busy. The figures against a yardstick without a ratio of their own (Cleopatra's target is in
games/s) are the best of as many runs as a ratio's side: this machine's speed drifts by 10 %
and more from one minute to the next. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Protocol, Sequence

from cardlab.bots import RandomBot
from cardlab.game import GameState, play_out
from cardlab.sim import bot_seed, game_seed, simulate

from .part import benched

QUIET = 0.2
"""Cores of other work below which a run counts as having had the machine to itself."""
BEST_OF = 3
"""Runs of a side measured without interleaving (:func:`games_per_second`, :class:`AgainstEngine`'s
kernel), the best kept."""


@dataclass(frozen=True)
class Settings:
    """The command line's scale: ``seconds``, the scale of each run; ``rounds``, the runs of each
    side of a ratio and of each figure against a yardstick, the best kept."""

    seconds: float
    rounds: int


@dataclass(frozen=True)
class RunSize:
    """The games of one run: ``per_second`` for each second of ``--seconds``, at least ``least``."""

    per_second: int
    least: int

    def games(self, settings: Settings) -> int:
        """The games of a run at ``settings``."""
        return max(self.least, int(settings.seconds * self.per_second))


@dataclass(frozen=True)
class Case:
    """One row: ``simulate(game, rules, players)`` on the kernel, named ``name`` (the row's
    label, which notes refer to), with the target the issues set for it: games/s, or the ratio to
    the row's reference when ``ratio_target``; None: no target."""

    name: str
    rules: Any
    players: tuple | None = None
    target: float | None = None
    ratio_target: bool = False


class Rates(NamedTuple):
    """Games per second of one run, by the CPU time of the process that played them and by the
    wall clock, and the cores that other work on the machine kept busy meanwhile (NaN where
    unknown: the C loop reports its CPU time only)."""

    cpu: float
    wall: float
    others: float = float("nan")


class SimRows(Protocol):
    """Rows of the benchmark, as a game's :class:`~tools.bench.part.GameBench` declares them."""

    def rows(self, game: str, settings: Settings) -> Iterator[str]:
        """Measure ``game``'s cases and give the printed lines, each as soon as it is measured."""


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
    """Games/s (CPU time) of ``play(seed)`` over fresh seeded games, best of :data:`BEST_OF` runs
    of about ``seconds`` in all."""
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds / 10 or n < 3:  # calibrate
        play(game_seed(base, n))
        n += 1
    per_run = max(3, int(n * 10 / BEST_OF))
    best = float("inf")
    for r in range(BEST_OF):
        start = time.process_time()
        for i in range(per_run):
            play(game_seed(base + r + 1, i))
        best = min(best, time.process_time() - start)
    return per_run / max(best, 1e-9)


def engine_loop(new_game: Callable[[int], GameState], seats: int) -> Callable[[int], None]:
    """``play(seed)``: the game ``new_game(seed)`` played out in the engine by random players
    (seeded as ``simulate`` seeds them), the yardstick of :class:`AgainstEngine`."""
    return partial(_play_random, new_game, seats)


def _play_random(new_game: Callable[[int], GameState], seats: int, seed: int) -> None:
    play_out(new_game(seed), [RandomBot(bot_seed(seed, s)) for s in range(seats)])


def kernel_rates(game: str, case: Case, n: int, seed: int = 0, processes: int = 1) -> Rates:
    """The :class:`Rates` of one ``simulate(game, case.rules, case.players, n, seed, processes=...)``."""
    busy, cpu, wall = machine_busy(), time.process_time(), time.perf_counter()
    simulate(game, case.rules, case.players, n=n, seed=seed, processes=processes, progress=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    others = max(machine_busy() - busy - cpu, 0.0)        # NaN (no /proc/stat) stays NaN
    return Rates(n / max(cpu, 1e-9), n / max(wall, 1e-9), others / max(wall, 1e-9))


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


def kernel_best(game: str, case: Case, n: int, rounds: int) -> Rates:
    """:func:`kernel_rates`, the best of ``rounds`` runs (after a small run that loads the kernel)."""
    simulate(game, case.rules, case.players, n=10, progress=False)
    return best_interleaved({case.name: partial(kernel_rates, game, case, n)}, rounds)[case.name]


@dataclass(frozen=True)
class Yardstick:
    """A plain loop that kernel cases are measured against: ``label`` (as printed), ``loop()``,
    a context manager giving ``run(games)`` -> games per second of CPU time (``None`` where it
    cannot run, e.g. without a C compiler), and the games of one run."""

    label: str
    loop: Callable[[], AbstractContextManager[Callable[[int], float] | None]]
    size: RunSize


@dataclass(frozen=True)
class AgainstYardstick:
    """Kernel ``cases`` (``size`` games a run) against one reference: the ``yardstick`` run
    interleaved with the first case, yardstick, kit, yardstick, kit, … (best CPU rate of each),
    or without it ``engine(seed)``, the first case's game in the engine; each other case the best
    of ``--rounds`` runs, against the same reference. Its first row is the reference alone."""

    cases: Sequence[Case]
    yardstick: Yardstick
    engine: Callable[[int], Any]
    size: RunSize

    def rows(self, game: str, settings: Settings) -> Iterator[str]:
        """The reference's line, then one line per case."""
        first, *others = self.cases
        n = self.size.games(settings)
        with self.yardstick.loop() as run:
            label, ref, rate = self._first_against(game, run, n, settings)
        yield f"{'(' + first.name + ', ' + label + ')':30} {ref:12,.0f}"
        yield _row(first, rate, ref)
        for case in others:
            yield _row(case, kernel_best(game, case, n, settings.rounds).cpu, ref)

    def _first_against(self, game: str, run: Callable[[int], float] | None, n: int,
                      settings: Settings) -> tuple[str, float, float]:
        """The first case through ``simulate`` (``n`` games a run) and the reference: the
        yardstick's ``run`` interleaved with it, or without it the engine. The reference's label,
        its rate and the kit's."""
        first = self.cases[0]
        if run is None:
            reference = games_per_second(self.engine, settings.seconds)
            return "engine", reference, kernel_best(game, first, n, settings.rounds).cpu
        games = self.yardstick.size.games(settings)
        simulate(game, first.rules, first.players, n=10, progress=False)
        best = best_interleaved({self.yardstick.label: lambda r: Rates(run(games), float("nan")),
                                 first.name: partial(kernel_rates, game, first, n)}, settings.rounds)
        return self.yardstick.label, best[self.yardstick.label].cpu, best[first.name].cpu


@dataclass(frozen=True)
class AgainstEngine:
    """A kernel ``case`` (``size`` games a run, the best of :data:`BEST_OF`) against
    ``engine(seed)``, its game played in the engine (:func:`engine_loop`), measured over a third
    of ``--seconds``."""

    case: Case
    engine: Callable[[int], Any]
    size: RunSize

    def rows(self, game: str, settings: Settings) -> Iterator[str]:
        """The case's line."""
        rate = kernel_best(game, self.case, self.size.games(settings), BEST_OF).cpu
        yield _row(self.case, rate, games_per_second(self.engine, settings.seconds / 3))


@dataclass(frozen=True)
class TwoThreads:
    """A kernel ``case`` on two threads against one, runs of ``size`` games interleaved (1, 2, 1,
    2, …, best wall-clock rate of each), with the ``target`` of the wall-clock ratio."""

    case: Case
    size: RunSize
    target: float

    def rows(self, game: str, settings: Settings) -> Iterator[str]:
        """The line of the wall-clock ratio, then the CPU-time figures of those best runs."""
        n = self.size.games(settings)
        simulate(game, self.case.rules, self.case.players, n=10, processes=2, progress=False)
        best = best_interleaved({str(p): partial(kernel_rates, game, self.case, n, processes=p) for p in (1, 2)},
                                settings.rounds, by="wall")
        one, two = best["1"], best["2"]
        busy = " (not clean: other work ran, see below)" if max(one.others, two.others) >= QUIET else ""
        yield _line("two cores / one", two.wall, one.wall, self.target, ratio_target=True) + busy
        yield f"{'  (CPU time per game, 2 / 1)':30} {one.cpu / two.cpu:33.2f}x"
        yield f"{'  (cores the 2 threads got)':30} {two.wall / two.cpu:33.2f}"
        yield f"{'  (cores other work took, 1 / 2)':30} {one.others:26.2f} / {two.others:.2f}"


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


def _row(case: Case, rate: float, ref: float) -> str:
    return _line(case.name, rate, ref, case.target, case.ratio_target)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench sim", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="scale of each run (default 3)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="runs of each side of a ratio and of each kernel figure, the best kept (default 5)")
    args = parser.parse_args(argv)
    settings = Settings(args.seconds, max(1, args.rounds))
    print(load())
    print(f"{'path':30} {'sim games/s':>12} {'reference/s':>12} {'ratio':>7} {'target':>9}", flush=True)
    for info, bench in benched():
        for rows in bench.sim:
            for line in rows.rows(info.name, settings):
                print(line, flush=True)
    print(load())
    return 0
