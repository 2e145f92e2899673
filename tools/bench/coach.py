"""Benchmark of the coach: ``python -m tools.bench coach``.

For each game with a ``coach`` part whose ``bench`` part gives the coach's cases
(:class:`~tools.bench.part.CoachCases`: Trappola and Kirifu) it prints

- the time to a hint at the default budget (median and 95th percentile) over decision points
  taken from games between rule-of-thumb players;
- how often the hint's best choice agrees with a much longer search (``--long`` times the
  budget, another seed), and the loss when it does not (measured by the longer search);
- the review's false alarms: decisions flagged in games where the human seat played the hint's
  best choice throughout (hints and review searched with different seeds).

Smaller runs: ``--positions 6 --long 4 --games 1``. Figures, not tests: nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import TYPE_CHECKING, Any, Hashable

from cardlab.coach import HintSearch, review
from cardlab.game import GameState
from cardlab.records import record_of
from cardlab.stats import mean_interval
from .part import CoachCases, benched

if TYPE_CHECKING:
    import pandas as pd

MAX_ACTIONS = 3000
POSITION_SEATS = 4
"""Seats of the games the decision points come from (where the game lets the count vary)."""
HINT_SEATS = 3
"""Seats of the games played by the hints."""


def coached() -> dict[str, CoachCases]:
    """The games the benchmark measures, by name: those with a ``coach`` part whose
    :class:`~tools.bench.part.GameBench` gives the coach's cases."""
    return {info.name: bench.coach for info, bench in benched() if info.has("coach") and bench.coach is not None}


def positions(cases: CoachCases, count: int, seed: int = 2026, every: int = 3) -> list[GameState]:
    """``count`` decision points (more than one legal choice) of the game of ``cases``, one in
    every ``every``, from seeded games between rule-of-thumb players."""
    out: list[GameState] = []
    n = 0
    while len(out) < count:
        state = cases.new_game(seed + n, POSITION_SEATS)
        bots = [cases.thumb(seed + n + p) for p in range(len(state.players))]
        for i in range(MAX_ACTIONS):
            if state.is_over or len(out) == count:
                break
            if len(state.legal_actions()) > 1 and i % every == n % every:
                out.append(state.clone())
            state.apply(bots[state.current_player].choose(state))
        n += 1
    return out


def judge(state: GameState, choices: dict[str, Hashable], budget: int, seed: int = 1) -> dict[str, Any]:
    """A long search of ``state`` (``budget`` playouts in all): its best choice, and for each named
    choice its estimated value and its loss against that best (positive: worse)."""
    search = HintSearch(state, seed=seed).run(budget)
    best = search.best()
    row: dict[str, Any] = {"best": best.text, "playouts": search.done}
    for name, action in choices.items():
        row[f"{name}_loss"] = search.loss(action, best.action)[0]
    return row


def hint_and_judge(state: GameState, factor: int) -> dict[str, Any]:
    """The default hint (timed) and its loss against a search ``factor`` times longer."""
    start = time.perf_counter()
    hint = HintSearch(state, seed=0).run()
    seconds = time.perf_counter() - start
    best = hint.best().action
    default = hint.playouts.default_budget
    row = judge(state, {"hint": best}, default * factor, seed=1)
    return {"seconds": seconds, **row, "hint": state.action_text(best), "same": row["best"] == state.action_text(best)}


def coach_against_thumb(cases: CoachCases, n_positions: int, factor: int = 4, seed: int = 2026) -> "pd.DataFrame":
    """On ``n_positions`` decision points of the game of ``cases``: the coach's best choice
    (default hint) and the rule of thumb's, each judged by a search ``factor`` times longer;
    ``gain`` is how much better the coach's choice is (in ``cases.unit``; 0 when they agree)."""
    import pandas as pd
    rows = []
    for state in positions(cases, n_positions, seed):
        hint = HintSearch(state, seed=0).run()
        coach, thumb = hint.best().action, cases.thumb_choice(state)
        row = judge(state, {"coach": coach, "thumb": thumb}, hint.playouts.default_budget * factor, seed=1)
        rows.append({"coach": state.action_text(coach), "thumb": state.action_text(thumb),
                     "gain": row["thumb_loss"] - row["coach_loss"]})
    return pd.DataFrame(rows)


def play_by_hints(cases: CoachCases, seed: int) -> GameState:
    """A game of ``cases`` whose seat 0 plays the hint's best choice at every decision (hint
    seed: 1000 plus the number of actions so far), the other seats the rule of thumb."""
    state = cases.new_game(seed, HINT_SEATS)
    bots = [cases.thumb(seed + p) for p in range(len(state.players))]
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            state.apply(HintSearch(state, seed=1000 + len(state.history)).run().best().action)
        else:
            state.apply(bots[state.current_player].choose(state))
    return state


def _line(label: str, value: str) -> None:
    print(f"  {label:<44}{value}", flush=True)


def bench_game(game: str, cases: CoachCases, n_positions: int, factor: int, games: int, seed: int) -> dict[str, Any]:
    """The three figures of ``game`` (its ``cases``), printed as they come."""
    rows = [hint_and_judge(state, factor) for state in positions(cases, n_positions, seed)]
    secs = sorted(r["seconds"] for r in rows)
    p95 = secs[min(len(secs) - 1, int(round(0.95 * (len(secs) - 1))))]
    print(f"{game}: {len(rows)} decision points from rule-of-thumb games", flush=True)
    _line("time to a hint (default budget)", f"median {statistics.median(secs):.2f} s, p95 {p95:.2f} s")
    same = sum(r["same"] for r in rows)
    losses = [r["hint_loss"] for r in rows if not r["same"]]
    lost = f"; loss when not: mean {statistics.mean(losses):.2f} {cases.unit}, max {max(losses):.2f}" if losses else ""
    _line(f"best choice = {factor}x longer search", f"{same}/{len(rows)} ({100 * same / len(rows):.0f}%){lost}")
    loss_all = mean_interval([r["hint_loss"] for r in rows])
    _line("loss over all points (95% interval)", f"{loss_all[0]:.2f} [{loss_all[1]:.2f}, {loss_all[2]:.2f}] {cases.unit}")
    flagged = decisions = 0
    for k in range(games):
        frame = review(record_of(play_by_hints(cases, seed + 500 + k)), player=0, everything=True)
        flagged += int(frame["flagged"].sum())
        decisions += len(frame)
    _line("review false alarms (hint's best played)", f"{flagged} of {decisions} decisions in {games} games")
    return {"rows": rows, "flagged": flagged, "decisions": decisions}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench coach", description=__doc__)
    parser.add_argument("--positions", type=int, default=20, help="decision points per game (default 20)")
    parser.add_argument("--long", type=int, default=8, help="the longer search's budget factor (default 8)")
    parser.add_argument("--games", type=int, default=3, help="games played by the hints, reviewed (default 3)")
    cases = coached()
    parser.add_argument("--game", choices=list(cases), nargs="+", default=list(cases))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    for game in args.game:
        start = time.perf_counter()
        bench_game(game, cases[game], args.positions, args.long, args.games, args.seed)
        print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0
