"""Kirifu's public events and the view of one seat (rule K23: everything passed, cut and taken is
public; a draw from the stock shows only how many cards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card
from cardlab.game import HandsView


@dataclass(frozen=True)
class Passed:
    """``player`` passed ``cards`` face up to ``to`` (K8, K10, K13)."""

    player: int
    to: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Grouped:
    """``player`` set out an osoroi group to pass (K13, K14)."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Cut:
    """``player`` cut the passed ``card`` with ``cutter``; both went to the discard heap (K9)."""

    player: int
    card: Card
    cutter: Card


@dataclass(frozen=True)
class Omorai:
    """``player`` took the passed ``card`` into hand (K9, K11)."""

    player: int
    card: Card


@dataclass(frozen=True)
class Drew:
    """``player`` drew ``count`` cards from the stock (K12); which ones stays hidden."""

    player: int
    count: int


@dataclass(frozen=True)
class Finished:
    """``player`` ran out of cards and is out in ``place`` (K17), or, the last place, is the one
    left holding cards when all the others are out."""

    player: int
    place: int


ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def place_text(place: int) -> str:
    """A finishing place in words: ``1st``, ``2nd``, ``3rd``, ``4th`` …"""
    return ORDINAL.get(place, f"{place}th")


@dataclass(frozen=True)
class View(HandsView):
    """What ``player`` may know (K23): own hand, counts, the public cards; ``player=None`` is the
    open view of a spectator who sees every hand (the stock stays hidden either way).
    ``receiver``: the seat that the current player passes to (K4)."""

    player: int | None
    rules: Any  # the game's Rules
    players: tuple[str, ...]
    world: str
    current_player: int
    receiver: int
    phase: str
    hands: tuple[tuple[Card, ...] | None, ...]
    counts: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock: int
    discard: tuple[Card, ...]
    passed: tuple[Card, ...]
    taken: tuple[Card, ...]
    chosen: tuple[Card, ...]
    finished: tuple[int, ...]
    events: tuple[Any, ...]

    def _repr_svg_(self) -> str:
        from .draw import table_svg
        return table_svg(self)
