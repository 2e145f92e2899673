"""Strength benchmark of Trappola's computer players: ``python -m cardlab.bench trappola``.

Each pairing plays seeded single deals, every seed twice with the seats swapped; it prints the
first player's win rate (a tie counts half) with a 95% Wilson interval, the mean points per deal
of each side, and the search player's time per decision (mean, 99th percentile, maximum; decisions with a single
legal card are not searched and not counted). Smaller runs: ``--deals 200``, ``--pairing search-thumb``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from typing import Callable

from ..bots import RandomBot
from ..bots.trappola import RuleOfThumbBot, SearchBot
from ..game import play_out
from ..games import trappola
from ..stats import wilson
from . import Timed

PLAYERS: dict[str, Callable[[int, int], object]] = {
    "search": lambda seed, budget: SearchBot(seed, budget=budget),
    "thumb": lambda seed, budget: RuleOfThumbBot(seed),
    "random": lambda seed, budget: RandomBot(seed),
}
PAIRINGS = (("search", "thumb"), ("thumb", "random"), ("search", "random"))


def play_deal(a: str, b: str, seed: int, a_seat: int, budget: int) -> tuple[float, int, int, list[float]]:
    """One single deal; returns (a's result 1/0.5/0, a's points, b's points, a's search times)."""
    times: list[float] = []
    bots: list = [None, None]
    bots[a_seat] = PLAYERS[a](seed * 2 + 1, budget)
    if a == "search":
        bots[a_seat] = Timed(bots[a_seat], times,
                             lambda s: s.phase == trappola.PLAY and len(s.legal_actions()) > 1)
    bots[1 - a_seat] = PLAYERS[b](seed * 2 + 2, budget)
    g = play_out(trappola.new_game(trappola.SINGLE_DEAL, seed=seed), bots)
    pa, pb = g.scores[a_seat], g.scores[1 - a_seat]
    return (1.0 if pa > pb else 0.5 if pa == pb else 0.0), pa, pb, times


def _job(args: tuple) -> tuple[float, int, int, list[float]]:
    return play_deal(*args)


def run_pairing(a: str, b: str, deals: int, budget: int, workers: int, first_seed: int = 0) -> dict:
    """Play ``deals`` deals (``deals // 2`` seeds, both seatings) and summarise them."""
    jobs = [(a, b, seed, seat, budget) for seed in range(first_seed, first_seed + deals // 2)
            for seat in (0, 1)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_job, jobs, chunksize=8)
    else:
        results = [_job(j) for j in jobs]
    n = len(results)
    wins = sum(r[0] for r in results)
    times = [t for r in results for t in r[3]]
    low, high = wilson(wins, n)
    return {"pairing": f"{a} vs {b}", "deals": n, "win_rate": wins / n, "low": low, "high": high,
            "points_a": sum(r[1] for r in results) / n, "points_b": sum(r[2] for r in results) / n,
            "ms_per_decision": 1000 * sum(times) / len(times) if times else None,
            "p99_ms": 1000 * sorted(times)[int(0.99 * (len(times) - 1))] if times else None,
            "max_ms": 1000 * max(times) if times else None}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.bench trappola", description=__doc__)
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (default 1000)")
    parser.add_argument("--budget", type=int, default=400, help="search playouts per decision")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--pairing", choices=[f"{a}-{b}" for a, b in PAIRINGS], action="append",
                        help="run only this pairing (repeatable)")
    args = parser.parse_args(argv)
    chosen = [p for p in PAIRINGS if not args.pairing or f"{p[0]}-{p[1]}" in args.pairing]
    print(f"Trappola, single deals, seats swapped; search budget {args.budget} playouts")
    print(f"{'pairing':<18}{'deals':>6}{'win rate':>10}{'95% interval':>18}{'pts A':>8}{'pts B':>8}"
          f"{'ms/decision':>13}{'p99 ms':>8}{'max ms':>8}")
    for a, b in chosen:
        t0 = time.perf_counter()
        r = run_pairing(a, b, args.deals, args.budget, args.workers)
        ms, p99, mx = (("-",) * 3 if r["ms_per_decision"] is None else
                       (f"{r['ms_per_decision']:.1f}", f"{r['p99_ms']:.0f}", f"{r['max_ms']:.0f}"))
        print(f"{r['pairing']:<18}{r['deals']:>6}{r['win_rate']:>10.1%}"
              f"{'[' + format(r['low'], '.1%') + ', ' + format(r['high'], '.1%') + ']':>18}"
              f"{r['points_a']:>8.1f}{r['points_b']:>8.1f}{ms:>13}{p99:>8}{mx:>8}"
              f"   ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 0
