"""What the rooms' tests share: the cards a seat must not see, and a message's mention of them."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Iterable

from cardlab.cards import Card


def _cards_in(value: Any) -> Iterable[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))


def hidden_cards(state: Any, seat: int) -> set[Card]:
    """The cards in the other seats' hands that ``state.view(seat)`` does not show anywhere (its
    events left out: what a seat is shown must not rest on them)."""
    view, everything = state.view(seat), state.view(None)
    shown = {c for f in dataclasses.fields(view) if f.name != "events" for c in _cards_in(getattr(view, f.name))}
    others = {c for i, hand in enumerate(everything.hands) if i != seat and view.hands[i] is None for c in hand}
    return others - shown


def mentions(message: dict[str, Any] | str, cards: Iterable[Card]) -> list[Card]:
    """The cards of ``cards`` that a message names: as a drawn card (``data-card``) or in words."""
    text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
    found = []
    for card in cards:
        drawn = f'data-card=\\"{card.ascii()}\\"' in text or f'data-card="{card.ascii()}"' in text
        said = re.search(rf"(?<![0-9A-Za-z]){re.escape(str(card))}(?![0-9A-Za-z])", text)
        if drawn or said:
            found.append(card)
    return found
