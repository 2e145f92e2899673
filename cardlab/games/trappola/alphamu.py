"""αμ search for Trappola's card play (Cazenave & Ventos, "The αμ search algorithm for the game of
Bridge", 2019): perfect-information Monte Carlo without strategy fusion for the mover's own next
``depth - 1`` moves.

PIMC (:mod:`.pimc`) solves each sampled world as if the mover knew the opponent's hand for the rest
of the deal, so it may count on a later guess being right in every world ("strategy fusion"). αμ
searches the first ``depth`` of the mover's own moves over all the worlds together: at the mover's
node one card must be chosen for every world at once, while the opponent, as in the solver, may
answer differently in each world (they know their hand). Below ``depth`` each world is solved
exactly (:func:`.kernel_solver.root_values`), so depth 1 is PIMC.

A node's value is a *front*: the vectors (one value per world, the mover's points minus the
opponent's from the node to the deal's end) that the mover can reach with some choice of its own
later cards, none worse in every world than another (Pareto). At the mover's node the fronts of
its cards are pooled; at the opponent's node every combination of its cards' fronts is met with the
world-by-world minimum (each world's opponent picks its worst card for the mover). The root plays
the card whose front holds the vector with the best mean over the worlds.

Fronts are capped at :data:`FRONT` vectors (those with the best means kept): with real-valued
points the fronts of the paper's won/lost vectors could grow without bound.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from cardlab.cards import ITALIAN, Card
from cardlab.kernels import jit

from .bots import SolverBot
from .engine import View
from .kernel_solver import SUIT, root_values, trick_outcome
from .kernel_search import INDEX
from .solver import mask, streak_state, table
from .worlds import WorldSampler

FRONT = 16
"""The most vectors a front keeps (the best means)."""
CARD = {i: c for c, i in INDEX.items()}


def pareto(rows: np.ndarray) -> np.ndarray:
    """The rows of ``rows`` (vectors of values, higher better) that no other row beats in every
    column and strictly in one, duplicates once; at most :data:`FRONT` of them, best mean first."""
    rows = np.unique(rows, axis=0)
    if len(rows) > 1:
        ge = (rows[:, None, :] >= rows[None, :, :]).all(axis=2)
        gt = (rows[:, None, :] > rows[None, :, :]).any(axis=2)
        beaten = (ge & gt).any(axis=0)
        rows = rows[~beaten]
    return rows[np.argsort(-rows.mean(axis=1), kind="stable")[:FRONT]]


class _Search:
    """One αμ search: the mover's seat and hand, the opponent's hand in each world, the rules'
    longest streak and the solver's table."""

    def __init__(self, me: int, mine: int, theirs: Sequence[int], longest: int) -> None:
        self.me, self.mine, self.theirs = me, mine, np.array(theirs, np.int64)
        self.longest, self.table = longest, table(longest)
        self.out = jit.np.zeros(36, jit.np.int64)

    def legal(self, hand: int, lead: int) -> list[int]:
        """The cards of ``hand`` (a mask) that may follow ``lead`` (T11), or any when leading."""
        if lead >= 0 and hand & (SUIT << (lead // 9 * 9)):
            hand &= SUIT << (lead // 9 * 9)
        return [c for c in range(36) if (hand >> c) & 1]

    def mover(self, mine: int, worlds: np.ndarray, lead: int, owner: int, run: int,
              depth: int) -> tuple[list[int], list[np.ndarray]]:
        """The mover's cards at its node and the front of each (``worlds``: the opponent's hands)."""
        cards = self.legal(mine, lead)
        if depth == 1:                            # each world solved: one vector a card
            rows = np.empty((len(cards), len(worlds)))
            for w, theirs in enumerate(worlds):
                h = (mine, int(theirs)) if self.me == 0 else (int(theirs), mine)
                root_values(h[0], h[1], self.me, lead, owner, run, self.longest, self.table, self.out)
                rows[:, w] = [self.out[c] for c in cards]
            return cards, [row[None, :] for row in rows]
        return cards, [self.play(c, self.me, mine & ~(1 << c), worlds, lead, owner, run, depth - 1)
                       for c in cards]

    def node(self, mine: int, worlds: np.ndarray, to_move: int, lead: int, owner: int, run: int,
             depth: int) -> np.ndarray:
        """The front of a node: ``to_move`` plays next, ``lead`` the card led (-1: none yet)."""
        if to_move == self.me:
            return pareto(np.concatenate(self.mover(mine, worlds, lead, owner, run, depth)[1]))
        follow = [(w & (SUIT << (lead // 9 * 9))) or w for w in worlds.tolist()] if lead >= 0 else worlds.tolist()
        front = np.full((1, len(worlds)), np.inf)
        for c in range(36):
            where = np.array([(h >> c) & 1 for h in follow], bool)
            if not where.any():
                continue
            sub = self.play(c, 1 - self.me, mine, worlds[where] & ~(1 << c), lead, owner, run, depth)
            part = np.full((len(sub), len(worlds)), np.inf)
            part[:, where] = sub
            front = pareto(np.minimum(front[:, None, :], part[None, :, :]).reshape(-1, len(worlds)))
        return front

    def play(self, card: int, player: int, mine: int, worlds: np.ndarray, lead: int, owner: int,
             run: int, depth: int) -> np.ndarray:
        """The front after ``player`` plays ``card`` (both hands already without it)."""
        if lead < 0:
            return self.node(mine, worlds, 1 - player, card, owner, run, depth)
        last = mine == 0
        winner, points, owner, run = trick_outcome(lead, card, 1 - player, owner, run, self.longest, last)
        gain = points if winner == self.me else -points
        if last:
            return np.full((1, len(worlds)), float(gain))
        return gain + self.node(mine, worlds, winner, -1, owner, run, depth)


def alpha_mu_values(view: View, hands: Sequence[Sequence[Card]], depth: int) -> dict[Card, float]:
    """Each legal card of the player to move in ``view`` (a deal's card play) valued by an αμ
    search of ``depth`` over the worlds where the opponent holds each of ``hands``: the best mean
    over the worlds of a vector in the card's front (declarations apart, as :mod:`.solver`)."""
    me = view.current_player
    if view.player != me:
        raise ValueError("αμ searches for the player to move's own view")
    owner, run = streak_state(view.tricks, view.rules.longest_streak)
    search = _Search(me, mask(view.own_hand), [mask(h) for h in hands], view.rules.longest_streak)
    lead = INDEX[view.trick[0]] if view.trick else -1
    cards, fronts = search.mover(search.mine, search.theirs, lead, owner, run, depth)
    return {CARD[c]: float(f.mean(axis=1).max()) for c, f in zip(cards, fronts)}


class AlphaMuBot(SolverBot):
    """Plays the card with the best :func:`alpha_mu_values` over ``worlds`` worlds drawn by
    :class:`.worlds.WorldSampler`, searched ``depth`` deep (the first of equals in the engine's
    order); otherwise as :class:`.bots.SolverBot`: the exactly best card where the view determines
    every card, the rule of thumb's exchanges and declarations, the search's playouts above
    ``largest`` cards."""

    name = "alpha-mu"

    def __init__(self, seed: int | None = None, worlds: int = 10, depth: int = 2, **options) -> None:
        super().__init__(seed, worlds=worlds, **options)
        self.depth = depth

    def card_choice(self, view: View) -> Card:
        if len(view.own_hand) > self.largest or len(view.legal) == 1:
            return super().card_choice(view)
        sampler = WorldSampler(view)
        if sampler.exact:
            return super().card_choice(view)
        values = alpha_mu_values(view, [sampler.sample(self.rng) for _ in range(self.worlds)], self.depth)
        return max((Card.parse(a[5:], ITALIAN) for a in view.legal), key=values.__getitem__)

    def __repr__(self) -> str:
        return f"AlphaMuBot(worlds={self.worlds}, depth={self.depth}, largest={self.largest})"
