"""Cleopatra for two people at one keyboard (issue 24), driven headless with table.press(key, t=...):
each seat's own keys (A/S on the left, K/L on the right) drawn under it, turns through the state,
the slap race decided by the times the browser measured (C11: the key that arrived first), false
slaps (C13), real time, the rules without slapping, Japanese."""

from __future__ import annotations

import re

import pytest

from cardlab.games import cleopatra
from cardlab.games.cleopatra.table_duo import RACE_MS, CleopatraDuoTable
from cardlab.games.cleopatra.words import DUO
from cardlab.words import LANGS


def fire(table, name):
    """Answer the pending browser timer called ``name`` (as the browser would)."""
    tag = next(t for t in table.timers if t.startswith(name + ":"))
    table.view.send_event({"type": "timer", "tag": tag, "t": table.timers[tag]})


def rigged(table, x, y, rules=cleopatra.CLEOPATRA):
    """A known deal between the table's two people, Left (X) to play first."""
    table.start(cleopatra.new_game(rules, seed=1, players=table.state.players,
                                   deal={"hands": [x.split(), y.split()], "first": 0}))


def keys_drawn(table):
    return re.findall(r'class="cardlab-keys"[^>]*>([^<]*)<', table.view.svg)


def a_pair(table):
    """Left turns 7♥ with A, Right 7♠ with K: a pair on top (C10)."""
    rigged(table, "7H 2H 4H", "7S 3S 5S")
    table.press("a")
    table.press("k")
    assert table.state.history_text() == ["X 7H", "Y 7S"] and table.pair_open


def test_two_people_no_bot_each_seats_keys_drawn_under_it_and_no_computer_settings():
    table = CleopatraDuoTable(seed=3)
    assert table.state.players == ("Left", "Right") and table.bot is None
    assert table.attention.layout.display == "none" and table.trainer.switch.layout.display == "none"
    assert keys_drawn(table) == ["K: turn · L: slap", "A: turn · S: slap"]    # Right at the top, Left below
    assert "your" not in table.view.svg and ("Left to play" in table.view.svg or "Right to play" in table.view.svg)
    assert table.choices() == [] and 'data-target=' not in table.view.svg    # a click cannot tell whose
    assert "cardlab-cleopatra-duo" in table._dom_classes and repr(table).startswith("CleopatraDuoTable(")
    named = CleopatraDuoTable(seed=3, names=("Ada", "Ben"))
    assert named.state.players == ("Ada", "Ben") and "Ada, S" not in named.view.status
    assert "Ada turns a card with A, Ben with K" in named.view.status
    with pytest.raises(ValueError, match="names"):
        CleopatraDuoTable(names=("Ada",))


def test_each_turns_their_own_card_with_their_own_key_and_the_others_key_says_whose_turn_C4():
    table = CleopatraDuoTable(seed=3)
    rigged(table, "5H 9H 4H", "10S 2S 3S")
    table.press("k")                                           # Right's key on Left's turn: nothing turns
    assert table.state.history == [] and table.view.status == "It is Left's turn, not Right's: Left turns with A."
    table.press("A")                                           # either case
    assert table.state.history_text() == ["X 5H"] and table.view.status == ""
    table.press("a")
    assert len(table.state.history) == 1 and "Right turns with K" in table.view.status
    table.press("k")
    assert table.state.history_text() == ["X 5H", "Y 10S"]
    assert not table.timers                                    # no bot: nothing turns by itself in step mode


def test_the_faster_key_wins_the_slap_race_C11():
    """Right's L arrives first (180 ms after the pair appeared), Left's S second on the same
    drawing (240 ms): both go to the engine, the earliest time wins, the record holds the race."""
    table = CleopatraDuoTable(seed=3)
    a_pair(table)
    seq = table.view.seq
    table.press("l", t=180)
    assert table.view.seq == seq and table.state.pile        # the race waits for the other's key ...
    assert list(table.timers.values()) == [RACE_MS]
    table.press("s", t=240)                                    # ... which arrives on the same drawing
    assert table.state.history_text()[-1] == "slap Y@180 X@240"
    assert len(table.state.won[1]) == 2 and table.state.current_player == 1     # C10, C8
    assert table.view.status == "Right slapped first (Right 180 ms, Left 240 ms) and takes the pile (C10, C11)."
    assert not table.timers and table.view.seq > seq


def test_the_other_way_round_left_is_faster_and_the_times_decide_not_the_seat():
    table = CleopatraDuoTable(seed=3)
    a_pair(table)
    table.press("s", t=301)
    table.press("l", t=302)
    assert table.state.history_text()[-1] == "slap X@301 Y@302" and len(table.state.won[0]) == 2
    assert table.view.status.startswith("Left slapped first (Left 301 ms, Right 302 ms)")


def test_a_lone_slap_is_decided_when_the_wait_is_over_and_a_later_key_is_too_late_C10():
    table = CleopatraDuoTable(seed=3)
    a_pair(table)
    table.press("s", t=250)
    table.press("s", t=260)                                    # the same key again joins nothing
    assert len(table.state.history) == 2
    fire(table, "race")
    assert table.state.history_text()[-1] == "slap X@250" and len(table.state.won[0]) == 2
    table.press("l", t=40)                                     # on the next drawing: the pair is gone
    assert table.view.status == "Too late: Left slapped the pair first."


def test_an_exact_tie_is_the_engines_seeded_coin_C11():
    winners = set()
    for seed in range(12):
        table = CleopatraDuoTable(seed=seed)
        table.start(cleopatra.new_game(seed=seed, players=table.state.players,
                                       deal={"hands": [["7H", "2H"], ["7S", "3S"]], "first": 0}))
        table.press("a")
        table.press("k")
        table.press("s", t=200)
        table.press("l", t=200.2)                              # whole milliseconds: a tie
        assert table.state.history_text()[-1] == "slap X@200 Y@200"
        winners.add(next(e.player for e in table.state.events if isinstance(e, cleopatra.Slapped)))
    assert winners == {0, 1}


def test_a_turn_key_while_the_race_is_open_turns_nothing():
    table = CleopatraDuoTable(seed=3)
    a_pair(table)                                              # Left is due after Right's 7♠
    table.press("l", t=150)
    table.press("a")
    assert len(table.state.history) == 2
    table.press("s", t=400)
    assert table.state.history_text()[-1] == "slap Y@150 X@400"


def test_a_slap_key_without_a_pair_is_that_persons_false_slap_C13():
    table = CleopatraDuoTable(seed=3)
    rigged(table, "7H 2H", "8S 3S")
    table.press("a")
    before = table.state.fingerprint()
    table.press("l", t=90)
    assert table.state.fingerprint() == before and table.view.status.startswith("No pair on top: Right's slap")
    assert "(C13)" in table.view.status
    rigged(table, "7H 2H 4H", "8S 3S", rules=cleopatra.EGYPTIAN_RATSCREW)
    table.press("a")
    table.press("l", t=90)
    assert [c.ascii() for c in table.state.under] == ["8S"] and table.view.status == \
        "No pair: Right burns 8♠ under the pile (C13)."


def test_enter_space_and_clicks_say_which_keys_are_whose():
    table = CleopatraDuoTable(seed=3)
    rigged(table, "7H 2H", "8S 3S")
    for gesture in (lambda: table.press(" "), lambda: table.press("Enter"), lambda: table.click("slap")):
        gesture()
        assert table.view.status == ("At this table each of you has your own keys: Left (A: turn · S: slap), "
                                     "Right (K: turn · L: slap).")
    assert table.state.history == []


def test_real_time_turns_both_peoples_cards_at_the_tempo_and_a_race_holds_the_tempo():
    table = CleopatraDuoTable(seed=3, mode="real-time", tempo="fast (0.6 s)")
    rigged(table, "7H 2H 4H", "7S 3S 5S")
    assert keys_drawn(table) == ["L: slap", "S: slap"] and set(table.timers.values()) == {600}
    table.press("a")                                           # no turn key in real time
    assert table.state.history == []
    fire(table, "tick")
    fire(table, "tick")
    assert table.state.history_text() == ["X 7H", "Y 7S"]
    table.press("s", t=210)
    assert list(table.timers.values()) == [RACE_MS]            # no card turns while the race is open
    fire(table, "race")
    assert table.state.history_text()[-1] == "slap X@210" and set(table.timers.values()) == {600}
    fire(table, "tick")
    assert table.state.history_text()[-1] == "X 2H"            # the slapper plays next (C8)


def test_without_slapping_only_the_turn_keys_and_new_game_works():
    table = CleopatraDuoTable(seed=3, rules="Beggar-my-neighbour")
    assert keys_drawn(table) == ["K: turn", "A: turn"] and "lap" not in table.view.status
    due = table.state.current_player
    table.press("sl"[due])                                     # a slap key: no slapping here
    assert table.state.history == [] and "K: turn" in table.view.status
    table.press("ak"[due])
    assert len(table.state.history) == 1
    table.press("n")
    table.press("n")
    assert table.state.history == [] and table.state.seed == 4


def test_after_the_end_the_keys_are_gone_but_their_row_is_kept():
    table = CleopatraDuoTable(seed=3)
    height = re.search(r'height="([\d.]+)"', table.view.svg).group(1)
    rigged(table, "5H", "9S 3S")
    table.press("a")                                           # Left's last card: Left is out (C15)
    assert table.state.is_over and "Right wins" in table.view.status
    assert keys_drawn(table) == [] and re.search(r'height="([\d.]+)"', table.view.svg).group(1) == height


def test_the_japanese_table_of_two():
    table = CleopatraDuoTable(seed=3, lang="ja")
    assert table.state.players == ("左の人", "右の人")
    assert keys_drawn(table) == ["K：出す・L：叩く", "A：出す・S：叩く"]
    assert table.view.status.startswith("一つのキーボードで二人") and "先に届いたキー" in table.view.status
    a_pair(table)
    table.press("l", t=180)
    table.press("s", t=240)
    assert table.view.status == "右の人が先に叩きました（右の人 180ミリ秒、左の人 240ミリ秒）。場のカードは右の人のものです（C10、C11）。"
    table.press("k")
    table.press("k")
    assert table.view.status == "右の人ではなく左の人の番です。左の人はAで出します。"


def test_every_text_of_the_two_at_one_keyboard_catalogue_formats_in_both_languages():
    fields = {"name": "Ada", "due": "Ben", "letter": "A", "rule": "C13", "card": "5♥", "greet": "Hi.",
              **{f"{side}{part}": "x" for side in ("left", "right") for part in ("", "_turn", "_slap", "_keys")}}
    for lang in LANGS:
        for key in DUO.by_lang[lang]:
            assert DUO.say(lang, key, **fields)
    assert [k for k in DUO.by_lang["en"] if DUO.by_lang["en"][k] == DUO.by_lang["ja"][k]] == []
