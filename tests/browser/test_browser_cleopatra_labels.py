"""The Cleopatra table's labels on a wide desktop page (issue 39: in JupyterLab at 1400 px
"Bot's won pile" overlapped a card; names were cut, "Rig…'s won pile"): on a room's seat page
1400 px wide (the drawing the notebook's table shows), through the first moves of a game against
the computer ("Computer 2", whose won-pile label was cut), no text but the cards' own overlaps a
card or a stack, and no text is cut with an ellipsis."""

from __future__ import annotations

import pytest
from test_browser_rooms import SHOWN, TARGETS, open_seat, rooms  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

OVERLAPS = """() => {
  const svg = document.querySelector('.cardlab-svg svg');
  const boxes = (sel) => [...svg.querySelectorAll(sel)].map(e => [e, e.getBoundingClientRect()]);
  const cards = boxes('.cardlab-card, .cardlab-stack');
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  return boxes('text').filter(([t, r]) => r.width > 0 && !t.closest('.cardlab-card, .cardlab-stack')
                                         && cards.some(([c, b]) => meet(r, b)))
                      .map(([t]) => t.textContent);
}"""
TEXTS = "() => [...document.querySelectorAll('.cardlab-svg svg text')].map(t => t.textContent)"


def test_no_label_overlaps_a_card_at_1400_px_and_no_name_is_cut(rooms, open_seat):  # noqa: F811
    room = rooms.room("Labels")
    game = room.add_game("cleopatra", ["Ann", "computer"], seed=5)
    page = open_seat(room.link(game.seats[0]), width=1400, height=900)
    for _ in range(30):
        assert page.evaluate(OVERLAPS) == []
        assert not [t for t in page.evaluate(TEXTS) if "…" in t]         # the names whole
        with rooms.lobby.lock:
            if game.over:
                break
        seq = page.evaluate(SHOWN)
        if "turn" in page.evaluate(TARGETS):
            page.locator('.cardlab-svg [data-target="turn"]').first.click()
        page.wait_for_function(f"(seq) => {SHOWN} > seq || document.body.dataset.over === '1'", arg=seq)
