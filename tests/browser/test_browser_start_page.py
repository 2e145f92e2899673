"""The start page in a real JupyterLab: the demo table and the replay bar answer the reader."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def test_demo_table_click_and_keys_reach_python(open_notebook):
    nb = open_notebook("00_start_here.ipynb")
    table = nb.table(".cardlab-demo")
    drawing = table.locator(".cardlab-svg")
    cells_before = nb.page.locator(".jp-Notebook .jp-Cell").count()

    before = nb.svg_of(table)
    face_up = before.count('data-card="')
    face_down = drawing.locator('[data-target^="card:"]:not([data-card])').first
    target = face_down.get_attribute("data-target")
    face_down.click()
    after_click = nb.wait_svg_change(table, before)
    assert after_click.count('data-card="') == face_up + 1  # Python turned exactly that card over
    card = int(target.partition(":")[2]) + 1
    assert re.search(rf"click: card {card}, \d+ ms", table.locator(".cardlab-status").inner_text())

    drawing.press("ArrowRight")   # the highlight moves right ...
    moved = nb.wait_svg_change(table, after_click)
    drawing.press(" ")            # ... and space turns the highlighted card
    turned = nb.wait_svg_change(table, moved)
    assert abs(turned.count('data-card="') - after_click.count('data-card="')) == 1
    drawing.press("t")            # a browser timer turns every card back a second later
    hidden = nb.wait_svg_change(table, turned)
    assert 'data-card="' not in hidden
    waited = re.search(r"timer: hide, (\d+) ms", table.locator(".cardlab-status").inner_text())
    assert waited and int(waited.group(1)) >= 1000  # t counts from when the drawing appeared
    drawing.press("b")            # JupyterLab's "insert cell below" must not fire while the table has focus
    drawing.press("a")
    nb.page.wait_for_timeout(300)
    assert nb.page.locator(".jp-Notebook .jp-Cell").count() == cells_before


def test_replay_bar_buttons_move_the_caption_and_the_table(open_notebook):
    nb = open_notebook("00_start_here.ipynb")
    replayer = nb.page.locator(".cardlab-replayer").first
    caption = replayer.locator(".cardlab-caption")
    caption.wait_for()
    table = replayer.locator(".cardlab-table")
    first_caption, first_svg = caption.inner_text(), nb.svg_of(table)

    replayer.locator(".cardlab-forward").click()
    nb.page.wait_for_function("([el, old]) => el.innerText !== old",
                              arg=[caption.element_handle(), first_caption])
    assert caption.inner_text().startswith("Step 1/5: turn card 1")
    nb.wait_svg_change(table, first_svg)

    replayer.locator(".cardlab-last").click()
    nb.page.wait_for_function("el => el.innerText.includes('turn card 5')", arg=caption.element_handle())
    assert replayer.locator(".cardlab-forward").is_disabled()
