"""The Trappola table in a real JupyterLab, played by the keyboard alone (issue 11): one full turn,
a whole game, the finished deal held until Enter, and the table in Japanese with real glyphs."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

FAST = "from cardlab.games.trappola.bots import RuleOfThumbBot\nfrom cardlab.games.trappola.table import TrappolaTable\n"


def press(nb, table, key: str) -> None:
    """Press ``key`` on the table and wait until Python has drawn again."""
    seq = nb.seq_of(table)
    table.locator(".cardlab-svg").press(key)
    nb.wait_drawn(table, seq)


def history(nb) -> list[str]:
    return nb.execute("print('|'.join(table.state.history_text()))").strip().split("|")


def test_one_full_turn_by_keyboard_alone_T4_T11(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([FAST + "table = TrappolaTable(seed=5, bot=RuleOfThumbBot(5))\ntable"], "trap_turn.ipynb")
    table = nb.table(".cardlab-trappola")
    table.locator(".cardlab-svg").focus()
    expect(table.locator('[data-target="keep"]')).to_contain_text("Keep (K)")
    before = len([h for h in history(nb) if h])
    press(nb, table, "k")                                   # K: keep the hand (T4); the computer answers
    expect(table.locator(".cardlab-focused")).to_have_attribute("data-target", re.compile("^play "))
    choices = nb.execute("print('|'.join(table.choices()))").strip().split("|")
    table.locator(".cardlab-svg").press("ArrowRight")     # the ring moves (the drawing stays)
    moved = choices[1 % len(choices)]
    expect(table.locator(".cardlab-focused")).to_have_attribute("data-target", moved)
    press(nb, table, "Enter")                               # plays (or declares) the ringed choice
    played = history(nb)
    assert played[before] == "keep" and moved in played[before + 1:]
    assert table.locator(".cardlab-status").inner_text().strip()   # the computer's answer, in words


def test_a_whole_game_by_keyboard_alone(open_cells):
    nb = open_cells([FAST + "table = TrappolaTable(rules='single-deal', seed=5, bot=RuleOfThumbBot(5))\ntable"],
                    "trap_game.ipynb")
    table = nb.table(".cardlab-trappola")
    table.locator(".cardlab-svg").focus()
    status = table.locator(".cardlab-status")
    for _ in range(30):                                    # exchanges, declarations and nine cards
        if "Game over" in status.inner_text():
            break
        svg = nb.svg_of(table)
        press(nb, table, "d" if 'data-target="declare' in svg else "Enter")
    else:
        pytest.fail(f"the game did not end: {status.inner_text()}")
    assert nb.execute("print(table.state.is_over, len(table.state.sheets))").split() == ["True", "1"]
    assert "Score sheet" in nb.page.locator(".cardlab-trappola .cardlab-sheet").inner_text()
    log = nb.page.locator(".cardlab-trappola .cardlab-log").inner_text()
    assert log.count("You play the") == 9


def test_the_last_trick_of_a_deal_stays_until_enter_T13(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([FAST + "table = TrappolaTable(seed=7, bot=RuleOfThumbBot(7))\ntable"], "trap_hold.ipynb")
    table = nb.table(".cardlab-trappola")
    table.locator(".cardlab-svg").focus()
    for _ in range(30):
        if table.locator('[data-target="next"]').count():
            break
        press(nb, table, "Enter")
    nxt = table.locator('[data-target="next"]')
    expect(nxt).to_contain_text("Next deal (Enter)")
    final = nb.execute("print(' '.join(c.ascii() for c in table.held.tricks[-1].cards))").split()
    for card in final:
        expect(table.locator(f'[data-card="{card}"]')).to_have_count(1)   # the final trick is on the table
    assert "Deal 1 scored" in nb.svg_of(table)
    assert nb.execute("print(table.state.deal_no)").strip() == "1"      # the engine dealt again
    press(nb, table, "Enter")
    expect(nxt).to_have_count(0)
    assert "Deal 2" in nb.svg_of(table)


def test_the_japanese_table_renders_with_real_glyphs(open_cells):
    from test_browser_fonts import _JS_MISSING, JAPANESE, TOFU
    nb = open_cells([FAST + "table = TrappolaTable(seed=5, bot=RuleOfThumbBot(5), lang='ja')\ntable"],
                    "trap_ja.ipynb")
    table = nb.table(".cardlab-trappola")
    svg = nb.svg_of(table)
    for word in ("トラッポラ", "交換（E）", "このまま（K）", "山札", "あなたの手札"):
        assert word in svg
    assert table.evaluate("t => (t.matches('.cardlab-view') ? t : t.querySelector('.cardlab-view')).lang") == "ja"
    family = re.search(r'font-family="([^"]+)"', svg).group(1)
    found = nb.page.evaluate(_JS_MISSING, [TOFU, ["トラッポラ"], family, JAPANESE])
    assert found["missing"] == [] and any("山札" in label for label in found["labels"])
