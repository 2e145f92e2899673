"""The Trappola table passes the layout check (issue 11): no text under 11 px, no overlap, nothing
clipped, in both layouts at 1200 and 700 px output widths, in English and Japanese, at the
exchange, mid-deal, the finished deal held and the end of a game; and the whole table in
JupyterLab (drawing, score sheet of a long game, log) at the narrow width."""

from __future__ import annotations

import pytest

from layout import layout_problems, svg_problems
from trappola_helpers import table_positions

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_position_passes_the_layout_check_at_1200_and_700_px(chromium, lang):
    page = chromium.new_page(viewport={"width": 1300, "height": 1000})
    try:
        problems = {}
        for name, svg in table_positions(lang):
            width = 1200 if " wide " in name else 700
            found = svg_problems(page, svg, width)
            if found:
                problems[f"{name} at {width} px"] = found
    finally:
        page.close()
    assert not problems


def test_the_table_with_a_long_score_sheet_and_log_passes_in_jupyterlab(open_cells):
    nb = open_cells(["from cardlab.games.trappola.bots import RuleOfThumbBot\n"
                     "from cardlab.games.trappola.table import TrappolaTable\n"
                     "table = TrappolaTable(seed=11, bot=RuleOfThumbBot(11))\ntable"], "trap_layout.ipynb")
    from playwright.sync_api import expect
    page = nb.page
    table = nb.table(".cardlab-trappola")
    seq = nb.seq_of(table)
    nb.execute("while not table.state.is_over: table.press('Enter')\nprint(len(table.state.sheets))")
    nb.wait_drawn(table, seq)
    sheet = page.locator(".cardlab-trappola .cardlab-sheet")
    assert "earlier deals" in sheet.inner_text()
    drawing = table.locator(".cardlab-svg svg")
    for viewport, natural in ((1500, "960"), (1180, "680")):   # outputs of about 1070 and 750 px
        page.set_viewport_size({"width": viewport, "height": 1000})
        expect(drawing).to_have_attribute("width", natural)  # the width reached Python, which redrew
        assert int(nb.execute("print(table.view.width)")) >= 700
        assert layout_problems(page, page.locator(".cardlab-trappola").first) == [], viewport
