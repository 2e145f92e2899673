"""The Trappola table, driven headless by clicks sent as browser events."""

from __future__ import annotations

import re

from cardlab.games.trappola.bots import RuleOfThumbBot
from cardlab.games.trappola.draw import pack_svg, table_svg
from cardlab.games import trappola as T
from cardlab.records import record_of
from cardlab.games.trappola.table import TrappolaTable, replay


def targets(svg: str) -> list[str]:
    """The game actions drawn (the table's own buttons, sort and next deal, left out)."""
    return [t for t in re.findall(r'data-target="([^"]+)"', svg) if t not in ("sort", "next")]


def shown_cards(svg: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', svg)


def test_the_table_shows_your_hand_and_hides_the_computers():
    table = TrappolaTable(seed=1, bot=RuleOfThumbBot(1))
    g, svg = table.state, table.view.svg
    assert set(c.ascii() for c in g.hands[0]) <= set(shown_cards(svg))
    assert not set(c.ascii() for c in g.hands[1] + g.stock) & set(shown_cards(svg))
    assert sorted(targets(svg)) == sorted(g.view(0).legal)


def test_exchange_and_keep_buttons_and_clickable_legal_cards():
    table = TrappolaTable(seed=2, bot=RuleOfThumbBot(2))
    while table.state.phase == T.EXCHANGE:
        assert table.state.current_player == 0 and "keep" in targets(table.view.svg)
        table.click("exchange" if "exchange" in targets(table.view.svg) else "keep")
    legal = set(table.state.view(0).legal)
    assert legal and set(targets(table.view.svg)) == legal
    assert all(t.startswith(("play", "declare")) for t in legal)


def test_a_refused_click_leaves_the_state_unchanged_and_says_why():
    table = TrappolaTable(seed=2, bot=RuleOfThumbBot(2))
    before = table.state.fingerprint()
    table.click("play AS")
    assert table.state.fingerprint() == before
    assert "T10" in table.view.status


def test_a_whole_game_to_300_by_clicks_with_score_sheets():
    table = TrappolaTable(seed=5, bot=RuleOfThumbBot(5))
    clicks = 0
    while not table.state.is_over:
        options = targets(table.view.svg) or ["next"]
        table.click(options[clicks % len(options)])
        clicks += 1
        if table.state.sheets:
            assert "Score sheet" in table.sheet.value
    g = table.state
    assert max(g.scores) >= 300 and len(g.sheets) >= 2
    assert table.sheet.value.count("deal total") == 1 and f"Deal {len(g.sheets)}" in table.sheet.value
    assert "game" in table.view.status.lower()
    table.new_button.click()
    assert not table.state.is_over and table.state.seed == 6


def test_replay_of_a_record_steps_through_every_action():
    g = T.new_game("single-deal", seed=8, players=["Ada", "Bo"])
    bots = [RuleOfThumbBot(0), RuleOfThumbBot(1)]
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g))
    rec = record_of(g, players=list(g.players))
    rp = replay(rec)
    assert rp.bar.n_frames == len(rec.actions) + 1
    rp.bar.go(rp.bar.n_frames - 1)
    assert rp.view.svg == table_svg(g.view(), clickable=False)
    assert "data-target" not in rp.view.svg
    rp.bar.go(1)
    assert rec.actions[0] in rp.bar.caption_text


def test_the_replay_takes_the_phone_layout_below_the_narrow_width_issue_29():
    g = T.new_game("single-deal", seed=8, players=["Ada", "Bo"])
    rp = replay(record_of(g, players=list(g.players)))
    for width, natural in ((1200, 960), (700, 680), (500, 360), (360, 360)):
        rp.view.width = width
        assert re.search(r'<svg[^>]* width="(\d+)"', rp.view.svg).group(1) == str(natural)
    assert rp.view.svg == table_svg(g.view(), layout="phone")


def test_pack_drawing_has_every_card_and_the_czech_names():
    svg = pack_svg()
    assert len(shown_cards(svg)) == 36 and "Špády" in svg and "Denáry" in svg


def test_declare_buttons_appear_when_you_hold_a_set_T7():
    table = TrappolaTable(seed=1, bot=RuleOfThumbBot(1))
    table.state = T.new_game(deal=T.make_deal(["AS AB AC 7S 8S RD RB RC 9D",
                                                     "2S 2B 10C 10S 10B CC FD FB 9C"], dealer=1),
                             players=table.names)
    table.click("keep")   # you (the non-dealer) keep; the computer keeps or exchanges
    assert {"declare A", "declare R"} <= set(targets(table.view.svg))
    table.click("declare A")
    assert [(d.player, d.rank, d.count) for d in table.state.declared] == [(0, "A", 3)]
    assert "declare A" not in targets(table.view.svg) and "declare R" in targets(table.view.svg)


def test_states_show_themselves_in_notebooks():
    g = T.new_game(seed=3, players=["Ada", "Bo"])
    assert repr(g) == f"<Trappola deal 1, exchange, {g.players[g.current_player]} to move, game 0–0>"
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and set(c.ascii() for c in g.hands[0] + g.hands[1]) <= set(shown_cards(svg))
    assert repr(TrappolaTable(seed=3, bot=RuleOfThumbBot(0))).startswith("TrappolaTable(<Trappola deal 1")
