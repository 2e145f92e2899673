"""Information-set MCTS on Trappola's exact solver: OpenSpiel's ISMCTS
(:func:`cardlab.openspiel.bots.ismcts_bot`) whose leaves are valued by solving their world exactly
(:mod:`.solver`) instead of by a random rollout. Each simulation deals the hidden cards again
consistently with the seat's view (the adapter's resampler), walks the tree and solves the world at
the new leaf: the deal's margin so far plus the solver's best value for the player to move (in the
exchange phase the rest of the exchanges by the rule of thumb first, as :mod:`.solved_choices`).

Unlike PIMC (:mod:`.pimc`) the tree keeps one statistic per information set, so it does not fuse
strategies across worlds at the nodes it grows; it affords far fewer worlds in the same time.
Where the view determines every card :class:`ISMCTSSolverBot` plays the solver's exactly best card,
as the other players do.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from cardlab.openspiel.bots import ismcts_player

from . import openspiel  # noqa: F401  (registers cardlab_trappola)
from .bots import PLAY_CARD
from .engine import EXCHANGE, PLAY, Action, State
from .pimc import judge
from .solved_choices import EXCHANGER
from .solver import card_values
from .worlds import WorldSampler


def solved_margin(engine: State) -> float:
    """Seat 0's final margin (its score minus seat 1's) with the rest of ``engine``'s deal played
    perfectly by both (the exchanges left by the rule of thumb); a single deal's or the game's."""
    if not engine.is_over:
        if engine.phase == EXCHANGE:
            engine = engine.clone(undo=False)
            while engine.phase == EXCHANGE:
                engine.apply(EXCHANGER.exchange_choice(engine.view(engine.current_player)))
        best = max(card_values(engine).values())
        points = engine.deal_points()
        made = sum(d.value * (1 if d.player == 0 else -1) for d in engine.declared)
        rest = best if engine.to_move == 0 else -best
        return float(engine.scores[0] - engine.scores[1] + points[0] - points[1] + made + rest)
    return float(engine.scores[0] - engine.scores[1])


class SolverEvaluator(mcts.Evaluator):
    """An OpenSpiel leaf evaluator for ``cardlab_trappola`` (single deal, margin returns): the
    leaf's world solved exactly (:func:`solved_margin`); a uniform prior."""

    def evaluate(self, state: Any) -> np.ndarray:
        margin = solved_margin(state.engine)
        return np.array([margin, -margin])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class ISMCTSSolverBot:
    """ISMCTS on the solver with ``simulations`` a decision (at a single deal of Trappola), deciding
    from the seat's view alone; the exactly best card where the view determines every card."""

    name = "ismcts-solver"

    def __init__(self, seed: int | None = None, simulations: int = 74) -> None:
        self.simulations = simulations
        self.rng = random.Random(seed)
        self.player = ismcts_player("cardlab_trappola", simulations=simulations,
                                    evaluator=SolverEvaluator)(self.rng.randrange(2**32))

    def choose(self, state: State) -> Action:
        view = state.view(state.current_player)
        if view.phase == PLAY and all(a.startswith("play") for a in view.legal) and WorldSampler(view).exact:
            return PLAY_CARD[judge(view, 1, self.rng).best()]
        return Action(self.player.choose(state))

    def __repr__(self) -> str:
        return f"ISMCTSSolverBot(simulations={self.simulations})"
