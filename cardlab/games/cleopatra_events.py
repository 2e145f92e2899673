"""The events of a Cleopatra game and the source's "steps" built from them.

Every event carries ``action`` (the index of the action that caused it) and ``step`` (the number
of the step it belongs to, as the source numbers its sample game: one player's uninterrupted run
of cards and what ended it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import Card
from .cleopatra_patterns import HONOURS


@dataclass(frozen=True)
class Played:
    """A card turned (``paying``: as part of a payment)."""

    action: int
    step: int
    seat: int
    card: Card
    paying: bool


@dataclass(frozen=True)
class Captured:
    """``seat`` took ``n`` cards, by ``how`` = ``"payment"`` (C6) or ``"slap"`` (C10)."""

    action: int
    step: int
    seat: int
    n: int
    how: str


@dataclass(frozen=True)
class Slapped:
    """A slap on a pair; ``times`` is the race as written; ``seat`` won it."""

    action: int
    step: int
    seat: int
    times: str


@dataclass(frozen=True)
class FalseSlap:
    """A slap without a pair: no effect (C13), or ``burned`` the card put under the pile."""

    action: int
    step: int
    seat: int
    burned: Card | None


@dataclass(frozen=True)
class Reshuffled:
    """C9: ``seat`` shuffled their won pile of ``n`` cards into a new hand."""

    action: int
    step: int
    seat: int
    n: int


@dataclass(frozen=True)
class Ended:
    action: int
    step: int
    winner: int | None
    reason: str


@dataclass(frozen=True)
class Step:
    """One step as the source numbers them: a player's uninterrupted run of cards and what
    ended it. ``actions`` is the range of action indices it spans."""

    number: int
    seat: int
    cards: tuple[Card, ...]
    actions: range
    text: str


def steps_of(events: Sequence[Any], n_actions: int, players: Sequence[str] = ("X", "Y")) -> list[Step]:
    """Group events into the source's steps and describe each in words."""
    groups: dict[int, list[Any]] = {}
    for ev in events:
        if ev.step:
            groups.setdefault(ev.step, []).append(ev)
    numbers = sorted(groups)
    out = []
    for k, number in enumerate(numbers):
        evs = groups[number]
        start = min(ev.action for ev in evs)
        end = min(ev.action for ev in groups[numbers[k + 1]]) if k + 1 < len(numbers) else n_actions
        played = [ev for ev in evs if isinstance(ev, Played)]
        seat = played[0].seat
        out.append(Step(number, seat, tuple(ev.card for ev in played), range(start, max(end, start + 1)),
                        _describe(evs, played, players)))
    return out


def _describe(evs: list[Any], played: list[Played], players: Sequence[str]) -> str:
    who = players[played[0].seat]
    verb = "pays" if played[0].paying else "plays"
    text = f"{who} {verb} " + ", ".join(str(ev.card) for ev in played)
    for ev in evs:
        if isinstance(ev, Slapped):
            text += f"; {players[ev.seat]} slaps ({ev.times})"
        elif isinstance(ev, FalseSlap):
            text += f"; {players[ev.seat]} slaps without a pair" + (f", burns {ev.burned}" if ev.burned else "")
        elif isinstance(ev, Captured):
            text += f"; {players[ev.seat]} takes {ev.n} cards"
        elif isinstance(ev, Reshuffled):
            text += f"; {players[ev.seat]} shuffles {ev.n} won cards into a new hand"
        elif isinstance(ev, Ended):
            text += (f"; {players[ev.winner]} wins ({ev.reason})" if ev.winner is not None
                     else f"; the game stops ({ev.reason})")
    last = played[-1]
    if last.card.rank in HONOURS and not any(isinstance(ev, (Captured, Ended)) for ev in evs):
        text += f"; {players[1 - last.seat]} must pay"
    return text + "."
