"""A reduced Trappola deal small enough for exact algorithms: ``cardlab_trappola_endgame``.

A single deal is played from ``seed`` by two rule-of-thumb players up to the last ``tricks``
tricks (default 3). That position is the start of the game, except that the ``2 × tricks``
cards still in the hands are dealt again at random — one chance node over every way to split
them — so each player knows only their own hand, as at the table. Then the engine plays the last
tricks (T10–T14) and scores the whole deal (T15); the return is the deal's margin.

With 3 tricks the tree has 20 deals and at most 36 card sequences each: CFR and exact
exploitability (``open_spiel.python.algorithms``) run in seconds. A whole deal is far beyond that:
C(36, 9)·C(27, 9) ≈ 4·10¹⁴ deals before the first card.
"""

from __future__ import annotations

from itertools import combinations

import pyspiel

from .bots import RuleOfThumbBot
from cardlab.errors import RulesError
from . import engine as trappola
from .scoring import TRICKS_PER_DEAL
from cardlab.openspiel.adapter import AdapterState, Draws, copy_engine, draw_from, game_type
from .openspiel import CARD, DEAL_BOUND, TrappolaGame

PARAMS = {"seed": 1, "tricks": 3}
GAME_TYPE = game_type("cardlab_trappola_endgame", "cardlab Trappola endgame", (2, 2), PARAMS)


def endgame_position(seed: int, tricks: int) -> trappola.State:
    """The single deal from ``seed`` played by rule-of-thumb players until ``tricks`` tricks are
    left (and no card of the current trick is down)."""
    state = trappola.new_game("single-deal", seed=seed, undo=False)
    bots = [RuleOfThumbBot(seed), RuleOfThumbBot(seed + 1)]
    while len(state.tricks) < TRICKS_PER_DEAL - tricks or state.trick or state.phase != trappola.PLAY:
        state.apply(bots[state.current_player].choose(state))
    return state


class TrappolaEndgame(TrappolaGame):
    """The last tricks of a Trappola deal with the cards in hand dealt again (module docstring)."""

    state_class = AdapterState

    def __init__(self, params: dict | None = None) -> None:
        params = {**PARAMS, **(params or {})}
        if not 1 <= params["tricks"] <= 4:
            raise RulesError("tricks", f"1 to 4 tricks left (an exact tree), not {params['tricks']}")
        self.position = endgame_position(params["seed"], params["tricks"])
        hands = self.position.hands
        self.cards = sorted(hands[0] + hands[1], key=CARD.__getitem__)
        self.splits = list(combinations(self.cards, len(hands[0])))
        self.rules = self.position.rules
        self.margin = True
        self._layout()
        info = pyspiel.GameInfo(num_distinct_actions=len(self.catalog), max_chance_outcomes=len(self.splits),
                                num_players=2, min_utility=-DEAL_BOUND, max_utility=DEAL_BOUND,
                                utility_sum=0.0, max_game_length=1 + 2 * params["tricks"] + 8)
        self._setup(GAME_TYPE, info, params)

    def new_engine(self, draws: Draws) -> trappola.State:
        """The position with seat 0's hand one split of the cards in hand (a chance draw)."""
        split = self.splits[draws.randrange(len(self.splits))]
        engine = copy_engine(self.position, self.engine)
        engine.hands = [list(split), [c for c in self.cards if c not in split]]
        draw_from(engine, draws)
        return engine


pyspiel.register_game(GAME_TYPE, TrappolaEndgame)
