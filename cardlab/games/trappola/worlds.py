"""The opponent's hands a Trappola seat cannot tell apart, drawn uniformly: every hand of the right
size from the cards the seat has not seen (the stock and discarded hands aside, T6), none of a suit
the opponent failed to follow (T11), holding of each rank they declared exactly what remains of it
(T7: "three" means the fourth is elsewhere; every card of the rank they played went after the
declaration). A rank said without its name ("three", "four": R, C, F or 2) is weighted by the
number of hands that fit it, not drawn evenly (T7, T8).

When the stock is empty the unseen cards are exactly the opponent's hand: the view determines
every card, and :attr:`WorldSampler.exact` says so.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

from cardlab.cards import Card
from .bots import opponent_voids, unseen_cards
from .engine import View
from .scoring import DECLARABLE


class WorldSampler:
    """The opponent's possible hands in ``view`` (read once, at construction)."""

    def __init__(self, view: View) -> None:
        if view.player is None:
            raise ValueError("worlds are sampled for a seat's view, not for the whole table's")
        opp = 1 - view.player
        self.size = view.hand_sizes[opp]
        self.pool = unseen_cards(view)
        voids = opponent_voids(view)
        self.free = [c for c in self.pool if c.suit not in voids]
        self.played = played = Counter(t.card_of(opp).rank for t in view.tricks)
        """The cards of each rank the opponent has played in the deal (the trick in progress included)."""
        if view.trick and view.leader == opp:
            played[view.trick[0].rank] += 1
        declared = [(4 if said.startswith("four") else 3, rank)
                    for p, said, rank in view.declarations if p == opp]
        named = {rank for _, rank in declared if rank}
        unnamed = [n for n, rank in declared if rank is None]
        fixed = [(n, rank) for n, rank in declared if rank]
        choices = [r for r in DECLARABLE if r != "A" and r not in named]
        self.cases: list[tuple[dict[str, int], int]] = []
        """Each reading of the declarations: (cards held of each declared rank, hands that fit)."""
        for ranks in itertools.permutations(choices, len(unnamed)):
            need = {rank: n - played[rank] for n, rank in fixed + list(zip(unnamed, ranks))}
            count = self._count(need)
            if count:
                self.cases.append((need, count))
        if not self.cases:                       # nothing fits (a declaration misread): no constraint
            self.free = self.pool
            self.cases = [({}, comb(len(self.pool), self.size))]

    def _count(self, need: dict[str, int]) -> int:
        """How many hands hold exactly ``need[rank]`` of each rank in it, the rest free."""
        total, rest = 1, self.size
        for rank, n in need.items():
            held = sum(c.rank == rank for c in self.free)
            if not 0 <= n <= held:
                return 0
            total *= comb(held, n)
            rest -= n
        others = sum(c.rank not in need for c in self.free)
        return total * comb(others, rest) if rest >= 0 else 0

    @property
    def exact(self) -> bool:
        """Whether only one hand is possible: the view determines every card."""
        return sum(count for _, count in self.cases) == 1

    def weights(self) -> dict[tuple[tuple[str, int], ...], float]:
        """The chance of each reading of the declarations (ranks and counts held), by hands that fit."""
        total = sum(count for _, count in self.cases)
        return {tuple(sorted(need.items())): count / total for need, count in self.cases}

    def sample(self, rng: random.Random) -> list[Card]:
        """A hand drawn uniformly among those that fit the view."""
        need = rng.choices([n for n, _ in self.cases], [c for _, c in self.cases])[0]
        hand: list[Card] = []
        for rank, n in need.items():
            hand += rng.sample([c for c in self.free if c.rank == rank], n)
        others = [c for c in self.free if c.rank not in need]
        return hand + rng.sample(others, self.size - len(hand))

    def hands(self) -> list[list[Card]]:
        """Every hand that fits (for small cases: the tests' exhaustive count)."""
        return [list(h) for h in itertools.combinations(self.free, self.size) if self.fits(h)]

    def fits(self, hand) -> bool:
        """Whether ``hand`` fits one reading of the declarations."""
        counts = Counter(c.rank for c in hand)
        return any(all(counts[r] == n for r, n in need.items()) for need, _ in self.cases)
