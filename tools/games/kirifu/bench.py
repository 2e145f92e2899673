"""Speed and strength of Kirifu's computer players: ``python -m tools.bench kirifu``.

Speed (``--part speed``): games a second through ``simulate`` (one core, CPU time) of random and
rule-of-thumb players on the compiled kernel and in the engine (the same bots given as
factories), and their ratio, measured in the same run; then the search player's playouts a second
and milliseconds per decision at ``--search-budget`` on the kernel and with the engine playouts
it had before (:class:`PythonSearchBot`, which decides exactly as the kernel's search at the same
budget), over the decisions of ``--positions`` games between rule-of-thumb players.

Equal time (``--part equal-time``): the search given the budget whose kernel time per decision
equals the Python search's at ``--search-budget`` (measured in this run, CPU time, over the
decisions of ``--positions`` 4-player games), in 4-player games against the search at
``--search-budget`` (whose decisions are the Python search's, draw for draw), with two
rule-of-thumb players, every seating equally often: each one's mean place with a 95% interval
over games, and the difference of the two searches' places (same games) with its interval.

The table's player (``--part table``, needs the ``openspiel`` extra): the Kirifu table's default
computer player (the search at :data:`~cardlab.games.kirifu.bots.TABLE_BUDGET` playouts) against
OpenSpiel's information-set MCTS given a tenth of a second a decision (its simulations matched to
0.1 s of CPU time in this run), two seats each in ``--table-games`` 4-player games, every seating
equally often: the pairwise score (each table seat against each ISMCTS seat of a game: 1 if it
finishes ahead) with its 95% interval over games, as Elo, and both players' ms per decision.

Strength (``--part strength``): for 3, 4 and 5 players it plays seeded games with the line-up search, rule-of-thumb, random
(then rule-of-thumb and random again for the 4th and 5th seats). The seating goes through every
distinct order of the line-up round the table equally often (:func:`seatings`: 6, 12 and 30
orders), so each bot sits after each other bot, and in each seat, equally often: a bot's place
then does not depend on whom it receives from. It prints each bot's mean finishing place with a
95% interval over games (a bot with two seats in a game counts once, with its mean place there)
and its time per decision (wall clock), mean and slowest (decisions with a single legal action
are not searched and not timed; the search's kernel is loaded before the games). The games per
player count are rounded up to a whole number of rounds of the seatings. Smaller runs:
``--games 60 --players 3 --budget 8 --speed-games 2000``; ``--processes 2`` uses both cores.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from functools import partial
from typing import TYPE_CHECKING, Sequence

import pandas as pd

from cardlab.bots import RandomBot
from cardlab.games.kirifu.bots import TABLE_BUDGET, SearchBot, ThumbBot, make_bot, thumb_action
from cardlab.game import play_out
from cardlab.games.kirifu import engine as kirifu
from cardlab.sim import run_games, simulate
from cardlab.stats import mean_interval
from tools.bench import Timed
from tools.bench.part import CoachCases, GameBench
from tools.bench.sim import AgainstEngine, Case, RunSize, engine_loop

if TYPE_CHECKING:
    from cardlab.openspiel.bots import OpenSpielPlayer

LINEUP = ("search", "thumb", "random", "thumb", "random")
MAX_ACTIONS = 5000


class PythonSearchBot(SearchBot):
    """The search player as it was before the kernel: the same worlds, its playouts in the engine,
    drawing the same numbers (so it decides as :class:`~cardlab.games.kirifu.bots.SearchBot` at the same
    budget). The baseline of the speed figures, and the reference the kernel is tested against."""

    name = "search (Python playouts)"

    def totals(self, state: kirifu.State, actions: list[kirifu.Action], worlds: int) -> list[float]:
        return self.engine_totals(state, actions, worlds)


def seatings(players: int, lineup: Sequence[str] = LINEUP) -> list[tuple[str, ...]]:
    """Every distinct order of the line-up's first ``players`` bots round the table (seat 0
    first): over these, each bot sits in each seat, and right after each other bot, equally often."""
    return sorted(set(itertools.permutations(lineup[:players])))


def _bot(spec: str, seed: int, budget: int) -> object:
    """A bot of :func:`~cardlab.games.kirifu.bots.make_bot`'s kinds; ``"search:N"`` is the search
    with budget N, ``"table"`` the table's default player, ``"ismcts:N"`` OpenSpiel's ISMCTS with N
    simulations a decision."""
    kind, _, own_budget = spec.partition(":")
    if kind == "table":
        return make_bot("search", seed, TABLE_BUDGET)
    if kind == "ismcts":
        return ismcts_seat(int(own_budget), seed)
    return make_bot(kind, seed, int(own_budget) if own_budget else budget)


def ismcts_seat(simulations: int, seed: int) -> OpenSpielPlayer:
    """OpenSpiel's ISMCTS with ``simulations`` a decision, at a 4-player Kirifu game."""
    from cardlab.openspiel.bots import ismcts_player

    return ismcts_player("cardlab_kirifu(players=4)", simulations=simulations)(seed)


def one_game(seed: int, *, seats: Sequence[str], budget: int, preset: str = "kirifu") -> dict:
    """One seeded game with the bots ``seats`` (kinds, ``"search:N"`` for a budget of its own;
    seat 0 first); the row holds each seat's kind, place and decision times."""
    players = len(seats)
    times: list[list[float]] = [[] for _ in seats]
    bots = [Timed(_bot(k, seed * 7 + i, budget), times[i]) for i, k in enumerate(seats)]
    state = play_out(kirifu.new_game(preset, seed=seed, players=players), bots, MAX_ACTIONS)
    if not state.is_over:
        raise RuntimeError(f"no end after {MAX_ACTIONS} actions: {state!r}")
    row: dict = {"actions": len(state.history)}
    for seat, kind in enumerate(seats):
        row[f"place_{seat}"] = state.result.scores[seat]
        row[f"kind_{seat}"] = kind
        row[f"time_{seat}"] = sum(times[seat])
        row[f"decisions_{seat}"] = len(times[seat])
        row[f"max_{seat}"] = max(times[seat], default=0.0)
    return row


def run(players: int, games: int, budget: int, seed: int, processes: int = 1,
        lineup: Sequence[str] = LINEUP) -> pd.DataFrame:
    """``games`` (rounded up to whole rounds of :func:`seatings`) seeded games of the first
    ``players`` of ``lineup``, the same number for every seating; one row per game."""
    orders = seatings(players, lineup)
    rounds = -(-games // len(orders))
    return pd.concat([run_games(partial(one_game, seats=order, budget=budget), rounds, seed * 1000 + k,
                                processes=processes, progress=False) for k, order in enumerate(orders)],
                     ignore_index=True)


def kind_places(frame: pd.DataFrame, players: int, kind: str) -> pd.Series:
    """Per game, the mean place of the seats of ``kind``."""
    mine = [frame[f"kind_{seat}"] == kind for seat in range(players)]
    return sum(frame[f"place_{seat}"].where(m, 0) for seat, m in enumerate(mine)) / sum(mine)


def summary(frame: pd.DataFrame, players: int, lineup: Sequence[str] = LINEUP) -> list[dict]:
    """Per kind of bot: games, mean place with a 95% interval over games (the kind's mean place
    in each game, so two seats of one game are not counted as independent), ms per decision."""
    out = []
    for kind in dict.fromkeys(lineup[:players]):
        mine = [frame[f"kind_{seat}"] == kind for seat in range(players)]
        secs = sum(frame[f"time_{seat}"][m].sum() for seat, m in enumerate(mine))
        decisions = sum(frame[f"decisions_{seat}"][m].sum() for seat, m in enumerate(mine))
        slowest = max(frame[f"max_{seat}"][m].max() for seat, m in enumerate(mine))
        mean, low, high = mean_interval(kind_places(frame, players, kind))
        out.append({"bot": kind, "games": len(frame), "mean_place": mean, "low": low, "high": high,
                    "ms_per_decision": 1000 * secs / decisions if decisions else 0.0, "max_ms": 1000 * slowest})
    return out


def load_search() -> None:
    """Compile the search's kernel here (or load it from numba's cache), so that the processes
    forked for the games inherit it: their first decision is then timed as a search, not as the
    load (about 0.6 s)."""
    SearchBot(0).choose(kirifu.new_game(seed=0, players=3, undo=False))


def games_per_second(players: Sequence, n: int) -> float:
    """Games a second (CPU time, one core) of ``simulate("kirifu", ...)``, the DataFrame included."""
    simulate("kirifu", players=players, n=1, progress=False)           # compiled, imported
    start = time.process_time()
    simulate("kirifu", players=players, n=n, seed=1, progress=False)
    return n / (time.process_time() - start)


def speed(counts: Sequence[int], games: int) -> None:
    """Print the speed part (see the module's docstring)."""
    print("Speed, one core, CPU time (the engine runs the same bots, given as factories)")
    for n in counts:
        for name, bot in (("random", RandomBot), ("thumb", ThumbBot)):
            kernel = games_per_second((name,) * n, games)
            engine = games_per_second((bot,) * n, max(1, games // 100))
            print(f"  {n} players, {name:<7} kernel {kernel:>9,.0f} games/s   engine {engine:>7,.0f} games/s   "
                  f"{kernel / engine:>6.1f}x", flush=True)


def positions(games: int, players: Sequence[int] = (3, 4, 5)) -> list[kirifu.State]:
    """The searched decisions (more than one legal action) of ``games`` seeded games between
    rule-of-thumb players, of each count of ``players`` in turn."""
    out = []
    for seed in range(games):
        state = kirifu.new_game(seed=seed, players=players[seed % len(players)], undo=False)
        bots = [ThumbBot(seed * 8 + p) for p in range(state.rules.players)]
        while not state.is_over:
            if len(state.legal_actions()) > 1:
                out.append(state.clone(undo=False))
            state.apply(bots[state.current_player].choose(state))
    return out


def search_speed(bot: type[SearchBot], budget: int, cases: Sequence[kirifu.State]) -> tuple[float, float]:
    """(ms per decision, playouts a second) of ``bot`` at ``budget`` over ``cases`` (CPU time)."""
    bot(0, budget=budget).choose(cases[0])                             # compiled
    playouts = 0
    start = time.process_time()
    for i, state in enumerate(cases):
        searcher = bot(i, budget=budget)
        searcher.choose(state)
        n = min(searcher.candidates, len(state.legal_actions()))
        playouts += max(1, budget // n) * n
    seconds = time.process_time() - start
    return 1000 * seconds / len(cases), playouts / seconds


def equal_time_budget(budget: int, cases: Sequence[kirifu.State]) -> tuple[int, float]:
    """The kernel search's budget whose time per decision matches the Python search's at ``budget``
    (the kernel's time taken as a fixed cost plus a cost per playout, both measured), and that time."""
    python_ms, _ = search_speed(PythonSearchBot, budget, cases)
    low_ms, _ = search_speed(SearchBot, budget, cases)
    high_ms, _ = search_speed(SearchBot, 10 * budget, cases)
    per_budget = (high_ms - low_ms) / (9 * budget)
    fixed = max(0.0, low_ms - per_budget * budget)
    return max(budget, round((python_ms - fixed) / per_budget)), python_ms


def search_lines(budget: int, cases: Sequence[kirifu.State]) -> None:
    """Print the search player's speed on the kernel and with engine playouts (see the module's docstring)."""
    python_ms, python_rate = search_speed(PythonSearchBot, budget, cases)
    kernel_ms, kernel_rate = search_speed(SearchBot, budget, cases)
    label = f"search, budget {budget}"
    print(f"  {label + ', playouts':<30} kernel {kernel_rate:>9,.0f} /s      Python {python_rate:>7,.0f} /s      "
          f"{kernel_rate / python_rate:>6.1f}x")
    print(f"  {label + ', decisions':<30} kernel {kernel_ms:>9.2f} ms     Python {python_ms:>7.2f} ms     "
          f"{python_ms / kernel_ms:>6.1f}x   ({len(cases)} decisions)", flush=True)


def equal_time(budget: int, games: int, cases: int, seed: int, processes: int) -> None:
    """Print the equal-time part (see the module's docstring; the time is matched over the
    decisions of ``cases`` 4-player games, as the games played)."""
    new_budget, python_ms = equal_time_budget(budget, positions(cases, (4,)))
    print(f"Equal time per decision: the Python search at budget {budget} takes {python_ms:.2f} ms (CPU); "
          f"the kernel's search gets budget {new_budget} for the same time")
    lineup = (f"search:{new_budget}", f"search:{budget}", "thumb", "thumb")
    frame = run(4, games, budget, seed, processes, lineup)
    for r in summary(frame, 4, lineup):
        print(f"  {r['bot']:<14} {r['games']} games, mean place {r['mean_place']:.3f} "
              f"[{r['low']:.3f}, {r['high']:.3f}], {r['ms_per_decision']:.2f} ms per decision (wall clock)")
    mean, low, high = mean_interval(kind_places(frame, 4, lineup[0]) - kind_places(frame, 4, lineup[1]))
    print(f"  place of search {new_budget} minus place of search {budget}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] "
          f"(negative: the kernel's search at equal time finishes ahead)", flush=True)


def ismcts_simulations(ms: float, cases: Sequence[kirifu.State], probe: int = 40) -> int:
    """The ISMCTS simulations a decision that take ``ms`` of CPU time, timed at ``probe`` over ``cases``."""
    start = time.process_time()
    for i, state in enumerate(cases):
        ismcts_seat(probe, i).choose(state)
    per_simulation = 1000 * (time.process_time() - start) / (len(cases) * probe)
    return max(1, round(ms / per_simulation))


def pairwise_scores(frame: pd.DataFrame, players: int, mine: str, theirs: str) -> pd.Series:
    """Per game, the share of (``mine`` seat, ``theirs`` seat) pairs where ``mine`` finished ahead."""
    def score(row: pd.Series) -> float:
        pairs = [(row[f"place_{a}"], row[f"place_{b}"]) for a in range(players) for b in range(players)
                 if row[f"kind_{a}"] == mine and row[f"kind_{b}"] == theirs]
        return sum(p < q for p, q in pairs) / len(pairs)
    return frame.apply(score, axis=1)


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (clipped away from 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return 400 * math.log10(score / (1 - score))


def table_strength(games: int, seed: int, processes: int, cases: int) -> None:
    """Print the table part (see the module's docstring)."""
    load_search()
    simulations = ismcts_simulations(100.0, positions(cases, (4,))[::7])
    lineup = ("table", f"ismcts:{simulations}", "table", f"ismcts:{simulations}")
    frame = run(4, games, TABLE_BUDGET, seed, processes, lineup)
    mean, low, high = mean_interval(pairwise_scores(frame, 4, lineup[0], lineup[1]))
    print(f"The table's player (search, {TABLE_BUDGET} playouts) against ISMCTS ({simulations} simulations, "
          f"0.1 s a decision), {len(frame)} 4-player games, every seating equally often:")
    print(f"  pairwise score {mean:.3f} [{low:.3f}, {high:.3f}]  =  {elo(mean):+.0f} Elo "
          f"[{elo(low):+.0f}, {elo(high):+.0f}]")
    for r in summary(frame, 4, lineup):
        print(f"  {r['bot']:<14} mean place {r['mean_place']:.3f}, {r['ms_per_decision']:.1f} ms per decision "
              f"(wall clock), slowest {r['max_ms']:.0f} ms", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench kirifu", description=__doc__)
    parser.add_argument("--games", type=int, default=600,
                        help="games per player count, rounded up to whole rounds of seatings (default 600)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)")
    parser.add_argument("--budget", type=int, default=8, help="search playouts per decision (default 8)")
    parser.add_argument("--processes", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--part", choices=("speed", "equal-time", "table", "strength"), action="append",
                        help="run only this part (repeatable)")
    parser.add_argument("--speed-games", type=int, default=20_000, help="kernel games per line of the speed part")
    parser.add_argument("--search-budget", type=int, default=24,
                        help="the search's budget timed and matched at equal time (default 24, the bot's own)")
    parser.add_argument("--positions", type=int, default=6, help="games whose decisions time the search (default 6)")
    parser.add_argument("--equal-games", type=int, default=240,
                        help="games of the equal-time part, rounded up to whole rounds of seatings (default 240)")
    parser.add_argument("--table-games", type=int, default=120,
                        help="games of the table part, rounded up to whole rounds of seatings (default 120)")
    args = parser.parse_args(argv)
    parts = args.part or ("speed", "equal-time", "table", "strength")
    if "speed" in parts:
        speed(args.players, args.speed_games)
        search_lines(args.search_budget, positions(args.positions))
    if "equal-time" in parts:
        equal_time(args.search_budget, args.equal_games, args.positions, args.seed, args.processes)
    if "table" in parts:
        table_strength(args.table_games, args.seed, args.processes, args.positions)
    if "strength" not in parts:
        return 0
    load_search()
    print(f"Kirifu ({kirifu.KIRIFU.name}), every seating equally often; search budget {args.budget} "
          "playouts per decision")
    print(f"{'players':>7}  {'bot':<14}{'games':>6}{'mean place':>12}{'95% interval':>18}{'ms/decision':>13}{'max ms':>9}")
    for n in args.players:
        t0 = time.perf_counter()
        frame = run(n, args.games, args.budget, args.seed + n, args.processes)
        for r in summary(frame, n):
            interval = f"[{r['low']:.3f}, {r['high']:.3f}]"
            print(f"{n:>7}  {r['bot']:<14}{r['games']:>6}{r['mean_place']:>12.3f}"
                  f"{interval:>18}{r['ms_per_decision']:>13.2f}{r['max_ms']:>9.1f}")
        print(f"{'':>7}  {len(frame)} games ({len(seatings(n))} seatings), mean {frame['actions'].mean():.0f} "
              f"actions per game, {time.perf_counter() - t0:.0f} s", flush=True)
    return 0


BENCH = GameBench(
    sim=(AgainstEngine(Case("Kirifu, 4 random players", kirifu.KIRIFU, target=500),
                       engine=engine_loop(partial(kirifu.new_game, kirifu.KIRIFU), seats=4),
                       size=RunSize(10_000, 200)),),
    coach=CoachCases(new_game=lambda seed, seats: kirifu.new_game(seed=seed, players=seats),
                     thumb=ThumbBot, thumb_choice=thumb_action, unit="places"),
    main=main,
)
"""Kirifu's ``bench`` part (:class:`tools.bench.part.GameBench`): 4 random players on the
kernel against the engine (target 500 games/s), the coach's figures against the rule of thumb
without its noise (:func:`~cardlab.games.kirifu.bots.thumb_action`), and this module's
benchmark."""
