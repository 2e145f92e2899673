"""The tables with the coach on pass the layout check (issue 11): the hint labels over the
choices and the coach's strip under the drawing, with the hints ready, overlap no text or card
they do not belong to, nothing is clipped and no text is under 11 px — Trappola at the exchange,
its first trick and a later trick, Kirifu passing, at 1200 and 700 px output widths, in English
and Japanese."""

from __future__ import annotations

from typing import Iterator

import pytest

from cardlab.games.kirifu.table import KirifuTable
from cardlab.widgets.table import GameTable
from cardlab.games.trappola.table import TrappolaTable
from layout import svg_problems

pytestmark = pytest.mark.browser


def ready(table: GameTable) -> GameTable:
    """``table`` after answering its timers as the browser would: the coach's search done."""
    while table.timers:
        for tag in list(table.timers):
            table.handle({"type": "timer", "tag": tag, "t": 0})
    assert table.coach.ready
    return table


def trappola_positions(lang: str) -> Iterator[tuple[str, GameTable]]:
    """Trappola with the coach on: the exchange (buttons hinted), the first trick (cards hinted),
    and three tricks later (the piles and the last trick drawn)."""
    yield "exchange", ready(TrappolaTable(seed=5, coach=True, lang=lang))
    table = TrappolaTable(seed=5, coach=True, lang=lang)
    table.click("keep")
    yield "first trick", ready(table)
    for _ in range(3):
        table.click(next(str(a) for a in table.state.legal_actions() if str(a).startswith("play")))
        ready(table)
    yield "later trick", table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tables_with_the_coach_on_pass_the_layout_check(chromium, lang):
    tables = [(f"trappola {name}", table) for name, table in trappola_positions(lang)]
    tables.append(("kirifu passing", ready(KirifuTable(computers=3, seed=7, coach=True, lang=lang))))
    page = chromium.new_page(viewport={"width": 1300, "height": 1000})
    problems = {}
    try:
        for name, table in tables:
            for reported, layout, px in ((0, "wide", 1200), (700, "narrow", 700)):   # 0: unknown width
                table.view.width = reported
                assert table.layout == layout and "cardlab-hint" in table.view.svg
                problems[f"{name} {layout}"] = svg_problems(page, table.view.svg, px)
    finally:
        page.close()
    assert {name: found for name, found in problems.items() if found} == {}
