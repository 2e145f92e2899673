"""Kirifu at scale: one statistics row per game.

Players are named ``"random"``, ``"thumb"`` (rule of thumb, option ``noise``) or ``"search"`` (with
options such as ``("search", {"budget": 16})``), or given as factories called with the seat's
seed; there must be one per seat (``rules.players`` is set to match). Random and rule-of-thumb
players play on the compiled kernel (:mod:`cardlab.games.kirifu.kernel`, the engine's decisions
from the same seeds: ``tests/test_kernels_kirifu.py``), except in the joker variant; the others
in the engine. Nothing in the rules forces a Kirifu game to end (omorai can cycle), so every game
stops after ``MAX_ACTIONS`` with the reason ``"cap"`` and no places.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING, Any, Sequence

from .bots import BOTS, ThumbBot
from cardlab.cards import FRENCH_SUITS, Card
from .kernel import CAP, PLACE, RANDOM, SEATS, columns, play_games
from cardlab.game import play_out
from . import engine as kirifu
from .events import Cut, Omorai
from cardlab.sim import PlayerSpec, game_seed, kernel_players, make_players, map_jobs, run_games

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_RULES = kirifu.KIRIFU
DEFAULT_PLAYERS = ("random",) * 4
MAX_ACTIONS = 5000
ACE_OF_SPADES = Card("A", "S")
CHUNK = 5_000
"""Games per job of :func:`simulate` on the kernel (one progress step; one task for an executor)."""


def deal_row(state: kirifu.State) -> dict[str, Any]:
    """What the deal says: the world suit (K2), the first player (K4), who holds the ace of
    spades (K7; -1 if it is in the stock) and each seat's world-suit cards."""
    deal = state.initial_deal()
    hands = [[Card.parse(t) for t in hand] for hand in deal["hands"]]
    row: dict[str, Any] = {"world": deal["world"], "first": deal["first"],
                           "ace_of_spades": next((s for s, h in enumerate(hands) if ACE_OF_SPADES in h), -1)}
    for seat, hand in enumerate(hands):
        row[f"world_cards_{seat}"] = sum(c.suit == deal["world"] for c in hand)
    return row


def seated(rules: kirifu.Rules, players: Sequence[PlayerSpec]) -> kirifu.Rules:
    """``rules`` with one seat per player."""
    return rules if rules.players == len(players) else dataclasses.replace(rules, players=len(players))


def kernel_spec(rules: kirifu.Rules, players: Sequence[PlayerSpec]) -> tuple[list[int], list[float]] | None:
    """The kernel's ``(kinds, noise)`` for ``players``, or None if one of them (or the joker
    variant) needs the engine."""
    spec = None if rules.joker else kernel_players(players, "noise", ThumbBot().noise)
    return None if spec is None else (spec[0], [float(v) for v in spec[1]])


def play_one(seed: int, rules: kirifu.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = DEFAULT_PLAYERS, fast: bool = True) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row: places per seat (None when capped), cuts
    and omorai per seat (on the kernel when ``fast`` and it can)."""
    rules = seated(rules, players)
    spec = kernel_spec(rules, players) if fast else None
    if spec is not None:
        row = kernel_frame(rules, [seed], spec).drop(columns="seed").iloc[0].to_dict()
        return {k: None if v != v else int(v) if k.startswith("place") else v.item() if hasattr(v, "item") else v
                for k, v in row.items()}
    state = kirifu.new_game(rules, seed=seed, undo=False)
    row = deal_row(state)
    play_out(state, make_players(BOTS, players, seed), MAX_ACTIONS)
    outcome = state.outcome
    row.update(reason="cap" if outcome is None else "finished", actions=len(state.history))
    for seat in range(rules.players):
        row[f"place_{seat}"] = None if outcome is None else outcome.scores[seat]
        row[f"cuts_{seat}"] = sum(isinstance(e, Cut) and e.player == seat for e in state.events)
        row[f"omorai_{seat}"] = sum(isinstance(e, Omorai) and e.player == seat for e in state.events)
    return row


def engine_columns(players: int) -> list[str]:
    """The columns of a row, in :func:`play_one`'s order."""
    return (["world", "first", "ace_of_spades"] + [f"world_cards_{s}" for s in range(players)]
            + ["reason", "actions"] + [f"{k}_{s}" for s in range(players) for k in ("place", "cuts", "omorai")])


def kernel_frame(rules: kirifu.Rules, seeds: Sequence[int], spec: tuple[list[int], list[float]]) -> "pd.DataFrame":
    """The kernel's games from ``seeds`` as rows of :func:`play_one` (``seed`` first)."""
    import numpy as np
    import pandas as pd

    n = rules.players
    out = play_games(seeds, rules, *spec, max_actions=MAX_ACTIONS)
    frame = pd.DataFrame(out, columns=columns(n))
    frame["world"] = np.array(FRENCH_SUITS, dtype=object)[out[:, 0]]
    frame["reason"] = np.where(frame["reason"] == CAP, "cap", "finished").astype(object)
    places = out[:, SEATS + PLACE * n:SEATS + (PLACE + 1) * n].astype(float)
    places[places == 0] = np.nan
    frame[[f"place_{s}" for s in range(n)]] = places
    frame.insert(0, "seed", np.asarray(seeds, np.int64))
    return frame[["seed"] + engine_columns(n)]


def kernel_rows(job: tuple) -> list["pd.DataFrame"]:
    """One job of :func:`simulate` on the kernel: games ``start .. stop - 1`` as a DataFrame."""
    rules, seed, start, stop, spec = job
    return [kernel_frame(rules, [game_seed(seed, i) for i in range(start, stop)], spec)]


def simulate(n: int, seed: int, rules: kirifu.Rules = DEFAULT_RULES, players: Sequence[PlayerSpec] | None = None,
             **run: Any) -> "pd.DataFrame":
    """``n`` games, one row per game: ``seed`` (the game's own, :func:`cardlab.sim.game_seed`), then
    :func:`play_one`'s columns, places as floats (NaN for a capped game). Random and rule-of-thumb
    players run on the kernel in jobs of :data:`CHUNK` games, others in the engine. ``run``:
    ``processes``, ``executor``, ``progress`` and ``lang`` as in :func:`cardlab.sim.map_jobs`. The rows are
    the same whichever path and however many workers."""
    import pandas as pd

    if n < 0:
        raise ValueError(f"n must be >= 0, not {n}")
    players = tuple(players or DEFAULT_PLAYERS)
    rules = seated(rules, players)
    spec = kernel_spec(rules, players)
    if spec is None:
        frame = run_games(partial(play_one, rules=rules, players=players), n, seed, label="kirifu", **run)
        if frame.empty:
            return kernel_frame(rules, [], ([RANDOM] * rules.players, [0.0] * rules.players))
        places = [f"place_{s}" for s in range(rules.players)]
        frame[places] = frame[places].astype(float)
        return frame
    chunk = max(1, min(CHUNK, -(-n // (4 * run.get("processes", 1)))))
    jobs = [(rules, seed, a, min(a + chunk, n), spec) for a in range(0, max(n, 1), chunk)]
    return pd.concat(map_jobs(kernel_rows, jobs, [b - a for _, _, a, b, _ in jobs], label="kirifu", **run),
                     ignore_index=True)
