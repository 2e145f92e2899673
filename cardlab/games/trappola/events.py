"""Trappola's events: what happened, one small frozen dataclass each, with a ``player`` field
where a seat did it, and :func:`describe` to tell one in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card

from .scoring import TRICKS_PER_DEAL
from .words import WORDS, rank_text, said


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


def describe(event: Any, players: Sequence[str] = ("player 0", "player 1"), longest_streak: int = 3,
             lang: str = "en") -> str:
    """One event of a game in words, in ``lang``, naming the players and the rules at work
    (``longest_streak``: the rules' longest closing streak, T14). It tells what the engine knows:
    a declaration's rank included (a seat's own log says only what was said, T7)."""
    def say(key: str, **fields: Any) -> str:
        return WORDS.say(lang, key, **fields)
    name = players[getattr(event, "player", 0)]
    if isinstance(event, Dealt):
        return say("tell_dealt", n=event.deal + 1, name=players[event.dealer])
    if isinstance(event, Exchanged):
        return say("tell_exchanged", name=name, cards=" ".join(map(str, event.discarded)))
    if isinstance(event, Kept):
        return say("tell_kept", name=name)
    if isinstance(event, Declared):
        heard = event.said if lang == "en" else said(event.count, event.rank, lang)
        rank = event.rank if lang == "en" else rank_text(event.rank, lang)
        return say("tell_declared", name=name, said=heard, count=event.count, rank=rank)
    if isinstance(event, Played):
        return say("tell_played", name=name, card=event.card)
    totals = f"{event.totals[0]}–{event.totals[1]}" if isinstance(event, (DealScored, GameEnded)) else ""
    if isinstance(event, TrickWon):
        key = bonus_words(event, longest_streak)
        return say("tell_trick", name=players[event.winner], n=event.trick, points=event.points,
                   bonus=say(key) if key else "")
    if isinstance(event, DealScored):
        return say("tell_scored", n=event.deal + 1, first=players[0], first_points=event.points[0],
                   second=players[1], second_points=event.points[1], totals=totals)
    if isinstance(event, GameEnded):
        if event.winner is None:
            return say("tell_tied", totals=totals)
        return say("tell_won", name=players[event.winner], totals=totals)
    raise TypeError(f"not a Trappola event: {event!r}")
