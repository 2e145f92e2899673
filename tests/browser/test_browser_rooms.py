"""Rooms in real browsers (issue 24): a room server in this process, its seat pages in Chromium.

Three people in three browser contexts (three separate browsers, as far as the pages can tell)
play one Kirifu room to the end by clicking their own tables, the fourth seat the computer's; a
phone-sized page draws the phone layout without a horizontal scrollbar; the Japanese page is
``lang="ja"``; a page whose connection drops says so and draws its seat anew once it is back.
No JupyterLab: the seat page is a plain page (cardlab/rooms/seat.html, client.js).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ACTION_MS
from layout import layout_problems
from test_browser_kirifu import _next_click

pytestmark = pytest.mark.browser

TARGETS = "() => [...document.querySelectorAll('.cardlab-svg [data-target]')].map(e => e.getAttribute('data-target'))"
SHOWN = "Number(document.querySelector('.cardlab-svg').dataset.seq)"   # the number of the drawing shown
# The page's sockets, kept where a test can close one (the page's own code keeps it to itself).
KEEP_SOCKETS = """window.cardlabSockets = [];
window.WebSocket = class extends window.WebSocket {
  constructor(...args) { super(...args); window.cardlabSockets.push(this); }
};"""


@pytest.fixture(scope="module")
def rooms(chromium: Any) -> Iterator[Any]:
    """A room server on a free local port, its rooms kept nowhere (``:memory:``)."""
    import cardlab.rooms

    server = cardlab.rooms.serve(":memory:")
    yield server
    server.stop()


@pytest.fixture
def open_seat(chromium: Any) -> Iterator[Any]:
    """``open_seat(link, width=1000, height=800)``: the seat's page in a browser context of its
    own (no motion: a click never waits for a card to stop moving), once its table is drawn; the
    contexts are closed after the test."""
    contexts: list[Any] = []

    def opener(link: str, width: int = 1000, height: int = 800) -> Any:
        context = chromium.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(ACTION_MS)
        page.add_init_script(KEEP_SOCKETS)
        page.goto(link)
        page.locator(".cardlab-svg svg").wait_for()
        return page

    yield opener
    for context in contexts:
        context.close()


def _shot(page: Any, name: str) -> None:
    """A picture of the whole page in /tmp (to look at), when CARDLAB_SCREENSHOTS=1."""
    if os.environ.get("CARDLAB_SCREENSHOTS") == "1":
        page.screenshot(path=f"/tmp/cardlab-room-{name}.png", full_page=True, animations="disabled")


def _settled(rooms: Any, game: Any, seat: Any, page: Any) -> int:
    """Wait until ``page`` shows the drawing the server has for ``seat`` now (its width reported
    and drawn for); return that drawing's number."""
    def server_seq() -> int:
        width = page.evaluate("document.getElementById('table').clientWidth")
        with rooms.lobby.lock:
            view = game.table(seat, "en").view
            return view.seq if view.width == width else -1
    for _ in range(200):
        seq = server_seq()
        if seq >= 0 and page.evaluate(SHOWN) == seq:
            return seq
        page.wait_for_timeout(25)
    pytest.fail(f"seat {seat.number}'s page never showed the server's drawing {server_seq()}")


def test_three_people_play_a_kirifu_room_to_the_end_in_three_browsers(rooms, open_seat):
    room = rooms.room("Class 3B")
    game = room.add_game("kirifu", ["Aiko", "Ben", "Chie", "computer"], seed=5)
    pages = {seat.number: open_seat(room.link(seat)) for seat in game.seats[:3]}
    clicks: dict[int, list[str]] = {n: [] for n in pages}
    for _ in range(600):
        with rooms.lobby.lock:
            if game.over:
                break
            turn = game.state.current_player
        assert turn in pages, "the computer's seat moves on the server at once, never waiting"
        page = pages[turn]
        seq = _settled(rooms, game, game.seats[turn], page)
        mine = clicks[turn]
        wanted = _next_click(page.evaluate(TARGETS), bool(mine) and mine[-1].startswith("hand:"))
        assert wanted, f"{game.seats[turn].name}'s page offers nothing to click on its turn; clicks: {mine[-6:]}"
        page.locator(f'.cardlab-svg [data-target="{wanted}"]').first.click(position={"x": 12, "y": 20})
        mine.append(wanted)
        page.wait_for_function(f"(seq) => {SHOWN} > seq", arg=seq)
    else:
        pytest.fail(f"the game did not end after {sum(map(len, clicks.values()))} clicks")
    places = [game.state.players[p] for p in game.state.view(None).finished]
    for number, page in pages.items():
        page.wait_for_function("() => document.body.dataset.over === '1'")
        assert page.locator("#panes .cardlab-kirifu-sheet tr").count() == 1 + len(game.seats)
        sheet = page.locator("#panes .cardlab-kirifu-sheet").inner_text()
        assert [name for name in places if name in sheet] == places     # the finishing order, on every page
        assert "Game over" in page.locator(".cardlab-status").inner_text()
        assert page.evaluate(TARGETS) == []
        assert any(t.startswith(("cut ", "take ")) for t in clicks[number]) and "btn:pass" in clicks[number]
    _shot(pages[0], "over-1000")
    [record] = room.records()
    assert record.players[:3] == ["Aiko", "Ben", "Chie"] and len(record.actions) == len(game.state.history)


def test_a_phone_draws_its_layout_the_japanese_page_is_japanese_and_a_lost_connection_comes_back(rooms, open_seat):
    room = rooms.room("Class 3C")
    game = room.add_game("kirifu", ["Aiko", "Ben", "computer", "computer"], seed=2)
    aiko, ben = game.seats[:2]
    phone = open_seat(room.link(aiko, lang="ja"), width=360, height=740)
    phone.wait_for_function("() => document.querySelector('.cardlab-svg svg').getAttribute('width') === '360'")
    with rooms.lobby.lock:
        assert game.table(aiko, "ja").layout == "phone"
    assert phone.evaluate("() => document.documentElement.lang") == "ja"
    assert phone.evaluate("() => document.getElementById('table').lang") == "ja"
    assert "の番" in phone.locator(".cardlab-status").inner_text()
    assert phone.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert layout_problems(phone, phone.locator("main")) == []
    _shot(phone, "ja-360")

    laptop = open_seat(room.link(ben), width=1200, height=900)
    seq = _settled(rooms, game, ben, laptop)
    _shot(laptop, "en-1200")
    laptop.context.set_offline(True)
    laptop.evaluate("() => window.cardlabSockets.forEach((s) => s.close())")
    banner = laptop.locator("#banner")
    banner.wait_for(state="visible")
    assert "Connection lost" in banner.inner_text()
    assert laptop.evaluate("() => document.body.dataset.connected") == ""
    _shot(laptop, "lost-1200")
    with rooms.lobby.lock:      # the game goes on while Ben's page is away: Aiko plays, by code
        while game.state.current_player != ben.number:
            seat = game.seats[game.state.current_player]
            game.act(seat, "en", game.state.action_text(game.state.legal_actions()[0]))
        missed = game.table(ben, "en").view.seq
    assert missed > seq
    laptop.context.set_offline(False)
    banner.wait_for(state="hidden", timeout=30_000)
    laptop.wait_for_function(f"(seq) => {SHOWN} === seq", arg=missed, timeout=30_000)
    assert laptop.evaluate("() => document.body.dataset.connected") == "1"
    assert laptop.evaluate(TARGETS), "Ben's page, back, offers his turn's choices"
    assert "Aiko: pass" in laptop.locator(".cardlab-status").inner_text()   # what he missed, told
    _shot(laptop, "back-1200")
