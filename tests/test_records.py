"""The records module (cardlab.records): round trips, and every class of bad record refused
with a RecordError at the path of the first bad element (issue 12)."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pandas as pd
import pytest

from cardlab.games.cleopatra.bots import SlapBot
from cardlab.errors import RecordError
from cardlab.game import game_module, play_out
from cardlab.registry import builtin_games
from cardlab.games.cleopatra import new_game
from cardlab.record_json import MAX_BYTES, MAX_DEPTH, MAX_DIGITS
from cardlab.record_schema import NAME_CHARS, TEXT_CHARS
from cardlab.records import Record, load, loads, record_of, to_frame

GAMES = [info.name for info in builtin_games()]


def sample_game(seed=3):
    return play_out(new_game(seed=seed), [SlapBot(seed), SlapBot(seed + 1)])


def started(game, seed=1, actions=8, preset=None):
    """A game of ``game`` after up to ``actions`` legal actions (picked by a seeded RNG)."""
    module = game_module(game)
    state = module.new_game(preset or next(iter(module.PRESETS)), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state.play(rng.choice(state.legal_actions()))
    return state


def data_of(game, **kw):
    return json.loads(record_of(started(game, **kw)).to_json())


def refused(data_or_text):
    """The RecordError that loading gives (data is dumped to JSON first)."""
    text = data_or_text if isinstance(data_or_text, (str, bytes)) else json.dumps(data_or_text)
    with pytest.raises(RecordError) as e:
        loads(text)
    assert str(e.value).startswith(e.value.path)
    return e.value


# --- round trips --------------------------------------------------------------------------------
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


@pytest.mark.parametrize("game,preset", [(g, p) for g in GAMES for p in game_module(g).PRESETS])
@pytest.mark.parametrize("actions", [0, 30, 10_000])
@pytest.mark.parametrize("seed", [7, None])
def test_everything_the_engine_writes_it_reads_back(game, preset, actions, seed):
    state = started(game, seed=seed, actions=actions, preset=preset)
    record = loads(record_of(state).to_json())
    assert record == record_of(state)
    assert record.replay().fingerprint() == state.fingerprint()


def test_record_of_keeps_the_players_names():
    state = new_game(seed=2, players=["Ann", "Ben"])
    assert loads(record_of(state).to_json()).players == ["Ann", "Ben"]


# --- paths of the first bad element -------------------------------------------------------------
def _broken(change):
    data = json.loads(record_of(sample_game(4)).to_json())
    change(data)
    return data


@pytest.mark.parametrize("change,path,words", [
    (lambda d: d["actions"].__setitem__(12, "X 1O"), "actions[12]", "unknown card '1O'"),
    (lambda d: d["actions"].__setitem__(3, "slap Z"), "actions[3]", "cannot read"),
    (lambda d: d["actions"].__setitem__(0, "Y " + d["deal"]["hands"][1][0]), "actions[0]", "turn"),
    (lambda d: d["rules"].__setitem__("foo", 1), "rules.foo", "unknown field; known: name, jack"),
    (lambda d: d["rules"].__setitem__("slaps", "often"), "rules.slaps", '"often"'),
    (lambda d: d["deal"]["hands"][0].__setitem__(3, "QZ"), "deal.hands[0][3]", "not a card of the French pack"),
    (lambda d: d["deal"].__setitem__("first", 2), "deal.first", "at most 1, not 2"),
    (lambda d: d.pop("actions"), "actions", "missing"),
    (lambda d: d.__setitem__("seed", "x"), "seed", "must be an integer or null"),
    (lambda d: d.__setitem__("comments", {"9999": "late"}), "comments.9999", "action indices"),
    (lambda d: d.__setitem__("comments", {"01": "zero"}), "comments.01", "not an action index"),
    (lambda d: d["result"].__setitem__("winner", 1 - d["result"]["winner"]), "result.winner", "lead to"),
    (lambda d: d.__setitem__("chess", 1), "chess", "unknown field"),
])
def test_load_reports_the_first_bad_field_by_its_path(change, path, words):
    error = refused(_broken(change))
    assert error.path == path and words in str(error)


def test_of_two_errors_the_first_in_the_document_is_reported():
    data = _broken(lambda d: None)
    data["deal"]["hands"][1][2] = "QZ"
    data["actions"][0] = 5
    data["rules"]["ace"] = 0
    assert refused(data).path == "rules.ace"


# --- issue 12: records that escaped as bare exceptions ------------------------------------------
def test_deep_nesting_is_a_record_error_not_a_recursion_error():
    assert "nested" in str(refused("[" * 100_000 + "]" * 100_000))
    data = _broken(lambda d: d.__setitem__("title", json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)))
    assert refused(data).path == "title" + "[0]" * (MAX_DEPTH - 1)  # the (MAX_DEPTH + 1)th level


def test_a_file_that_is_not_utf8_is_a_record_error(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(record_of(sample_game(), title="Müller").to_json().encode("latin-1"))
    with pytest.raises(RecordError, match="not UTF-8"):
        load(path)


@pytest.mark.parametrize("name", ["missing.json", "."])
def test_a_file_that_cannot_be_read_is_a_record_error(tmp_path, name):
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / name)


def test_a_5000_digit_seed_is_refused_by_the_number_limit():
    text = record_of(sample_game()).to_json().replace('"seed": 3', '"seed": ' + "7" * 5000)
    error = refused(text)
    assert error.path == "seed" and f"the limit is {MAX_DIGITS}" in str(error)


def test_a_rules_field_of_the_wrong_type_is_refused_before_scoring():
    data = data_of("trappola", actions=40)
    data["rules"]["target"] = "300"
    assert str(refused(data)).startswith('rules.target: must be an integer or null, not "300"')


# --- issue 12: wrong or garbled paths -----------------------------------------------------------
@pytest.mark.parametrize("deal,path,words", [
    ([["5H"], ["5S"]], "deal", "must be an object"),
    ({"hands": [["5H"]], "first": 0}, "deal.hands", "needs at least 2 items"),
    ({"hands": [["5H"], ["5S"]]}, "deal.first", "missing"),
    ({"hands": [["5H"], ["5S"]], "first": 0, "x": 1}, "deal.x", "unknown field"),
    ({"hands": ["K--", ["5S"]], "first": 0}, "deal.hands[1]", "pattern notation"),
    ({"hands": ["K-Z", "--"], "first": 0}, "deal.hands[0]", "not a hand in pattern notation"),
])
def test_a_badly_shaped_deal_is_named_in_words_at_its_path(deal, path, words):
    error = refused({**data_of("cleopatra", actions=0), "deal": deal})
    assert error.path == path and words in str(error) and "hand X" not in str(error)


@pytest.mark.parametrize("game,item,path", [
    ("cleopatra", ("hands", 1, 1), "deal.hands[1][1]"),
    ("kirifu", ("hands", 1, 1), "deal.hands[1][1]"),
    ("trappola", ("cards", 17), "deal.cards[17]"),
])
def test_an_unknown_card_is_reported_at_the_item(game, item, path):
    data = data_of(game, actions=0)
    *parents, last = item
    node = data["deal"]
    for key in parents:
        node = node[key]
    node[last] = "QZ"
    error = refused(data)
    assert error.path == path and '"QZ" is not a card' in str(error)


@pytest.mark.parametrize("game,names,words", [
    ("cleopatra", ["a", "b", "c", "d", "e"], "at most 2 items, not 5"),
    ("trappola", ["a"], "at least 2 items, not 1"),
    ("kirifu", ["a", "b", "c"], "3 names for the 4 seats"),
    ("kirifu", ["a"] * 8, "at most 7 items, not 8"),
])
def test_the_wrong_player_count_is_reported_at_players(game, names, words):
    error = refused({**data_of(game, actions=0), "players": names})
    assert error.path == "players" and words in str(error)


def test_a_float_seat_is_refused_in_words_not_by_python():
    data = data_of("cleopatra", actions=0)
    data["deal"]["first"] = 1.0
    assert str(refused(data)) == "deal.first: must be an integer, not 1.0"


# --- issue 12: records accepted silently --------------------------------------------------------
def test_a_rules_flag_given_as_text_is_refused():
    data = data_of("cleopatra")
    data["rules"]["sandwich"] = "no"
    assert str(refused(data)).startswith('rules.sandwich: must be true or false, not "no"')


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_preset_is_refused(game):
    data = data_of(game)
    data["rules"]["name"] = "chess"
    error = refused(data)
    assert error.path == "rules.name" and "is not a preset name: " + next(iter(game_module(game).PRESETS)) in str(error)


@pytest.mark.parametrize("game,old,new", [(g, old, new) for g in GAMES
                                          for old, new in getattr(game_module(g), "ALIASES", {}).items()])
def test_old_preset_spellings_still_load(game, old, new):
    data = data_of(game, preset=new)
    data["rules"]["name"] = old
    assert loads(json.dumps(data)).replay().rules.name == new


def test_a_negative_target_is_refused():
    data = data_of("trappola")
    data["rules"]["target"] = -300
    assert str(refused(data)).startswith("rules.target: must be at least 1, not -300")


@pytest.mark.parametrize("game,field", [("cleopatra", "first"), ("trappola", "dealer"), ("kirifu", "first")])
def test_true_is_not_a_seat(game, field):
    data = data_of(game, actions=0)
    data["deal"][field] = True
    assert str(refused(data)) == f"deal.{field}: must be an integer, not true"


# --- semantic errors from the deal, at the item -------------------------------------------------
@pytest.mark.parametrize("game,first,second", [
    ("cleopatra", ("hands", 0, 0), ("hands", 1, 3)),
    ("trappola", ("cards", 2), ("cards", 30)),
    ("kirifu", ("hands", 0, 0), ("stock", 5)),
])
def test_a_card_dealt_twice_is_reported_at_its_second_place(game, first, second):
    data = data_of(game, actions=0)

    def at(path):
        node = data["deal"]
        for key in path[:-1]:
            node = node[key]
        return node, path[-1]

    node, key = at(first)
    card = node[key]
    node, key = at(second)
    node[key] = card
    error = refused(data)
    assert error.path == "deal" + "".join(f".{p}" if isinstance(p, str) else f"[{p}]" for p in second)
    assert "appears twice" in str(error)


def test_a_card_of_the_other_pack_is_reported_at_the_item():
    data = data_of("trappola", actions=0)
    data["deal"]["cards"][4] = "JH"
    assert str(refused(data)) == 'deal.cards[4]: "JH" is not a card of the Italian pack'


def test_a_joker_in_a_game_without_jokers_is_refused():
    data = data_of("kirifu", actions=0)
    data["deal"]["stock"][-1] = "JokerR"
    assert refused(data).path.startswith("deal")


# --- limits ---------------------------------------------------------------------------------------
def test_a_file_over_the_size_limit_is_refused_before_reading_it_all(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(" " * (MAX_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        load(path)


@pytest.mark.parametrize("field,limit", [("title", TEXT_CHARS), ("comments", TEXT_CHARS), ("players", NAME_CHARS)])
def test_texts_over_their_limit_are_refused(field, limit):
    data = data_of("cleopatra")
    long = "é" * (limit + 1)
    path = {"title": "title", "comments": "comments.0", "players": "players[1]"}[field]
    data[field] = {"title": long, "comments": {"0": long}, "players": ["X", long]}[field]
    assert str(refused(data)) == f"{path}: text of {limit + 1:,} characters; the limit is {limit:,}"


@pytest.mark.parametrize("text,path,words", [
    ('{"game": "kirifu", "game": "trappola"}', "game", "given twice"),
    ('{"game": "kirifu", "seed": NaN}', "seed", "NaN is not a JSON number"),
    ('{"game": "kirifu", "seed": 1e999}', "seed", "out of range"),
    ('{"game": "kirifu", "title": "\\udc00"}', "title", "lone surrogate"),
    ('{"game": "kirifu"', "", "not valid JSON"),
    ("", "", "not valid JSON"),
])
def test_json_that_python_would_take_or_choke_on_is_refused(text, path, words):
    error = refused(text)
    assert error.path == path and words in str(error)


# --- other uses -----------------------------------------------------------------------------------
def test_to_frame_gives_one_row_per_event():
    state = sample_game(2)
    frame = to_frame(state.events)
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(state.events)
    assert {"event", "step", "player", "card"} <= set(frame.columns)
    played = frame[frame.event == "Played"]
    assert len(played) == state.outcome.stats["cards"] and played.card.str.len().min() >= 2


def test_to_frame_in_japanese_names_its_columns_and_events_in_japanese():
    state = sample_game(2)
    english, japanese = to_frame(state.events), to_frame(state.events, lang="ja")
    assert japanese.shape == english.shape and {"出来事", "手目", "プレイヤー", "カード"} <= set(japanese.columns)
    assert (japanese["出来事"] == "出す").sum() == (english.event == "Played").sum() > 0
    assert not [name for name in [*japanese.columns, *japanese["出来事"]] if name.isascii()]
    assert japanese.columns.is_unique
    with pytest.raises(ValueError, match="lang"):
        to_frame(state.events, lang="fr")


def test_an_event_table_shows_a_field_an_event_has_not_blank_and_seats_as_whole_numbers():
    """Issue 39: the notebooks' event tables were full of NaN, and a seat read 1.0."""
    from cardlab.games import trappola
    game = trappola.new_game(deal=trappola.make_deal(["AD RD CD FD AC RC CC FC 9D", "2S AB RB CB FB 10B 9B 8B 7B"],
                                                     dealer=0))
    for action in ["keep", "keep", "play 2S", "play AD"]:
        game.play(action)
    frame = to_frame(game.events[-3:])                  # played, played, trick won
    for shown in (repr(frame), frame._repr_html_()):
        assert "NaN" not in shown and "NA" not in shown and "1.0" not in shown
    assert "<td></td>" in frame._repr_html_()
    assert list(frame.player.isna()) == [False, False, True]       # still missing for pandas
    assert frame.points.sum() == 6 and list(frame.player.dropna()) == [1, 0]
    assert "NaN" not in repr(to_frame(game.events, lang="ja"))


def test_record_states_step_through_the_game():
    state = new_game(seed=1)
    for _ in range(6):
        state.play(state.legal_actions()[0])
    states = Record(**copy.deepcopy(record_of(state).__dict__)).states()
    assert len(states) == 7 and states[-1].pile == state.pile and states[0].history == []


PRESETS = [(info.name, preset) for info in builtin_games() for preset in info.module.PRESETS]


@pytest.mark.parametrize("game, preset", PRESETS)
def test_each_of_a_records_states_is_its_replay_up_to_there(game, preset):
    """Issue 37: the states are made from the replay's undo snapshots, not by replaying or deep
    copies; each is exactly the game after its first k actions (Beggar-my-neighbour's loop
    detection, a field that only grows, included)."""
    record = record_of(started(game, seed=4, actions=60, preset=preset))
    states = record.states()
    assert len(states) == len(record.actions) + 1
    for k in range(len(states)):
        assert states[k].fingerprint() == record.replay(k).fingerprint(), k
    assert states[-1].fingerprint() == states[len(states) - 1].fingerprint()
    with pytest.raises(IndexError):
        states[len(states)]


@pytest.mark.parametrize("game", GAMES)
def test_a_state_of_a_record_is_independent_and_takes_back_its_actions(game):
    record = record_of(started(game, seed=5, actions=30))
    states = record.states()
    k = len(states) // 2
    mine = states[k]
    mine.play(mine.legal_actions()[0])
    assert states[k].fingerprint() == record.replay(k).fingerprint()         # the others unchanged
    assert states[-1].fingerprint() == record.replay().fingerprint()
    mine.undo()
    assert mine.fingerprint() == states[k].fingerprint()
    mine.undo()
    assert mine.fingerprint() == states[k - 1].fingerprint()
    assert [s.fingerprint() for s in states[k - 1:k + 1]] == [record.replay(i).fingerprint() for i in (k - 1, k)]


def test_a_record_without_names_uses_the_default_names():
    data = data_of("cleopatra")
    data["players"] = []
    assert list(loads(json.dumps(data)).replay().players) == ["X", "Y"]


def test_a_result_stored_for_an_unfinished_game_is_refused():
    data = data_of("kirifu")
    data["result"] = {"winner": 0, "reason": "made up", "scores": [1, 2, 3, 4], "ranking": [0, 1, 2, 3]}
    assert "the game is not over after 8 actions" in str(refused(data))


@pytest.mark.parametrize("change,path", [
    (dict(players=["X" * (NAME_CHARS + 1), "Y"]), "players[0]"),
    (dict(comments={0: "\ud800"}), "comments.0"),
    (dict(seed=2**70), "seed"),
])
def test_what_load_would_refuse_is_not_written(tmp_path, change, path):
    record = dataclasses.replace(record_of(started("cleopatra")), **change)
    with pytest.raises(RecordError) as e:
        record.save(tmp_path / "game.json")
    assert e.value.path == path and not (tmp_path / "game.json").exists()


def test_a_deal_in_pattern_notation_loads():
    data = data_of("cleopatra", actions=0)
    data["deal"] = {"hands": ["K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"], "first": 0}
    data["rules"] = {"name": "beggar-my-neighbour"}
    assert len(loads(json.dumps(data)).replay().hands[0]) == 26
