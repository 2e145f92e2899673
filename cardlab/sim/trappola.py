"""Trappola at scale: one statistics row per game (a single deal by default).

Players are named: ``"random"``, ``"thumb"`` (rule of thumb), ``"search"`` (determinized Monte
Carlo), or ``(name, {options})`` such as ``("search", {"budget": 100})``. Two random players take
the fast path (:mod:`cardlab.fast.trappola`), proven to give the engine's rows by
``tests/test_sim_trappola.py``.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..bots import RandomBot
from ..bots.trappola import RuleOfThumbBot, SearchBot
from ..fast.trappola import random_game
from ..game import play_out
from ..games import trappola
from ..games.trappola import Declared, Exchanged, TrickWon
from . import PlayerSpec, bot_seed, make_players

BOTS = {"random": RandomBot, "thumb": RuleOfThumbBot, "search": SearchBot}
DEFAULT_RULES = trappola.SINGLE_DEAL


def engine_row(state: trappola.State) -> dict[str, Any]:
    """The statistics of a finished game, read from the engine's events and score sheets."""
    outcome = state.outcome
    row: dict[str, Any] = {"winner": outcome.winner, "points_0": state.scores[0],
                           "points_1": state.scores[1], "deals": len(state.sheets),
                           "dealer": state.sheets[0].dealer}
    counts = {"exchanges": Exchanged, "declarations": Declared}
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


def play_one(seed: int, rules: trappola.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = ("random", "random"), fast: bool = True) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row."""
    if fast and all(p == "random" for p in players):
        return random_game(seed, [bot_seed(seed, 0), bot_seed(seed, 1)], rules)
    state = trappola.new_game(rules, seed=seed, undo=False)
    return engine_row(play_out(state, make_players(BOTS, players, seed)))
