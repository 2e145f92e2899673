"""Strength benchmark of Kirifu's computer players: ``python -m cardlab.bench kirifu``.

For 3, 4 and 5 players it plays seeded games with the line-up search, rule-of-thumb, random
(then rule-of-thumb and random again for the 4th and 5th seats), rotating the seats from game
to game, and prints each bot's mean finishing place with a 95% interval and its time per decision, mean
and slowest (decisions with a single legal action are not searched and not timed). Smaller runs:
``--games 200 --players 3 --budget 8``; ``--processes 2`` uses both cores.
"""

from __future__ import annotations

import argparse
import math
import time
from functools import partial
from ..bots.kirifu import make_bot
from ..game import play_out
from ..games import kirifu
from ..sim import run_games
from . import Timed

LINEUP = ("search", "thumb", "random", "thumb", "random")
MAX_ACTIONS = 5000


def one_game(seed: int, *, players: int, budget: int, preset: str = "kirifu") -> dict:
    """One seeded game; the row holds each kind's place and decision times (seats rotated by seed)."""
    kinds = LINEUP[:players]
    shift = seed % players
    seats = kinds[shift:] + kinds[:shift]
    times: list[list[float]] = [[] for _ in seats]
    bots = [Timed(make_bot(k, seed * 7 + i, budget), times[i]) for i, k in enumerate(seats)]
    state = play_out(kirifu.new_game(preset, seed=seed, players=players), bots, MAX_ACTIONS)
    if not state.is_over:
        raise RuntimeError(f"no end after {MAX_ACTIONS} actions: {state!r}")
    row: dict = {"actions": len(state.history)}
    for seat, kind in enumerate(seats):
        row[f"place_{seat}"] = state.outcome.scores[seat]
        row[f"kind_{seat}"] = kind
        row[f"time_{seat}"] = sum(times[seat])
        row[f"decisions_{seat}"] = len(times[seat])
        row[f"max_{seat}"] = max(times[seat], default=0.0)
    return row


def summary(frame, players: int) -> list[dict]:
    """Mean place with a 95% normal interval and ms per decision, per kind of bot."""
    out = []
    for kind in dict.fromkeys(LINEUP[:players]):
        places, secs, decisions, slowest = [], 0.0, 0, 0.0
        for seat in range(players):
            mine = frame[frame[f"kind_{seat}"] == kind]
            places += list(mine[f"place_{seat}"])
            secs += mine[f"time_{seat}"].sum()
            decisions += mine[f"decisions_{seat}"].sum()
            slowest = max(slowest, mine[f"max_{seat}"].max())
        n = len(places)
        mean = sum(places) / n
        sd = math.sqrt(sum((p - mean) ** 2 for p in places) / (n - 1)) if n > 1 else 0.0
        out.append({"bot": kind, "n": n, "mean_place": mean, "half": 1.96 * sd / math.sqrt(n),
                    "ms_per_decision": 1000 * secs / decisions if decisions else 0.0, "max_ms": 1000 * slowest})
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.bench kirifu", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per line-up (default 1000)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)")
    parser.add_argument("--budget", type=int, default=8, help="search playouts per decision (default 8)")
    parser.add_argument("--processes", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    print(f"Kirifu ({kirifu.KIRIFU.name}), seats rotated; search budget {args.budget} playouts per decision")
    print(f"{'players':>7}  {'bot':<14}{'seats':>6}{'mean place':>12}{'95% interval':>18}{'ms/decision':>13}{'max ms':>9}")
    for n in args.players:
        t0 = time.perf_counter()
        frame = run_games(partial(one_game, players=n, budget=args.budget), args.games, args.seed + n,
                          processes=args.processes, progress=False)
        for r in summary(frame, n):
            low, high = r["mean_place"] - r["half"], r["mean_place"] + r["half"]
            print(f"{n:>7}  {r['bot']:<14}{r['n']:>6}{r['mean_place']:>12.3f}"
                  f"{f'[{low:.3f}, {high:.3f}]':>18}{r['ms_per_decision']:>13.2f}{r['max_ms']:>9.1f}")
        print(f"{'':>7}  {args.games} games, mean {frame['actions'].mean():.0f} actions per game, "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    return 0
