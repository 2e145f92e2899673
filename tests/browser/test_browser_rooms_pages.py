"""One seat, two pages (issue 38): the same seat's link open in English and in Japanese, in two
browser contexts; the seat plays by clicking either page in turn (another person and the
computer at the table, so a move is often followed by no computer's), and after every click both
pages show the drawing the server holds for their language (the hand, the message), to the end of
the game. A room server in this process (tests/browser/test_browser_rooms.py's fixtures)."""

from __future__ import annotations

import pytest
from test_browser_kirifu import _next_click
from test_browser_rooms import SHOWN, TARGETS, open_seat, rooms  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
CARDS = "() => [...document.querySelectorAll('.cardlab-svg [data-card]')].map(e => e.getAttribute('data-card')).sort()"


def _shows_the_server_s_drawing(rooms, game, seat, page, lang: str) -> None:   # noqa: F811
    """Wait until ``page`` shows the drawing the server holds now for ``seat`` in ``lang``."""
    for _ in range(400):
        with rooms.lobby.lock:
            seq = game.table(seat, lang).view.seq
        if page.evaluate(SHOWN) == seq:
            return
        page.wait_for_timeout(25)
    pytest.fail(f"the {lang} page of seat {seat.number} shows {page.evaluate(SHOWN)}, the server {seq}")


def test_two_pages_of_one_seat_in_two_languages_stay_in_step_to_the_end(rooms, open_seat):  # noqa: F811
    room = rooms.room("Two pages")
    game = room.add_game("kirifu", ["Aiko", "Ben", "computer"], seed=11)      # Ben plays by code
    aiko = game.seats[0]
    pages = {"en": open_seat(room.link(aiko)), "ja": open_seat(room.link(aiko, lang="ja"))}
    clicks: list[str] = []
    acting = "en"
    for _ in range(400):
        for lang, page in pages.items():
            _shows_the_server_s_drawing(rooms, game, aiko, page, lang)
        assert pages["en"].evaluate(CARDS) == pages["ja"].evaluate(CARDS), clicks[-3:]    # the same position
        with rooms.lobby.lock:
            if game.over:
                break
            if game.state.current_player == 1:       # after Aiko's move no computer moves: Ben's turn
                legal = game.state.legal_actions()
                rooms.send_changes(game.act(game.seats[1], "en", game.state.action_text(legal[0])))
                continue
        choosing = bool(clicks) and clicks[-1].startswith("hand:")   # a card chosen on this page: finish there
        if not choosing:
            acting = "ja" if acting == "en" else "en"            # each page takes a whole move in turn
        page = pages[acting]
        wanted = _next_click(page.evaluate(TARGETS), choosing)
        assert wanted, f"Aiko's page offers nothing to click on her turn; clicks: {clicks[-6:]}"
        seq = page.evaluate(SHOWN)
        page.locator(f'.cardlab-svg [data-target="{wanted}"]').first.click(position={"x": 12, "y": 20})
        clicks.append(wanted)
        page.wait_for_function(f"(seq) => {SHOWN} > seq", arg=seq)
    else:
        pytest.fail(f"the game did not end after {len(clicks)} clicks")
    for lang, page in pages.items():
        page.wait_for_function("() => document.body.dataset.over === '1'")
        _shows_the_server_s_drawing(rooms, game, aiko, page, lang)
    assert "Game over" in pages["en"].locator(".cardlab-status").inner_text()
    assert pages["ja"].evaluate("() => document.documentElement.lang") == "ja"
