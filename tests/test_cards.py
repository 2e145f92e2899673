"""Cards and packs: parsing, printing, no ordering, pack contents (issue 2, "Cards")."""

from __future__ import annotations

import operator

import pytest

from cardlab.cards import (FRENCH, FRENCH_RANKS, FRENCH_SUITS, ITALIAN, ITALIAN_RANKS, ITALIAN_SUITS,
                           Card, cards_text, french_deck, italian_deck, parse_cards)
from cardlab.errors import CardParseError

PACKS = {FRENCH: french_deck(jokers=2), ITALIAN: italian_deck()}
ALL_CARDS = [(pack, card) for pack, deck in PACKS.items() for card in deck]


@pytest.mark.parametrize(("pack", "card"), ALL_CARDS, ids=[c.ascii() for _, c in ALL_CARDS])
def test_every_card_round_trips_in_ascii_and_unicode(pack: str, card: Card) -> None:
    assert Card.parse(card.ascii(), pack) == card
    assert Card.parse(str(card), pack) == card
    assert Card.parse(card.ascii().lower(), pack) == card


@pytest.mark.parametrize(("text", "pack", "expected"), [
    ("QH", FRENCH, "Q♥"), ("Q♥", FRENCH, "Q♥"), ("q♡", FRENCH, "Q♥"), ("10D", FRENCH, "10♦"),
    ("TD", FRENCH, "10♦"), ("2♣", FRENCH, "2♣"), (" AS ", FRENCH, "A♠"), ("1S", FRENCH, "A♠"),
    ("JokerR", FRENCH, "JokerR"), ("jokerb", FRENCH, "JokerB"),
    ("RC", ITALIAN, "RC"), ("AS", ITALIAN, "AS"), ("10D", ITALIAN, "10D"), ("fb", ITALIAN, "FB"),
])
def test_documented_text_forms(text: str, pack: str, expected: str) -> None:
    assert str(Card.parse(text, pack)) == expected


def test_italian_and_french_cards_are_different_values() -> None:
    assert Card.parse("AS", ITALIAN) != Card.parse("AS", FRENCH)
    assert Card.parse("RC", ITALIAN) == Card("R", "coppe")


@pytest.mark.parametrize(("text", "pack"), [
    ("1O", FRENCH), ("QX", FRENCH), ("11H", FRENCH), ("", FRENCH), ("H", FRENCH), ("KS", ITALIAN),
    ("3C", ITALIAN), ("RH", ITALIAN), ("10", ITALIAN), ("Q♥", ITALIAN), ("JokerR", ITALIAN),
])
def test_bad_card_text_raises_a_typed_error_quoting_it_and_listing_valid_forms(text: str, pack: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text, pack)
    message = str(info.value)
    assert repr(text) in message
    assert pack in message
    assert ("'QH'" if pack == FRENCH else "'RC'") in message  # an example of a valid form
    assert isinstance(info.value, ValueError)


def test_non_string_input_raises_card_parse_error() -> None:
    with pytest.raises(CardParseError):
        Card.parse(12)  # type: ignore[arg-type]


def test_unknown_pack_name_is_rejected() -> None:
    with pytest.raises(ValueError, match="pack"):
        Card.parse("QH", "german")


def test_constructor_rejects_mixed_rank_and_suit() -> None:
    with pytest.raises(CardParseError):
        Card("R", "H")
    with pytest.raises(CardParseError):
        Card("K", "coppe")


@pytest.mark.parametrize("compare", [operator.lt, operator.le, operator.gt, operator.ge])
def test_cards_have_no_ordering(compare) -> None:
    with pytest.raises(TypeError):
        compare(Card.parse("2H"), Card.parse("AH"))


def test_a_hand_cannot_be_sorted_without_a_game_ranking() -> None:
    with pytest.raises(TypeError):
        sorted(parse_cards("AH 2H KS"))


def test_cards_are_frozen_and_hashable() -> None:
    card = Card.parse("QH")
    with pytest.raises(AttributeError):
        card.rank = "K"  # type: ignore[misc]
    assert len({card, Card.parse("Q♥"), Card("Q", "H")}) == 1


@pytest.mark.parametrize(("jokers", "size"), [(0, 52), (1, 53), (2, 54)])
def test_french_pack_sizes(jokers: int, size: int) -> None:
    deck = french_deck(jokers)
    assert len(deck) == len(set(deck)) == size
    assert sum(c.is_joker for c in deck) == jokers
    assert {(c.rank, c.suit) for c in deck if not c.is_joker} == {(r, s) for r in FRENCH_RANKS for s in FRENCH_SUITS}


def test_french_pack_rejects_three_jokers() -> None:
    with pytest.raises(ValueError, match="jokers"):
        french_deck(3)


def test_italian_pack_is_trappolas_36() -> None:
    deck = italian_deck()
    assert len(deck) == len(set(deck)) == 36
    assert {c.rank for c in deck} == set(ITALIAN_RANKS) == {"A", "R", "C", "F", "10", "9", "8", "7", "2"}
    assert {c.suit for c in deck} == set(ITALIAN_SUITS) == {"spade", "bastoni", "coppe", "denari"}
    assert all(c.pack == ITALIAN for c in deck)


@pytest.mark.parametrize("pack", [FRENCH, ITALIAN])
def test_cards_text_and_parse_cards_round_trip_a_whole_pack(pack: str) -> None:
    deck = PACKS[pack]
    assert parse_cards(cards_text(deck), pack) == deck
    assert parse_cards(cards_text(deck, ascii=True).replace(" ", ","), pack) == deck


@pytest.mark.parametrize(("text", "pack", "colour", "name"), [
    ("QH", FRENCH, "red", "queen of hearts"), ("10D", FRENCH, "red", "10 of diamonds"),
    ("AS", FRENCH, "black", "ace of spades"), ("JokerR", FRENCH, "red", "red joker"),
    ("RC", ITALIAN, "coppe", "re di coppe (king of cups)"),
])
def test_colour_and_spoken_name(text: str, pack: str, colour: str, name: str) -> None:
    card = Card.parse(text, pack)
    assert (card.color, card.name) == (colour, name)
