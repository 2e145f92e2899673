"""Cleopatra and its relatives at scale: one statistics row per game.

Players are slap models: ``"slapper"`` (:class:`cardlab.bots.cleopatra.SlapBot`, options such as
``("slapper", {"attention": 0.5})``) or ``"none"`` (never slaps). Rows come from the fast path
(:mod:`cardlab.fast.cleopatra`, proven equal to the engine by ``tests/test_cleopatra_fast.py``);
``detail=True`` plays the engine instead and adds what only its events tell: slaps won and the
opponent's Js each player captured.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from ..cards import Card
from ..bots.cleopatra import SlapBot, play_out
from ..fast.cleopatra import CODE, deal_codes, run_dealt
from ..games import cleopatra
from ..games.cleopatra_events import Captured, FalseSlap, Played, Slapped
from . import PlayerSpec, make_players

if TYPE_CHECKING:
    import pandas as pd

BOTS = {"slapper": SlapBot, "none": lambda seed: None}
DEFAULT_RULES = cleopatra.CLEOPATRA


def deal_row(hands: Sequence[Sequence[int]], first: int) -> dict[str, Any]:
    """What the deal alone says: who plays first and the honours each seat is dealt."""
    row: dict[str, Any] = {"first": first}
    for rank in "JQKA":
        code = CODE[rank]
        for seat in (0, 1):
            row[f"{rank.lower()}s_{seat}"] = hands[seat].count(code)
    return row


def event_row(state: cleopatra.State) -> dict[str, Any]:
    """Slaps won per seat, the opponent's Js (as dealt) each seat ever captured, and the seat
    that captured one of the opponent's Js first (None if nobody did)."""
    hands = state.initial_deal()["hands"]
    owner = {Card.parse(text): seat for seat in (0, 1) for text in hands[seat]}
    taken: list[set] = [set(), set()]
    pile: list = []
    slaps = [0, 0]
    first_taker = None
    for ev in state.events:
        if isinstance(ev, Played):
            pile.append(ev.card)
        elif isinstance(ev, FalseSlap) and ev.burned is not None:
            pile.insert(0, ev.burned)
        elif isinstance(ev, Slapped):
            slaps[ev.seat] += 1
        elif isinstance(ev, Captured):
            js = {c for c in pile if c.rank == "J" and owner[c] != ev.seat}
            if js and first_taker is None:
                first_taker = ev.seat
            taken[ev.seat].update(js)
            pile.clear()
    return {"slaps_0": slaps[0], "slaps_1": slaps[1], "opp_js_taken_0": len(taken[0]),
            "opp_js_taken_1": len(taken[1]), "first_opp_j_taker": first_taker}


def play_one(seed: int, rules: cleopatra.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = ("slapper", "slapper"), detail: bool = False) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row."""
    bots = make_players(BOTS, players, seed)
    rng = random.Random(seed)
    hands, first = deal_codes(rules, rng)
    row: dict[str, Any] = deal_row(hands, first)
    if not detail:
        winner, reason, cards, tricks, steps = run_dealt(rules, hands, first, rng, bots)
        return {"winner": winner, "reason": reason, "cards": cards, "tricks": tricks, "steps": steps, **row}
    state = play_out(cleopatra.new_game(rules, seed=seed, undo=False),
                     [b or SlapBot(0, attention=0.0) for b in bots])
    out = state.outcome
    return {"winner": out.winner, "reason": out.reason, "cards": out.stats["cards"],
            "tricks": out.stats["tricks"], "steps": out.stats["steps"], **row, **event_row(state)}


def simulate_batch(n: int, seed: int = 0, rules: cleopatra.Rules = cleopatra.BEGGAR_MY_NEIGHBOUR) -> "pd.DataFrame":
    """``n`` games of Beggar-my-neighbour (or any rules it covers: deterministic, one shuffled pack,
    out when unable to play, a fixed first player) at array speed (:mod:`cardlab.fast.batch`).

    One row per game with the columns of ``play_one`` (winner, reason, cards, tricks, steps, first,
    honours per seat), and ``game`` instead of ``seed``: game ``i`` is ``deals(seed, n)[i]``,
    replayed in the engine by ``new_game(rules, deal=deal_dict(deals(seed, i + 1)[i], first))``."""
    import numpy as np
    import pandas as pd

    from ..fast.batch import REASONS, beggar_batch, deals

    if not (rules.deterministic and rules.lose == "cannot_play" and rules.deal == "shuffle"
            and rules.first != "random"):
        raise ValueError(f"the batch path plays Beggar-my-neighbour's kind of rules, not {rules.name!r}")
    first = "XY".index(rules.first)
    hands = deals(seed, n)
    out = beggar_batch(hands, first, (0, rules.jack, rules.queen, rules.king, rules.ace), rules.max_steps)
    winner = pd.array(out["winner"], dtype="Int64")
    winner[out["winner"] < 0] = pd.NA
    columns = {"game": np.arange(n), "winner": winner, "reason": pd.Categorical.from_codes(out["reason"], REASONS),
               "cards": out["cards"], "tricks": out["tricks"], "steps": out["steps"], "first": first}
    for code, rank in enumerate("jqka", start=1):
        for seat in (0, 1):
            columns[f"{rank}s_{seat}"] = (hands[:, seat::2] == code).sum(axis=1)
    return pd.DataFrame(columns)
