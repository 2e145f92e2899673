"""The JSON Schema of a Cleopatra record's deal (the shape its deal reader, ``make_deal``, reads)."""

from __future__ import annotations

from typing import Any

from cardlab.cards import french_deck
from cardlab.record_schema import card_schema, object_schema, seat_schema
from cardlab.registry import GameInfo


def deal_schema(info: GameInfo) -> dict[str, Any]:
    """The deal section of a Cleopatra record."""
    pattern = {"type": "string", "pattern": "^[-JQKA]*$", "maxLength": 52,
               "title": "a hand in pattern notation: J Q K A, and - for a number card"}
    cards = {"type": "array", "items": card_schema("a card of the French pack", french_deck()), "maxItems": 52,
             "uniqueItems": True}
    hands = {"type": "array", "minItems": 2, "maxItems": 2, "title": "two hands, X's then Y's, top card first",
             "if": {"prefixItems": [{"type": "string"}]}, "then": {"items": pattern}, "else": {"items": cards}}
    return object_schema({"hands": hands, "first": seat_schema(info)},
                description="Two hands (card lists, or both in pattern notation) and the first player's seat.")
