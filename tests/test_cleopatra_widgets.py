"""The Cleopatra replay and play table, driven headless (button clicks, view.send_event)."""

from __future__ import annotations

from cardlab.games import cleopatra
from cardlab.widgets.cleopatra import CleopatraReplay, CleopatraTable


def fire(table, name):
    """Answer the pending browser timer called ``name`` (as the browser would)."""
    tag = next(t for t in table.timers if t.startswith(name + ":"))
    table.view.send_event({"type": "timer", "tag": tag, "t": table.timers[tag]})


def rigged(table, x, y, rules=cleopatra.CLEOPATRA):
    """Put a known deal on the table (the widget reads everything from ``table.state``)."""
    table.start(cleopatra.new_game(rules, seed=1, players=["You", "Bot"],
                                   deal={"hands": [x.split(), y.split()], "first": 0}))


def test_replay_of_the_sample_steps_to_16_with_the_source_words():
    replay = CleopatraReplay()
    assert replay.replayer.bar.n_frames == 101
    replay.go(15)
    replay.replayer.bar.forward.click()
    caption = replay.replayer.bar.caption_text
    assert replay.replayer.step == 16 and "Y takes 3 cards" in caption and "(source)" in caption
    assert 'data-count="17"' in replay.replayer.view.svg            # Y's won pile: 6 + 8 + 3
    replay.replayer.bar.last.click()
    assert "Y wins" in replay.replayer.bar.caption_text


def test_replay_card_by_card():
    replay = CleopatraReplay(mode="cards")
    n_actions = len(replay.steps[-1].actions) + replay.steps[-1].actions[0]
    assert replay.replayer.bar.n_frames == n_actions + 1
    replay.go(20)
    assert replay.replayer.bar.caption_text.startswith("slap Y@300 (step 13)")
    replay.mode.value = "steps"
    assert replay.children[1] is replay.by_step


def test_replay_of_any_record_here_beggar_my_neighbour():
    from cardlab.records import record_of
    g = cleopatra.new_game(cleopatra.BEGGAR_MY_NEIGHBOUR, seed=5)
    while not g.is_over:
        g.play(g.legal_actions()[0])
    replay = CleopatraReplay(record_of(g))
    assert replay.replayer.bar.n_frames == g.outcome.stats["steps"] + 1
    replay.replayer.bar.last.click()
    assert "wins" in replay.replayer.bar.caption_text


def test_step_mode_click_turns_your_card_and_the_bot_follows_on_a_timer():
    table = CleopatraTable(seed=2)
    rigged(table, "5H 9H", "10S 2S")
    table.click("turn")
    assert table.state.history_text() == ["X 5H"] and table.state.current_player == 1
    table.click("turn")                                        # not your turn: nothing happens
    assert len(table.state.history) == 1
    fire(table, "bot-turn")
    assert table.state.history_text() == ["X 5H", "Y 10S"]


def test_you_win_a_slap_race_with_the_space_bar():
    table = CleopatraTable(seed=2, attention=1.0)
    rigged(table, "7H 2H", "7S 3S")
    table.click("turn")
    fire(table, "bot-turn")
    assert table.pair_open and table.bot_time is not None
    bot_time = table.bot_time
    table.press(" ", t=bot_time - 1)
    assert table.state.history_text()[-1] == f"slap X@{bot_time - 1} Y@{bot_time}"
    assert len(table.state.won[0]) == 2 and "You slapped first" in table.message


def test_the_bot_wins_when_you_are_slower_or_do_not_slap():
    table = CleopatraTable(seed=2, attention=1.0)
    rigged(table, "7H 2H", "7S 3S")
    table.click("turn")
    fire(table, "bot-turn")
    bot_time = table.bot_time
    table.press(" ", t=bot_time + 200)
    assert len(table.state.won[1]) == 2 and "Bot slapped first" in table.message
    rigged(table, "7H 2H", "7S 3S")
    table.click("turn")
    fire(table, "bot-turn")
    bot_time = table.bot_time
    fire(table, "bot-slap")
    assert table.state.history_text()[-1] == f"slap Y@{bot_time}" and len(table.state.won[1]) == 2


def test_inattentive_bot_never_slaps_and_stale_timers_are_ignored():
    table = CleopatraTable(seed=2, attention=0.0)
    rigged(table, "7H 2H 4H", "7S 3S 5S")
    table.click("turn")
    fire(table, "bot-turn")
    assert table.pair_open and table.bot_time is None and not any(t.startswith("bot-slap") for t in table.timers)
    table.view.send_event({"type": "timer", "tag": "bot-turn:0", "t": 1})
    assert len(table.state.history) == 2
    table.click("turn")                                        # C12: the pair is gone
    assert not table.pair_open


def test_a_slap_without_a_pair_has_no_effect_or_burns_in_ratscrew():
    table = CleopatraTable(seed=2)
    rigged(table, "7H 2H", "8S 3S")
    table.click("turn")
    before = table.state.fingerprint()
    table.press(" ", t=50)
    assert table.state.fingerprint() == before and "no effect (C13)" in table.message
    rigged(table, "7H 2H 4H", "8S 3S", rules=cleopatra.EGYPTIAN_RATSCREW)
    table.click("turn")
    table.press(" ", t=50)
    assert len(table.state.under) == 1 and "burn" in table.message


def test_real_time_mode_turns_cards_on_ticks():
    table = CleopatraTable(seed=3, mode="real-time", tempo="fast (0.6 s)")
    assert set(table.timers.values()) == {600}
    for _ in range(4):
        fire(table, "tick")
    assert len(table.state.history) >= 4
    n = len(table.state.history)
    table.click("turn")                                        # no clicking cards in real time
    assert len(table.state.history) == n


def test_rules_seed_and_attention_controls_start_a_new_game():
    table = CleopatraTable(seed=3)
    table.rules.value = "Beggar-my-neighbour"
    table.seed.value = 9
    table.attention.value = 0.25
    table.new_button.click()
    assert table.state.rules.name == "beggar-my-neighbour" and table.state.seed == 9
    assert table.bot.attention == 0.25 and table.state.current_player == 0
    assert "cardlab-rules" in table.rules._dom_classes and repr(table).startswith("CleopatraTable(")
