"""Kirifu in a real JupyterLab: run the notebook, then play a whole game to a finishing order by clicking."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def _next_click(targets: list[str], picked: bool) -> str | None:
    """A simple reader: cut when a cutter is marked, else take; pass the first card of the hand."""
    for prefix in ("cut ", "take ", "passed:"):
        found = next((t for t in targets if t.startswith(prefix)), None)
        if found:
            return found
    if picked and "btn:pass" in targets:
        return "btn:pass"
    return next((t for t in targets if t.startswith("hand:")), None)


def test_play_a_whole_game_to_a_finishing_order(open_notebook):
    nb = open_notebook("03_kirifu.ipynb")
    table = nb.table(".cardlab-kirifu")
    drawing = table.locator(".cardlab-svg")
    assert "世界" in nb.svg_of(table) and "山札" in nb.svg_of(table)
    clicked: list[str] = []
    picked = False
    for _ in range(400):
        before = nb.svg_of(table)
        if "Game over" in table.locator(".cardlab-status").inner_text():
            break
        wanted = _next_click(re.findall(r'data-target="([^"]+)"', before), picked)
        assert wanted, f"nothing to click before the end; clicks so far: {clicked[-10:]}"
        drawing.locator(f'[data-target="{wanted}"]').first.click(position={"x": 12, "y": 20})  # inside the card even with a focus ring round it
        picked = wanted.startswith("hand:")
        clicked.append(wanted)
        nb.wait_svg_change(table, before)
    else:
        pytest.fail(f"the game did not end after {len(clicked)} clicks")
    svg = nb.svg_of(table)
    assert re.search(r"finishing order: 1st \w+, 2nd \w+, 3rd \w+", svg)
    assert any(t.startswith("cut ") or t.startswith("take ") for t in clicked)
    assert "btn:pass" in clicked
