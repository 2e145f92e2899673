"""Kirifu at scale: one statistics row per game.

Players are named ``"random"``, ``"thumb"`` (rule of thumb) or ``"search"`` (with options such as
``("search", {"budget": 16})``); there must be one per seat (``rules.players`` is set to match).
Nothing in the rules forces a Kirifu game to end (omorai can cycle), so every game stops after
``MAX_ACTIONS`` with the reason ``"cap"`` and no places.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ..bots import RandomBot
from ..bots.kirifu import SearchBot, ThumbBot
from ..cards import Card
from ..game import play_out
from ..games import kirifu
from ..games.kirifu_events import Cut, Omorai
from . import PlayerSpec, make_players

BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
DEFAULT_RULES = kirifu.KIRIFU
MAX_ACTIONS = 5000
ACE_OF_SPADES = Card("A", "S")


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


def play_one(seed: int, rules: kirifu.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = ("random",) * 4) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row: places per seat, cuts and omorai per seat."""
    if rules.players != len(players):
        rules = dataclasses.replace(rules, players=len(players))
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
