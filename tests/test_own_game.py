"""A game of one's own (issue "A game is one folder"): *Three tricks* (``tests/own_game.py``), which
lives outside the package, registers from here and gets everything the package's games get: the
contract, a table (keys, numbered drawings, stale clicks dropped), records that validate and
reload, the replay, ``simulate``; a part it does not declare (a coach, a kernel) is a clear error
where it is asked for. It is unregistered at the end of this module."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from jsonschema import Draft202012Validator

import cardlab
import own_game
from cardlab.coach import CoachError, hints, review
from cardlab.contract import check_game
from cardlab.errors import RecordError
from cardlab.records import loads, record_of, to_frame
from cardlab.record_schema import record_schema, validate
from cardlab.registry import builtin_games, game_info, unregister, with_part
from cardlab.sim import simulate
from cardlab.widgets import replay
from own_game import GAME, TricksTable, make_deal, new_game

if TYPE_CHECKING:
    import pandas as pd

TARGET = re.compile(r'data-target="([^"]+)"')


@pytest.fixture(scope="module", autouse=True)
def registered():
    """The game is known for the tests of this module only."""
    cardlab.register(GAME)
    yield GAME
    unregister(GAME.name)


def finished(seed: int = 4) -> own_game.State:
    state = new_game(seed=seed)
    while not state.is_over:
        state.play(state.legal_actions()[-1])
    return state


# --- the registry ---------------------------------------------------------------------------------
def test_it_is_listed_after_the_package_games_while_registered():
    assert cardlab.all_games()[-1] is GAME and game_info("tricks") is GAME
    assert GAME not in builtin_games() and GAME.players == (2, 2)
    assert game_info("tricks").part("table") is TricksTable


def test_the_contract_holds_in_random_playouts():
    assert check_game("tricks") == 2 * 5                     # two presets, five seeds each


# --- the engine's own promises ----------------------------------------------------------------------
def test_the_view_hides_the_other_hand_and_the_undealt_cards():
    state = new_game(seed=2)
    mine, other = state.view(0), state.view(1)
    assert mine.hands[0] == tuple(state.hands[0]) and mine.hands[1] is None
    assert other.hands[0] is None and state.hidden_cards(0) == set(state.hands[1]) | set(state.stock)
    assert all(hand is not None for hand in state.view(None).hands)    # a spectator sees both


@pytest.mark.parametrize("deal, path", [
    ({"hands": ["9H 10H", "JH QH KH"]}, "hands"),
    ({"hands": ["9H 10H ZZ", "JH QH KH"]}, "hands[0][2]"),
    ({"hands": ["9H 10H 2C", "JH QH KH"]}, "hands[0][2]"),
    ({"hands": ["9H 10H JH", "JH QH KH"]}, "hands[1][0]"),
    ({"hands": ["9H 10H JH", "QH KH AH"], "stock": "9S"}, "stock"),
    ({"hands": ["9H 10H JH", "QH KH AH"], "leader": True}, "leader"),
    ({"hands": ["9H", "QH"]}, "hands"),                          # one card each: not this preset
    ({"cards": []}, ""),
])
def test_a_bad_deal_is_a_record_error_naming_the_place(deal, path):
    with pytest.raises(RecordError) as error:
        new_game(deal=deal)
    assert error.value.path == path, str(error.value)


def test_a_given_deal_is_played_and_kept_in_the_record():
    deal = make_deal(["9H 10H JH", "QH KH AH"], leader=1)
    state = new_game(deal=deal, seed=5, players=("Ann", "Bo"))
    assert state.current_player == 1 and state.initial_deal() == deal
    assert record_of(state).deal["stock"] == [c.ascii() for c in own_game.DECK[6:]]


# --- at its table, headless -------------------------------------------------------------------------
def test_a_game_at_its_table_by_keys_and_clicks():
    table = TricksTable(seed=3)                   # the computer leads: it has played its card
    assert table.message == "Computer plays A♠." and table.choices() == ["10H", "10S", "KS"]
    assert table.focus == "10H"                   # the ring is on the first choice
    table.view.send_event({"type": "key", "key": "ArrowRight", "seq": table.view.seq})
    table.view.send_event({"type": "key", "key": "Enter", "seq": table.view.seq})
    assert table.state.history_text()[:2] == ["AS", "10S"]
    choices, done = table.choices(), len(table.state.history)
    table.view.send_event({"type": "key", "key": "2", "seq": table.view.seq})   # a card's number
    assert table.state.history_text()[done] == choices[1]
    table.view.send_event({"type": "click", "target": "2C", "seq": table.view.seq})
    assert table.message == "hand: the player due (You) does not hold 2♣."
    choices, done = table.choices(), len(table.state.history)
    table.view.send_event({"type": "click", "target": choices[0], "seq": table.view.seq})
    assert table.state.history_text()[done] == choices[0] and table.state.is_over


def test_a_click_made_on_an_earlier_drawing_is_dropped():
    table = TricksTable(seed=3)
    old = table.view.seq
    table.click(table.choices()[0])
    assert table.view.seq > old                   # the next position: the next drawing number
    history, now = list(table.state.history), table.view.seq
    table.view.send_event({"type": "click", "target": table.choices()[0], "seq": old})
    assert table.state.history == history
    table.press("ArrowRight")                     # the ring moves on the same drawing ...
    assert table.view.seq == now                  # ... which keeps its number


def test_a_whole_game_at_the_table_then_n_deals_the_next_seed():
    table = TricksTable(seed=8)
    while not table.state.is_over:
        table.press("Enter")
    assert table.message == "Game over. Press New game (N) to play again." and not TARGET.findall(table.view.svg)
    table.press("Enter")                          # nothing to play once the game is over
    table.press("n")
    assert table.games == 2 and table.state.seed == 9 and len(table.state.history) <= 1


# --- records, the replay, the schema ----------------------------------------------------------------
def test_a_record_validates_and_reloads_to_the_same_game():
    state = finished()
    text = record_of(state, source="tests/test_own_game.py").to_json()
    data = json.loads(text)
    validate(data)                                               # cardlab's checks
    Draft202012Validator(record_schema()).validate(data)          # any validator of the schema
    again = loads(text).replay()
    assert again.fingerprint() == state.fingerprint() and again.outcome == state.outcome
    assert list(to_frame(state.events)["event"][:2]) == ["Played", "Played"]


def test_the_schema_knows_the_game_only_while_it_is_registered():
    schema = record_schema()
    assert "tricks" in schema["properties"]["game"]["enum"]
    assert schema["$defs"]["tricks_rules"]["description"].startswith("The rules of Three tricks:")
    assert "tricks" not in record_schema(builtin_games())["properties"]["game"]["enum"]


def test_a_record_with_a_bad_rule_or_deal_is_refused_at_its_path():
    data = json.loads(record_of(finished()).to_json())
    with pytest.raises(RecordError, match=r"^rules\.hand: must be at most 6"):
        loads(json.dumps({**data, "rules": {"name": "three-tricks", "hand": 7}}))
    hands = data["deal"]["hands"]
    with pytest.raises(RecordError) as error:
        loads(json.dumps({**data, "deal": {**data["deal"], "hands": [hands[0], hands[0]]}}))
    assert error.value.path.startswith("deal.hands[1][0]")


def test_the_replay_draws_every_step_with_the_draw_part():
    record = record_of(finished())
    replayer = replay(record)
    assert replayer.bar.n_frames == len(record.actions) + 1
    first = replayer.view.svg
    replayer.bar.go(1)
    assert replayer.view.svg != first and replayer.bar.caption_text.startswith("1. ")


# --- simulate ---------------------------------------------------------------------------------------
def test_simulate_plays_it_in_the_engine_with_its_bots():
    def run() -> "pd.DataFrame":
        return simulate("tricks", "six-tricks", n=200, seed=1, players=("greedy", "random"), progress=False)

    rows = run()
    assert list(rows.columns) == ["seed", "winner", "reason", "actions", "score_0", "score_1"]
    assert rows.equals(run())                                   # seeded: the same rows again
    assert set(rows["actions"]) == {12} and set(rows["score_0"] + rows["score_1"]) == {6}
    assert (rows["winner"] == 0).sum() > 2 * (rows["winner"] == 1).sum()   # the greedy rule pays
    assert set(simulate("tricks", n=5, progress=False)["actions"]) == {6}   # the first preset and bot


# --- what it does not declare -----------------------------------------------------------------------
def test_a_part_it_does_not_declare_is_a_clear_error_where_it_is_asked_for():
    state = new_game(seed=1)
    coached = " and ".join(info.title for info in with_part("coach"))
    with pytest.raises(CoachError, match=f"the coach gives hints for {coached}, not Three tricks"):
        hints(state)
    with pytest.raises(CoachError, match="not Three tricks"):
        review(finished(), player=0)
    with pytest.raises(LookupError, match="Three tricks has no coach part"):
        GAME.part("coach")
    assert GAME not in with_part("warm") and GAME not in with_part("sim")   # no kernel to compile
    with pytest.raises(TypeError, match="Three tricks takes no option 'detail'; its options: none"):
        simulate("tricks", n=1, detail=True)
