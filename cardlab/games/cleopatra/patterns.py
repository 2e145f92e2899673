"""The pattern notation of Beggar-my-neighbour studies, and deals of Cleopatra and its relatives.

A hand is written as one string, leftmost = top card: ``J Q K A`` for the honours and ``-`` for
any number card (2–10). Published record games are given this way, e.g. Mann and Wu (2007)::

    >>> hands = hands_from_patterns(["K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"])
    >>> [len(h) for h in hands], pattern_of(hands[0])
    ([26, 26], 'K-KK----K-A-----JAA--Q--J-')

Concrete cards are assigned deterministically: each honour takes the next unused suit of its
rank (♠ ♥ ♦ ♣), each ``-`` the next unused number card in pack order.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from cardlab.cards import Card, french_deck
from cardlab.errors import CardlabError, RecordError

SEATS = "XY"

HONOURS: tuple[str, ...] = ("J", "Q", "K", "A")
PATTERN_CHARS = "-JQKA"


_CHAR = {c: (c.rank if c.rank in HONOURS else "-") for c in french_deck()}


def pattern_of(cards: Sequence[Card]) -> str:
    """A hand in pattern notation (``-`` for every number card)."""
    return "".join(map(_CHAR.__getitem__, cards))


def hands_from_patterns(patterns: Sequence[str]) -> list[list[Card]]:
    """Concrete hands for pattern strings; raises ``RecordError`` naming the bad hand."""
    deck = french_deck()
    free: dict[str, list[Card]] = {r: [c for c in deck if c.rank == r] for r in HONOURS}
    free["-"] = [c for c in deck if c.rank not in HONOURS]
    hands = []
    for i, text in enumerate(patterns):
        hand = []
        for ch in text.strip().upper():
            if ch not in free:
                raise RecordError(f"hands[{i}]", f"unknown pattern character {ch!r}; use {' '.join(PATTERN_CHARS)}")
            if not free[ch]:
                raise RecordError(f"hands[{i}]", f"too many {ch!r} in the patterns: a pack has "
                                  f"{36 if ch == '-' else 4}")
            hand.append(free[ch].pop(0))
        hands.append(hand)
    return hands


def deal_by_colour(rng: random.Random, first_colour: str, first: int) -> list[list[Card]]:
    """C2: the red cards (♥ ♦) to one player, the black (♠ ♣) to the other, each shuffled.

    ``first_colour`` is the colour of the first player (seat ``first``)."""
    red = [c for c in french_deck() if c.color == "red"]
    black = [c for c in french_deck() if c.color == "black"]
    rng.shuffle(red)
    rng.shuffle(black)
    own, other = (red, black) if first_colour == "red" else (black, red)
    return [own, other] if first == 0 else [other, own]


def deal_shuffled(rng: random.Random) -> list[list[Card]]:
    """One shuffled 52-card pack dealt alternately, one card at a time (Beggar-my-neighbour)."""
    deck = french_deck()
    rng.shuffle(deck)
    return [deck[0::2], deck[1::2]]


def seeded_deal(rules: Any, rng: random.Random) -> tuple[list[list[Card]], int]:
    """The deal drawn from the game's RNG: C3 the first player, then C2 (or one shuffled pack)."""
    first = rng.randrange(2) if rules.first == "random" else SEATS.index(rules.first)
    hands = deal_by_colour(rng, rules.first_colour, first) if rules.deal == "colour" else deal_shuffled(rng)
    return hands, first


def read_deal(deal: dict[str, Any]) -> tuple[list[list[Card]], int]:
    """A deal's hands (card lists or pattern strings) and first seat; ``RecordError`` names the bad field."""
    if not isinstance(deal, dict) or "hands" not in deal:
        raise RecordError("", "a deal is {'hands': [hand X, hand Y], 'first': 0 or 1}")
    raw = deal["hands"]
    if not isinstance(raw, (list, tuple)) or len(raw) != 2:
        raise RecordError("hands", "two hands are needed, X's then Y's")
    first = deal.get("first", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise RecordError("first", f"must be 0 (X) or 1 (Y), not {first!r}")
    if all(isinstance(h, str) for h in raw):
        return hands_from_patterns(raw), first
    hands, seen = [], set()
    for i, hand in enumerate(raw):
        if isinstance(hand, str):
            raise RecordError(f"hands[{i}]", "give both hands as patterns or both as card lists")
        cards = []
        for j, text in enumerate(hand):
            try:
                card = text if isinstance(text, Card) else Card.parse(text)
            except CardlabError as e:
                raise RecordError(f"hands[{i}][{j}]", str(e)) from None
            if card in seen or card.is_joker:
                raise RecordError(f"hands[{i}][{j}]", f"{card} is {'a joker' if card.is_joker else 'dealt twice'}")
            seen.add(card)
            cards.append(card)
        hands.append(cards)
    return hands, first
