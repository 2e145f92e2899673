"""The Cleopatra table of issue 11 in the browser: one turn and a whole game played by the
keyboard alone (Enter turns, space slaps), the replay's step 9 showing the six cards Y takes, the
Japanese table's labels drawn with real glyphs, and the drawings' layout at 1200 and 700 px in
both languages (every text >= 11 px, none over another text or a card, none clipped)."""

from __future__ import annotations

import pytest

from cardlab.games.cleopatra.draw import table_svg
from cardlab.games import cleopatra
from cardlab.games.cleopatra.sample import load_sample
from layout import layout_problems, svg_problems

pytestmark = pytest.mark.browser

# X turns QH, Y pays 4S 5S: X takes 3 (C6, C8); X 2H, Y 9S, X 9H: X slaps the nines (C10);
# X's hand is empty: the won pile is shuffled in (C9); X turns a card and Y its last, 8S (or
# pays it for an honour): Y has no card left and loses (C15). The bot never slaps (attention 0)
# and pauses 2.5 s before its cards, time enough for the test to see a pair before it goes.
GAME = ("from cardlab.games import cleopatra\n"
        "from cardlab.games.cleopatra import table as widget\n"
        "from cardlab.games.cleopatra.table import CleopatraTable\n"
        "widget.BOT_PAUSE_MS = 2500\n"
        "table = CleopatraTable(seed=1, attention=0.0, lang={lang!r})\n"
        "table.start(cleopatra.new_game(cleopatra.variant(cleopatra.CLEOPATRA, first='X'), seed=1,\n"
        "    players=table.state.players,\n"
        "    deal={{'hands': [['QH', '2H', '9H'], ['4S', '5S', '9S', '8S']], 'first': 0}}))\n"
        "table")
REPLAY = "from cardlab.games.cleopatra.table import CleopatraReplay\nreplay = CleopatraReplay(lang={lang!r})\nreplay"
STEP_9 = ["8H", "4C", "KD", "5S", "JC", "7D"]          # X pays 7♦; Y takes the 6 cards on the table

SETTLED = "(el) => el.getAnimations({subtree: true}).every(a => a.playState !== 'running')"


def focused(table):
    """The table's drawing, focused as a Tab would (the keyboard's way in)."""
    box = table.locator(".cardlab-svg")
    box.focus()
    return box


def wait_your_turn_or_end(nb, table):
    """Wait (on browser timers: the bot's cards) until your hand is clickable or the game is over."""
    nb.page.wait_for_function(
        "(el) => el.querySelector('[data-target=\"turn\"]') || !el.querySelector('[data-target]')",
        arg=table.locator(".cardlab-svg").element_handle(), timeout=15_000, polling=50)


def test_one_full_turn_by_the_keyboard_alone(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([GAME.format(lang="en")], "cleopatra_keys_turn.ipynb")
    table = nb.table(".cardlab-cleopatra")
    expect(table.locator(".cardlab-keys")).to_have_text("Enter: turn · Space: slap")
    expect(table.locator('.cardlab-focused[data-target="turn"]')).to_have_count(1)   # the ring is on your hand
    assert table.locator('[data-target="turn"]').get_attribute("aria-label") == "your hand: turn a card"
    seq = nb.seq_of(table)
    focused(table).press("Enter")                          # you turn the queen (C4, C6)
    nb.wait_drawn(table, seq)
    wait_your_turn_or_end(nb, table)                       # the bot pays 4♠ 5♠ on its timers: you take 3
    expect(table.locator(".cardlab-taken")).to_contain_text("you take 3 cards")
    expect(table.locator('.cardlab-taken [data-card="QH"]')).to_have_count(1)
    assert nb.execute("print(table.state.history_text())").strip() == "['X QH', 'Y 4S', 'Y 5S']"


def test_a_whole_game_by_the_keyboard_alone_C4_C6_C9_C10_C15(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([GAME.format(lang="en")], "cleopatra_keys_game.ipynb")
    table = nb.table(".cardlab-cleopatra")
    box = focused(table)
    status = table.locator(".cardlab-status")
    for _ in range(20):
        if "Game over" in status.inner_text():
            break
        seq = nb.seq_of(table)
        if nb.execute("print(table.pair_open)").strip() == "True":
            box.press(" ")                                 # a pair on top: slap it (C10)
        elif table.locator('[data-target="turn"]').count():
            box.press("Enter")                             # your turn: turn your card (C4)
        nb.wait_drawn(table, seq)                          # your move, or the bot's on its timer
    expect(status).to_contain_text("Game over: You win (no cards left)")
    history = nb.execute("print(table.state.history_text())")
    assert "slap X@" in history and nb.execute("print(table.state.outcome.winner)").strip() == "0"


def test_the_replay_shows_the_cards_y_takes_at_step_9(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([REPLAY.format(lang="en")], "cleopatra_replay_capture.ipynb")
    table = nb.table(".cardlab-cleopatra-replay")
    box = focused(table)
    for _ in range(9):
        box.press("ArrowRight")
    caption = nb.page.locator(".cardlab-cleopatra-replay .cardlab-caption")
    expect(caption).to_contain_text("Step 9/100")
    expect(caption).to_contain_text("X pays 7♦; Y takes 6 cards")
    taken = table.locator(".cardlab-taken")
    expect(taken).to_contain_text("Y takes 6 cards")
    nb.page.wait_for_function(SETTLED, arg=table.element_handle())      # the cards have flown there
    won = table.locator('[data-key="won:1"]').bounding_box()
    for card in STEP_9:
        shown = taken.locator(f'[data-card="{card}"]')
        expect(shown).to_be_visible()
        place = shown.bounding_box()
        assert place["x"] > won["x"] + won["width"] and abs(place["y"] - won["y"]) < 20   # beside Y's won pile


def test_the_japanese_table_draws_its_labels_with_real_glyphs(open_cells):
    from playwright.sync_api import expect
    from test_browser_fonts import _JS_MISSING, JAPANESE, TOFU
    nb = open_cells([GAME.format(lang="ja")], "cleopatra_ja.ipynb")
    table = nb.table(".cardlab-cleopatra")
    expect(table.locator(".cardlab-keys")).to_have_text("Enter：出す・スペース：叩く")
    family = table.locator("svg text").first.evaluate("t => getComputedStyle(t).fontFamily")
    found = nb.page.evaluate(_JS_MISSING, [TOFU, [], family, JAPANESE])
    assert "手持ちカード" in found["labels"] and "クレオパトラ" in found["labels"]
    assert not found["missing"]


def positions() -> dict[str, cleopatra.State]:
    """Positions that fill the table: a capture, a slap, a pending collection (C10), a long log,
    long names, Beggar-my-neighbour (captures under the hand), the end."""
    sample = load_sample().states()
    pending = cleopatra.new_game(seed=1, players=["You", "Bot"],
                                 deal={"hands": [["QH", "2H"], ["4S", "4C", "9S"]], "first": 0})
    names = cleopatra.new_game(seed=1, players=["Alexandria the Great Player", "A very long computer name"],
                               deal={"hands": [["QH", "2H"], ["4S", "5C", "9S"]], "first": 0})
    for game, actions in ((pending, ["X QH", "Y 4S", "Y 4C"]), (names, ["X QH", "Y 4S", "Y 5C"])):
        for action in actions:
            game.play(action)
    beggar = cleopatra.new_game(cleopatra.BEGGAR_MY_NEIGHBOUR, seed=2, players=["You", "Bot"])
    while len(beggar.history) < 40:
        beggar.play(beggar.legal_actions()[0])
    return {"step 9": sample[11], "step 13": sample[20], "step 60": sample[100], "end": sample[-1],
            "pending": pending, "long names": names, "beggar": beggar}


def test_every_drawing_passes_the_layout_check_wide_at_1200_and_narrow_at_700_px(chromium):
    page = chromium.new_page(viewport={"width": 1300, "height": 900})
    problems = []
    for name, game in positions().items():
        for lang in ("en", "ja"):
            for reader in (0, None):
                for layout, px in (("wide", 1200), ("narrow", 700)):
                    drawn = table_svg(game, reader=reader, layout=layout, lang=lang,
                                      keys=("turn", "slap") if reader == 0 else (),
                                      choices=("turn", "slap") if reader == 0 else ())
                    problems += [f"{name}/{lang}/{reader}/{layout}: {p}" for p in svg_problems(page, drawn, px)]
    page.close()
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_and_the_replay_in_jupyterlab_at_1200_and_700_px(open_cells, lang):
    nb = open_cells([GAME.format(lang=lang), REPLAY.format(lang=lang)], f"cleopatra_layout_{lang}.ipynb")
    nb.page.set_viewport_size({"width": 1500, "height": 1000})
    for widget in (".cardlab-cleopatra", ".cardlab-cleopatra-replay"):
        table = nb.table(widget)
        if widget.endswith("replay"):
            for _ in range(9):
                focused(table).press("ArrowRight")                # a frame with a capture
        root = nb.page.locator(widget).first
        output = root.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')]").first
        for px, natural in ((1200, "840"), (700, "640")):
            output.evaluate(f"el => {{ el.style.width = '{px}px'; el.style.maxWidth = '{px}px'; }}")
            nb.page.wait_for_function("([el, w]) => el.querySelector('svg').getAttribute('width') === w",
                                      arg=[table.locator(".cardlab-svg").element_handle(), natural])
            problems = layout_problems(nb.page, root)
            assert not problems, f"{widget} at {px} px ({lang}): {problems}"
