"""The events of a Cleopatra game and the source's "steps" (told in words by
:mod:`cardlab.games.cleopatra.narration`).

Every event carries ``action`` (the index of the action that caused it) and ``step`` (the number
of the step it belongs to, as the source numbers its sample game: one player's uninterrupted run
of cards and what ended it).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.cards import Card


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
