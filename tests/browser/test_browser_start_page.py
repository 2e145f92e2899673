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


SMALLEST_TEXT = """(svg) => {
  const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
  const sizes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
                  .map(t => Number(getComputedStyle(t).fontSize.replace('px', '')));
  return [scale, Math.min(...sizes) * scale];
}"""


def test_on_a_phone_the_demo_table_wraps_its_hand_and_keeps_its_text_readable(open_cells):
    """Issue 39: at 360 px the demo's count, "deck" and card indices were 9.6-10.2 px (the drawing
    of seven cards in a row shrunk to the output); the table now wraps its hand to the width the
    browser reports, so the drawing shows at its natural size or more."""
    nb = open_cells(["from cardlab.widgets.demo import DemoTable\ntable = DemoTable(seed=7)\ntable"], "demo_phone.ipynb",
                    window=360, file_browser=False)
    shown = nb.table(".cardlab-demo").locator(".cardlab-svg svg")
    nb.page.wait_for_function("() => { const svg = document.querySelector('.cardlab-demo .cardlab-svg svg');"
                              " return svg.getBoundingClientRect().width >= Number(svg.getAttribute('width')) - 1; }")
    scale, smallest = shown.evaluate(SMALLEST_TEXT)             # (redrawn once the width was known)
    assert scale >= 0.99 and smallest >= 11, (scale, smallest)
    assert int(nb.execute("print(table.per_row())")) < 7         # the hand wrapped into rows
