"""Speed and strength of Trappola's computer players: ``python -m tools.bench trappola``.

Six parts (``--part``, repeatable; all but ``candidates`` by default):

- ``speed``: games a second through ``simulate`` (one core, CPU time) on the compiled kernel and
  in the engine (the same players given as factories), and the search player's playouts a second
  and milliseconds per decision on the kernel and with its playouts in the engine
  (:class:`PythonSearchBot`, which decides exactly as the kernel's search at the same budget),
  each ratio measured in this run.
- ``equal-time``: the search player given the budget whose kernel time per decision equals the
  Python search's at ``--budget`` (measured in this run), against the search at ``--budget``
  (whose decisions are the Python search's, draw for draw): the margin in points per deal with a
  95% interval over seeds, and the win rate.
- ``pairings``: seeded single deals for each pairing, every seed twice with the seats swapped:
  the first player's win rate (a tie counts half) with a 95% Wilson interval, the mean points per
  deal of each side, and the search player's time per decision (mean, 99th percentile, maximum;
  decisions with a single legal card are not searched and not counted).
- ``solver``: CPU seconds of one world solved exactly (:mod:`.solver`) by the cards in the mover's
  hand, a whole 9-card position and the mean over the decisions of rule-of-thumb deals, then a
  move of the table's player and a coach's hint (:func:`cardlab.coach.hints`, its default budget
  and seconds) in the same decisions. Run it with ``CARDLAB_PLAIN_KERNELS=1`` for the site's path.
- ``ismcts``: the table's player (:func:`~.bots.table_bot`) against OpenSpiel's information-set
  MCTS through the kit's adapter, given the simulations a decision that take ``--seconds`` of CPU
  (measured in this run), and against the search player at the old table's 200 playouts (or
  ``--against``): duplicate single deals (every seed twice, seats swapped), the margin in points
  per deal with its 95% interval over seeds.
- ``candidates``: the ways to play a card without seeing the other hand against each other
  (:data:`CANDIDATES`: PIMC at 20 and 60 worlds, αμ, ISMCTS on the solver), every pair in duplicate
  single deals, each side's CPU time a decision beside the margin.
- ``exchange``: the table's player exchanging by the best mean over ``--worlds`` solved worlds
  (:func:`~cardlab.games.trappola.solved_choices.judge_choices`) against the same player
  exchanging by the rule of thumb, duplicate single deals, and the time of such a decision.

Smaller runs: ``--deals 200 --games 20000``, ``--pairing search-thumb``, ``--part speed``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from functools import partial
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from cardlab.bots import RandomBot
from cardlab.games.trappola.alphamu import AlphaMuBot
from cardlab.games.trappola.bots import (PLAY_CARD, HandSampler, RuleOfThumbBot, SearchBot, SolverBot,
                                      TABLE_WORLDS, card_play_world, engine_playout, table_bot)
from cardlab.cards import ITALIAN, Card
from cardlab.game import play_out
from cardlab.games.trappola import engine as trappola
from cardlab.sim import simulate
from cardlab.stats import mean_interval, wilson
from tools.bench import Timed
from tools.bench.part import CoachCases, GameBench
from tools.bench.sim import AgainstEngine, Case, RunSize, engine_loop

if TYPE_CHECKING:
    from cardlab.openspiel.bots import OpenSpielPlayer

PLAYERS: dict[str, Callable[[int, int], object]] = {
    "search": lambda seed, budget: SearchBot(seed, budget=budget),
    "python-search": lambda seed, budget: PythonSearchBot(seed, budget=budget),
    "thumb": lambda seed, budget: RuleOfThumbBot(seed),
    "random": lambda seed, budget: RandomBot(seed),
    "table": lambda seed, budget: table_bot(seed),
    "ismcts": lambda seed, budget: ismcts_seat(budget, seed),
    "pimc": lambda seed, budget: SolverBot(seed, worlds=budget, budget=200),
    "pimc-exchange": lambda seed, budget: SolverBot(seed, worlds=TABLE_WORLDS, budget=200, exchange_worlds=budget),
    "alphamu": lambda seed, budget: AlphaMuBot(seed, worlds=budget, budget=200),
    "ismcts-solver": lambda seed, budget: ismcts_solver_seat(budget, seed),
}
PAIRINGS = (("search", "thumb"), ("thumb", "random"), ("search", "random"))
PARTS = ("speed", "equal-time", "pairings", "solver", "ismcts", "candidates", "exchange")
DEFAULT_PARTS = PARTS[:-2]
"""The parts run when none is asked for (``candidates`` and ``exchange``, long, only when asked)."""
TIMED = ("search", "python-search", "table", "pimc", "pimc-exchange", "alphamu", "ismcts-solver")
"""The kinds whose decisions are timed in a duel."""
Side = tuple[str, int]
"""A player of a deal: its kind (a key of :data:`PLAYERS`) and its search budget."""


class PythonSearchBot(SearchBot):
    """The search player with its playouts in the engine (:func:`~cardlab.games.trappola.bots.engine_playout`):
    the same worlds, drawing the same numbers from ``self.rng``, so it decides as the kernel's
    search. The baseline of the speed figures, and the reference the kernel is tested against."""

    name = "search (Python playouts)"

    def totals(self, view: trappola.View, cards: Sequence[Card]) -> list[float]:
        me, sampler = view.seat, HandSampler(view)
        totals = [0.0] * len(cards)
        for _ in range(max(1, self.budget // len(cards))):
            theirs = sampler.sample(self.rng)
            for i, card in enumerate(cards):
                world = card_play_world(view, theirs)
                world.apply(PLAY_CARD[card])
                points = engine_playout(world, self.rng)
                totals[i] += points[me] - points[1 - me]
        return totals


# --- speed ---------------------------------------------------------------------------------------
def games_per_second(players: Sequence[Any], rules: trappola.Rules, n: int) -> float:
    """Games a second (CPU time, one core) of ``simulate("trappola", ...)``, the DataFrame included."""
    simulate("trappola", rules, players, n=1, progress=False)          # compiled, imported
    start = time.process_time()
    simulate("trappola", rules, players, n=n, seed=1, progress=False)
    return n / (time.process_time() - start)


def positions(deals: int) -> list[tuple[trappola.View, list[Card]]]:
    """The searched decisions (card play, more than one legal card) of ``deals`` single deals
    between rule-of-thumb players: (view of the player to move, legal cards)."""
    out = []
    for seed in range(deals):
        g = trappola.new_game(trappola.SINGLE_DEAL, seed=seed, undo=False)
        bots = [RuleOfThumbBot(), RuleOfThumbBot()]
        while not g.is_over:
            cards = [Card.parse(a[5:], ITALIAN) for a in g.legal_actions() if a.startswith("play")]
            if len(cards) > 1 and len(cards) == len(g.legal_actions()):
                out.append((g.view(g.current_player), cards))
            g.apply(bots[g.current_player].choose(g))
    return out


def search_speed(bot: SearchBot, cases: Sequence[tuple[trappola.View, list[Card]]]) -> tuple[float, float]:
    """(ms per decision, playouts a second) of ``bot`` over ``cases`` (CPU time)."""
    bot.totals(*cases[0])                                               # compiled
    playouts = sum(max(1, bot.budget // len(cards)) * len(cards) for _, cards in cases)
    start = time.process_time()
    for view, cards in cases:
        bot.totals(view, cards)
    seconds = time.process_time() - start
    return 1000 * seconds / len(cases), playouts / seconds


def equal_time_budget(budget: int, cases: Sequence[tuple[trappola.View, list[Card]]]) -> tuple[int, float]:
    """The kernel search's budget whose time per decision matches the Python search's at ``budget``
    (the kernel's time taken as a fixed cost plus a cost per playout, both measured), and that time."""
    python_ms, _ = search_speed(PythonSearchBot(0, budget=budget), cases)
    low_ms, _ = search_speed(SearchBot(0, budget=budget), cases)
    high_ms, _ = search_speed(SearchBot(0, budget=10 * budget), cases)
    per_budget = (high_ms - low_ms) / (9 * budget)
    fixed = max(0.0, low_ms - per_budget * budget)
    return max(budget, round((python_ms - fixed) / per_budget)), python_ms


def speed(games: int, deals: int, budget: int) -> None:
    """Print the speed part (see the module's docstring)."""
    print("Speed, one core, CPU time (the engine runs the same bots, given as factories)")
    lines = [("random single deals", ("random", "random"), RandomBot, RandomBot, trappola.SINGLE_DEAL, 1),
             ("rule-of-thumb single deals", ("thumb", "thumb"), RuleOfThumbBot, RuleOfThumbBot,
              trappola.SINGLE_DEAL, 1),
             ("random games to 300 (T16)", ("random", "random"), RandomBot, RandomBot, trappola.TRAPPOLA, 10)]
    for label, names, a, b, rules, scale in lines:
        kernel = games_per_second(names, rules, max(1, games // scale))
        engine = games_per_second((a, b), rules, max(1, games // (50 * scale)))
        print(f"  {label:<28} kernel {kernel:>10,.0f} games/s   engine {engine:>8,.0f} games/s   "
              f"{kernel / engine:>6.1f}x", flush=True)
    cases = positions(deals)
    python_ms, python_rate = search_speed(PythonSearchBot(0, budget=budget), cases)
    kernel_ms, kernel_rate = search_speed(SearchBot(0, budget=budget), cases)
    label = f"search, budget {budget}"
    print(f"  {label + ', playouts':<28} kernel {kernel_rate:>10,.0f} /s       Python {python_rate:>8,.0f} /s       "
          f"{kernel_rate / python_rate:>6.1f}x")
    print(f"  {label + ', decisions':<28} kernel {kernel_ms:>10.2f} ms      Python {python_ms:>8.2f} ms      "
          f"{python_ms / kernel_ms:>6.1f}x   ({len(cases)} decisions)", flush=True)


# --- strength --------------------------------------------------------------------------------------
def play_deal(a: Side, b: Side, seed: int, a_seat: int, clock: Callable[[], float] = time.perf_counter
              ) -> tuple[float, int, int, list[float], list[float]]:
    """One single deal; returns (a's result 1/0.5/0, a's points, b's points, a's and b's search
    times by ``clock``, by default the wall clock)."""
    times: tuple[list[float], list[float]] = ([], [])
    bots: list = [None, None]
    for side, (kind, budget), seat, bot_seed in ((0, a, a_seat, seed * 2 + 1), (1, b, 1 - a_seat, seed * 2 + 2)):
        bots[seat] = PLAYERS[kind](bot_seed, budget)
        if kind in TIMED:
            bots[seat] = Timed(bots[seat], times[side],
                               lambda s: s.phase == trappola.PLAY and len(s.legal_actions()) > 1, clock)
    g = play_out(trappola.new_game(trappola.SINGLE_DEAL, seed=seed), bots)
    pa, pb = g.scores[a_seat], g.scores[1 - a_seat]
    return (1.0 if pa > pb else 0.5 if pa == pb else 0.0), pa, pb, times[0], times[1]


def _job(args: tuple) -> tuple[float, int, int, list[float], list[float]]:
    return play_deal(*args)


def _ms(times: list[float]) -> float | None:
    return 1000 * sum(times) / len(times) if times else None


def run_pairing(a: Side, b: Side, deals: int, workers: int, first_seed: int = 0,
                clock: Callable[[], float] = time.perf_counter) -> dict:
    """Play ``deals`` deals (``deals // 2`` seeds, both seatings) and summarise them; the margin
    (a's points minus b's per deal) has its interval over seeds (a seed's two deals averaged);
    decisions timed by ``clock``."""
    jobs = [(a, b, seed, seat, clock) for seed in range(first_seed, first_seed + deals // 2) for seat in (0, 1)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_job, jobs, chunksize=8)
    else:
        results = [_job(j) for j in jobs]
    n = len(results)
    wins = sum(r[0] for r in results)
    times = [t for r in results for t in r[3]]
    b_times = [t for r in results for t in r[4]]
    low, high = wilson(wins, n)
    margin = mean_interval((results[i][1] - results[i][2] + results[i + 1][1] - results[i + 1][2]) / 2
                           for i in range(0, n, 2)) if n >= 4 else (float("nan"),) * 3
    return {"pairing": f"{a[0]} vs {b[0]}", "deals": n, "win_rate": wins / n, "low": low, "high": high,
            "points_a": sum(r[1] for r in results) / n, "points_b": sum(r[2] for r in results) / n,
            "margin": margin,
            "ms_per_decision": _ms(times), "b_ms_per_decision": _ms(b_times),
            "p99_ms": 1000 * sorted(times)[int(0.99 * (len(times) - 1))] if times else None,
            "max_ms": 1000 * max(times) if times else None}


def equal_time(budget: int, deals: int, workers: int, cases_deals: int) -> None:
    """Print the equal-time part (see the module's docstring)."""
    new_budget, python_ms = equal_time_budget(budget, positions(cases_deals))
    print(f"Equal time per decision: the Python search at budget {budget} takes {python_ms:.2f} ms; "
          f"the kernel's search gets budget {new_budget} for the same time")
    r = run_pairing(("search", new_budget), ("python-search", budget), deals, workers, first_seed=10_000)
    mean, low, high = r["margin"]
    print(f"  kernel search {new_budget} vs Python search {budget}: {r['deals']} deals, margin {mean:+.2f} points "
          f"per deal [{low:+.2f}, {high:+.2f}], win rate {r['win_rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}]; "
          f"ms per decision in the duel (wall clock) {r['ms_per_decision'] or 0:.2f} vs "
          f"{r['b_ms_per_decision'] or 0:.2f}", flush=True)


def pairings(chosen: Sequence[tuple[str, str]], deals: int, budget: int, workers: int) -> None:
    """Print the pairings part (see the module's docstring)."""
    print(f"Single deals, seats swapped; search budget {budget} playouts")
    print(f"{'pairing':<18}{'deals':>6}{'win rate':>10}{'95% interval':>18}{'pts A':>8}{'pts B':>8}"
          f"{'ms/decision':>13}{'p99 ms':>8}{'max ms':>8}")
    for a, b in chosen:
        t0 = time.perf_counter()
        r = run_pairing((a, budget), (b, budget), deals, workers)
        ms, p99, mx = (("-",) * 3 if r["ms_per_decision"] is None else
                       (f"{r['ms_per_decision']:.1f}", f"{r['p99_ms']:.0f}", f"{r['max_ms']:.0f}"))
        print(f"{r['pairing']:<18}{r['deals']:>6}{r['win_rate']:>10.1%}"
              f"{'[' + format(r['low'], '.1%') + ', ' + format(r['high'], '.1%') + ']':>18}"
              f"{r['points_a']:>8.1f}{r['points_b']:>8.1f}{ms:>13}{p99:>8}{mx:>8}"
              f"   ({time.perf_counter() - t0:.0f} s)", flush=True)


# --- the exact solver, the table's player and the coach's hint -----------------------------------------
def solver_speed(deals: int) -> None:
    """Print the solver part (see the module's docstring)."""
    import math
    import random
    from collections import defaultdict

    from cardlab.coach import hints
    from cardlab.kernels.jit import PLAIN
    from cardlab.games.trappola.pimc import judge

    cases = positions(deals)
    judge(cases[0][0], 1, random.Random(0), math.inf)                        # compiled
    by_size: dict[int, list[float]] = defaultdict(list)
    for i, (view, _cards) in enumerate(cases):
        start = time.process_time()
        judge(view, 1, random.Random(i), math.inf)
        by_size[len(view.own_hand)].append(time.process_time() - start)
    path = "plain Python (the site's path)" if PLAIN else "compiled"
    print(f"One world solved exactly, {path}, CPU seconds ({len(cases)} decisions of {deals} deals; "
          f"the transposition table kept between them as a player keeps it)")
    for size in sorted(by_size, reverse=True):
        t = sorted(by_size[size])
        print(f"  {size} cards in hand: mean {sum(t) / len(t):8.4f}  max {t[-1]:8.4f}   ({len(t)} positions)")
    every = [x for t in by_size.values() for x in t]
    print(f"  all decisions: mean {sum(every) / len(every):.4f}", flush=True)
    games = [trappola.new_game(trappola.SINGLE_DEAL, seed=seed) for seed in range(deals)]
    moves, hint_times = [], []
    for seed, g in enumerate(games):
        bot, thumb = table_bot(seed), RuleOfThumbBot(seed)
        while not g.is_over:
            if len(g.legal_actions()) > 1:
                start = time.process_time()
                bot.choose(g)
                moves.append(time.process_time() - start)
                start = time.process_time()
                hints(g, seed=seed)
                hint_times.append(time.process_time() - start)
            g.apply(thumb.choose(g))
    for label, t in (("a move of the table's player", moves), ("a coach's hint", hint_times)):
        t.sort()
        print(f"  {label + ', seconds':<38} mean {sum(t) / len(t):.3f}  p90 {t[int(0.9 * (len(t) - 1))]:.3f}  "
              f"max {t[-1]:.3f}   ({len(t)} decisions)", flush=True)


class TrappolaPlayer(Protocol):
    """A player of Trappola as the benchmark times it."""

    def choose(self, state: trappola.State) -> Hashable: ...


def ismcts_seat(simulations: int, seed: int) -> OpenSpielPlayer:
    """OpenSpiel's ISMCTS with ``simulations`` a decision, at a single deal of Trappola."""
    from cardlab.openspiel.bots import ismcts_player

    return ismcts_player("cardlab_trappola", simulations=simulations)(seed)


def ismcts_solver_seat(simulations: int, seed: int) -> TrappolaPlayer:
    """ISMCTS on the exact solver with ``simulations`` a decision, at a single deal of Trappola."""
    from cardlab.games.trappola.openspiel_solver import ISMCTSSolverBot

    return ISMCTSSolverBot(seed, simulations)


def first_cards(deals: int) -> list[trappola.State]:
    """The first card of play of ``deals`` single deals, both players keeping their hands."""
    states = []
    for seed in range(0, 3 * deals, 3):
        g = trappola.new_game(trappola.SINGLE_DEAL, seed=seed)
        while g.phase == trappola.EXCHANGE:
            g.apply(trappola.KEEP_ACTION)
        states.append(g)
    return states


def card_decisions(deals: int) -> list[trappola.State]:
    """Every card-play decision with more than one legal card of ``deals`` rule-of-thumb single deals."""
    states = []
    for seed in range(deals):
        g = trappola.new_game(trappola.SINGLE_DEAL, seed=seed, undo=False)
        thumb = RuleOfThumbBot(seed)
        while not g.is_over:
            if g.phase == trappola.PLAY and len(g.legal_actions()) > 1:
                states.append(g.clone(undo=False))
            g.apply(thumb.choose(g))
    return states


def ismcts_simulations(seconds: float, states: Sequence[trappola.State], probe: int = 100,
                       seat: Callable[[int, int], TrappolaPlayer] = ismcts_seat) -> int:
    """The ISMCTS simulations a decision that take ``seconds`` of CPU on average, timed at ``probe``
    over ``states`` (``seat(simulations, seed)`` makes the player)."""
    seat(probe, 0).choose(states[0])                                         # imported
    start = time.process_time()
    for i, state in enumerate(states):
        seat(probe, i).choose(state)
    per_simulation = (time.process_time() - start) / (probe * len(states))
    return max(1, round(seconds / per_simulation))


def against_ismcts(deals: int, seconds: float, against: int, workers: int) -> None:
    """Print the ismcts part (see the module's docstring)."""
    simulations = ismcts_simulations(seconds, first_cards(10))
    print(f"The table's player ({table_bot(0)!r}) in duplicate single deals, seats swapped; "
          f"ISMCTS given {simulations} simulations a decision ({seconds:g} s of CPU here)")
    for b in (("ismcts", simulations), ("search", against)):
        t0 = time.perf_counter()
        r = run_pairing(("table", 0), b, deals, workers, first_seed=20_000)
        mean, low, high = r["margin"]
        print(f"  table vs {b[0]} {b[1]}: {r['deals']} deals, margin {mean:+.2f} points per deal "
              f"[{low:+.2f}, {high:+.2f}], win rate {r['win_rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}]; "
              f"the table's player {r['ms_per_decision'] or 0:.1f} ms a decision (p99 {r['p99_ms'] or 0:.0f}, "
              f"max {r['max_ms'] or 0:.0f}; wall clock)   ({time.perf_counter() - t0:.0f} s)", flush=True)


CANDIDATES = (("pimc", 20), ("pimc", 60), ("alphamu", 10), ("ismcts-solver", 0))
"""The card-play methods measured against each other (``candidates``): PIMC at the table's 20
worlds and at 60, αμ at depth 2 over 10 worlds, ISMCTS on the solver (its simulations set to
``--seconds`` of CPU in this run)."""


def candidates(deals: int, seconds: float, workers: int) -> None:
    """Print the candidates part: every pair of :data:`CANDIDATES` in duplicate single deals (every
    seed twice, seats swapped), the first's margin in points per deal with its 95% interval and
    both sides' CPU milliseconds a decision (card play, more than one legal card)."""
    simulations = ismcts_simulations(seconds, card_decisions(3), probe=30, seat=ismcts_solver_seat)
    sides = [(kind, simulations if kind == "ismcts-solver" else n) for kind, n in CANDIDATES]
    print(f"Card-play candidates, duplicate single deals, seats swapped; CPU ms a decision; ISMCTS on the "
          f"solver given {simulations} simulations ({seconds:g} s of CPU a card-play decision here)")
    for i, a in enumerate(sides):
        for b in sides[i + 1:]:
            t0 = time.perf_counter()
            r = run_pairing(b, a, deals, workers, first_seed=30_000, clock=time.process_time)
            mean, low, high = r["margin"]
            print(f"  {b[0]} {b[1]} vs {a[0]} {a[1]}: {r['deals']} deals, margin {mean:+.2f} points per deal "
                  f"[{low:+.2f}, {high:+.2f}]; ms a decision {r['ms_per_decision'] or 0:.1f} vs "
                  f"{r['b_ms_per_decision'] or 0:.1f}   ({time.perf_counter() - t0:.0f} s)", flush=True)


def exchange(deals: int, worlds: int, workers: int) -> None:
    """Print the exchange part: the table's player exchanging by the best mean over ``worlds`` solved
    worlds against the same player exchanging by the rule of thumb, in duplicate single deals (every
    seed twice, seats swapped), and the CPU seconds of an exchange decision judged so."""
    import statistics

    from cardlab.games.trappola.solved_choices import judge_choices

    states = [trappola.new_game(trappola.SINGLE_DEAL, seed=seed) for seed in range(10)]
    judge_choices(states[0], 0, 1)                                           # compiled
    times = []
    for seed, g in enumerate(states):
        start = time.process_time()
        judge_choices(g, seed, worlds)
        times.append(time.process_time() - start)
    print(f"The exchange judged over {worlds} solved worlds: {statistics.fmean(times):.2f} s of CPU a decision "
          f"(max {max(times):.2f}, the deal's first decision in {len(times)} deals)")
    t0 = time.perf_counter()
    r = run_pairing(("pimc-exchange", worlds), ("pimc", TABLE_WORLDS), deals, workers, first_seed=40_000,
                    clock=time.process_time)
    mean, low, high = r["margin"]
    print(f"  exchange over {worlds} solved worlds vs the rule of thumb (both {TABLE_WORLDS} worlds a card): "
          f"{r['deals']} deals, margin {mean:+.2f} points per deal [{low:+.2f}, {high:+.2f}]   "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench trappola", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=PARTS, action="append", help="run only this part (repeatable)")
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing and equal-time duel (default 1000)")
    parser.add_argument("--budget", type=int, default=400, help="search playouts per decision (default 400)")
    parser.add_argument("--games", type=int, default=100_000, help="kernel games for the speed part (default 100000)")
    parser.add_argument("--positions", type=int, default=30,
                        help="deals whose decisions time the search (default 30)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the deals (default 2)")
    parser.add_argument("--seconds", type=float, default=0.1,
                        help="ISMCTS's CPU seconds a decision in the ismcts part (default 0.1)")
    parser.add_argument("--against", type=int, default=200,
                        help="the search player's playouts in the ismcts part (default 200, the old table's)")
    parser.add_argument("--worlds", type=int, default=8,
                        help="solved worlds an exchange decision in the exchange part (default 8)")
    parser.add_argument("--pairing", choices=[f"{a}-{b}" for a, b in PAIRINGS], action="append",
                        help="run only this pairing (repeatable)")
    args = parser.parse_args(argv)
    parts = args.part or DEFAULT_PARTS
    print("Trappola")
    if "speed" in parts:
        speed(args.games, args.positions, args.budget)
    if "equal-time" in parts:
        equal_time(args.budget, args.deals, args.workers, args.positions)
    if "pairings" in parts:
        chosen = [p for p in PAIRINGS if not args.pairing or f"{p[0]}-{p[1]}" in args.pairing]
        pairings(chosen, args.deals, args.budget, args.workers)
    if "solver" in parts:
        solver_speed(args.positions)
    if "ismcts" in parts:
        against_ismcts(args.deals, args.seconds, args.against, args.workers)
    if "candidates" in parts:
        candidates(args.deals, args.seconds, args.workers)
    if "exchange" in parts:
        exchange(args.deals, args.worlds, args.workers)
    return 0


BENCH = GameBench(
    sim=(AgainstEngine(Case("Trappola, random deals", trappola.SINGLE_DEAL, target=2_000),
                       engine=engine_loop(partial(trappola.new_game, trappola.SINGLE_DEAL), seats=2),
                       size=RunSize(10_000, 200)),),
    coach=CoachCases(new_game=lambda seed, seats: trappola.new_game(trappola.SINGLE_DEAL, seed=seed),
                     thumb=RuleOfThumbBot, thumb_choice=RuleOfThumbBot(0).choose, unit="points"),
    main=main,
)
"""Trappola's ``bench`` part (:class:`tools.bench.part.GameBench`): random single deals on the
kernel against the engine (target 2,000 games/s), the coach's figures on single deals (two
seats whatever is asked), and this module's benchmark."""
