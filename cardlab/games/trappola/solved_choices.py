"""Every legal choice of a Trappola position judged over solved worlds (perfect-information Monte
Carlo, :mod:`.pimc`): the evaluation the puzzles are built on (:mod:`cardlab.puzzles`).

A world is the opponent's hand drawn uniformly among those that fit the mover's view
(:class:`.worlds.WorldSampler`: T6, T7/T8, T11) and, in the exchange phase, the stock's order.
A choice's value in a world is the points the rest of the deal adds, the mover's minus the
opponent's, with perfect play by both sides (:mod:`.solver`):

- in the card play, each card's exact value (declarations apart: with no declaration of the
  mover pending, no card changes them); where the view determines every card the one world is
  the truth and the judgement is exact;
- in the exchange phase, the choice made, the rest of the exchanges by the rule of thumb (the
  opponent's and the mover's later ones, as the coach's playouts do), then both players declare
  everything they may (dominant with both hands known) and the whole card play is solved.

A position where the mover may declare is not judged (None): a card played before declaring
may give the declaration up or not, depending on the play (T7, T8), which the solver leaves apart.
"""

from __future__ import annotations

import copy
import random

from cardlab.cards import ITALIAN, Card
from cardlab.puzzles.judged import Judged

from .bots import RuleOfThumbBot
from .engine import EXCHANGE, PLAY, Action, State
from .solver import card_values, view_values
from .worlds import WorldSampler

EXCHANGER = RuleOfThumbBot(threshold=24)
"""The exchanges after the judged one (the coach's playouts use the same rule of thumb)."""


def judge_choices(state: State, seed: int, worlds: int) -> Judged | None:
    """Every legal choice of the player to move in ``state`` judged in ``worlds`` worlds drawn with
    ``random.Random(seed)`` (one, exact, where the view determines every card); None where the
    mover may declare (see the module)."""
    me = state.current_player
    view = state.view(me)
    actions = state.legal_actions()
    texts = tuple(state.action_text(a) for a in actions)
    if state.phase == PLAY and any(a.startswith("declare") for a in actions):
        return None
    sampler, rng = WorldSampler(view), random.Random(seed)
    if state.phase == EXCHANGE:
        base = state.clone(undo=False)     # copied for each world: the original keeps its undo
        rows = [_exchange_values(base, actions, *_world(sampler, rng)) for _ in range(worlds)]
        exact = False
    else:
        exact = sampler.exact
        rows = []
        for _ in range(1 if exact else worlds):
            theirs = sampler.sample(rng)
            by_card = view_values(view, [state.hands[me] if p == me else theirs for p in (0, 1)])
            rows.append([float(by_card[Card.parse(a[5:], ITALIAN)]) for a in actions])
    values = tuple(tuple(row[i] for row in rows) for i in range(len(actions)))
    return Judged(texts, values, higher_is_better=True, exact=exact)


def _world(sampler: WorldSampler, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """The opponent's hand and the stock's order, drawn among those that fit the view."""
    theirs = sampler.sample(rng)
    held = set(theirs)
    stock = [c for c in sampler.pool if c not in held]
    rng.shuffle(stock)
    return theirs, stock


def _exchange_values(state: State, actions: list[Action], theirs: list[Card], stock: list[Card]) -> list[float]:
    """Each exchange choice's value in the world where the opponent holds ``theirs`` and the stock
    is ``stock`` (see the module)."""
    me = state.current_player
    out = []
    for action in actions:
        sim = copy.copy(state)          # a clone without undo: only what the exchanges change is copied
        sim.hands = [list(theirs) if p != me else list(h) for p, h in enumerate(state.hands)]
        sim.stock, sim.discards = list(stock), [list(d) for d in state.discards]
        sim.events, sim.history = [], []
        sim.apply(action)
        while sim.phase == EXCHANGE:
            sim.apply(EXCHANGER.exchange_choice(sim.view(sim.current_player)))
        best = max(card_values(sim).values())   # both declare at once, then the play solved
        out.append(float(best if sim.to_move == me else -best))
    return out
