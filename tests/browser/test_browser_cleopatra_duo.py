"""Two people at one keyboard play Cleopatra in Chromium (issue 24): each presses their own keys
(Playwright's page.keyboard; A/S the left hand, K/L the right), and a slap race is won by the
faster key, on the times the browser measured (C11), once each way; a turn key out of turn turns
nothing; the keys drawn under each seat, in English and Japanese; the table passes the layout
check."""

from __future__ import annotations

import ast
import re

import pytest

from layout import layout_problems

pytestmark = pytest.mark.browser

# Left (X) turns 7♥, Right 7♠: a pair. After Right's slap Right plays 9♠ (C8), Left 9♥: a pair.
GAME = ("from cardlab.games import cleopatra\n"
        "from cardlab.games.cleopatra.table_duo import CleopatraDuoTable\n"
        "table = CleopatraDuoTable(seed=1)\n"
        "table.start(cleopatra.new_game(seed=1, players=table.state.players,\n"
        "    deal={'hands': [['7H', '9H', '2H', '3H'], ['7S', '9S', '4S', '5S']], 'first': 0}))\n"
        "table")
JAPANESE = "from cardlab.games.cleopatra.table_duo import CleopatraDuoTable\nCleopatraDuoTable(seed=1, lang='ja')"
GAP_MS = 60        # the slower person's key comes this long after the faster one's


def test_two_people_at_one_keyboard_play_to_slaps_won_by_the_faster_key_C11(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([GAME, JAPANESE], "cleopatra_duo.ipynb")
    table = nb.table(".cardlab-cleopatra-duo")
    expect(table.locator(".cardlab-keys")).to_have_text(["K: turn · L: slap", "A: turn · S: slap"])
    status = table.locator(".cardlab-status")
    keyboard = nb.page.keyboard
    table.locator(".cardlab-svg").focus()

    def turn(key):
        seq = nb.seq_of(table)
        keyboard.press(key)
        nb.wait_drawn(table, seq)

    def race(faster, slower):
        """The two slap keys pressed GAP_MS apart on the drawing of the pair; the record's race."""
        seq = nb.seq_of(table)
        keyboard.press(faster)
        nb.page.wait_for_timeout(GAP_MS)
        keyboard.press(slower)
        nb.wait_drawn(table, seq)
        return ast.literal_eval(nb.execute("print(table.state.history_text())"))[-1]

    keyboard.press("k")                                    # Right's turn key on Left's turn
    expect(status).to_have_text("It is Left's turn, not Right's: Left turns with A.")
    turn("a")
    turn("k")                                              # 7♥ 7♠: a pair (C10)
    right, left = map(int, re.fullmatch(r"slap Y@(\d+) X@(\d+)", race("l", "s")).groups())
    assert right < left
    expect(status).to_have_text(f"Right slapped first (Right {right} ms, Left {left} ms) and takes the pile "
                                "(C10, C11).")
    turn("k")                                              # Right slapped, Right plays next (C8): 9♠
    turn("a")                                              # 9♥: a pair
    left, right = map(int, re.fullmatch(r"slap X@(\d+) Y@(\d+)", race("s", "l")).groups())
    assert left < right
    expect(status).to_contain_text("Left slapped first")
    assert nb.execute("print(table.state.history_text()[:2], [len(w) for w in table.state.won])").strip() == \
        "['X 7H', 'Y 7S'] [2, 2]"

    japanese = nb.page.locator(".cardlab-cleopatra-duo").nth(1)
    expect(japanese.locator(".cardlab-keys")).to_have_text(["K：出す・L：叩く", "A：出す・S：叩く"])
    for root in (nb.page.locator(".cardlab-cleopatra-duo").first, japanese):
        assert layout_problems(nb.page, root) == []
