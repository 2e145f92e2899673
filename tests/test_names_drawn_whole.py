"""Long players' names are drawn whole on the three tables (issues 39 and 40: "Rig…'s won pile"
while there was room): a label takes two lines where one would cut the name, in English and
Japanese, in every layout."""

from __future__ import annotations

import html
import re

import pytest

from cardlab.draw.svg import fit_lines, text_width
from cardlab.games import kirifu
from cardlab.games.cleopatra import draw as cleopatra_draw
from cardlab.games.cleopatra import new_game as new_cleopatra
from cardlab.games.kirifu import draw as kirifu_draw
from cardlab.games.trappola import draw as trappola_draw
from cardlab.games.trappola import new_game as new_trappola

NAMES = ("Margaret-Anne", "コンピューター3")
LAYOUTS = ("wide", "narrow", "phone")


def texts(drawing: str) -> list[str]:
    """The drawing's lines of text, in document order."""
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", drawing)]


def assert_whole(drawings: list[str]) -> None:
    """No line of any drawing is cut, and each name is drawn whole (its lines run on)."""
    lines = [line for drawing in drawings for line in texts(drawing)]
    assert not [line for line in lines if "…" in line]
    for name in NAMES:
        assert name in "".join(lines)


def cleopatra_drawings(layout: str, lang: str) -> list[str]:
    """Cleopatra: the hands, the won piles and the cards just taken, seen by each seat and a spectator."""
    game = new_cleopatra(seed=3, players=NAMES)
    return [drawing for _ in range(12) if game.apply(game.legal_actions()[0]) is None
            for drawing in (cleopatra_draw.table_svg(game, reader=r, layout=layout, lang=lang) for r in (0, 1, None))]


def trappola_drawings(layout: str, lang: str) -> list[str]:
    """Trappola: the trick, the last trick's winner, the piles, the opponent's and the discarded hands."""
    game = new_trappola(seed=3, players=NAMES)
    drawings = [drawing for _ in range(8) if game.apply(game.legal_actions()[0]) is None
                for drawing in (trappola_draw.table_svg(game.view(seat), layout=layout, lang=lang) for seat in (0, 1))]
    assert any(game.view(0).discards)                     # the discarded hands' labels were drawn too
    return drawings


def kirifu_drawings(layout: str, lang: str) -> list[str]:
    """Kirifu: the seats' panels, seen by a third player."""
    game = kirifu.new_game(seed=3, players=(*NAMES, "Bartholomew", "コンピューター4"))
    return [kirifu_draw.table_svg(game.view(2), layout=layout, lang=lang, legal=[str(a) for a in game.legal_actions()])
            for _ in range(6) if game.apply(game.legal_actions()[0]) is None]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("drawings", [cleopatra_drawings, trappola_drawings, kirifu_drawings],
                         ids=["cleopatra", "trappola", "kirifu"])
def test_long_names_are_drawn_whole(drawings, layout, lang):
    assert_whole(drawings(layout, lang))


def test_fit_lines_breaks_between_words_then_beside_wide_characters_then_cuts():
    assert fit_lines("Ada's won pile", 14, 150) == ["Ada's won pile"]
    assert fit_lines("Margaret-Anne's won pile", 14, 150) == ["Margaret-Anne's", "won pile"]
    assert fit_lines("Margaret-Anne's hand", 14, 116) == ["Margaret-", "Anne's hand"]
    assert fit_lines("コンピューター3's hand", 14, 116) == ["コンピューター", "3's hand"]
    assert fit_lines("コンピューターの手持ち", 14, 100) == ["コンピューター", "の手持ち"]
    cut = fit_lines("Bartholomew Fitzwilliam-Smythe the Younger", 14, 100)
    assert len(cut) == 2 and cut[1].endswith("…") and all(text_width(line, 14) <= 100 for line in cut)
