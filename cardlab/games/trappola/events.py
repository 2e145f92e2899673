"""Trappola's events: what happened, one small frozen dataclass each, with a ``player`` field
where a seat did it, and :func:`describe` to tell one in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card


@dataclass(frozen=True)
class Dealt:
    """Deal ``deal`` (0 first) is dealt by ``dealer``; ``hands``: both hands as dealt (T3)."""

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True)
class Exchanged:
    """``player`` exchanged, throwing ``discarded`` out (T4, T5)."""

    player: int
    discarded: tuple[Card, ...]


@dataclass(frozen=True)
class Kept:
    """``player`` kept their hand (T4)."""

    player: int


@dataclass(frozen=True)
class Declared:
    """``player`` declared ``count`` cards of ``rank``, saying ``said`` (T7)."""

    player: int
    said: str
    rank: str
    count: int


@dataclass(frozen=True)
class Played:
    """``player`` played ``card`` to the trick."""

    player: int
    card: Card


@dataclass(frozen=True)
class TrickWon:
    """``winner`` took trick ``trick`` (1 to 9), ``cards`` lead then follow, worth ``points`` card
    points and ``bonus`` for a 2 that took it (T10-T12)."""

    trick: int
    winner: int
    cards: tuple[Card, Card]
    points: int
    bonus: int


@dataclass(frozen=True)
class DealScored:
    """Deal ``deal`` scored: each player's ``points`` in it and the game ``totals`` after it (T15)."""

    deal: int
    points: tuple[int, int]
    totals: tuple[int, int]


@dataclass(frozen=True)
class GameEnded:
    """The game is over: ``winner`` (None for a tie) and the final ``totals`` (T16)."""

    winner: int | None
    totals: tuple[int, int]


def describe(event: Any, players: Sequence[str] = ("player 0", "player 1")) -> str:
    """One event of a game in words, naming the players and the rules at work."""
    if isinstance(event, Dealt):
        return f"deal {event.deal + 1}: {players[event.dealer]} deals (T3)"
    if isinstance(event, Exchanged):
        return f"{players[event.player]} exchanges (T4/T5), throwing {' '.join(map(str, event.discarded))}"
    if isinstance(event, Kept):
        return f"{players[event.player]} keeps"
    if isinstance(event, Declared):
        return f"{players[event.player]} declares “{event.said}” ({event.count} × {event.rank}, T7)"
    if isinstance(event, Played):
        return f"{players[event.player]} plays {event.card}"
    if isinstance(event, TrickWon):
        bonus = f", +{event.bonus} for the 2 (T12)" if event.bonus else ""
        return f"{players[event.winner]} wins trick {event.trick}: {event.points} card points{bonus}"
    if isinstance(event, DealScored):
        return (f"deal {event.deal + 1} scored (T15): {players[0]} {event.points[0]}, "
                f"{players[1]} {event.points[1]}; game {event.totals[0]}–{event.totals[1]}")
    if isinstance(event, GameEnded):
        return (f"{players[event.winner]} wins the game" if event.winner is not None else "the game is tied") \
            + f", {event.totals[0]}–{event.totals[1]} (T16)"
    raise TypeError(f"not a Trappola event: {event!r}")
