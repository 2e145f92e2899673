"""The Kirifu table in a real JupyterLab by keyboard alone (issue 11): one full turn with the arrows,
Enter and a button's key, then a whole game to its places sheet; and the Japanese table, whose
labels render with real glyphs.

The table takes the keyboard's focus as Tab would give it (``focus()`` on the drawing); from then
on every gesture is a key press. Python's state is read with ``nb.execute`` only to check.
"""

from __future__ import annotations

import re

import pytest

from layout import layout_problems
from test_browser_fonts import _JS_MISSING, JAPANESE, TOFU, WORDS

pytestmark = pytest.mark.browser

FOCUSED = ".cardlab-svg .cardlab-focused"


def cells(lang: str = "en", seed: int = 3) -> list[str]:
    return ["from cardlab.games.kirifu.table import KirifuTable\n"
            f"table = KirifuTable(computers=2, seed={seed}, lang={lang!r})",
            "table"]


def focused(table) -> str:
    return table.locator(FOCUSED).first.get_attribute("data-target")


def press(nb, table, key: str) -> None:
    """Press ``key`` on the table and wait until Python has drawn again."""
    seq = nb.seq_of(table)
    table.locator(".cardlab-svg").press(key)
    nb.wait_drawn(table, seq)


def arrow(nb, table, key: str = "ArrowRight") -> str:
    """Move the focus with an arrow key; wait until the ring is on another choice; return it."""
    before = focused(table)
    table.locator(".cardlab-svg").press(key)
    handle = table.locator(".cardlab-svg").element_handle()
    nb.page.wait_for_function(
        "([el, before]) => { const f = el.querySelector('.cardlab-focused');"
        " return f && f.getAttribute('data-target') !== before; }", arg=[handle, before], timeout=15_000)
    return focused(table)


def test_one_full_turn_by_keyboard_alone(open_cells):
    nb = open_cells(cells(seed=6), "kirifu_keys_turn.ipynb")
    table = nb.table(".cardlab-kirifu")
    table.locator(".cardlab-svg").focus()
    assert focused(table).startswith("hand:")                 # the first choice: a card of your hand
    second = arrow(nb, table)
    assert second.startswith("hand:")
    press(nb, table, "Enter")                                 # choose it ...
    assert nb.execute("print([c.ascii() for c in table.selection])").strip() == f"['{second[5:]}']"
    assert "(P)" in nb.svg_of(table)
    press(nb, table, "p")                                     # ... and pass it (the P of the button)
    history = nb.execute("print([str(a) for a in table.state.history])")
    assert f"pass {second[5:]}" in history
    assert table.locator(".cardlab-status").inner_text().strip()   # the others' moves are told
    assert nb.execute("print(table.selection)").strip() == "[]"
    log = nb.page.locator(".cardlab-kirifu .cardlab-kirifu-log").first.inner_text()
    assert "▶" in log and "You: pass" in log                  # your move, marked in the log


def test_a_whole_game_by_keyboard_alone(open_cells):
    nb = open_cells(cells(seed=3), "kirifu_keys_game.ipynb")
    table = nb.table(".cardlab-kirifu")
    table.locator(".cardlab-svg").focus()
    keys = 0
    while "Game over" not in table.locator(".cardlab-status").inner_text():
        assert keys < 400, "the game did not end"
        target = focused(table)
        press(nb, table, "Enter")                             # a passed card, a cutter, Take, or a card to pass
        keys += 1
        if target.startswith("hand:"):
            press(nb, table, "p")
            keys += 1
    assert nb.execute("print(table.state.is_over)").strip() == "True"
    sheet = nb.page.locator(".cardlab-kirifu .cardlab-kirifu-sheet").first.inner_text()
    assert "Finishing places" in sheet and "Aiko" in sheet and "You" in sheet
    assert re.search(r"finishing order: 1st \w+, 2nd \w+, 3rd \w+", nb.svg_of(table))
    assert layout_problems(nb.page, nb.page.locator(".cardlab-kirifu").first) == []   # the sheet and log too


def test_the_japanese_table_renders_its_labels_with_real_glyphs(open_cells):
    nb = open_cells(cells("ja", seed=4), "kirifu_ja.ipynb")   # one card passed to you: its buttons drawn
    table = nb.table(".cardlab-kirifu")
    drawing = nb.svg_of(table)
    for label in ("世界", "山札", "捨て札", "をおもらい（T）", "あなた"):
        assert label in drawing, label
    assert table.evaluate("el => el.lang || el.querySelector('[lang]').lang") == "ja"
    assert "手札の並べ替え" in nb.page.locator(".cardlab-kirifu-sort").inner_text()
    found = nb.page.evaluate(_JS_MISSING, [TOFU, list(WORDS), "sans-serif", JAPANESE])
    assert any("山札" in label for label in found["labels"])
    assert found["missing"] == [], ("Japanese drawn as empty boxes: install a Japanese font "
                                    "(Debian/Ubuntu: fonts-noto-cjk)")
    table.locator(".cardlab-svg").focus()
    press(nb, table, "t")                                     # take the passed card in (T) ...
    if focused(table) and focused(table).startswith("hand:"):
        press(nb, table, "Enter")                             # ... then pass a card of your hand
        press(nb, table, "p")
    status = table.locator(".cardlab-status").inner_text()
    assert re.search(JAPANESE, status) and not re.search(r"\b(pass|cut|take)\b", status)
