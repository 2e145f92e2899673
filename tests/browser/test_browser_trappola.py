"""Trappola in a real JupyterLab: run the notebook, then play a whole deal against the computer."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def test_play_a_full_deal_by_clicking(open_notebook):
    nb = open_notebook("02_trappola.ipynb")
    table = nb.table(".cardlab-trappola")
    drawing = table.locator(".cardlab-svg")
    sheet = nb.page.locator(".cardlab-trappola .cardlab-sheet").first
    clicked: list[str] = []
    for _ in range(40):  # at most 2 exchanges + declarations + 9 cards in a deal
        before = nb.svg_of(table)
        if 'data-target="next"' in before:      # the deal is over, held on the table until Enter
            break
        targets = re.findall(r'data-target="([^"]+)"', before)
        assert targets, "no clickable element while the deal is not over"
        # exchange once when offered, then keep; declare whenever offered; else play a legal card
        wanted = next((t for t in targets if t == "exchange" and "exchange" not in clicked), None) \
            or next((t for t in targets if t in ("keep",) or t.startswith("declare")), None) \
            or next(t for t in targets if t.startswith("play"))
        drawing.locator(f'[data-target="{wanted}"]').first.click()
        clicked.append(wanted)
        nb.wait_svg_change(table, before)
    else:
        pytest.fail(f"the deal did not end after {len(clicked)} clicks: {clicked}")
    assert sum(t.startswith("play") for t in clicked) == 9
    assert "keep" in clicked or "exchange" in clicked
    text = sheet.inner_text()
    assert "Score sheet" in text and "Deal 1" in text and "card points" in text
    assert "–" not in text               # scored: the blank column it kept its room with is filled (issue 28)
    status = table.locator(".cardlab-status").inner_text()
    assert "Deal 1 scored" in status
    before = nb.svg_of(table)
    drawing.locator('[data-target="next"]').first.click()      # issue 29: the message of deal 1 goes
    nb.wait_svg_change(table, before)
    status = table.locator(".cardlab-status").inner_text()
    assert status.startswith("Deal 2: ") and "Deal 1 scored" not in status and "Press Enter" not in status
