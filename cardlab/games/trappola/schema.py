"""The JSON Schema of a Trappola record's deal (the shape its deal reader, ``make_deal``, reads)."""

from __future__ import annotations

from typing import Any

from cardlab.cards import italian_deck
from cardlab.record_schema import card_schema, object_schema, seat_schema
from cardlab.registry import GameInfo


def deal_schema(info: GameInfo) -> dict[str, Any]:
    """The deal section of a Trappola record."""
    cards = {"type": "array", "items": card_schema("a card of the Italian pack", italian_deck()), "minItems": 36,
             "maxItems": 36, "uniqueItems": True, "title": "the 36 cards in dealing order"}
    return object_schema({"dealer": seat_schema(info), "cards": cards},
                description="The first deal: the dealer's seat and the whole pack in dealing order (T1, T3).")
