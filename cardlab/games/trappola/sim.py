"""Trappola at scale: one statistics row per game (a single deal by default).

Players are named: ``"random"``, ``"thumb"`` (rule of thumb), ``"search"`` (determinized Monte
Carlo), or ``(name, {options})`` such as ``("search", {"budget": 100})``; or a factory called with
the seat's seed (:data:`cardlab.sim.PlayerSpec`). Random and rule-of-thumb players (options:
``threshold``) play on the compiled kernel (:mod:`cardlab.games.trappola.kernel`), which makes the
engine's decisions from the same seeds: ``tests/test_kernels_trappola.py`` proves the rows equal.
The others play in the engine.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Sequence

from .bots import BOTS, RuleOfThumbBot
from .kernel import COLUMNS, play_games
from cardlab.game import play_out
from . import engine as trappola
from .engine import Declared, Exchanged, TrickWon
from cardlab.sim import PlayerSpec, game_seed, kernel_players, make_players, map_jobs, run_games

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_RULES = trappola.SINGLE_DEAL
DEFAULT_PLAYERS = ("random", "random")
CHUNK = 20_000
"""Games per job of :func:`simulate` on the kernel (one progress step; one task for an executor)."""


def engine_row(state: trappola.State) -> dict[str, Any]:
    """The statistics of a finished game, read from the engine's events and score sheets."""
    row: dict[str, Any] = {"winner": state.result.winner, "points_0": state.scores[0],
                           "points_1": state.scores[1], "deals": len(state.sheets),
                           "dealer": state.sheets[0].dealer}
    counts: dict[str, type[Exchanged | Declared]] = {"exchanges": Exchanged, "declarations": Declared}
    for key, kind in counts.items():
        for p in (0, 1):
            row[f"{key}_{p}"] = sum(isinstance(e, kind) and e.player == p for e in state.events)
    for p in (0, 1):
        row[f"declaration_points_{p}"] = sum(s.declarations[p] for s in state.sheets)
    for p in (0, 1):
        row[f"twos_won_{p}"] = sum(isinstance(e, TrickWon) and e.winner == p and e.bonus > 0
                                   for e in state.events)
    row["streaks"] = sum(s.streak_length > 0 for s in state.sheets)
    row["tricks"] = sum(isinstance(e, TrickWon) for e in state.events)
    row["actions"] = len(state.history)
    return row


def kernel_spec(players: Sequence[PlayerSpec]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The kernel's ``(kinds, thresholds)`` for ``players``, or None if one of them needs the engine."""
    spec = kernel_players(players, "threshold", RuleOfThumbBot().threshold)
    if spec is None:
        return None
    (a, b), (ta, tb) = spec
    return (a, b), (int(ta), int(tb))


def play_one(seed: int, rules: trappola.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = DEFAULT_PLAYERS, fast: bool = True) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row (on the kernel when ``fast`` and it can)."""
    spec = kernel_spec(players) if fast else None
    if spec is None:
        state = trappola.new_game(rules, seed=seed, undo=False)
        return engine_row(play_out(state, make_players(BOTS, players, seed)))
    row = dict(zip(COLUMNS, play_games([seed], rules, *spec)[0].tolist()))
    row["winner"] = None if row["winner"] < 0 else row["winner"]
    return row


def kernel_rows(job: tuple) -> list["pd.DataFrame"]:
    """One job of :func:`simulate` on the kernel: games ``start .. stop - 1`` as a DataFrame."""
    import pandas as pd

    rules, seed, start, stop, spec = job
    seeds = [game_seed(seed, i) for i in range(start, stop)]
    frame = pd.DataFrame(play_games(seeds, rules, *spec), columns=list(COLUMNS))
    frame.insert(0, "seed", seeds)
    frame["seed"] = frame["seed"].astype("int64")
    return [frame]


def simulate(n: int, seed: int, rules: trappola.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] | None = None, **run: Any) -> "pd.DataFrame":
    """``n`` games, one row per game: ``seed`` (the game's own, :func:`cardlab.sim.game_seed`),
    then :func:`engine_row`'s columns, ``winner`` 0 or 1 and NaN for a tie (a float column, so
    ``frame.winner.isna()`` counts the ties whatever the sample). Random and
    rule-of-thumb players run on the kernel, in jobs of :data:`CHUNK` games; others in the engine.
    ``run``: ``processes``, ``executor``, ``progress`` and ``lang`` as in :func:`cardlab.sim.map_jobs`. The
    rows are the same whichever path and however many workers."""
    import pandas as pd

    if n < 0:
        raise ValueError(f"n must be >= 0, not {n}")
    players = tuple(players or DEFAULT_PLAYERS)
    spec = kernel_spec(players)
    if spec is None:
        frame = run_games(partial(play_one, rules=rules, players=players), n, seed, label="trappola", **run)
    else:
        chunk = max(1, min(CHUNK, -(-n // (4 * run.get("processes", 1)))))
        jobs = [(rules, seed, a, min(a + chunk, n), spec) for a in range(0, max(n, 1), chunk)]
        frame = pd.concat(map_jobs(kernel_rows, jobs, [b - a for _, _, a, b, _ in jobs], label="trappola", **run),
                          ignore_index=True)
    if frame.empty:
        return pd.DataFrame({"seed": pd.Series(dtype="int64"),
                             **{c: pd.Series(dtype="float64" if c == "winner" else "int64") for c in COLUMNS}})
    winner = frame["winner"].astype("float64")
    frame["winner"] = winner.where(winner >= 0)
    return frame
