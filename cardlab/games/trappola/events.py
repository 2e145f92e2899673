"""Trappola's events: what happened, one small frozen dataclass each, with a ``player`` field
where a seat did it, and :func:`describe` to tell one in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card

from .scoring import TRICKS_PER_DEAL
from .words import WORDS


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
    points and ``bonus`` for a 2 that took it (T10-T12; a closing streak takes its place at the end
    of the deal, T14: :func:`bonus_words`)."""

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


def bonus_words(event: TrickWon, longest_streak: int = 3) -> str | None:
    """T12 and T14: the key in :data:`~cardlab.games.trappola.words.WORDS` of what the 2 that took
    the trick ``event`` scores, as the deal's score sheet counts it (None: no 2 took it). A closing
    streak (T14) is the last tricks, up to ``longest_streak`` of them, all taken with a 2 by one
    player; it scores in place of their 10s (T12) and the 6 for the last trick (T13). So the 10 is
    certain for an earlier trick (``log_bonus``), depends on the tricks still to come for one of the
    last (``log_bonus_unless``), and gives way to the streak for the last trick (``log_bonus_streak``)."""
    if not event.bonus:
        return None
    if event.trick == TRICKS_PER_DEAL:
        return "log_bonus_streak"
    return "log_bonus_unless" if event.trick > TRICKS_PER_DEAL - longest_streak else "log_bonus"


def describe(event: Any, players: Sequence[str] = ("player 0", "player 1"), longest_streak: int = 3) -> str:
    """One event of a game in words, naming the players and the rules at work (``longest_streak``:
    the rules' longest closing streak, T14)."""
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
        key = bonus_words(event, longest_streak)
        bonus = WORDS.say("en", key) if key else ""
        return f"{players[event.winner]} wins trick {event.trick}: {event.points} card points{bonus}"
    if isinstance(event, DealScored):
        return (f"deal {event.deal + 1} scored (T15): {players[0]} {event.points[0]}, "
                f"{players[1]} {event.points[1]}; game {event.totals[0]}–{event.totals[1]}")
    if isinstance(event, GameEnded):
        return (f"{players[event.winner]} wins the game" if event.winner is not None else "the game is tied") \
            + f", {event.totals[0]}–{event.totals[1]} (T16)"
    raise TypeError(f"not a Trappola event: {event!r}")
