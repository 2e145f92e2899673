"""``python -m cardlab.puzzles build [--game G ...] [--count N] [--seed S] [--out DIR]``: make the
puzzle sets (by default every game with puzzles, 100 each, the shipped seed, into
``cardlab/data/puzzles/``) and print how many puzzles each theme and difficulty got and how long
it took. ``python -m cardlab.puzzles stats``: the same counts of the shipped sets."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from ..registry import with_part
from .build import Settings, build
from .puzzle import DATA, LEVELS, PuzzleSet, shipped

SHIPPED_SEED = 1
"""The seed of the shipped sets."""


def counts(puzzles: PuzzleSet) -> str:
    """The puzzles of a set by theme and by difficulty, as lines of text."""
    themes = Counter(p.theme for p in puzzles.puzzles)
    levels = Counter(p.difficulty for p in puzzles.puzzles)
    by_theme = ", ".join(f"{theme} {n}" for theme, n in themes.most_common())
    by_level = ", ".join(f"{level} {levels[level]}" for level in LEVELS)
    exact = sum(p.exact for p in puzzles.puzzles)
    return (f"{puzzles.game}: {len(puzzles)} puzzles ({exact} exact)\n  by theme: {by_theme}\n"
            f"  by difficulty: {by_level}")


def main(argv: list[str] | None = None) -> int:
    games = [info.name for info in with_part("puzzles")]
    parser = argparse.ArgumentParser(prog="python -m cardlab.puzzles", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="make the puzzle sets")
    make.add_argument("--game", nargs="+", choices=games, default=games)
    make.add_argument("--count", type=int, default=Settings.count)
    make.add_argument("--seed", type=int, default=SHIPPED_SEED)
    make.add_argument("--out", type=Path, default=DATA, help="the folder of the sets (default: the shipped ones)")
    stats = commands.add_parser("stats", help="count the shipped sets' puzzles")
    stats.add_argument("--game", nargs="+", choices=games, default=games)
    args = parser.parse_args(argv)
    if args.command == "stats":
        print("\n".join(counts(shipped(game)) for game in args.game))
        return 0
    if args.count < 1:
        parser.error(f"--count: at least 1 puzzle, not {args.count}")
    settings = dataclasses.replace(Settings(), count=args.count)
    for game in args.game:
        start, rejected = time.perf_counter(), Counter[str]()
        with tqdm(total=settings.count, desc=game, unit="puzzle", file=sys.stderr) as bar:
            made = build(game, args.seed, settings, progress=lambda n: bar.update(n - bar.n), rejected=rejected)
        path = made.save(args.out / f"{game}.json")
        why = ", ".join(f"{reason} {n}" for reason, n in rejected.most_common())
        print(f"{counts(made)}\n  positions looked at and not kept: {sum(rejected.values())} ({why})\n"
              f"  made in {time.perf_counter() - start:.0f} s, written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
