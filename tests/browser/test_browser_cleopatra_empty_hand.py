"""Cleopatra, C9: when your hand is empty and you must turn, the empty hand (a dashed outline) and
your won pile both take the turn by mouse and by touch (issue 39: a phone has no Enter key)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from cardlab.games import cleopatra
from cardlab.games.cleopatra.draw import table_svg

pytestmark = pytest.mark.browser

# what the page's clicks hit: the data-target around the element under the pointer, or "" for none
RECORD_CLICKS = """() => { window.hits = [];
  document.addEventListener('click', (e) => {
    const hit = e.target.closest('[data-target]');
    window.hits.push(hit ? hit.getAttribute('data-target') : '');
  }); }"""


def empty_hand_game() -> tuple[cleopatra.State, int]:
    """A game played on by its first legal actions until the player to move has no hand left
    (C9: their won pile is about to become their hand), and that player."""
    for seed in range(20):
        game = cleopatra.new_game("cleopatra", seed=seed)
        while not game.is_over:
            seat = game.current_player
            if isinstance(seat, int) and seat >= 0 and game.view(seat).hand_sizes[seat] == 0:
                return game, seat
            game.apply(game.legal_actions()[0])
    raise AssertionError("no seeded game reached an empty hand")


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1000, "height": 700}, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def centre(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("layout", ["wide", "phone"])
def test_the_empty_hand_and_the_won_pile_take_the_turn(page: Any, layout: str) -> None:
    game, seat = empty_hand_game()
    assert game.view(seat).won_sizes[seat] > 0
    page.set_content(f"<div>{table_svg(game, reader=seat, layout=layout, choices=['turn'])}</div>")
    page.evaluate(RECORD_CLICKS)
    hand = page.locator("[data-target='turn'] rect.empty").first
    won = page.locator(f"[data-key='won:{seat}']")
    page.mouse.click(*centre(hand))
    page.touchscreen.tap(*centre(hand))
    page.mouse.click(*centre(won))
    page.touchscreen.tap(*centre(won))
    assert page.evaluate("window.hits") == ["turn"] * 4


@pytest.mark.parametrize("phone", [False, True])
def test_a_phone_is_not_told_keys_it_has_not(chromium: Any, phone: bool) -> None:
    """Issue 39: phones were told "Enter: turn · Space: slap"; a computer with a mouse still is."""
    from pathlib import Path

    import cardlab.widgets
    css = (Path(cardlab.widgets.__file__).parent / "view.css").read_text()
    context = chromium.new_context(viewport={"width": 390, "height": 800} if phone else {"width": 1000, "height": 700},
                                   has_touch=phone, is_mobile=phone)
    try:
        page = context.new_page()
        game = cleopatra.new_game("cleopatra", seed=1)
        drawing = table_svg(game, reader=0, layout="phone" if phone else "wide", choices=["turn"],
                            keys=["turn", "slap"])
        page.set_content(f'<style>{css}</style><div class="cardlab-view"><div class="cardlab-svg">{drawing}</div></div>')
        keys = page.locator(".cardlab-keys")
        assert keys.count() >= 1
        assert keys.first.is_visible() is not phone
    finally:
        context.close()
