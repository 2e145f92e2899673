"""Kirifu's card strength and the enumeration of osoroi groups (rules K5–K7, K13–K15).

Pure functions on cards, shared by the engine (:mod:`cardlab.games.kirifu`) and the bots.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable

from cardlab.cards import FRENCH_RANKS, JOKER, Card, french_deck
from cardlab.errors import Reason

ACE_OF_SPADES = Card("A", "S")
RANK_VALUE: dict[str, int] = {r: i for i, r in enumerate(FRENCH_RANKS)}  # K5: 2 < 3 < … < A
_ORDER: dict[Card, int] = {c: i for i, c in enumerate(french_deck(jokers=2))}


def card_key(card: Card) -> int:
    """A fixed sort key (♠ ♥ ♦ ♣, 2 … A, jokers last) so hands and groups have one canonical order."""
    return _ORDER[card]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in canonical order."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def beats(cutter: Card, passed: Card, world: str) -> bool:
    """Whether ``cutter`` can cut ``passed`` when ``world`` is the world suit (K5–K7).

    A joker (variant) beats everything and nothing beats it; then the ace of spades beats every
    other card; a world card beats any non-world card; otherwise same suit and higher rank.
    """
    if passed.rank == JOKER:
        return False
    if cutter.rank == JOKER or cutter == ACE_OF_SPADES:
        return True
    if passed == ACE_OF_SPADES:
        return False
    if cutter.suit == passed.suit:
        return RANK_VALUE[cutter.rank] > RANK_VALUE[passed.rank]
    return cutter.suit == world


CUTTING = frozenset({"joker-cuts", "ace-cuts", "same-suit-higher", "world-cuts"})
"""The keys of :func:`cut_reason` that say a cut is legal (the others say why not)."""


def cut_reason(cutter: Card, passed: Card, world: str) -> Reason:
    """Why ``cutter`` can or cannot cut ``passed`` when ``world`` is the world suit (K5–K7), the
    one reason for each case: for exercises, refusals and the coach alike (its key is in
    :data:`CUTTING` exactly when :func:`beats`). Fields: the cards' texts and the world suit."""
    fields = {"cutter": cutter.ascii(), "passed": passed.ascii(), "world": world}
    if passed.rank == JOKER:
        return Reason("K7", "joker-uncuttable", fields)
    if cutter.rank == JOKER:
        return Reason("K7", "joker-cuts", fields)
    if cutter == ACE_OF_SPADES:
        return Reason("K7", "ace-cuts", fields)
    if passed == ACE_OF_SPADES:
        return Reason("K7", "ace-uncuttable", fields)
    if cutter.suit == passed.suit:
        higher = RANK_VALUE[cutter.rank] > RANK_VALUE[passed.rank]
        return Reason("K5", "same-suit-higher" if higher else "same-suit-not-higher", fields)
    return Reason("K6", "world-cuts" if cutter.suit == world else "other-suit", fields)


def cutters(hand: Iterable[Card], passed: Card, world: str) -> list[Card]:
    """The cards of ``hand`` that can cut ``passed``."""
    return [c for c in hand if beats(c, passed, world)]


def osoroi_groups(hand: tuple[Card, ...], limit: int) -> list[tuple[Card, ...]]:
    """Every osoroi group from ``hand`` of at most ``limit`` cards, each in canonical order (K13, K15).

    A group is two cards of the same rank plus, optionally, one extra card of any kind. Groups
    with the same cards (e.g. 4♠ 4♥ + 4♦ and 4♠ 4♦ + 4♥) are listed once.
    """
    if limit < 2:
        return []
    by_rank: dict[str, list[Card]] = {}
    for c in hand:
        if c.rank != JOKER:
            by_rank.setdefault(c.rank, []).append(c)
    groups: set[tuple[Card, ...]] = set()
    for same in by_rank.values():
        for pair in combinations(same, 2):
            groups.add(sort_cards(pair))
            if limit >= 3:
                groups.update(sort_cards(pair + (extra,)) for extra in hand if extra not in pair)
    return sorted(groups, key=lambda g: (len(g), [_ORDER[c] for c in g]))


def is_osoroi_group(cards: tuple[Card, ...]) -> bool:
    """Whether ``cards`` (2 or 3 distinct cards) hold a pair of the same rank (K13)."""
    if len(cards) not in (2, 3) or len(set(cards)) != len(cards):
        return False
    ranks = [c.rank for c in cards if c.rank != JOKER]
    return len(ranks) != len(set(ranks))
