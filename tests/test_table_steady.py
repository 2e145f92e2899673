"""Steady tables (issue 28), headless: while a game is in progress a table keeps its height.

Every drawing of a game in progress has one height in each layout (Kirifu's phone layout but):
each area keeps its room (the buttons' row, the prompt's lines, the finishing order, the
discarded hands, the log's rows, the coach's strip). A phone's Kirifu drawing, whose play area
must stay within 700 units, may grow (a third row of cards, a pass's second row of buttons, the
cards known in a hand), but the table never lets it shrink (``GameTable.steady_height``, freed
by a new game or another layout). The status line keeps its room while the game is on the table
(``TableView.steady``), and the Trappola score sheet takes its room before the first deal is
scored. The browser test of the classroom page (tests/browser/test_browser_app.py) checks the
same on the page, where it is measured as layout shift."""

from __future__ import annotations

import random
import re

import pytest

from cardlab.draw import svg
from cardlab.games.cleopatra.table import CleopatraTable
from cardlab.games.kirifu.table import KirifuTable
from cardlab.games.trappola.bots import RuleOfThumbBot
from cardlab.games.trappola.draw_html import sheets_html
from cardlab.games.trappola.table import TrappolaTable

WIDTHS = {"wide": 0, "narrow": 700, "phone": 360}   # the output width that picks each layout


def tables() -> dict[str, callable]:
    """Fresh tables of each kind, seeded (the computers rules of thumb: fast)."""
    return {"cleopatra": lambda seed: CleopatraTable(seed=seed),
            "trappola": lambda seed: TrappolaTable(seed=seed, bot=RuleOfThumbBot(seed)),
            "kirifu 3": lambda seed: KirifuTable(computers=2, seed=seed, bot="thumb"),
            "kirifu 5": lambda seed: KirifuTable(computers=4, seed=seed, bot="thumb")}


def step(table, rng: random.Random) -> None:
    """One gesture of a random reader, or the browser's timers when there is nothing to choose."""
    choices = table.choices()
    if choices:
        table.click(rng.choice(choices))
    else:
        for tag in list(table.timers):
            table.view.send_event({"type": "timer", "tag": tag})


def heights_of_a_game(table, moves: int, seed: int) -> list[float]:
    """The height of every drawing of the game in progress over ``moves`` gestures."""
    rng = random.Random(seed)
    seen = []
    for _ in range(moves):
        if table.state.is_over:
            break
        seen.append(svg.height_of(table.view.svg))
        step(table, rng)
    return seen


@pytest.mark.parametrize("layout", ["wide", "narrow", "phone"])
@pytest.mark.parametrize("game", list(tables()))
def test_a_game_in_progress_keeps_one_drawing_height(game, layout):
    """Random games (Trappola over several deals, a finished deal held included; Kirifu and
    Cleopatra to the end or 250 gestures): one height per layout; a phone's Kirifu drawing grows
    at most a few times and never shrinks."""
    for seed in (1, 2):
        table = tables()[game](seed)
        table.view.width = WIDTHS[layout]
        seen = heights_of_a_game(table, 250, seed)
        assert len(seen) > 20, (game, seed)
        if layout != "phone" or not game.startswith("kirifu"):
            assert set(seen) == {seen[0]}, (game, layout, seed, sorted(set(seen)))
        else:
            assert seen == sorted(seen) and len(set(seen)) <= 4, (game, layout, seed, sorted(set(seen)))


@pytest.mark.parametrize("game", ["trappola", "kirifu 3"])
def test_with_the_coach_on_the_drawing_keeps_its_height_as_the_hints_come(game):
    """The coach's strip keeps room for its lines before the search's first step and after."""
    table = tables()[game](3)
    table.coach.switch.value = True
    rng = random.Random(3)
    seen = []
    for _ in range(4):
        for _ in range(8):                        # the coach's timers: its search, step by step
            seen.append(svg.height_of(table.view.svg))
            for tag in list(table.timers):
                table.view.send_event({"type": "timer", "tag": tag})
        assert table.coach.annotations().strip
        table.click(rng.choice(table.choices()))
    assert set(seen) == {seen[0]}, sorted(set(seen))


def test_the_table_never_shrinks_in_a_game_and_a_new_game_or_layout_frees_the_room():
    """The ratchet of the base: a drawing is at least as tall as the tallest of the game in this
    layout (``min_height``); a new game and another layout start from the drawing's own height."""
    table = KirifuTable(computers=4, seed=5)
    table.view.width = WIDTHS["phone"]
    seen = heights_of_a_game(table, 400, 5)
    assert seen == sorted(seen) and len(set(seen)) > 1        # it grew, and never shrank
    assert table.steady_height == max(seen)
    table.new_game()
    natural = svg.height_of(table.draw())                       # the first drawing of the new game
    assert table.steady_height == svg.height_of(table.view.svg) == natural < max(seen)
    table.view.width = WIDTHS["wide"]
    assert table.steady_height == svg.height_of(table.view.svg) != natural


def test_the_status_line_keeps_its_room_while_the_game_is_on_the_table():
    """The view is told which game is on the table (its room is freed when a new one starts)."""
    table = TrappolaTable(seed=4, bot=RuleOfThumbBot(4))
    assert table.view.steady == "1"
    step(table, random.Random(4))
    assert table.view.steady == "1"
    table.new_game()
    assert table.view.steady == "2"


def test_document_keeps_a_least_height_and_room_for_the_strip():
    plain = svg.document(100, 50, "")
    assert svg.height_of(plain) == 50
    taller = svg.document(100, 50, "", min_height=80)
    assert svg.height_of(taller) == 80 and '<rect width="100" height="80"' in taller   # the background too
    assert svg.height_of(svg.document(100, 50, "", min_height=20)) == 50
    room = svg.document(100, 50, "", annotations=svg.Annotations(room=3))
    one = svg.document(100, 50, "", annotations=svg.Annotations(strip=("a",), room=3))
    assert svg.height_of(room) == svg.height_of(one) == 50 + 3 * svg.STRIP_LINE + 12
    assert svg.height_of("<g></g>") == 0


def test_the_score_sheet_takes_its_room_before_the_first_deal_is_scored():
    """Before the first deal is scored, a table's sheet is the sheet with that deal's column blank
    and the fold of earlier deals hidden (its line kept); once scored, the same rows and fold."""
    table = TrappolaTable(seed=6, bot=RuleOfThumbBot(6))
    view = table.state.view(0)
    assert sheets_html(view) == ""                                # no sheet outside a table
    blank = table.sheet.value
    assert blank == sheets_html(view, room=True) and "Deal 1" in blank and blank.count("<td>–</td>") == 12
    rng = random.Random(6)
    while not table.state.sheets:
        step(table, rng)
    scored = table.sheet.value
    assert "–</td>" not in scored

    def shape(html: str) -> list[str]:   # the rows and the fold's line, their texts left out
        return re.findall(r"<tr|<details[^>]*>|<summary>", html)

    assert shape(blank) == shape(scored) and 'class="cardlab-earlier cardlab-none"' in blank
