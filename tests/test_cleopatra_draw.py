"""The Cleopatra table drawing (cardlab.games.cleopatra.draw)."""

from __future__ import annotations

import re

from cardlab.games.cleopatra.draw import colour_split_svg, table_svg
from cardlab.games.cleopatra import new_game


def test_table_shows_counts_of_hands_and_won_piles_and_the_pile_face_up():
    g = new_game(deal={"hands": [["JH", "2H", "3H"], ["4S", "5S", "6S"]], "first": 0})
    for text in ("X JH", "Y 4S", "X 2H"):
        g.play(text)
    svg = table_svg(g)
    counts = [int(n) for n in re.findall(r'class="cardlab-stack[^"]*"[^>]*data-count="(\d+)"', svg)]
    assert sorted(counts) == [0, 1, 2, 2]                   # Y hand 2, Y won 0, X hand 1, X won 2
    assert "Y to play" in svg
    assert "data-target" not in svg                          # a replay frame is not clickable
    assert svg == g._repr_svg_() and svg == table_svg(g)    # deterministic


def test_the_clickable_parts_are_the_choices_given_with_their_accessible_names():
    g = new_game(deal={"hands": [["5H", "2H"], ["6S", "3S"]], "first": 0})
    drawn = table_svg(g, reader=0, choices=("turn", "slap"))
    assert 'data-target="turn"' in drawn and 'data-target="slap"' in drawn
    assert 'aria-label="your hand: turn a card"' in drawn and 'aria-label="slap the pile"' in drawn
    g.play("X 5H")
    assert 'data-target="turn"' not in table_svg(g, reader=0, choices=("slap",))


def test_colour_split_draws_the_52_cards():
    svg = colour_split_svg()
    assert svg.count('class="cardlab-card') == 52 and "red" in svg and "black" in svg
