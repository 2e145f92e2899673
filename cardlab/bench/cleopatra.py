"""Games per second of Cleopatra and its relatives: the engine against the fast path.

``python -m cardlab.bench cleopatra [--games N] [--engine-games N]`` plays the same seeded deals
with :mod:`cardlab.games.cleopatra` (+ :func:`cardlab.game.play_out`) and with
:mod:`cardlab.fast.cleopatra`, for Cleopatra without slaps, Cleopatra with bot slaps and
Beggar-my-neighbour, and prints games/s (CPU time of this process, one core) and the ratio.
The fast path is timed on deals drawn beforehand (as a simulation study would hold them) and
again including the deal; the engine always deals itself (``new_game(seed=…)``).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable

from ..bots.cleopatra import SlapBot
from ..fast.cleopatra import beggar, honour_codes, rank_codes, run, simulate
from ..game import play_out
from ..games.cleopatra import BEGGAR_MY_NEIGHBOUR, CLEOPATRA, Rules, new_game, seeded_deal, variant

CASES: list[tuple[str, Rules, bool]] = [
    ("Cleopatra, no slaps", variant(slaps="none"), False),
    ("Cleopatra, bot slaps", CLEOPATRA, True),
    ("Beggar-my-neighbour", BEGGAR_MY_NEIGHBOUR, False),
]


def _bots(seed: int, on: bool) -> list:
    return [SlapBot(seed, attention=0.85), SlapBot(seed + 7, attention=0.6)] if on else [None, None]


def _rate(n: int, body: Callable[[], object], repeat: int = 3) -> float:
    """Games/s of the best of ``repeat`` runs (CPU time: other processes' load counts less)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        body()
        best = min(best, time.process_time() - start)
    return n / max(best, 1e-9)


def measure(rules: Rules, slaps: bool, games: int, engine_games: int) -> dict[str, float]:
    """Games/s of the engine, the fast path on pre-drawn deals, and the fast path with dealing."""
    def engine() -> None:
        for seed in range(engine_games):
            bots = [b or SlapBot(0, attention=0.0) for b in _bots(seed, slaps)]
            play_out(new_game(rules, seed=seed, undo=False), bots)

    dealt = []
    for seed in range(games):
        rng = random.Random(seed)
        hands, first = seeded_deal(rules, rng)
        dealt.append((hands, first, rng, _bots(seed, slaps)))
    if rules.deterministic:
        pay = (0, rules.jack, rules.queen, rules.king, rules.ace)
        codes = [(honour_codes(h[0]), honour_codes(h[1]), f) for h, f, _, _ in dealt]

        def fast() -> None:
            for h0, h1, first in codes:
                beggar(h0, h1, first, pay)
    else:
        codes2 = [([rank_codes(h[0]), rank_codes(h[1])], f, rng, bots) for h, f, rng, bots in dealt]

        def fast() -> None:
            for hands, first, rng, bots in codes2:
                simulate(rules, hands, first, rng, bots)

    def fast_with_deal() -> None:
        for seed in range(games):
            run(rules, seed, slappers=_bots(seed, slaps), loop_check=False)

    return {"engine": _rate(engine_games, engine), "fast": _rate(games, fast),
            "fast_with_deal": _rate(games, fast_with_deal)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlab.bench cleopatra", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10000, help="deals for the fast path")
    parser.add_argument("--engine-games", type=int, default=1000, help="deals for the engine")
    args = parser.parse_args(argv)
    print(f"{'case':<24}{'engine g/s':>12}{'fast g/s':>12}{'ratio':>8}{'fast+deal g/s':>15}")
    for name, rules, slaps in CASES:
        r = measure(rules, slaps, args.games, args.engine_games)
        print(f"{name:<24}{r['engine']:>12,.0f}{r['fast']:>12,.0f}{r['fast'] / r['engine']:>7.1f}x"
              f"{r['fast_with_deal']:>15,.0f}")
    print(f"(best of 3, CPU time of one process; {args.games} deals for the fast path, "
          f"{args.engine_games} for the engine)")
    return 0
