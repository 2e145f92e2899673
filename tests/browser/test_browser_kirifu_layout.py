"""The Kirifu table's drawings through the browser's layout check (issues 11, 29): at a wide
(1200 px), a narrow (700 px) and a phone's output (360 px), in English and Japanese, at the positions that strain a layout
— passing with a pair and the joker, receiving three passed cards, an osoroi being built, five
players with a twelve-card hand and cards known after omorai, the end of a game, the coach on —
and the replay's open view of a five-player game. No text under 11 px, none over another text or
a card it does not belong to, nothing clipped, no play area taller than 700 px."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from cardlab.games.kirifu.bots import ThumbBot
from cardlab.games.kirifu.draw import table_svg
from cardlab.games import kirifu
from cardlab.records import record_of
from cardlab.games.kirifu.table import KirifuTable
from kirifu_helpers import showcase
from layout import svg_problems

pytestmark = pytest.mark.browser

WIDTHS = {"wide": (0, 1200), "narrow": (700, 700), "phone": (360, 360)}   # layout: (width reported, output px)


@pytest.fixture(scope="module")
def page(chromium: Any) -> Iterator[Any]:
    page = chromium.new_page(viewport={"width": 1300, "height": 1000})
    yield page
    page.close()


def coached() -> KirifuTable:
    """A table with the coach on and its search finished (its labels and strip drawn)."""
    table = KirifuTable(computers=3, seed=7, coach=True)
    while table.timers:
        for tag in list(table.timers):
            table.handle({"type": "timer", "tag": tag, "t": 0})
    return table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_at_every_strained_position_passes_the_layout_check(page, lang):
    tables = {**showcase(lang), "coach": coached()}
    problems = {}
    for name, table in tables.items():
        for layout, (reported, px) in WIDTHS.items():
            table.view.width = reported
            assert table.layout == layout
            found = svg_problems(page, table.view.svg, px)
            if found:
                problems[f"{name} {layout}"] = found
    assert problems == {}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_replays_open_view_of_five_players_passes_the_layout_check(page, lang):
    game = kirifu.new_game(seed=12, players=["Search", "Thumb", "Random", "Ann", "Ben"])
    bots = [ThumbBot(seat) for seat in range(5)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    states = record_of(game).states()
    problems = {}
    for step in (1, len(states) // 3, len(states) // 2, len(states) - 1):
        for layout, (_, px) in WIDTHS.items():
            found = svg_problems(page, table_svg(states[step].view(None), layout=layout, lang=lang), px)
            if found:
                problems[f"step {step} {layout}"] = found
    assert problems == {}
