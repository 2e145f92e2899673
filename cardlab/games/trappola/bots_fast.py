"""A lean second implementation of Trappola's card play (T10–T14) in Python, for the coach's
playouts (:mod:`cardlab.games.trappola.coach`; the search player plays out on the compiled kernel,
:mod:`cardlab.games.trappola.kernel_search`, which draws exactly as this code does).

Cards are ints ``suit * 9 + r`` with ``r`` 0 for the ace … 8 for the 2 (lower ``r`` is
stronger); hands are plain lists. ``tests/test_trappola_bots.py`` checks over thousands of
deals that it agrees with the engine on every legal move, trick winner and score.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from cardlab.cards import ITALIAN_SUITS, Card
from .scoring import LAST_TRICK, RANK_POINTS as PTS, RANKS, STREAK_VALUES, TWO_BONUS
from .scoring import TWO_INDEX as TWO

Policy = Callable[[Sequence[int], int, random.Random], int]
"""``policy(legal_cards, lead_or_minus_1, rng) -> card``."""


def to_int(card: Card) -> int:
    """A card as the int ``suit * 9 + r``."""
    return ITALIAN_SUITS.index(card.suit) * 9 + RANKS.index(card.rank)


def legal(hand: Sequence[int], lead: int) -> list[int]:
    """T11: follow the led suit if able (``lead`` is -1 when leading)."""
    if lead >= 0:
        suit = lead // 9
        same = [c for c in hand if c // 9 == suit]
        if same:
            return same
    return list(hand)


def quick_policy(cards: Sequence[int], lead: int, rng: random.Random) -> int:
    """The playout policy: a random lead; follow by winning as cheaply as possible, else give
    the least (a void discards its least valuable card, keeping 2s)."""
    if lead < 0:
        return cards[rng.randrange(len(cards))]
    if cards[0] // 9 == lead // 9:
        higher = [c for c in cards if c < lead]
        return max(higher) if higher else max(cards, key=lambda c: (-PTS[c % 9], c))
    return min(cards, key=lambda c: (PTS[c % 9] + (20 if c % 9 == TWO else 0), -c))


class Deal:
    """The card play of one deal from some point: hands, who is to lead, the trick so far,
    the points banked (card points and 10s for 2s) and the past tricks as (winner, with a 2)."""

    __slots__ = ("hands", "to_move", "lead", "score", "past", "longest")

    def __init__(self, hands: list[list[int]], to_move: int, lead: int = -1,
                 score: Sequence[int] = (0, 0), past: Sequence[tuple[int, bool]] = (),
                 longest: int = 3) -> None:
        self.hands = hands
        self.to_move = to_move
        self.lead = lead
        self.score = list(score)
        self.past = list(past)
        self.longest = longest

    def legal(self) -> list[int]:
        return legal(self.hands[self.to_move], self.lead)

    def play(self, card: int) -> None:
        """Play a (legal) card; settle the trick when it is the second card."""
        p = self.to_move
        self.hands[p].remove(card)
        lead = self.lead
        if lead < 0:
            self.lead, self.to_move = card, 1 - p
            return
        won = card // 9 == lead // 9 and card < lead
        winner = p if won else 1 - p
        best = card if won else lead
        two = best % 9 == TWO
        self.score[winner] += PTS[lead % 9] + PTS[card % 9] + (TWO_BONUS if two else 0)
        self.past.append((winner, two))
        self.lead, self.to_move = -1, winner

    @property
    def over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    def final(self) -> list[int]:
        """T13/T14 applied to the finished deal: the two players' points (no declarations)."""
        score = list(self.score)
        winner, two = self.past[-1]
        if not two:
            score[winner] += LAST_TRICK
            return score
        n = 0
        for w, t in reversed(self.past):
            if n == self.longest or w != winner or not t:
                break
            n += 1
        score[winner] += STREAK_VALUES[n] - TWO_BONUS * n
        return score

    def playout(self, policy: Policy, rng: random.Random) -> list[int]:
        """Play to the end with ``policy`` for both players; the final points."""
        hands = self.hands
        while hands[0] or hands[1]:
            self.play(policy(legal(hands[self.to_move], self.lead), self.lead, rng))
        return self.final()
