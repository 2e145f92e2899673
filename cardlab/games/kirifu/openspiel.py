"""Kirifu as the OpenSpiel game ``cardlab_kirifu`` (rules K1–K23 from the engine).

Parameters: ``preset`` (a name of :data:`cardlab.games.kirifu.PRESETS`, default ``"kirifu"``),
``players`` (default 4; 3–5 in the seed's rules, 2–7 in ``kirifu-2-7``) and ``max_actions``
(default 1000): nothing in the rules forces a Kirifu game to end (omorai can cycle), so the
OpenSpiel game stops after that many player actions.

Returns: a zero-sum finishing-place utility, linear in the place: 1st gets +1, last −1, place
``q`` of ``n`` gets ``(n + 1 - 2q) / (n - 1)``. Players still in at the cap share equally the
utilities of the places left. Chance: the 52 (53 with the joker) cards card by card (51 draws),
then the world suit and the first player when the rules leave them to chance (K2, K4); nothing
after the deal. Actions: every ``cut X with Y``, ``take X``, ``pass X``, ``osoroi`` group and
``send`` of the pack (their ids do not depend on the deal).
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np
import pyspiel

from .bots import determinize
from cardlab.cards import FRENCH_SUITS, french_deck
from cardlab.errors import RulesError
from . import engine as kirifu
from .moves import is_osoroi_group
from cardlab.openspiel.adapter import AdapterGame, AdapterState, engine_class, game_type

Engine = engine_class(kirifu.State, __name__)
PARAMS = {"preset": "kirifu", "players": 4, "max_actions": 1000}
GAME_TYPE = game_type("cardlab_kirifu", "cardlab Kirifu", (2, 7), PARAMS)


@lru_cache(maxsize=None)
def catalog(joker: bool) -> tuple[kirifu.Action, ...]:
    """Every Kirifu action with this pack, in id order."""
    deck = french_deck(jokers=int(joker))
    out = [kirifu.Action(("cut", p, c)) for p in deck for c in deck if p != c]
    out += [kirifu.Action(("take", c)) for c in deck] + [kirifu.Action(("pass", c)) for c in deck]
    out.append(kirifu.SEND)
    out += [kirifu.Action(("osoroi", g)) for k in (2, 3) for g in combinations(deck, k) if is_osoroi_group(g)]
    return tuple(out)


def place_utility(place: float, n: int) -> float:
    """The zero-sum utility of finishing ``place`` of ``n``: +1 first, −1 last, linear between."""
    return (n + 1 - 2 * place) / (n - 1)


class KirifuGame(AdapterGame[kirifu.State]):
    """Kirifu in OpenSpiel: 2–7 players (by the preset's range), a finishing-place utility."""

    module = kirifu
    engine = Engine
    state_class = AdapterState

    def __init__(self, params: dict | None = None) -> None:
        params, rules = self.read_params(params, PARAMS)
        try:
            self.rules = dataclasses.replace(rules, players=params["players"])
        except ValueError as e:
            raise RulesError("players", str(e)) from None
        if params["max_actions"] < 1:
            raise RulesError("max_actions", f"at least 1, not {params['max_actions']}")
        self.max_actions = params["max_actions"]
        n, deck = self.rules.players, french_deck(jokers=int(self.rules.joker))
        self.deck = {c: i for i, c in enumerate(deck)}
        self.catalog = list(catalog(self.rules.joker))
        d = len(deck)
        self.pieces = [("player", (n,)), ("to_move", (n,)), ("receiver", (n,)), ("phase", (2,)),
                       ("world", (4,)), ("hand", (d,)), ("discard", (d,)), ("passed", (d,)),
                       ("taken", (d,)), ("chosen", (d,)), ("known", (n, d)), ("counts", (n,)),
                       ("places", (n, n + 1)), ("stock", (1,))]
        info = pyspiel.GameInfo(num_distinct_actions=len(self.catalog), max_chance_outcomes=d,
                                num_players=n, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=d + 1 + self.max_actions)
        self._setup(GAME_TYPE, info, params)

    def over(self, engine: kirifu.State) -> bool:
        return engine.is_over or len(engine.history) >= self.max_actions

    def returns_of(self, engine: kirifu.State) -> list[float]:
        n = self.rules.players
        done = engine.finished
        rest = [place_utility(q, n) for q in range(len(done) + 1, n + 1)]
        share = sum(rest) / len(rest) if rest else 0.0
        return [place_utility(done.index(p) + 1, n) if p in done else share for p in range(n)]

    def may_draw(self, engine: kirifu.State, action: Any) -> bool:
        """Kirifu's RNG serves only the deal."""
        return False

    def fill(self, t: dict[str, np.ndarray], state: AdapterState[kirifu.State], player: int) -> None:
        view, deck = state.dealt.view(player), self.deck
        t["player"][player] = 1
        t["to_move"][view.current_player] = 1
        t["receiver"][view.receiver] = 1
        t["phase"][int(view.phase == kirifu.RECEIVE)] = 1
        t["world"][FRENCH_SUITS.index(view.world)] = 1
        for name in ("discard", "passed", "taken", "chosen"):
            for c in getattr(view, name):
                t[name][deck[c]] = 1
        for c in view.hand_of(player):
            t["hand"][deck[c]] = 1
        for seat, cards in enumerate(view.known):
            for c in cards:
                t["known"][seat, deck[c]] = 1
        t["counts"][:] = [k / len(deck) for k in view.counts]
        for seat in range(self.rules.players):
            t["places"][seat, view.finished.index(seat) + 1 if seat in view.finished else 0] = 1
        t["stock"][0] = view.stock / len(deck)

    def determinize(self, engine: kirifu.State, player: int, rng: random.Random) -> kirifu.State:
        """The search bot's :func:`cardlab.games.kirifu.bots.determinize`."""
        return determinize(engine, player, rng)


pyspiel.register_game(GAME_TYPE, KirifuGame)
