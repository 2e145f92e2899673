"""The layout check itself (tests/browser/layout.py), on purpose-made drawings: each kind of
problem of issue 11 is caught and named, and a clean drawing passes, so the check can fail."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from layout import layout_problems, svg_problems

pytestmark = pytest.mark.browser

FONT = "font-family=\"'DejaVu Sans',sans-serif\""


@pytest.fixture(scope="module")
def page(chromium: Any) -> Iterator[Any]:
    page = chromium.new_page(viewport={"width": 1200, "height": 800})
    yield page
    page.close()


def text(label: str, x: float, y: float, size: float = 14, anchor: str = "start") -> str:
    return f'<text x="{x}" y="{y}" {FONT} font-size="{size}" text-anchor="{anchor}">{label}</text>'


def card(x: float, y: float, name: str, index: str) -> str:
    """A 60 x 90 card with a corner index at the top left and one (turned) at the bottom right."""
    return (f'<g class="cardlab-card" data-card="{name}" transform="translate({x},{y})">'
            '<rect width="60" height="90" rx="4" fill="#ffffff" stroke="#333"/>'
            + text(index, 4, 15, size=13)
            + f'<g transform="rotate(180 30 45)">{text(index, 4, 15, size=13)}</g></g>')


def bare(problems: list[str]) -> list[str]:
    """The problems without their measures in brackets."""
    return [p.rsplit(" (", 1)[0] for p in problems]


def drawing(body: str, width: float = 600, height: float = 200) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
            f'<rect width="{width}" height="{height}" fill="#2f6b45"/>{body}</svg>')


CLEAN = drawing(
    text("Your hand", 20, 30)
    + "".join(card(20 + 37 * i, 45, f"{i + 2}H", str(i + 2)) for i in range(4))  # a row: indices covered
    + '<g class="cardlab-stack" data-key="stock" transform="translate(300,45)">'
      '<rect width="60" height="90" fill="#225"/>' + text("stock", 30, 110, anchor="middle")
    + text("12", 55, 12, size=12, anchor="middle") + "</g>"
    + '<g class="cardlab-button" data-target="pass" transform="translate(420,60)">'
      '<rect width="120" height="34" rx="8" fill="#eee"/>' + text("Pass (P)", 60, 22, anchor="middle") + "</g>"
    + text("Computer's won pile", 400, 180))


def test_a_clean_drawing_passes_at_its_size_and_wider(page):
    assert svg_problems(page, CLEAN, 600) == []
    assert svg_problems(page, CLEAN, 1000) == []   # shown at 1.3 x: still clean


def test_small_text_is_caught_also_when_the_drawing_is_scaled_down(page):
    small = drawing(text("tiny caption", 20, 30, size=9) + text("fine", 20, 80, size=14))
    assert svg_problems(page, small, 600) == ["size: 'tiny caption' is 9 px, under 11 px"]
    problems = svg_problems(page, CLEAN, 420)   # 12 units shown at 0.7: 8.4 px
    assert "size: 'Your hand' is 9.8 px, under 11 px" in problems
    assert any(p.startswith("size: '12'") for p in problems)


def test_overlapping_texts_are_caught_and_named(page):
    clash = drawing(text("You's hand (to play)", 20, 30) + text("You's won pile", 120, 34))
    assert bare(svg_problems(page, clash, 600)) == \
        ["overlap: 'You's hand (to play)' overlaps 'You's won pile'"]


def test_texts_of_one_card_may_overlap_but_not_texts_of_two_groups(page):
    own = drawing('<g class="cardlab-card" transform="translate(20,20)"><rect width="60" height="90" fill="#fff"/>'
                  + text("Re", 4, 20) + text("Re", 8, 22) + "</g>")
    assert svg_problems(page, own, 600) == []
    two = drawing('<g class="cardlab-stack" transform="translate(20,20)"><rect width="60" height="90"/>'
                  + text("stock", 30, 110, anchor="middle") + "</g>"
                  + '<g class="cardlab-pile" transform="translate(70,20)"><rect width="60" height="90"/>'
                  + text("pile", -15, 110) + "</g>")
    assert bare(svg_problems(page, two, 600)) == ["overlap: 'stock' overlaps 'pile'"]


def test_a_text_on_a_card_it_is_not_part_of_is_caught_even_when_the_card_hides_it(page):
    under = drawing(text("trick", 30, 60) + card(20, 40, "7D", "7"))     # the label painted under the card
    over = drawing(card(20, 40, "7D", "7") + text("passed to you", 30, 60))
    assert bare(svg_problems(page, under, 600)) == ["on-group: 'trick' overlaps the card '7D'"]
    assert bare(svg_problems(page, over, 600)) == \
        ["on-group: 'passed to you' overlaps the card '7D'"]


def test_a_covered_corner_index_is_ignored_but_a_visible_one_is_checked(page):
    covered = drawing(card(20, 40, "3H", "x") + card(40, 40, "4H", "x"))   # the 1st card's bottom index covered
    assert svg_problems(page, covered, 600) == []
    small_index = drawing('<g class="cardlab-card" transform="translate(20,40)"><rect width="60" height="90" fill="#fff"/>'
                          + text("Cavallo", 4, 85, size=7) + "</g>")
    assert svg_problems(page, small_index, 600) == ["size: 'Cavallo' is 7 px, under 11 px"]


def test_text_cut_at_the_edge_of_the_drawing_is_caught(page):
    cut = drawing(text("Game over. The computer wins the game", 420, 100), width=600)
    assert svg_problems(page, cut, 600) == \
        ["clipped: 'Game over. The computer wins the game' runs out of the drawing 'drawing'"]


def test_a_drawing_wider_than_its_container_and_scrolling_controls_are_caught(page):
    page.set_content(
        "<div id='root' class='cardlab-table-root' style='width: 400px; overflow-x: auto'>"
        "<div class='widget-hbox' style='display: flex; overflow-x: auto'>"
        "<div style='flex: none; width: 300px'>rules</div><div style='flex: none; width: 300px'>seed</div></div>"
        "<div style='width: 150px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis'>"
        "bot attention and a long description</div>"
        "<div style='width: 100px; white-space: nowrap'>Step 100/100: the last card</div>"
        "<div style='width: 100px; height: 4px'><div style='width: 120px; height: 4px'></div></div>"
        f"<div class='cardlab-svg'>{CLEAN}</div></div>")
    problems = layout_problems(page, page.locator("#root"))
    assert any(p.startswith("clipped: div.widget-hbox 'rules") and "horizontal scrollbar (600 px in 400 px" in p
               for p in problems), problems
    assert any(p.startswith("clipped: div.cardlab-table-root") and "made wider by div.cardlab-svg" in p
               for p in problems), problems
    assert any("'bot attention and a long description' cuts its text off" in p for p in problems), problems
    assert any("'Step 100/100: the last card' spills its text over its box" in p for p in problems), problems
    assert "clipped: the drawing 'drawing' (600 px) runs out of the table (400 px)" in problems
    assert "clipped: the drawing 'drawing' (600 px) is wider than its container (400 px)" in problems
    assert len(problems) == 6, problems   # a box standing out of another without text is no problem


def test_a_play_area_taller_than_700_px_is_caught_and_the_view_keeps_it_within(page):
    """Issue 29: a drawing names its play area's height; shown wider, that area must stay within
    700 px. The bare page grows a drawing as the view does: up to 1.3 times, less when the play
    area would pass 700 px, so a 600 x 600 play area is shown at most 700 px tall."""
    tall = drawing(text("Your hand", 20, 30), width=600, height=800).replace(
        'viewBox=', 'data-play-height="600" viewBox=', 1)
    assert svg_problems(page, tall, 1000) == []
    assert page.locator("svg").first.bounding_box()["width"] == pytest.approx(700, abs=1)
    too_tall = tall.replace('data-play-height="600"', 'data-play-height="760"')
    assert bare(svg_problems(page, too_tall, 1000)) == ["height: the play area of 'drawing' is 760 px tall, over 700 px"]
