"""The table base of issue 11 in a real JupyterLab: the drawing fills the output width (up to 1.3
times its natural size) and is centred, the width reaches Python and a narrow output switches the
table to its narrow layout, and the keyboard's focus is ringed and moved by the arrow keys."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

TABLE = '''
from cardlab.bots import RandomBot
from cardlab.draw import svg
from cardlab.games import trappola
from cardlab.widgets.table import GameTable

class ButtonTable(GameTable):
    WIDE_WIDTH = 900
    def __init__(self):
        super().__init__()
        self.new_game()
    def make_state(self):
        self.bots = [None, RandomBot(5)]
        return trappola.new_game("single-deal", seed=11, players=("You", "Bot"))
    def choices(self):
        return [str(a) for a in self.state.legal_actions()] if self.state.current_player == 0 else []
    def draw(self):
        width = self.WIDE_WIDTH if self.layout == "wide" else 500
        body = "".join(svg.button_g(t, 10 + 100 * i, 10, 90, 30, t) for i, t in enumerate(self.choices()))
        return svg.document(width, 60, body)

table = ButtonTable()
table
'''


def test_the_drawing_fills_the_width_and_a_narrow_output_gets_the_narrow_layout(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([TABLE], "table_base.ipynb")
    page = nb.page
    page.set_viewport_size({"width": 1400, "height": 900})       # a wide window: the wide layout
    table = nb.table()
    shown = table.locator(".cardlab-svg svg")
    expect(shown).to_have_attribute("width", "900")
    box, output = shown.bounding_box(), table.bounding_box()
    width = int(nb.execute("print(table.view.width)"))
    assert abs(width - output["width"]) <= 2 and width >= 900     # the browser told Python
    assert box["width"] == pytest.approx(min(output["width"], 900 * 1.3), abs=2)   # fills, up to 1.3x
    left, right = box["x"] - output["x"], output["x"] + output["width"] - box["x"] - box["width"]
    assert abs(left - right) <= 2                                   # centred

    page.set_viewport_size({"width": 760, "height": 900})          # a narrow window
    expect(shown).to_have_attribute("width", "500")
    assert nb.execute("print(table.layout)").strip() == "narrow"
    page.set_viewport_size({"width": 1400, "height": 900})
    expect(shown).to_have_attribute("width", "900")


def test_the_arrow_keys_move_a_visible_ring_and_enter_plays_the_ringed_choice(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([TABLE], "table_keys.ipynb")
    table = nb.table()
    ring = table.locator(".cardlab-focus-ring")
    expect(ring).to_have_count(1)
    expect(table.locator('.cardlab-focused[data-target="exchange"]')).to_have_count(1)
    table.locator(".cardlab-svg").focus()
    table.locator(".cardlab-svg").press("ArrowRight")
    expect(table.locator('.cardlab-focused[data-target="keep"]')).to_have_count(1)
    assert "keep" in table.locator(".cardlab-svg").get_attribute("aria-label")
    table.locator(".cardlab-svg").press("Enter")
    expect(table.locator('[data-target="keep"]')).to_have_count(0)   # kept: the game moved on
    assert nb.execute("print(table.state.history[0])").strip() == "keep"
