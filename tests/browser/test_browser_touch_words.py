"""A phone tells no keys (issue 39): a Kirifu room seat's page in Chromium emulating a phone (390 px,
touch, no hover) reports its touch-only pointer with its width, and the table it is drawn is worded
for taps — the buttons "Take A♣ · おもらい", not "… (T)", the prompt and the status line after
each tap naming no key; the same link on a laptop-sized page without touch names its keys (a room
server in this process, tests/browser/test_browser_rooms.py's fixtures). The notebook's widget
does the same on Voilà's classroom page at a phone's width."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ACTION_MS
from test_browser_app import PAGE_MS, classroom_url  # noqa: F401  (a fixture)
from test_browser_kirifu import _next_click
from test_browser_rooms import SHOWN, TARGETS, open_seat, rooms  # noqa: F401  (fixtures)
from test_touch_words import KEY_NAMED

pytestmark = pytest.mark.browser

#: the words a reader sees: the status line, the drawing's texts (but the key hints, hidden by the
#: page's CSS on a touch-only device) and its buttons' names
SEEN = """() => [document.querySelector('.cardlab-status').textContent,
  ...[...document.querySelectorAll('.cardlab-svg text:not(.cardlab-keys)')].map((t) => t.textContent),
  ...[...document.querySelectorAll('.cardlab-svg [aria-label]')].map((e) => e.getAttribute('aria-label'))]"""


def _keys_named(page: Any) -> list[str]:
    return [text for text in page.evaluate(SEEN) if KEY_NAMED.search(text)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_s_seat_page_names_no_key(rooms, open_seat, chromium, lang):  # noqa: F811
    room = rooms.room(f"Phones {lang}")
    game = room.add_game("kirifu", ["Aiko", "Ben", "computer"], seed=1)
    with rooms.lobby.lock:
        seat = game.seats[game.state.current_player]
    laptop = open_seat(room.link(seat, lang=lang))
    laptop.locator(".kirifu-prompt").first.wait_for()
    assert _keys_named(laptop), "a page with a keyboard names the keys"
    laptop.context.close()

    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                   reduced_motion="reduce")
    try:
        phone = context.new_page()
        phone.set_default_timeout(ACTION_MS)
        phone.goto(room.link(seat, lang=lang))
        assert phone.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
        phone.wait_for_function("() => document.querySelector('.cardlab-svg svg')?.getAttribute('width') === '360'")
        phone.locator(".kirifu-prompt").first.wait_for()
        assert _keys_named(phone) == []
        picked = False
        for _ in range(3):                     # taps as a reader makes them: a passed card, its answer …
            seq = phone.evaluate(SHOWN)
            wanted = _next_click(phone.evaluate(TARGETS), picked)
            assert wanted, "the seat's page offers a choice on its turn"
            phone.locator(f'.cardlab-svg [data-target="{wanted}"]').first.tap(position={"x": 12, "y": 20})
            picked = wanted.startswith("hand:")
            phone.wait_for_function(f"(seq) => {SHOWN} > seq", arg=seq)
            assert _keys_named(phone) == [], wanted
    finally:
        context.close()


def test_the_classroom_page_on_a_phone_words_its_tables_for_taps(classroom_url, chromium):  # noqa: F811
    """The notebook's widget (Voilà's classroom page, 390 px, touch): the view reports the pointer
    with the width, and the Cleopatra, Trappola and Kirifu tables (the duo's two people at one
    keyboard aside) greet with taps, their New game buttons naming no N."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                   reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(ACTION_MS)
        page.goto(classroom_url, timeout=PAGE_MS)
        cleopatra = page.locator(".cardlab-cleopatra .cardlab-table").first
        cleopatra.locator(".cardlab-svg svg").wait_for(timeout=PAGE_MS)
        page.wait_for_function("(el) => el.textContent.startsWith('Tap your hand')",
                               arg=cleopatra.locator(".cardlab-status").element_handle())
        for game in (".cardlab-cleopatra", ".cardlab-trappola", ".cardlab-kirifu"):
            root = page.locator(f"{game}.cardlab-table-root").first
            root.locator(".cardlab-svg svg").wait_for(timeout=PAGE_MS)
            page.wait_for_function("(el) => !/[(（]N[)）]/.test(el.textContent)",
                                   arg=root.locator(".cardlab-new-game").element_handle())
            status = root.locator(".cardlab-status").text_content() or ""
            labels = root.locator(".cardlab-svg [aria-label]").evaluate_all(
                "(all) => all.map((e) => e.getAttribute('aria-label'))")
            assert [text for text in [status, *labels] if KEY_NAMED.search(text)] == [], game
    finally:
        context.close()
