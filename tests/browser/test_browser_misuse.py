"""The three game tables in a real JupyterLab, used the way that broke them (issue 10): double
clicks, fast clicks, a mode switch mid-game, and the space bar with the New-game button focused.

Each test opens a notebook holding one table, acts in the browser, then asks the kernel for the
state with ``nb.execute`` (the kernel handles the page's messages in order, so every click sent
before has been handled: no test waits a time).
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

CLEOPATRA = ["from cardlab.games.cleopatra.table import CleopatraTable\n"
             "table = CleopatraTable(seed=83)\n"
             "def mine():\n"
             "    return sum(str(a).startswith('X ') for a in table.state.history)",
             "table"]
TRAPPOLA = ["from cardlab.games.trappola.bots import RuleOfThumbBot\n"
            "from cardlab.games import trappola\n"
            "from cardlab.games.trappola.table import TrappolaTable\n"
            "table = TrappolaTable(seed=2026, bot=RuleOfThumbBot(2026))\n"
            "MOVES = (trappola.Played, trappola.Kept, trappola.Exchanged, trappola.Declared)\n"
            "def mine():\n"
            "    return sum(isinstance(e, MOVES) and e.player == 0 for e in table.state.events)",
            "table"]
KIRIFU = ["from cardlab.games import kirifu\n"
          "from cardlab.games.kirifu.table import KirifuTable\n"
          "table = KirifuTable(computers=3, seed=7)\n"
          "MOVES = (kirifu.Passed, kirifu.Grouped, kirifu.Cut, kirifu.Omorai)\n"
          "def mine():\n"
          "    return sum(isinstance(e, MOVES) and e.player == 0 for e in table.state.events)",
          "table"]
# three clicks dispatched in one task of the page: all three are made on the same drawing, once it
# takes clicks (view.js drops those made sooner than a person reacts to a new drawing)
THREE_CLICKS = """async (targets) => {
  const box = document.querySelector('.cardlab-table .cardlab-svg');
  while (box.hasAttribute('aria-disabled')) await new Promise((r) => requestAnimationFrame(r));
  for (const t of targets)
    box.querySelector(`[data-target="${t}"]`).dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 1}));
}"""


def targets(nb, table) -> list[str]:
    return re.findall(r'data-target="([^"]+)"', nb.svg_of(table))


def count(nb, expression: str = "mine()") -> int:
    return int(nb.execute(f"print({expression})"))


def click(nb, table, target: str) -> None:
    """A single click on ``target``, then wait for Python's redraw."""
    before = nb.svg_of(table)
    table.locator(f'.cardlab-svg [data-target="{target}"]').first.click()
    nb.wait_svg_change(table, before)


def trappola_to_the_cards(nb, table) -> list[str]:
    """Keep the hand (and let the computer answer) until cards can be played."""
    while not any(t.startswith("play") for t in targets(nb, table)):
        options = targets(nb, table)
        click(nb, table, "keep" if "keep" in options else options[0])
    return [t for t in targets(nb, table) if t.startswith("play")]


def kirifu_to_a_pass(nb, table) -> list[str]:
    """Answer passed cards (cut if a cutter is marked, else take) until cards of the hand can be chosen."""
    while not any(t.startswith("hand:") for t in targets(nb, table)):
        options = targets(nb, table)
        answer = next((t for t in options if t.startswith(("cut ", "take "))), None)
        click(nb, table, answer or next(t for t in options if t.startswith("passed:")))
    return [t for t in targets(nb, table) if t.startswith("hand:")]


# --- double clicks -------------------------------------------------------------------------------

def test_cleopatra_double_click_on_your_hand_turns_one_card(open_cells):
    nb = open_cells(CLEOPATRA, "cleopatra_table.ipynb")
    table = nb.table(".cardlab-cleopatra")
    before = nb.svg_of(table)
    table.locator('.cardlab-svg [data-target="turn"]').first.dblclick()
    nb.wait_svg_change(table, before)
    assert count(nb) == 1                        # C4: one card of yours, whatever the bot does next


def test_trappola_double_click_on_a_card_plays_one_card(open_cells):
    nb = open_cells(TRAPPOLA, "trappola_table.ipynb")
    table = nb.table(".cardlab-trappola")
    cards = trappola_to_the_cards(nb, table)
    before, moves = nb.svg_of(table), count(nb)
    table.locator(f'.cardlab-svg [data-target="{cards[0]}"]').first.dblclick()
    nb.wait_svg_change(table, before)
    assert count(nb) == moves + 1
    assert "T1" not in table.locator(".cardlab-status").inner_text()  # no refusal of a second card


def test_kirifu_double_click_chooses_one_card_and_a_cut_chooses_nothing_more(open_cells):
    nb = open_cells(KIRIFU, "kirifu_table.ipynb")
    table = nb.table(".cardlab-kirifu")
    hand = kirifu_to_a_pass(nb, table)
    before = nb.svg_of(table)
    table.locator(f'.cardlab-svg [data-target="{hand[0]}"]').first.dblclick()
    nb.wait_svg_change(table, before)
    assert nb.execute("print([c.ascii() for c in table.selection])").strip() == f"['{hand[0][5:]}']"
    click(nb, table, "btn:pass")
    while not any(t.startswith(("cut ", "take ", "passed:")) for t in targets(nb, table)):
        kirifu_to_a_pass(nb, table)
        click(nb, table, next(t for t in targets(nb, table) if t.startswith("hand:")))
        click(nb, table, "btn:pass")
    options = targets(nb, table)
    if not any(t.startswith(("cut ", "take ")) for t in options):
        click(nb, table, next(t for t in options if t.startswith("passed:")))
    answer = next(t for t in targets(nb, table) if t.startswith(("cut ", "take ")))
    before, moves = nb.svg_of(table), count(nb)
    table.locator(f'.cardlab-svg [data-target="{answer}"]').first.dblclick()
    nb.wait_svg_change(table, before)
    assert count(nb) == moves + 1
    assert nb.execute("print(table.selection)").strip() == "[]"   # the second click chose nothing


# --- three fast clicks ---------------------------------------------------------------------------

def test_three_fast_clicks_apply_one_action_per_drawing(open_cells):
    nb = open_cells(TRAPPOLA, "trappola_fast.ipynb")
    table = nb.table(".cardlab-trappola")
    cards = trappola_to_the_cards(nb, table)
    moves = count(nb)
    nb.page.evaluate(THREE_CLICKS, (cards * 3)[:3])
    assert count(nb) == moves + 1
    assert "T11" not in table.locator(".cardlab-status").inner_text()


def test_three_fast_clicks_on_kirifu_cards_choose_one(open_cells):
    nb = open_cells(KIRIFU, "kirifu_fast.ipynb")
    table = nb.table(".cardlab-kirifu")
    hand = kirifu_to_a_pass(nb, table)
    nb.page.evaluate(THREE_CLICKS, (hand * 3)[:3])
    assert count(nb, "len(table.selection)") == 1


def test_three_fast_clicks_on_your_cleopatra_hand_turn_one_card(open_cells):
    nb = open_cells(CLEOPATRA, "cleopatra_fast.ipynb")
    table = nb.table(".cardlab-cleopatra")
    nb.page.evaluate(THREE_CLICKS, ["turn", "turn", "turn"])
    assert count(nb) == 1


# --- settings and buttons ------------------------------------------------------------------------

def test_cleopatra_switch_to_real_time_mid_game_keeps_playing(open_cells):
    nb = open_cells(CLEOPATRA, "cleopatra_mode.ipynb")
    table = nb.table(".cardlab-cleopatra")
    click(nb, table, "turn")
    nb.wait_svg_change(table, nb.svg_of(table))   # the bot's card, on its timer
    turned = count(nb, "len(table.state.history)")
    nb.page.locator(".cardlab-cleopatra .cardlab-mode button", has_text="real-time").click()
    for _ in range(3):                            # the tempo turns the cards: nobody clicks
        nb.wait_svg_change(table, nb.svg_of(table))
    assert count(nb, "len(table.state.history)") >= turned + 2
    assert nb.page.evaluate("document.activeElement.classList.contains('cardlab-svg')")


def test_space_right_after_new_game_slaps_and_does_not_restart(open_cells):
    from playwright.sync_api import expect
    nb = open_cells(CLEOPATRA, "cleopatra_space.ipynb")
    table = nb.table(".cardlab-cleopatra")
    click(nb, table, "turn")
    before = nb.svg_of(table)
    nb.page.locator(".cardlab-cleopatra .cardlab-new-game").click()
    nb.wait_svg_change(table, before)             # the new game is drawn
    assert nb.page.evaluate("document.activeElement.classList.contains('cardlab-svg')")
    nb.page.keyboard.press(" ")
    expect(table.locator(".cardlab-status")).to_contain_text("slap has no effect (C13)")
    assert count(nb, "table.games") == 2           # one New game click, no second one
    seq = nb.seq_of(table)
    nb.page.locator(".cardlab-cleopatra .cardlab-new-game").focus()   # even with the button focused
    nb.page.keyboard.press(" ")                   # no pair: a message, the same picture, the same number
    nb.page.keyboard.press("Enter")               # so a key pressed right after still counts
    nb.wait_drawn(table, seq)                     # your card turned
    assert count(nb, "table.games") == 2 and count(nb) == 1   # Enter turned your card, no restart
