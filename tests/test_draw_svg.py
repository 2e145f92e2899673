"""SVG drawing of cards and layouts (issue 2, "Cards"): well-formed, deterministic, id-free."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardlab.draw import faces, svg
from cardlab.cards import FRENCH, ITALIAN, ITALIAN_SUITS, Card, french_deck, italian_deck, parse_cards
from cardlab.draw.svg import (CARD_W, Hand, Pile, Stack, back_svg, button_g, card_g, card_svg, document,
                         fan_g, row_g, stack_g, text_g)

NS = "{http://www.w3.org/2000/svg}"
ALL_CARDS = french_deck(jokers=2) + italian_deck()
IDS = [c.ascii() for c in ALL_CARDS]
NUMBER_CARDS = [c for c in ALL_CARDS if c.rank.isdigit()]


def parse(fragment: str) -> ET.Element:
    """Parse a standalone SVG, or a fragment wrapped in a document."""
    return ET.fromstring(fragment if fragment.startswith("<svg") else document(100, 100, fragment))


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def inherited(root: ET.Element, el: ET.Element, attr: str) -> str | None:
    """The value of a presentation attribute on ``el`` or its nearest ancestor."""
    parents = {child: parent for parent in root.iter() for child in parent}
    while el is not None:
        if el.get(attr) is not None:
            return el.get(attr)
        el = parents.get(el)
    return None


@pytest.mark.parametrize("card", ALL_CARDS, ids=IDS)
def test_every_card_is_well_formed_id_free_svg(card: Card) -> None:
    text = card_svg(card)
    root = parse(text)
    assert root.tag == NS + "svg"
    assert not [el for el in root.iter() if "id" in el.attrib]
    assert " id=" not in text
    assert root.find(NS + "title").text == card.name
    assert card._repr_svg_() == text


@pytest.mark.parametrize("w", [30, CARD_W, 90.5])
def test_card_size_follows_w(w: float) -> None:
    root = parse(card_svg(Card.parse("QH"), w))
    assert float(root.get("width")) == pytest.approx(w + 2)
    assert float(root.get("height")) == pytest.approx(1.4 * w + 2)


def test_drawing_is_deterministic_even_after_the_caches_are_cleared() -> None:
    first = [card_svg(c) for c in ALL_CARDS] + [back_svg()]
    svg._inner.cache_clear()
    faces.face_body.cache_clear()
    faces.back_body.cache_clear()
    assert [card_svg(c) for c in ALL_CARDS] + [back_svg()] == first


@pytest.mark.parametrize("card", [c for c in ALL_CARDS if c.pack == FRENCH], ids=lambda c: c.ascii())
def test_french_colours(card: Card) -> None:
    root = parse(card_svg(card))
    expected = faces.RED if card.color == "red" else faces.BLACK
    marks = with_class(root, "idx")
    assert marks and {inherited(root, el, "fill") for el in marks} == {expected}


@pytest.mark.parametrize("card", NUMBER_CARDS, ids=lambda c: c.ascii())
def test_number_cards_show_as_many_pips_as_their_rank(card: Card) -> None:
    assert len(with_class(parse(card_svg(card)), "pip")) == int(card.rank)


def pip_scales(card: Card) -> list[float]:
    pips = with_class(parse(card_svg(card)), "pip")
    return [float(el.get("transform").split("scale(")[1].rstrip(")")) for el in pips]


@pytest.mark.parametrize("card", [c for c in ALL_CARDS if c.rank == "A"], ids=lambda c: c.ascii())
def test_aces_show_one_large_pip(card: Card) -> None:
    (ace,) = pip_scales(card)
    assert ace > 2 * max(pip_scales(Card("2", card.suit)))


@pytest.mark.parametrize("card", [c for c in ALL_CARDS if c.rank in ("J", "Q", "K")], ids=lambda c: c.ascii())
def test_french_court_cards_show_their_letter_large_at_both_ends(card: Card) -> None:
    root = parse(card_svg(card))
    big = [el for el in root.iter(NS + "text") if el.text == card.rank and float(el.get("font-size", 0)) > 20]
    assert len(big) == 2
    assert not with_class(root, "pip")  # only number cards and aces have counted pips


@pytest.mark.parametrize("card", italian_deck(), ids=lambda c: c.ascii())
def test_italian_cards_draw_their_own_suit_symbol_only(card: Card) -> None:
    root = parse(card_svg(card))
    for suit in ITALIAN_SUITS:
        assert bool(with_class(root, f"sym-{suit}")) == (suit == card.suit)
    corner = [el for el in with_class(root, "idx") if el.tag == NS + "text"]
    assert {el.text for el in corner} == {card.rank}


@pytest.mark.parametrize(("rank", "name"), [("R", "Re"), ("C", "Cavallo"), ("F", "Fante")])
@pytest.mark.parametrize("suit", ITALIAN_SUITS)
def test_italian_court_cards_name_their_figure(rank: str, name: str, suit: str) -> None:
    root = parse(card_svg(Card(rank, suit)))
    assert [el.text for el in with_class(root, "name")] == [name]
    assert any(el.text == rank for el in root.iter(NS + "text") if "idx" not in classes(el))


@pytest.mark.parametrize("colour", ["R", "B"])
def test_jokers_say_joker_and_draw_a_star(colour: str) -> None:
    root = parse(card_svg(Card("Joker", colour)))
    assert "JOKER" in [el.text for el in root.iter(NS + "text")]
    assert with_class(root, "star")


def test_face_down_card_is_a_back_and_leaks_nothing() -> None:
    card = Card.parse("QH")
    hidden = card_g(card, 5, 5, face_up=False)
    assert hidden == card_g(None, 5, 5)
    assert "data-card" not in hidden and "data-card=\"QH\"" in card_g(card, 5, 5)
    assert with_class(parse(hidden), "back")


@pytest.mark.parametrize("target", ["hand:3", 'odd "&<>\' name'])
def test_clickable_card_carries_its_target(target: str) -> None:
    root = parse(card_g(Card.parse("AS"), 0, 0, target=target))
    (clickable,) = with_class(root, "cardlab-target")
    assert clickable.get("data-target") == target
    assert not with_class(parse(card_g(Card.parse("AS"), 0, 0)), "cardlab-target")


@pytest.mark.parametrize("state", ["marked", "selected", "dimmed"])
def test_card_states_are_drawn_and_classed(state: str) -> None:
    plain = card_g(Card.parse("AS"), 0, 0)
    drawn = card_g(Card.parse("AS"), 0, 0, **{state: True})
    assert drawn != plain
    assert with_class(parse(drawn), state)


def test_selected_card_is_raised() -> None:
    assert f"translate(0,{faces.num(-0.18 * CARD_W)})" in card_g(Card.parse("AS"), 0, 0, selected=True)


def test_row_lays_cards_left_to_right_with_targets_and_states() -> None:
    cards = parse_cards("AS KH 10D 2C")
    root = parse(row_g(cards, 10, 20, step=30, targets=["a", "b", None, "d"], marked={0}, selected={1},
                       dimmed={3}))
    drawn = with_class(root, "cardlab-card")
    assert [el.get("data-card") for el in drawn] == ["AS", "KH", "10D", "2C"]
    assert [el.get("data-target") for el in drawn] == ["a", "b", None, "d"]
    assert [el.get("transform") for el in drawn] == ["translate(10,20)", f"translate(40,{faces.num(20 - 0.18 * CARD_W)})",
                                                     "translate(70,20)", "translate(100,20)"]
    assert [sorted(classes(el) & {"marked", "selected", "dimmed"}) for el in drawn] == [
        ["marked"], ["selected"], [], ["dimmed"]]


def test_row_rejects_targets_of_the_wrong_length() -> None:
    with pytest.raises(ValueError, match="targets"):
        row_g(parse_cards("AS KH"), 0, 0, targets=["a"])


def test_row_face_down_shows_only_backs() -> None:
    root = parse(row_g(parse_cards("AS KH 10D"), 0, 0, face_up=False))
    assert len(with_class(root, "back")) == 3 and not [el for el in root.iter() if el.get("data-card")]


def test_fan_is_deterministic_and_stable_as_cards_are_added() -> None:
    cards = french_deck()[:12]
    small, big = fan_g(cards[:5], 0, 0), fan_g(cards[:6], 0, 0)
    assert fan_g(cards[:5], 0, 0) == small
    def turns(fragment: str) -> list[str]:
        (pile,) = with_class(parse(fragment), "cardlab-pile")
        return [child.get("transform") for child in pile]

    assert turns(big)[:5] == turns(small)
    assert len(set(turns(big))) == 6  # every card turned its own way


def test_fan_draws_only_the_top_cards_last_on_top() -> None:
    cards = french_deck()[:20]
    drawn = with_class(parse(fan_g(cards, 0, 0, shown=8)), "cardlab-card")
    assert [el.get("data-card") for el in drawn] == [c.ascii() for c in cards[-8:]]


def test_empty_fan_and_empty_stack_are_dashed_outlines() -> None:
    for fragment in (fan_g([], 0, 0), stack_g(0, 0, 0)):
        (outline,) = with_class(parse(fragment), "empty")
        assert outline.get("stroke-dasharray")


@pytest.mark.parametrize("count", [1, 17, 104])
def test_stack_shows_its_count_and_label(count: int) -> None:
    root = parse(stack_g(count, 0, 0, label="stock & <talon>", target="stock"))
    (badge,) = with_class(root, "count")
    assert [el.text for el in badge.iter(NS + "text")] == [str(count)]
    assert [el.text for el in with_class(root, "label")] == ["stock & <talon>"]
    (stack,) = with_class(root, "cardlab-stack")
    assert (stack.get("data-count"), stack.get("data-target")) == (str(count), "stock")


def test_bigger_stacks_look_thicker() -> None:
    backs = [len(with_class(parse(stack_g(n, 0, 0)), "back")) for n in (1, 12, 52)]
    assert backs[0] < backs[1] < backs[2]


def test_stack_with_a_top_card_shows_it_face_up() -> None:
    root = parse(stack_g(5, 0, 0, top=Card.parse("7S")))
    assert with_class(root, "face")


def test_text_is_escaped() -> None:
    text = 'Tom & "Jerry" <b>\'s</b>'
    root = parse(text_g(text, 1, 2, cls="note"))
    (el,) = with_class(root, "note")
    assert el.text == text


def test_buttons_are_clickable_only_when_enabled() -> None:
    on = parse(button_g("Deal & go", 0, 0, 80, 30, "deal"))
    off = parse(button_g("Deal", 0, 0, 80, 30, "deal", enabled=False))
    assert [el.get("data-target") for el in with_class(on, "cardlab-target")] == ["deal"]
    assert [el.text for el in on.iter(NS + "text")] == ["Deal & go"]
    assert not with_class(off, "cardlab-target") and with_class(off, "disabled")


def corner(el: ET.Element) -> tuple[float, float]:
    """The (x, y) of an element placed by ``transform="translate(x,y)"``."""
    x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform")).groups()
    return float(x), float(y)


def test_annotations_put_each_badge_over_the_element_of_its_target() -> None:
    """A badge is drawn over the element of its target (a raised card's raised place, an enabled
    button), after the whole row; a target with no element, or a disabled button, has none."""
    marks = svg.Annotations({"a": svg.Badge("play A", ("0.50", "±0.10"), best=True),
                             "b": svg.Badge("play B", ("0.25", "±0.20")), "go": svg.Badge("go", ("+1.0", "±0.5")),
                             "off": svg.Badge("off", ("1", "2")), "gone": svg.Badge("gone", ("1", "2"))})
    body = (row_g(parse_cards("AS KH 10D"), 10, 80, step=30, targets=["a", "b", None], selected={1},
                  annotations=marks)
            + button_g("Go", 200, 160, 60, 30, "go", annotations=marks)
            + button_g("Off", 300, 160, 60, 30, "off", enabled=False, annotations=marks))
    root = parse(body)
    at = {el.get("data-target"): corner(el) for el in with_class(root, "cardlab-target")}
    badges = {el.get("data-hint"): el for el in with_class(root, "cardlab-hint")}
    assert set(badges) == {"play A", "play B", "go"}
    for name, target in (("play A", "a"), ("play B", "b"), ("go", "go")):
        x, y = at[target]
        assert corner(badges[name]) == pytest.approx((x, y - svg.BADGE_H - svg.BADGE_GAP), abs=0.01)
    assert at["b"][1] == pytest.approx(80 - svg.RAISE * CARD_W, abs=0.01)
    assert [t.text for t in badges["play A"].iter(NS + "text")] == ["0.50", "±0.10"]
    assert [badges[n].find(NS + "rect").get("fill") for n in ("play A", "play B")] == [svg.BADGE_GOLD, svg.BADGE_PANEL]
    order = [el for el in root.iter() if classes(el) & {"cardlab-card", "cardlab-hint"}]
    assert [("cardlab-hint" in classes(el)) for el in order] == [False] * 3 + [True] * 3   # no card over a badge
    assert row_g(parse_cards("AS"), 0, 0, targets=["a"]) == row_g(parse_cards("AS"), 0, 0, targets=["a"],
                                                                 annotations=svg.Annotations())


def test_the_strip_of_annotations_grows_the_document_under_its_body() -> None:
    lines = ("coach · 40 playouts per choice", "★ " + "play the ace of swords, " * 6)
    root = ET.fromstring(document(300, 100, text_g("x", 0, 10), annotations=svg.Annotations(strip=lines)))
    strip = [el for el in root.iter(NS + "text") if "cardlab-coach-line" in classes(el)]
    height = 100 + svg.STRIP_LINE * len(strip) + 12
    assert len(strip) > len(lines) and strip[0].text == lines[0] and strip[2].text.startswith("   ")
    assert [float(el.get("y")) for el in strip] == [116 + svg.STRIP_LINE * i for i in range(len(strip))]
    assert [el.get("fill") for el in strip] == [svg.BADGE_GOLD] + [svg.BADGE_INK] * (len(strip) - 1)
    assert (root.get("height"), root.get("viewBox")) == (faces.num(height), f"0 0 300 {faces.num(height)}")
    assert root.find(NS + "rect").get("height") == faces.num(height)
    assert document(300, 100, "", annotations=svg.Annotations()) == document(300, 100, "")


def test_document_wraps_with_a_title_and_optional_background() -> None:
    root = ET.fromstring(document(200, 100.5, text_g("x", 0, 10), title="A & B"))
    assert (root.get("viewBox"), root.find(NS + "title").text) == ("0 0 200 100.5", "A & B")
    assert root.find(NS + "rect").get("fill") == svg.TABLE_GREEN
    assert ET.fromstring(document(10, 10, "", background=None)).find(NS + "rect") is None


@pytest.mark.parametrize(("shown", "text"), [
    (Hand("AS KH 10D"), "Hand('A♠ K♥ 10♦')"), (Hand([]), "Hand('')"),
    (Hand("RC 2D", pack=ITALIAN), "Hand('RC 2D')"), (Pile(parse_cards("5S 6S")), "Pile('5♠ 6♠')"),
    (Pile([]), "Pile('')"), (Stack(12), "Stack(12)"), (Stack(0, label="talon"), "Stack(0, label='talon')"),
])
def test_display_objects_draw_themselves(shown: object, text: str) -> None:
    assert repr(shown) == text
    root = parse(shown._repr_svg_())
    assert root.find(NS + "title").text == text
    assert not [el for el in root.iter() if "id" in el.attrib]


def test_hand_draws_its_cards_in_order() -> None:
    root = parse(Hand("AS KH 10D")._repr_svg_())
    assert [el.get("data-card") for el in with_class(root, "cardlab-card")] == ["AS", "KH", "10D"]


@pytest.mark.parametrize(("value", "text"), [(1.0, "1"), (0.1 + 0.2, "0.3"), (-0.001, "0"), (2.345678, "2.35"),
                                             (60, "60")])
def test_numbers_are_printed_compactly(value: float, text: str) -> None:
    assert faces.num(value) == text


@pytest.mark.parametrize("pack", [FRENCH, ITALIAN])
def test_a_whole_table_is_one_well_formed_document(pack: str) -> None:
    deck = french_deck(2) if pack == FRENCH else italian_deck()
    body = row_g(deck, 10, 10, step=12) + fan_g(deck, 10, 120) + stack_g(len(deck), 200, 120)
    root = ET.fromstring(document(800, 300, body))
    assert len(with_class(root, "cardlab-card")) == len(deck) + 8


def test_no_two_cards_look_the_same() -> None:
    drawn = {faces.face_body(c) for c in ALL_CARDS}
    assert len(drawn) == len(ALL_CARDS)
    assert faces.back_body() not in drawn


@pytest.mark.parametrize("card", [Card(r, s) for s in ITALIAN_SUITS for r in ("A", "7")], ids=lambda c: c.ascii())
def test_italian_corner_index_is_in_the_suit_colour(card: Card) -> None:
    root = parse(card_svg(card))
    ranks = [el for el in with_class(root, "idx") if el.tag == NS + "text"]
    assert len(ranks) == 2  # top-left, and turned in the bottom-right corner
    assert {inherited(root, el, "fill") for el in ranks} == {faces.ITALIAN_INK[card.suit]}
    assert len(set(faces.ITALIAN_INK.values())) == 4


@pytest.mark.parametrize("card", [*french_deck(), *italian_deck(), Card.parse("JokerR"), Card.parse("JokerB")],
                         ids=str)
def test_every_text_of_a_face_is_readable_at_the_readable_width(card: Card) -> None:
    """Issue 11: no text under 11 px; a card READABLE_W wide shows every face text at >= 11 units."""
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', faces.face_body(card))]
    assert sizes and min(sizes) * svg.READABLE_W / faces.DESIGN_W >= svg.MIN_TEXT
    assert svg.CARD_W >= svg.READABLE_W
