"""Keys that name a stack, a pile or a card across drawings (issue 11, motion): ``key=`` becomes
``data-key``, escaped, and nothing carries one unless asked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardlab.cards import Card, parse_cards
from cardlab.draw.svg import card_g, document, fan_g, stack_g

KEYED = {
    "stack": lambda key: stack_g(5, 10, 20, key=key),
    "pile": lambda key: fan_g(parse_cards("AS KH"), 10, 20, key=key),
    "card": lambda key: card_g(None, 10, 20, key=key),
}


def outer(fragment: str) -> ET.Element:
    """The drawn element itself (the first child of the document around it)."""
    return ET.fromstring(document(100, 100, fragment, background=None))[0]


@pytest.mark.parametrize("kind", sorted(KEYED))
@pytest.mark.parametrize("key", ["won:1", 'odd "&<>\' key'])
def test_key_becomes_data_key_on_the_drawn_element(kind: str, key: str) -> None:
    assert outer(KEYED[kind](key)).get("data-key") == key


@pytest.mark.parametrize("kind", sorted(KEYED))
def test_no_key_no_data_key(kind: str) -> None:
    assert "data-key" not in KEYED[kind](None)


def test_keyed_stack_and_pile_carry_their_count() -> None:
    assert outer(stack_g(7, 0, 0, key="hand:0")).get("data-count") == "7"
    assert outer(fan_g(parse_cards("AS KH 10D"), 0, 0, key="pile")).get("data-count") == "3"


def test_a_face_up_card_keeps_its_card_id_beside_a_key() -> None:
    el = outer(card_g(Card.parse("QH"), 0, 0, key="led"))
    assert (el.get("data-card"), el.get("data-key")) == ("QH", "led")
