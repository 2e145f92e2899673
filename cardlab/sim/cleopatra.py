"""Cleopatra and its relatives at scale: one statistics row per game.

Players are slap models: ``"slapper"`` (:class:`cardlab.bots.cleopatra.SlapBot`, options such as
``("slapper", {"attention": 0.5})``) or ``"none"`` (never slaps). Rows come from the fast path
(:mod:`cardlab.fast.cleopatra`, proven equal to the engine by ``tests/test_cleopatra_fast.py``);
``detail=True`` plays the engine instead and adds what only its events tell: slaps won and the
opponent's Js each player captured.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..cards import Card
from ..bots.cleopatra import SlapBot, play_out
from ..fast.cleopatra import run
from ..games import cleopatra
from ..games.cleopatra_events import Captured, FalseSlap, Played, Slapped
from ..games.cleopatra_patterns import seeded_deal
from . import PlayerSpec, make_players

BOTS = {"slapper": SlapBot, "none": lambda seed: None}
DEFAULT_RULES = cleopatra.CLEOPATRA


def deal_row(rules: cleopatra.Rules, seed: int) -> dict[str, Any]:
    """What the deal alone says: who plays first and the honours each seat is dealt."""
    hands, first = seeded_deal(rules, random.Random(seed))
    row: dict[str, Any] = {"first": first}
    for rank in "JQKA":
        for seat in (0, 1):
            row[f"{rank.lower()}s_{seat}"] = sum(c.rank == rank for c in hands[seat])
    return row


def event_row(state: cleopatra.State) -> dict[str, Any]:
    """Slaps won per seat and the opponent's Js (as dealt) each seat ever captured."""
    hands = state.initial_deal()["hands"]
    owner = {Card.parse(text): seat for seat in (0, 1) for text in hands[seat]}
    taken: list[set] = [set(), set()]
    pile: list = []
    slaps = [0, 0]
    for ev in state.events:
        if isinstance(ev, Played):
            pile.append(ev.card)
        elif isinstance(ev, FalseSlap) and ev.burned is not None:
            pile.insert(0, ev.burned)
        elif isinstance(ev, Slapped):
            slaps[ev.seat] += 1
        elif isinstance(ev, Captured):
            taken[ev.seat].update(c for c in pile if c.rank == "J" and owner[c] != ev.seat)
            pile.clear()
    return {"slaps_0": slaps[0], "slaps_1": slaps[1],
            "opp_js_taken_0": len(taken[0]), "opp_js_taken_1": len(taken[1])}


def play_one(seed: int, rules: cleopatra.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = ("slapper", "slapper"), detail: bool = False) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row."""
    bots = make_players(BOTS, players, seed)
    row: dict[str, Any] = deal_row(rules, seed)
    if not detail:
        winner, reason, cards, tricks, steps = run(rules, seed, slappers=bots)
        return {"winner": winner, "reason": reason, "cards": cards, "tricks": tricks, "steps": steps, **row}
    state = play_out(cleopatra.new_game(rules, seed=seed, undo=False),
                     [b or SlapBot(0, attention=0.0) for b in bots])
    out = state.outcome
    return {"winner": out.winner, "reason": out.reason, "cards": out.stats["cards"],
            "tricks": out.stats["tricks"], "steps": out.stats["steps"], **row, **event_row(state)}
