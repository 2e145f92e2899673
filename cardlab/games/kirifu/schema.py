"""The JSON Schema of a Kirifu record's deal (the shape its deal reader, ``make_deal``, reads)."""

from __future__ import annotations

from typing import Any

from cardlab.cards import french_deck
from cardlab.record_schema import card_schema, object_schema, seat_schema
from cardlab.registry import GameInfo


def deal_schema(info: GameInfo) -> dict[str, Any]:
    """The deal section of a Kirifu record."""
    low, high = info.players
    cards = {"type": "array", "items": card_schema("a card of the French pack or a joker", french_deck(jokers=2)),
             "maxItems": 54, "uniqueItems": True}
    hands = {"type": "array", "items": {**cards, "minItems": 1}, "minItems": low, "maxItems": high,
             "title": "one hand per seat"}
    return object_schema({"world": {"enum": ["S", "H", "D", "C"], "title": "a suit letter (K2)"},
                 "first": seat_schema(info), "hands": hands, "stock": cards},
                description="The world suit, the first player, every hand and the stock, top card first.")
