"""Replays: milliseconds per action of a record's positions, at 100, 500 and 2,000 actions.

``python -m tools.bench replay [--lengths 100 500 2000] [--seconds 60] [--repeat 3]`` finds, for
each registered game, a long game among its presets (seeded games of random choices, for at most
``--seconds`` in all), and cuts its record after each of ``--lengths`` actions that it reaches. For each
cut it prints, per action (the best of ``--repeat`` runs):

- ``states``: :meth:`cardlab.records.Record.states`, every position of the record (one replay of
  the actions, checked by the engine);
- ``step``: every position taken from it in turn, as a replay stepping from the deal to the end
  asks for them (an independent state each), and the seats' view of it;
- ``draw``: the same, drawn by the game's ``draw`` part (what a replay's step costs in all).

Time per action flat in the length is what a replay owes (issue 37: it grew quadratic when
every position was a deep copy, undo snapshots included). Figures, not tests: nothing is asserted.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardlab.game import GameState
from cardlab.records import Record, record_of
from cardlab.registry import GameInfo, all_games

LENGTHS = (100, 500, 2000)


def long_game(info: GameInfo, actions: int, seconds: float) -> tuple[GameState, int]:
    """The longest game (up to ``actions`` actions) of random choices among the game's presets,
    each given an equal share of about ``seconds`` to try the seeds 0, 1, 2 ...; with its seed."""
    module, best, best_seed = info.module, None, 0
    for preset in module.PRESETS:
        stop, seed = time.perf_counter() + seconds / len(module.PRESETS), 0
        while time.perf_counter() < stop:
            state, rng = module.new_game(preset, seed=seed, undo=False), random.Random(seed)
            while not state.is_over and len(state.history) < actions:
                state.apply(rng.choice(state.legal_actions()))
            if best is None or len(state.history) > len(best.history):
                best, best_seed = state, seed
            if len(best.history) >= actions:
                return best, best_seed
            seed += 1
    assert best is not None
    return best, best_seed


def per_action(run: Callable[[], Any], actions: int, repeat: int) -> float:
    """Milliseconds per action of ``run()``, the best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return 1000 * best / actions


def figures(info: GameInfo, record: Record, repeat: int) -> tuple[float, float, float | None]:
    """``states``, ``step`` and ``draw`` of one record, in ms per action (``draw`` None for a game
    without a drawing)."""
    n = len(record.actions)
    states = record.states()
    drawing = info.part("draw", None)
    build = per_action(record.states, n, repeat)
    step = per_action(lambda: [states[k].view(None) for k in range(len(states))], n, repeat)
    draw = None if drawing is None else per_action(
        lambda: [drawing.table_svg(states[k].view(None)) for k in range(len(states))], n, repeat)
    return build, step, draw


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench replay", description=__doc__.split("\n")[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=list(LENGTHS), help="actions of the records")
    parser.add_argument("--seconds", type=float, default=60.0, help="search for a long game, per game")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    args = parser.parse_args(argv)
    print(f"{'game':<12}{'preset':<22}{'seed':>6}{'actions':>8}{'states':>10}{'step':>10}{'draw':>10}   (ms per action)")
    for info in all_games():
        game, seed = long_game(info, max(args.lengths), args.seconds)
        record = record_of(game)
        reached = [n for n in args.lengths if n <= len(game.history)]
        for n in reached:
            cut = dataclasses.replace(record, actions=record.actions[:n], result=None)
            build, step, draw = figures(info, cut, args.repeat)
            shown = "—" if draw is None else f"{draw:.3f}"
            print(f"{info.name:<12}{game.rules.name:<22}{seed:>6}{n:>8}{build:>10.3f}{step:>10.3f}{shown:>10}")
        if len(reached) < len(args.lengths):
            print(f"{info.name:<12}{game.rules.name:<22}{seed:>6}  (the longest game found: {len(game.history)} actions)")
    return 0
