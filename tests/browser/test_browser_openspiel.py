"""An OpenSpiel bot at a cardlab table in a real JupyterLab: OpenSpiel's information-set MCTS is
the computer player of a Trappola table, and a whole deal is played by clicking."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("pyspiel")

CELLS = [
    "import pyspiel\n"
    "import cardlab.openspiel\n"
    "from cardlab.openspiel import OpenSpielPlayer, ismcts_bot\n"
    "from cardlab.widgets.trappola import TrappolaTable\n"
    "game = pyspiel.load_game('cardlab_trappola')\n"
    "bot = OpenSpielPlayer(ismcts_bot(game, simulations=20, seed=1), game)",
    "table = TrappolaTable(rules='single-deal', seed=5, bot=bot)\ntable",
]


def test_a_deal_against_openspiels_ismcts_by_clicking(open_cells):
    nb = open_cells(CELLS, "openspiel_table.ipynb")
    table = nb.table(".cardlab-trappola")
    drawing = table.locator(".cardlab-svg")
    clicked: list[str] = []
    for _ in range(40):  # at most 2 exchanges + declarations + 9 cards in a deal
        if nb.execute("print(table.state.is_over)").strip() == "True":
            break
        before = nb.svg_of(table)
        targets = re.findall(r'data-target="([^"]+)"', before)
        assert targets, "no clickable element while the deal is not over"
        wanted = next((t for t in targets if t == "keep" or t.startswith("declare")), None) \
            or next(t for t in targets if t.startswith("play"))
        drawing.locator(f'[data-target="{wanted}"]').first.click()
        clicked.append(wanted)
        nb.wait_svg_change(table, before)
    else:
        pytest.fail(f"the deal did not end after {len(clicked)} clicks: {clicked}")
    assert sum(t.startswith("play") for t in clicked) == 9
    out = nb.execute("print(type(table.bot).__name__, len(table.state.tricks), "
                     "sum(e.player == 1 for e in table.state.events if type(e).__name__ == 'Played'))")
    assert out.split() == ["OpenSpielPlayer", "9", "9"]
