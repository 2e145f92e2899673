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
    "from cardlab.games.trappola.table import TrappolaTable\n"
    "game = pyspiel.load_game('cardlab_trappola')\n"
    "bot = OpenSpielPlayer(ismcts_bot(game, simulations=20, seed=1), game)",
    "table = TrappolaTable(rules='single-deal', seed=5, bot=bot)\ntable",
]


def choice(targets: list[str]) -> str:
    """Keep the dealt hand, declare whatever may be declared, else play the first legal card."""
    assert targets, "no clickable element while the deal is not over"
    calls = [t for t in targets if t == "keep" or t.startswith("declare")]
    return calls[0] if calls else next(t for t in targets if t.startswith("play"))


def test_a_deal_against_openspiels_ismcts_by_clicking(request):
    try:  # the tables' harness (tests/browser/conftest.py) opens notebooks made of given cells
        open_cells = request.getfixturevalue("open_cells")
    except pytest.FixtureLookupError:
        pytest.skip("needs the open_cells fixture of the tables' browser harness")
    nb = open_cells(CELLS, "openspiel_table.ipynb")
    table = nb.table(".cardlab-trappola")
    clicked: list[str] = []
    while nb.execute("print(table.state.is_over)").strip() != "True":
        assert len(clicked) < 40, f"the deal did not end after {len(clicked)} clicks: {clicked}"
        svg = nb.svg_of(table)
        clicked.append(choice(re.findall(r'data-target="([^"]+)"', svg)))
        table.locator(f'.cardlab-svg [data-target="{clicked[-1]}"]').first.click()
        nb.wait_svg_change(table, svg)
    assert sum(t.startswith("play") for t in clicked) == 9
    out = nb.execute("print(type(table.bot).__name__, len(table.state.tricks), "
                     "sum(e.player == 1 for e in table.state.events if type(e).__name__ == 'Played'))")
    assert out.split() == ["OpenSpielPlayer", "9", "9"]
