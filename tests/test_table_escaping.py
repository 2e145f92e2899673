"""Issue 12: every string that can come from a person or a record (player names, comments,
narration, preset names) comes out escaped from every SVG and HTML renderer of the tables."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import pytest

from cardlab.games.trappola.bots import RuleOfThumbBot
from cardlab.games.cleopatra import draw as draw_cleopatra
from cardlab.games.kirifu import draw as draw_kirifu
from cardlab.draw import svg
from cardlab.games.trappola import draw as draw_trappola
from cardlab.games import cleopatra, kirifu, trappola
from cardlab.records import record_of
from cardlab.games.cleopatra.table import CleopatraReplay
from cardlab.widgets.replay import replay
from cardlab.games.trappola.table import TrappolaTable

HOSTILE = ("<img src=x onerror=alert(1)>", "\"'&</text><script>alert(2)</script>")
LIVE = ("<img", "<script")


def assert_escaped(markup: str) -> None:
    """No hostile markup is live, and an SVG is still one well-formed document."""
    assert not any(bad in markup for bad in LIVE), markup[:300]
    if markup.startswith("<svg"):
        ET.fromstring(markup)


def played_out(state, choose=None):
    rng = random.Random(0)
    while not state.is_over:
        state.apply(choose(state) if choose else rng.choice(state.legal_actions()))
    return state


def test_trappola_table_and_score_sheet_escape_names():
    """The score sheet inserted player names unescaped: an <img onerror> became live."""
    table = TrappolaTable(rules="single-deal", seed=1, bot=RuleOfThumbBot(1), names=HOSTILE)
    rng = random.Random(1)
    while not table.state.is_over:
        assert_escaped(table.view.svg)
        targets = re.findall(r'data-target="([^"]+)"', table.view.svg)
        table.click(html.unescape(rng.choice(targets)))
    assert table.state.sheets and "&lt;img src=x" in table.sheet.value
    assert_escaped(table.sheet.value)
    assert_escaped(table.view.svg)


@pytest.mark.parametrize("player", [None, 0])
def test_every_game_drawing_escapes_names(player):
    trap = played_out(trappola.new_game("single-deal", seed=2, players=HOSTILE))
    kiri = played_out(kirifu.new_game(seed=2, players=[*HOSTILE, "<b>x</b>"]))
    cleo = played_out(cleopatra.new_game(cleopatra.BEGGAR_MY_NEIGHBOUR, seed=2, players=HOSTILE))
    for markup in (draw_trappola.table_svg(trap.view(player)), draw_trappola.sheets_html(trap.view(player)),
                   draw_kirifu.table_svg(kiri.view(player)),
                   draw_cleopatra.table_svg(cleo.view(player)),
                   trap._repr_svg_(), kiri._repr_svg_(), cleo._repr_svg_()):
        assert_escaped(markup)


def test_replay_captions_escape_names_and_comments():
    state = played_out(kirifu.new_game(seed=3, players=[*HOSTILE, "<b>x</b>"]))
    record = record_of(state, players=list(state.players), comments={0: HOSTILE[1], 2: HOSTILE[0]})
    replayer = replay(record)
    for step in range(min(4, replayer.bar.n_frames)):
        replayer.step = step
        assert_escaped(replayer.bar.caption.value)
        assert_escaped(replayer.view.svg)


def test_cleopatra_replay_escapes_comments():
    game = played_out(cleopatra.new_game(cleopatra.BEGGAR_MY_NEIGHBOUR, seed=4))
    replayer = CleopatraReplay(record_of(game, comments={0: HOSTILE[0], 1: HOSTILE[1]}), mode="cards")
    for step in (1, 2):
        replayer.go(step)
        assert_escaped(replayer.replayer.bar.caption.value)


@pytest.mark.parametrize("text", HOSTILE)
def test_svg_primitives_escape_text_titles_labels_and_targets(text):
    markup = svg.document(100, 100, svg.text_g(text, 0, 0) + svg.button_g(text, 0, 0, 10, 10, text)
                          + svg.stack_g(2, 0, 0, label=text, target=text), title=text)
    assert_escaped(markup)
    assert markup.count("&lt;") >= 4
