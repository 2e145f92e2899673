"""The events of a Cleopatra game and the source's "steps" built from them.

Every event carries ``action`` (the index of the action that caused it) and ``step`` (the number
of the step it belongs to, as the source numbers its sample game: one player's uninterrupted run
of cards and what ended it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card
from .patterns import HONOURS


@dataclass(frozen=True)
class Played:
    """A card turned (``paying``: as part of a payment)."""

    action: int
    step: int
    player: int
    card: Card
    paying: bool


@dataclass(frozen=True)
class Captured:
    """``player`` took ``n`` cards, by ``how`` = ``"payment"`` (C6) or ``"slap"`` (C10)."""

    action: int
    step: int
    player: int
    n: int
    how: str


@dataclass(frozen=True)
class Pending:
    """A payment is complete but its last card made a pair (C10): ``player``, the honour's
    owner, collects the pile when play goes on, unless someone slaps it first."""

    action: int
    step: int
    player: int


@dataclass(frozen=True)
class Slapped:
    """A slap on a pair; ``times`` is the race as written; ``player`` won it."""

    action: int
    step: int
    player: int
    times: str


@dataclass(frozen=True)
class FalseSlap:
    """A slap without a pair where the rules burn a card (C13 variant): ``burned`` went under the pile."""

    action: int
    step: int
    player: int
    burned: Card


@dataclass(frozen=True)
class Reshuffled:
    """C9: ``player`` shuffled their won pile of ``n`` cards into a new hand."""

    action: int
    step: int
    player: int
    n: int


@dataclass(frozen=True)
class Ended:
    """The game is over: ``winner`` (a seat, or None) and why."""

    action: int
    step: int
    winner: int | None
    reason: str


@dataclass(frozen=True)
class Step:
    """One step as the source numbers them: a player's uninterrupted run of cards and what
    ended it. ``actions`` is the range of action indices it spans."""

    number: int
    player: int
    cards: tuple[Card, ...]
    actions: range
    text: str


def describe(event: Any, players: Sequence[str] = ("X", "Y")) -> str:
    """One event in words (the pieces of a step's text, see :func:`steps_of`)."""
    if isinstance(event, Played):
        return f"{players[event.player]} {'pays' if event.paying else 'plays'} {event.card}"
    if isinstance(event, Slapped):
        return f"{players[event.player]} slaps ({event.times})"
    if isinstance(event, FalseSlap):
        return f"{players[event.player]} slaps without a pair, burns {event.burned}"
    if isinstance(event, Pending):
        return f"{players[event.player]} collects when play goes on, unless someone slaps the pair"
    if isinstance(event, Captured):
        return f"{players[event.player]} takes {event.n} cards"
    if isinstance(event, Reshuffled):
        return f"{players[event.player]} shuffles {event.n} won cards into a new hand"
    if isinstance(event, Ended):
        return (f"{players[event.winner]} wins ({event.reason})" if event.winner is not None
                else f"the game stops ({event.reason})")
    raise TypeError(f"not a Cleopatra event: {event!r}")


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
        out.append(Step(number, played[0].player, tuple(ev.card for ev in played),
                        range(start, max(end, start + 1)), _step_text(evs, played, players)))
    return out


def _step_text(evs: list[Any], played: list[Played], players: Sequence[str]) -> str:
    text = describe(played[0], players) + "".join(f", {ev.card}" for ev in played[1:])
    settled = any(isinstance(ev, Captured) for ev in evs)     # a pending collection, resolved
    text += "".join(f"; {describe(ev, players)}" for ev in evs
                    if not isinstance(ev, Played) and not (settled and isinstance(ev, Pending)))
    last = played[-1]
    if last.card.rank in HONOURS and not any(isinstance(ev, (Captured, Ended)) for ev in evs):
        text += f"; {players[1 - last.player]} must pay"
    return text + "."
