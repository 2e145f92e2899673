"""A game of one's own in a real JupyterLab: notebook 06 runs top to bottom, and the Snap it writes
is played at its table by keys and clicks, its replay steps; the tests' tiny game
(``tests/own_game.py``), registered from a notebook cell, is played at its table too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

TURNED = re.compile(r"(\d+) cards turned")


def turned(svg: str) -> int:
    """The number of cards turned that the Snap drawing shows."""
    return int(TURNED.search(svg).group(1))


def test_notebook_06_runs_its_snap_plays_at_the_table_and_replays(open_notebook):
    from playwright.sync_api import expect
    nb = open_notebook("06_your_own_game.ipynb")
    table = nb.table(".cardlab-snap")
    drawing, status = table.locator(".cardlab-svg"), table.locator(".cardlab-status")
    assert nb.execute("print(table.state.match, table.state.current_player)").split() == ["False", "0"]

    before = nb.svg_of(table)
    drawing.press("s")                                 # nothing to snap: refused, named, nothing played
    expect(status).to_have_text("match: the top cards do not match: there is nothing to snap.")
    assert nb.svg_of(table) == before

    drawing.press("t")                                 # your card, then the computer's
    after_key = nb.wait_svg_change(table, before)
    history = int(nb.execute("print(len(table.state.history))"))
    assert turned(after_key) == turned(before) + 2 == int(nb.execute("print(table.state.turns)"))
    assert status.inner_text().startswith("You: ")     # the table tells what happened

    drawing.locator('[data-target="turn"]').click()    # the drawn button does the same
    after_click = nb.wait_svg_change(table, after_key)
    assert turned(after_click) == turned(after_key) + 2
    assert int(nb.execute("print(len(table.state.history))")) >= history + 2

    replayer = nb.page.locator(".cardlab-replayer").first      # the replay of the game at the table
    caption = replayer.locator(".cardlab-caption")
    caption.wait_for()
    shown = nb.svg_of(replayer.locator(".cardlab-table"))
    assert "Step 0/" in caption.inner_text() and turned(shown) == 0
    replayer.locator(".cardlab-forward").click()
    nb.page.wait_for_function("el => el.innerText.includes('Step 1/')", arg=caption.element_handle())
    assert turned(nb.wait_svg_change(replayer.locator(".cardlab-table"), shown)) == 1


TESTS = Path(__file__).resolve().parents[1]
TRICKS = [f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nimport cardlab, own_game\n"
          "cardlab.register(own_game.GAME)",
          "table = own_game.TricksTable(seed=3)\ntable"]


def test_the_tests_tiny_game_registered_in_a_notebook_plays_at_its_table(open_cells):
    nb = open_cells(TRICKS, "own_tricks.ipynb")
    table = nb.table(".cardlab-tricks")
    drawing = table.locator(".cardlab-svg")
    before = nb.svg_of(table)
    assert nb.execute("print(table.choices())").strip() == "['10H', '10S', 'KS']"
    drawing.press("2")                                 # the second marked card, by its number
    after_key = nb.wait_svg_change(table, before)
    assert nb.execute("print(table.state.history_text()[:2])").strip() == "['AS', '10S']"
    card = drawing.locator("[data-target]").first
    target = card.get_attribute("data-target")
    card.click()
    nb.wait_svg_change(table, after_key)
    assert target in nb.execute("print(table.state.history_text())")
