"""The classroom's Kirifu table keeps its place in JupyterLab (issue 39: "the classroom Kirifu table
moved 44 px between two clicks"), on a 1366 x 768 projector with the file browser folded.

There the view grows a drawing by the window's height over its play area (between 1 and 1.3 times),
and the game's end has a shorter play area (no buttons): it was shown 1170 px wide instead of the
game's 952, 143 px taller, and everything on the table moved with it. The test plays a whole game
by clicks and, after each answer, once nothing moves, measures the drawing's top and size, the top
of the reader's hand (its cards that are not raised) and of the reader's line over it ("You · 3
cards"): each stays within 1 px of where it was at the start.
"""

from __future__ import annotations

from typing import Any

import pytest

from tools.bench.browser import SETTLED_JS, next_target, press
from tools.games.kirifu.classroom import kirifu_reader

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1366, "height": 768}
TABLE = ".cardlab-kirifu"
CLICKS = 80                 # more than a game of the classroom's table takes
PLACES_JS = """(table) => {
  const top = (el) => el.getBoundingClientRect().top;
  const svg = table.querySelector('.cardlab-svg svg'), box = svg.getBoundingClientRect();
  const hand = [...svg.querySelectorAll('[data-target^="hand:"], [data-target^="cut "]')]
    .filter((card) => !card.classList.contains('selected')).map((card) => top(card.querySelector('rect')));
  const statuses = svg.querySelectorAll('.kirifu-status');   // the reader's is the last: after the others'
  return {top: box.top, width: box.width, height: box.height, hand: hand.length ? Math.max(...hand) : null,
          line: top(statuses[statuses.length - 1].previousElementSibling)};
}"""
# after a press: the reader has something to do, or the game is over (the computers have moved)
ANSWERED_JS = """(table) => table.querySelector('.cardlab-svg [data-target]') !== null
  || /Game over/.test(table.querySelector('.cardlab-status').textContent)"""


def places(page: Any, table: Any) -> dict[str, float | None]:
    """Where the drawing, the hand and the reader's line are once nothing on the table moves."""
    page.wait_for_function(SETTLED_JS, arg=TABLE, polling=50)
    return page.evaluate(PLACES_JS, table.element_handle())


def test_a_whole_game_moves_nothing_on_the_table_at_1366_by_768(open_notebook):
    nb = open_notebook("classroom.ipynb", window=PROJECTOR["width"], file_browser=False)
    page = nb.page
    page.set_viewport_size(PROJECTOR)
    table = nb.table(TABLE)
    table.evaluate("(el) => el.scrollIntoView({block: 'start', behavior: 'instant'})")
    nb.execute("pass")      # the kernel has answered the page's messages so far (the width it reported)
    start = places(page, table)
    seen, hands, pressed = [start], [start["hand"]] if start["hand"] is not None else [], []
    for _ in range(CLICKS):
        target = next_target(page, TABLE, kirifu_reader)
        if target is None:
            break
        seq = nb.seq_of(table)
        press(page, TABLE, target, double=False)
        pressed.append(target)
        nb.wait_drawn(table, seq)
        page.wait_for_function(ANSWERED_JS, arg=table.element_handle(), polling=50)
        seen.append(places(page, table))
        if seen[-1]["hand"] is not None:
            hands.append(seen[-1]["hand"])
    assert "Game over" in table.locator(".cardlab-status").inner_text(), f"no end after {pressed}"
    assert len(pressed) >= 10 and len(hands) >= 5
    moved = {key: sorted({round(p[key], 1) for p in seen}) for key in ("top", "width", "height", "line")}
    moved["hand"] = sorted({round(h, 1) for h in hands})
    assert all(max(values) - min(values) <= 1 for values in moved.values()), f"after {pressed}: {moved}"
