"""The Kirifu table without a browser: clicks through ``view.send_event``, buttons through ``click()``."""

from __future__ import annotations

import random
import re

import pytest

from cardlab.cards import Card
from cardlab.games.kirifu.draw import log_html, table_svg
from cardlab.games import kirifu
from cardlab.records import record_of
from cardlab.games.kirifu.table import KirifuTable, replay


def clicks_for(table: KirifuTable, action: tuple) -> list[str]:
    """The clicks a reader makes for ``action`` (targets as drawn on the table)."""
    kind = action[0]
    if kind in ("cut", "take"):
        pick = [] if table.passed == action[1] else [f"passed:{action[1].ascii()}"]
        return pick + [table.state.action_text(action)]
    if kind == "pass":
        return [f"hand:{action[1].ascii()}", "btn:pass"]
    if kind == "osoroi":
        return [f"hand:{c.ascii()}" for c in action[1]] + ["btn:osoroi"]
    return ["btn:send"]


def targets(table: KirifuTable) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', table.view.svg))


def play_by_clicks(table: KirifuTable, rng: random.Random, stop=lambda state: state.is_over) -> None:
    """Play the reader's seat with random legal actions, every one by clicking, until ``stop``."""
    for _ in range(3000):
        if table.state.is_over or stop(table.state):
            return
        action = rng.choice(table.state.legal_actions())
        for target in clicks_for(table, action):
            assert target in targets(table), (target, table.state)
            table.view.send_event({"type": "click", "target": target, "t": 5})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("computers", [2, 3, 4])
def test_a_whole_game_by_clicking_reaches_a_finishing_order(computers):
    table = KirifuTable(computers=computers, seed=computers)
    play_by_clicks(table, random.Random(computers))
    ranking = table.state.outcome.ranking
    assert sorted(ranking) == list(range(computers + 1))
    assert "finishing order: 1st" in table.view.svg and "Game over: you are" in table.view.status


def test_the_table_hides_other_hands_and_the_stock():
    table = KirifuTable(computers=3, seed=5)
    shown = set(re.findall(r'data-card="([^"]+)"', table.view.svg))
    state = table.state
    hidden = {c.ascii() for p in range(1, 4) for c in state.hands[p] if c not in state.known[p]}
    hidden |= {c.ascii() for c in state.stock}
    assert shown and not shown & hidden
    assert {c.ascii() for c in state.hands[0]} <= shown


def test_japanese_terms_world_and_counts_are_on_the_table():
    table = KirifuTable(computers=2, seed=1)
    svg = table.view.svg
    for term in ("山札", "世界", "おそろい"):
        assert term in svg
    assert f'data-count="{len(table.state.stock)}"' in svg


def test_an_illegal_click_shows_the_rule_and_changes_nothing():
    table = KirifuTable(computers=2, seed=8)
    play_by_clicks(table, random.Random(1), stop=lambda s: s.phase == kirifu.PASS and not s.chosen)
    assert table.state.current_player == 0
    before = table.state.fingerprint()
    hand = table.state.hands[0]
    table.click(f"hand:{hand[0].ascii()}")
    table.click(f"hand:{hand[1].ascii()}")
    table.click("btn:osoroi") if hand[0].rank != hand[1].rank else table.click("btn:pass")
    assert table.state.fingerprint() == before
    assert table.message.startswith(("K13", "select one card"))


def test_cutting_marks_the_cutters_of_the_chosen_passed_card():
    state = kirifu.new_game(seed=1, players=3)
    state.hands = ((Card.parse("2C"),), tuple(map(Card.parse, ("10H", "3D", "4C"))), (Card.parse("7C"),))
    state.passed, state.phase, state.to_move, state.world = (Card.parse("9H"),), kirifu.RECEIVE, 1, "H"
    legal = [state.action_text(a) for a in state.legal_actions()]
    svg = table_svg(state.view(1), legal=legal, passed=Card.parse("9H"))
    assert 'data-target="cut 9H with 10H"' in svg and 'data-target="take 9H"' in svg
    assert "cut 9H with 3D" not in svg


def test_replay_of_a_record_steps_through_every_action():
    table = KirifuTable(computers=2, seed=4)
    play_by_clicks(table, random.Random(0))
    player = replay(record_of(table.state))
    assert player.bar.n_frames == len(table.state.history) + 1
    player.bar.go(3)
    assert player.step == 3 and "3." in player.bar.caption_text
    assert "KirifuTable(<Kirifu" in repr(table)
    for width, drawn in ((1200, "900"), (700, "680"), (360, "360")):   # issue 29: its layouts, the phone's too
        player.view.width = width
        assert re.search(r'<svg[^>]* width="(\d+)"', player.view.svg).group(1) == drawn


def test_new_game_button_deals_the_next_seeded_game():
    table = KirifuTable(computers=2, seed=10, rules="kirifu-joker")
    first_deal = table.state.initial_deal()
    table.new_button.click()
    assert table.state.seed == 11 and table.state.initial_deal() != first_deal
    assert table.state.initial_deal() == kirifu.new_game("kirifu-joker", seed=11, players=3).initial_deal()
    with pytest.raises(ValueError, match="2 to 4 computer players"):
        KirifuTable(computers=5)


def test_open_view_shows_every_hand_and_the_log_names_the_japanese_terms_K23():
    state = kirifu.new_game(seed=2, players=3)
    rng = random.Random(2)
    while not any(isinstance(e, kirifu.Omorai) for e in state.events):
        state.apply(rng.choice(state.legal_actions()))
    svg = state._repr_svg_()
    shown = set(re.findall(r'data-card="([^"]+)"', svg))
    assert {c.ascii() for h in state.hands for c in h} <= shown
    assert not {c.ascii() for c in state.stock} & shown
    log = log_html(state.view(None), you=0)
    assert "omorai おもらい" in log and ": pass " in log
