"""What the browser's motion reads in a drawing (issue 11, motion; cardlab/widgets/view.js): a
keyed stack or pile carries ``data-key`` (escaped) and ``data-count``; a face-up card is keyed by
its id; a face-down card carries no key (it would tell which card it is); nothing else is keyed."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardlab.cards import Card, parse_cards
from cardlab.draw.svg import card_g, document, fan_g, row_g, stack_g

KEYED = {
    "stack": lambda key: stack_g(5, 10, 20, key=key),
    "pile": lambda key: fan_g(parse_cards("AS KH"), 10, 20, key=key),
}


def outer(fragment: str) -> ET.Element:
    """The drawn element itself (the first child of the document around it)."""
    return ET.fromstring(document(100, 100, fragment, background=None))[0]


@pytest.mark.parametrize("kind", sorted(KEYED))
@pytest.mark.parametrize("key", ["won:1", 'odd "&<>\' key'])
def test_key_becomes_data_key_on_the_drawn_element(kind: str, key: str) -> None:
    assert outer(KEYED[kind](key)).get("data-key") == key


@pytest.mark.parametrize("kind", sorted(KEYED))
def test_an_unkeyed_stack_or_pile_carries_no_key(kind: str) -> None:
    assert outer(KEYED[kind](None)).get("data-key") is None


def test_keyed_stack_and_pile_carry_their_count() -> None:
    assert outer(stack_g(7, 0, 0, key="hand:0")).get("data-count") == "7"
    assert outer(fan_g(parse_cards("AS KH 10D"), 0, 0, key="pile")).get("data-count") == "3"


def test_a_face_up_card_is_keyed_by_its_id_and_a_face_down_card_not_at_all() -> None:
    up = outer(card_g(Card.parse("QH"), 0, 0))
    assert up.get("data-key") == up.get("data-card") == "QH"
    assert "data-key" not in card_g(Card.parse("QH"), 0, 0, face_up=False)
    assert "data-key" not in row_g(parse_cards("AS KH"), 0, 0, face_up=False)
