"""The coach in a real JupyterLab: turn it on at the Trappola table, wait for the hints the
browser timers refine, and play a marked choice."""

from __future__ import annotations

import html
import re

import pytest

from cardlab.draw.svg import BADGE_GOLD

pytestmark = pytest.mark.browser

_HINTS_READY = """([el]) => el.innerHTML.includes('cardlab-hint') && el.textContent.replace(/\\s+/g, ' ').includes('playouts per choice')
                             && !el.innerHTML.includes('refining')"""


def test_coach_on_hints_ready_then_a_marked_choice_is_played(open_cells):
    nb = open_cells(["from cardlab.games.trappola.table import TrappolaTable\ntable = TrappolaTable(seed=5)\ntable"],
                    "coach.ipynb")
    table = nb.table(".cardlab-trappola")
    assert "cardlab-hint" not in nb.svg_of(table)
    nb.page.locator(".cardlab-trappola .cardlab-coach").first.click()
    handle = table.locator(".cardlab-svg").element_handle()
    nb.page.wait_for_function(_HINTS_READY, arg=[handle], timeout=30_000, polling=100)
    drawing = nb.svg_of(table)
    targets = set(map(html.unescape, re.findall(r'data-target="([^"]+)"', drawing))) - {"sort"}   # the table's own switch
    marked = set(map(html.unescape, re.findall(r'data-hint="([^"]+)"', drawing)))
    assert targets and marked == targets           # every legal choice carries its estimate
    best = html.unescape(re.search(rf'data-hint="([^"]+)" transform="[^"]*"><rect [^>]*fill="{BADGE_GOLD}"',
                                   drawing).group(1))         # the gold badge: the strip's ★, named in words
    assert best in marked and f"★ {best} your hand: " in drawing    # the exchange: exchange or keep
    table.locator(".cardlab-svg").locator(f'[data-target="{best}"]').first.click()
    nb.wait_svg_change(table, drawing)
    assert best in nb.execute("print(table.state.history_text())")
