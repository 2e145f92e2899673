"""The generic records module (cardlab.records), exercised with Cleopatra."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from cardlab.bots.cleopatra import SlapBot
from cardlab.game import play_out
from cardlab.errors import RecordError
from cardlab.games.cleopatra import new_game
from cardlab.records import Record, load, loads, record_of, to_frame


def sample_game(seed=3):
    return play_out(new_game(seed=seed), [SlapBot(seed), SlapBot(seed + 1)])


def test_save_and_load_round_trip_exactly(tmp_path):
    record = record_of(sample_game(), players=["Ann", "Ben"], comments={0: "first card"}, title="t")
    path = tmp_path / "game.json"
    record.save(path)
    assert load(path) == record
    assert path.read_text(encoding="utf-8") == record.to_json()


def test_same_seed_and_actions_give_byte_identical_json():
    assert record_of(sample_game(5)).to_json() == record_of(sample_game(5)).to_json()
    assert record_of(sample_game(5)).to_json() != record_of(sample_game(6)).to_json()


def test_a_loaded_record_replays_to_the_same_state():
    state = sample_game(8)
    replayed = loads(record_of(state).to_json()).replay()
    assert replayed.fingerprint() == state.fingerprint()


def _broken(change):
    data = json.loads(record_of(sample_game(4)).to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change,path,words", [
    (lambda d: d["actions"].__setitem__(12, "X 1O"), "actions[12]", "unknown card '1O'"),
    (lambda d: d["actions"].__setitem__(3, "slap Z"), "actions[3]", "cannot read"),
    (lambda d: d["actions"].__setitem__(0, "Y " + d["deal"]["hands"][1][0]), "actions[0]", "turn"),
    (lambda d: d["rules"].__setitem__("foo", 1), "rules.foo", "unknown rule field"),
    (lambda d: d["rules"].__setitem__("slaps", "often"), "rules", "slaps"),
    (lambda d: d["deal"]["hands"][0].__setitem__(3, "QZ"), "deal.hands[0][3]", "unknown card"),
    (lambda d: d["deal"].__setitem__("first", 2), "deal.first", "0 (X) or 1 (Y)"),
    (lambda d: d.pop("actions"), "actions", "missing"),
    (lambda d: d.__setitem__("seed", "x"), "seed", "wrong type"),
    (lambda d: d.__setitem__("comments", {"9999": "late"}), "comments.9999", "action indices"),
    (lambda d: d["result"].__setitem__("winner", 1 - d["result"]["winner"]), "result", "lead to"),
])
def test_load_reports_the_first_bad_field_by_its_path(change, path, words):
    with pytest.raises(RecordError) as e:
        loads(_broken(change))
    assert e.value.path == path and words in str(e.value)


def test_to_frame_gives_one_row_per_event():
    state = sample_game(2)
    frame = to_frame(state.events)
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(state.events)
    assert {"event", "step", "player", "card"} <= set(frame.columns)
    played = frame[frame.event == "Played"]
    assert len(played) == state.outcome.stats["cards"] and played.card.str.len().min() >= 2


def test_record_states_step_through_the_game():
    state = new_game(seed=1)
    for _ in range(6):
        state.play(state.legal_actions()[0])
    states = Record(**{**record_of(state).__dict__}).states()
    assert len(states) == 7 and states[-1].pile == state.pile and states[0].history == []
