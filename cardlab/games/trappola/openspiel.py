"""Trappola as the OpenSpiel game ``cardlab_trappola`` (rules T1–T16 from the engine).

Parameters: ``preset`` (a name of :data:`cardlab.games.trappola.PRESETS`, default
``"single-deal"``) and ``returns``: ``"margin"`` (default; the score difference, which for one
deal is the deal's margin and for a game to 300 the final totals' difference) or ``"result"``
(+1 for the winner, −1 for the loser, 0 for a tied single deal). Zero-sum either way.

Chance: the dealer (one draw of 2) and the 36 cards in dealing order (35 draws, card by card),
again for each new deal of a game to 300. Actions: ``exchange``, ``keep``, ``declare A/R/C/F/2``,
``play`` each of the 36 cards (43 ids). Observations are ``view(player)``: own hand, discarded
hands, tricks, declarations (an opponent's three of R, C, F or 2 unnamed, T7), scores, and the
last finished deal as it ended (its tricks, discarded hands, declarations and sheet).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from .bots import HandSampler, unseen_cards
from cardlab.cards import italian_deck
from cardlab.errors import RulesError
from . import engine as trappola
from .scoring import DECLARABLE, TRICKS_PER_DEAL, Declaration
from cardlab.openspiel.adapter import AdapterGame, AdapterState, copy_engine, engine_class, game_type

DECK = italian_deck()
CARD = {c: i for i, c in enumerate(DECK)}
RETURNS = ("margin", "result")
DEAL_BOUND = 400
"""More than either player can score in one deal (card points, 2s, streak, declarations)."""
MAX_DEALS = 120
"""Declared bound on deals in a game to 300 (each deal scores at least 6; a tie at or past the
target plays on, so the true game is unbounded by a tiny margin)."""

Engine = engine_class(trappola.State, __name__)
PARAMS = {"preset": "single-deal", "returns": "margin"}
GAME_TYPE = game_type("cardlab_trappola", "cardlab Trappola", (2, 2), PARAMS)


def catalog() -> list[trappola.Action]:
    """Every Trappola action, in id order."""
    return ([trappola.EXCHANGE_ACTION, trappola.KEEP_ACTION]
            + [trappola.Action(f"declare {r}") for r in DECLARABLE]
            + [trappola.Action(f"play {c.ascii()}") for c in DECK])


class TrappolaGame(AdapterGame[trappola.State]):
    """Trappola in OpenSpiel: two players, one deal or a game to 300."""

    module = trappola
    engine = Engine
    state_class = AdapterState

    def __init__(self, params: dict | None = None) -> None:
        params, self.rules = self.read_params(params, PARAMS)
        if params["returns"] not in RETURNS:
            raise RulesError("returns", f"one of {', '.join(RETURNS)}, not {params['returns']!r}")
        self.margin = params["returns"] == "margin"
        self._layout()
        bound = float(DEAL_BOUND if self.rules.target is None else self.rules.target + DEAL_BOUND)
        bound = bound if self.margin else 1.0
        deals = 1 if self.rules.target is None else MAX_DEALS
        info = pyspiel.GameInfo(num_distinct_actions=len(self.catalog), max_chance_outcomes=36,
                                num_players=2, min_utility=-bound, max_utility=bound, utility_sum=0.0,
                                max_game_length=deals * (36 + 4 + 6 + 18))
        self._setup(GAME_TYPE, info, params)

    def _layout(self) -> None:
        """The action catalog and the tensor pieces."""
        self.catalog = catalog()
        self.pieces = [("player", (2,)), ("phase", (3,)), ("dealer", (2,)), ("to_move", (2,)),
                       ("hand", (36,)), ("trick", (36,)), ("played", (2, 36)), ("won", (2, 36)),
                       ("tricks", (TRICKS_PER_DEAL, 3)), ("discards", (2, 36)),
                       ("declared", (2, len(DECLARABLE), 2)), ("unnamed", (2, 2)),
                       ("sizes", (3,)), ("points", (2,)), ("scores", (2,))]

    def returns_of(self, engine: trappola.State) -> list[float]:
        a, b = engine.scores
        diff = float(a - b) if self.margin else float(np.sign(a - b))
        return [diff, -diff]

    def may_draw(self, engine: trappola.State, action: Any) -> bool:
        """Only the deal's last card can draw (the next deal's shuffle, T16)."""
        return engine.phase == trappola.PLAY and sum(map(len, engine.hands)) == 1

    def fill(self, t: dict[str, np.ndarray], state: AdapterState[trappola.State], player: int) -> None:
        view = state.dealt.view(player)
        t["player"][player] = 1
        t["phase"][(trappola.EXCHANGE, trappola.PLAY, trappola.OVER).index(view.phase)] = 1
        t["dealer"][view.dealer] = 1
        t["to_move"][view.current_player] = 1
        for c in view.hand_of(player):
            t["hand"][CARD[c]] = 1
        if view.trick:
            t["trick"][CARD[view.trick[0]]] = 1
        for i, trick in enumerate(view.tricks):
            for seat in (0, 1):
                t["played"][seat, CARD[trick.card_of(seat)]] = 1
            for c in trick.cards:
                t["won"][trick.winner, CARD[c]] = 1
            t["tricks"][i, trick.winner] = 1
            t["tricks"][i, 2] = trick.winning_card.rank == "2"
        for seat in (0, 1):
            for hand in view.discards[seat]:
                for c in hand:
                    t["discards"][seat, CARD[c]] = 1
        for seat, said, rank in view.declarations:
            four = int(said.startswith("four"))
            if rank is None:
                t["unnamed"][seat, four] = 1
            else:
                t["declared"][seat, DECLARABLE.index(rank), four] = 1
        t["sizes"][:] = (view.hand_sizes[player] / 9, view.hand_sizes[1 - player] / 9, view.stock_size / 18)
        t["points"][:] = [p / 100 for p in view.deal_points]
        t["scores"][:] = [s / 300 for s in view.scores]

    def determinize(self, engine: trappola.State, player: int, rng: random.Random) -> trappola.State:
        """The opponent's hand from the bots' :class:`HandSampler` (consistent with declarations
        and shown voids), the stock from the rest; an opponent's unnamed three or four gets a rank
        that the sampled hand can hold."""
        view, opp = engine.view(player), 1 - player
        hand = HandSampler(view).sample(rng)
        rest = [c for c in unseen_cards(view) if c not in hand]
        rng.shuffle(rest)
        sim = copy_engine(engine)
        sim.hands[opp], sim.stock = list(hand), rest
        sim.declared = _fit_declarations(sim, opp, hand)
        return sim


def _fit_declarations(engine: trappola.State, opp: int, hand: list) -> list[Declaration]:
    """The declarations with the opponent's unnamed ones given ranks their sampled cards allow."""
    held = Counter(c.rank for c in hand)
    held.update(t.card_of(opp).rank for t in engine.tricks)
    if engine.trick and engine.to_move != opp:
        held[engine.trick[0].rank] += 1
    named = {d.rank for d in engine.declared if d.player == opp and d.rank == "A"}
    out = []
    for d in engine.declared:
        if d.player == opp and d.rank != "A":
            options = [r for r in DECLARABLE if r != "A" and r not in named and held[r] >= d.count]
            d = Declaration(opp, options[0] if options else d.rank, d.count)
            named.add(d.rank)
        out.append(d)
    return out


pyspiel.register_game(GAME_TYPE, TrappolaGame)
