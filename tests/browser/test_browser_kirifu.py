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
    # Each round waits for the thing itself, not a clock (issue 39: on a loaded machine a click
    # timed out): by drawing numbers (data-seq), a drawing made after the click (the click reached
    # the kernel, which answered it, the computers' searches included), then the kernel's latest
    # drawing on the page, so the click goes to the drawing the reader sees (Playwright's click
    # waits until the table takes clicks, view.js's settle_ms after a new drawing).
    before, seq = None, -1
    for _ in range(400):
        nb.wait_drawn(table, seq)
        nb.wait_drawn(table, int(nb.execute("print(table.view.seq)")) - 1)
        seq = nb.seq_of(table)
        shown = nb.svg_of(table)
        assert shown != before, f"the click on {clicked[-1]} changed nothing"
        before = shown
        if "Game over" in table.locator(".cardlab-status").inner_text():
            break
        wanted = _next_click(re.findall(r'data-target="([^"]+)"', before), picked)
        assert wanted, f"nothing to click before the end; clicks so far: {clicked[-10:]}"
        drawing.locator(f'[data-target="{wanted}"]').first.click(position={"x": 12, "y": 20})  # inside the card even with a focus ring round it
        picked = wanted.startswith("hand:")
        clicked.append(wanted)
    else:
        pytest.fail(f"the game did not end after {len(clicked)} clicks")
    svg = nb.svg_of(table)
    assert re.search(r"finishing order: 1st \w+, 2nd \w+, 3rd \w+", svg)
    assert any(t.startswith("cut ") or t.startswith("take ") for t in clicked)
    assert "btn:pass" in clicked


PHONE_CELLS = ["import ipywidgets as w\nfrom cardlab.games.kirifu.table import KirifuTable",
               'table = KirifuTable(computers=4, seed=7, lang="ja")\nw.Box([table], layout=w.Layout(width="360px"))',
               "print(table.view.width, table.layout)"]


def test_at_360_px_the_japanese_table_is_a_phone_layout_its_controls_wrap_and_its_names_are_japanese(open_cells):
    """Issue 29: a table 360 px wide (five players, in Japanese) draws its phone layout; the
    controls wrap (no scrollbar, nothing clipped, no text under 11 px: the layout check of the
    whole widget); the screen readers' names of the table follow lang="ja", the one of the choice
    the keyboard is on included."""
    from layout import layout_problems

    nb = open_cells(PHONE_CELLS[:2], "kirifu_phone.ipynb", window=1000, file_browser=False)
    table = nb.table(".cardlab-kirifu")
    # the drawing is replaced when the table learns its width: wait on its box, which stays
    nb.page.wait_for_function("(box) => box.querySelector('svg')?.getAttribute('width') === '360'",
                              arg=table.locator(".cardlab-svg").element_handle(), timeout=30_000)
    assert nb.execute(PHONE_CELLS[2]).split() == ["360", "phone"]
    assert layout_problems(nb.page, nb.page.locator(".cardlab-kirifu").first) == []
    box = table.locator(".cardlab-svg")
    first = box.get_attribute("aria-label")   # the keyboard starts on the first choice
    assert re.match(r"カードの台、選択中：.*矢印キーで移動", first) and "card" not in first, first
    box.focus()
    nb.page.keyboard.press("ArrowRight")
    nb.page.wait_for_function("([el, before]) => el.getAttribute('aria-label') !== before",
                              arg=[box.element_handle(), first], timeout=30_000)
    label = box.get_attribute("aria-label")
    assert label.startswith("カードの台、選択中：") and "card" not in label, label
