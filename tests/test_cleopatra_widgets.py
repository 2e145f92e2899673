"""The Cleopatra replay and play table, driven headless (button clicks, view.send_event)."""

from __future__ import annotations

import pytest

from cardlab.games import cleopatra
from cardlab.games.cleopatra.table import CleopatraReplay, CleopatraTable


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
    assert replay.replayer.step == 16 and "Y takes 3 cards" in caption and "of the source, paraphrased" in caption
    assert 'data-count="17"' in replay.replayer.view.svg            # Y's won pile: 6 + 8 + 3
    replay.replayer.bar.last.click()
    assert "Y wins" in replay.replayer.bar.caption_text


def test_replay_card_by_card():
    replay = CleopatraReplay(mode="cards")
    n_actions = len(replay.steps[-1].actions) + replay.steps[-1].actions[0]
    assert replay.replayer.bar.n_frames == n_actions + 1
    replay.go(20)
    assert replay.replayer.bar.caption_text.startswith("Y slaps (Y 300 ms); Y takes 8 cards (step 13)")
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
    """Before the first card, new rules and a new seed deal at once; New game then deals the next
    seed (it dealt the same seed again before the issue "Tables at every size and at every moment")."""
    table = CleopatraTable(seed=3)
    table.rules.value = "Beggar-my-neighbour"
    table.seed.value = 9
    assert table.state.rules.name == "beggar-my-neighbour" and table.state.seed == 9
    table.attention.value = 0.25
    table.new_button.click()
    assert table.state.rules.name == "beggar-my-neighbour" and table.state.seed == table.seed.value == 10
    assert table.bot.attention == 0.25 and table.state.current_player == 0
    assert "cardlab-rules" in table.rules._dom_classes and repr(table).startswith("CleopatraTable(")


# --- issue 11: keyboard, messages that stay, the capture in the replay, layouts, Japanese --------

def test_enter_turns_your_card_space_slaps_and_t_s_do_the_same_C4_C10():
    table = CleopatraTable(seed=2, attention=0.0)
    rigged(table, "7H 2H 4H", "7S 3S 5S")
    assert table.choices() == ["turn", "slap"] and table.shortcuts() == {"t": "turn", "s": "slap"}
    assert table.focus == "turn" and "Enter: turn · Space: slap" in table.view.svg
    table.press("Enter")
    assert table.state.history_text() == ["X 7H"] and table.choices() == ["slap"]
    table.press("Enter")                                       # the bot's turn: Enter turns nothing
    assert len(table.state.history) == 1
    fire(table, "bot-turn")                                    # 7S: a pair
    table.press("s", t=250)
    assert table.state.history_text()[-1] == "slap X@250" and len(table.state.won[0]) == 2
    assert table.focus == "turn"                               # your turn again (C8): the ring is on your hand
    table.press("t")
    assert table.state.history_text()[-1] == "X 2H"


def test_the_arrows_move_the_ring_to_the_pile_and_enter_then_slaps():
    table = CleopatraTable(seed=2, attention=0.0)
    rigged(table, "7H 2H 4H", "7S 3S 5S")
    table.press("Enter")
    fire(table, "bot-turn")
    table.press("ArrowRight")
    assert table.focus == "slap" and f'data-target="{table.focus}"' in table.view.svg
    table.press("Enter", t=300)
    assert table.state.history_text()[-1] == "slap X@300"


def test_no_slap_key_or_target_where_the_rules_have_no_slapping():
    table = CleopatraTable(seed=2, rules="Beggar-my-neighbour")
    assert table.choices() == ["turn"] and table.shortcuts() == {"t": "turn"}
    assert 'data-target="slap"' not in table.view.svg and "Space: slap" not in table.view.svg


def test_a_false_slap_message_stays_until_your_next_action_C13():
    table = CleopatraTable(seed=2, attention=0.0)
    rigged(table, "5H 9H 4H", "10S 2S 3S")
    table.press("Enter")
    table.press(" ", t=80)
    message = table.view.status
    assert "no effect (C13)" in message
    fire(table, "bot-turn")                                    # the bot's card does not wipe it
    assert table.view.status == message
    table.press("Enter")                                       # your next action does
    assert table.view.status == ""


def test_a_message_stays_in_real_time_mode_too():
    table = CleopatraTable(seed=2, attention=0.0, mode="real-time", tempo="fast (0.6 s)")
    rigged(table, "5H 9H 4H 6H", "10S 2S 3S 8S")
    table.press(" ", t=80)
    message = table.view.status
    for _ in range(3):
        fire(table, "tick")
    assert table.view.status == message and len(table.state.history) == 3


def test_a_slap_after_the_bot_took_the_pair_says_too_late_C10():
    table = CleopatraTable(seed=2, attention=1.0)
    rigged(table, "7H 2H", "7S 3S")
    table.press("Enter")
    fire(table, "bot-turn")
    fire(table, "bot-slap")
    table.press(" ", t=900)
    assert table.view.status == "Too late: Bot slapped the pair first."


def test_the_table_is_drawn_narrow_below_its_wide_width_and_the_settings_rows_wrap():
    table = CleopatraTable(seed=2)
    assert table.WIDE_WIDTH == 840 and 'width="840"' in table.view.svg
    table.view.width = 700
    assert table.layout == "narrow" and 'width="640"' in table.view.svg
    rows = table.children[:3]
    assert all(row.layout.flex_flow == "row wrap" for row in rows)


def test_the_japanese_table():
    table = CleopatraTable(seed=2, lang="ja")
    assert table.view.lang == "ja" and "手持ちカード" in table.view.svg and "Enter：出す" in table.view.svg
    assert table.rules.description == "ルール" and table.rules.value == "Cleopatra"
    assert table.trainer.switch.description == "叩く練習" and table.view.status.startswith("Enter（")
    table.press("Enter")
    assert "あなたは" in table.view.svg


def test_replay_step_9_shows_the_six_cards_y_takes_C6():
    replay = CleopatraReplay()
    replay.go(9)
    svg = replay.replayer.view.svg
    assert "Step 9: X pays 7♦; Y takes 6 cards." in replay.replayer.bar.caption_text
    taken = svg.split('class="cardlab-taken"')[1]
    assert [c for c in ("8H", "4C", "KD", "5S", "JC", "7D") if f'data-card="{c}"' in taken] == \
        ["8H", "4C", "KD", "5S", "JC", "7D"]
    replay.go(8)
    assert "cardlab-taken" not in replay.replayer.view.svg and 'data-card="JC"' in replay.replayer.view.svg


def test_replay_card_by_card_draws_the_capturing_card_with_the_cards_taken():
    replay = CleopatraReplay(mode="cards")
    replay.go(11)                                              # after "X 7D"
    taken = replay.replayer.view.svg.split('class="cardlab-taken"')[1]
    assert 'data-card="7D"' in taken and "Y takes 6 cards" in taken
    assert replay.replayer.bar.caption_text.startswith("X pays 7♦; Y takes 6 cards (step 9)")


def test_the_replay_in_japanese_and_narrow():
    replay = CleopatraReplay(lang="ja")
    assert replay.mode.description == "再生の単位" and replay.replayer.bar.caption_text.startswith("ゲーム開始：")
    replay.go(9)
    assert replay.replayer.bar.caption_text.startswith("9手目：Xは続けて7♦を出す。Yは場の6枚を取る。")
    replay.replayer.view.width = 700
    assert 'width="640"' in replay.replayer.view.svg and "Yは場の6枚を取る" in replay.replayer.view.svg


# --- issue "Tables at every size and at every moment": new deals, settings mid-game, the replay --

def first_cards(table, n=4):
    """The first ``n`` cards the deal on ``table`` puts on the pile (turned by the engine on a copy)."""
    game = cleopatra.new_game(table.state.rules, seed=table.state.seed, deal=table.state.initial_deal())
    cards = []
    while len(cards) < n and not game.is_over:
        action = game.legal_actions()[0]
        game.play(action)
        cards.append(str(action.card))
    return cards


def test_every_new_game_is_a_new_deal_whose_seed_is_shown_and_deals_it_again():
    table = CleopatraTable(seed=0)
    deals = {table.seed.value: table.state.initial_deal()}
    table.new_button.click()                                   # New game
    deals[table.seed.value] = table.state.initial_deal()
    table.press("Enter")
    table.press("n")
    table.press("N")                                           # N twice mid-game
    deals[table.seed.value] = table.state.initial_deal()
    rigged(table, "5H", "9S 3S")                               # a short game on the same table:
    table.press("Enter")                                       # X turns their last card and is out (C15)
    assert table.state.is_over
    table.press("n")                                           # N at the end
    deals[table.seed.value] = table.state.initial_deal()
    assert len(deals) == 4 and table.state.seed == table.seed.value
    assert len({str(deal) for deal in deals.values()}) == 4    # four different deals
    for seed, deal in deals.items():                           # each seed deals its game again
        assert CleopatraTable(seed=seed).state.initial_deal() == deal
    again = CleopatraTable(seed=5)
    first = first_cards(again)
    again.new_button.click()
    assert first_cards(again) != first
    again.seed.value = 5                                       # entering the seed again, before a card
    assert again.state.seed == 5 and first_cards(again) == first


def test_new_rules_mid_game_wait_for_n_and_the_game_goes_on_meanwhile():
    table = CleopatraTable(seed=4, attention=0.0)
    table.press("Enter")                                       # a card is on the pile: a game is going on
    history = list(table.state.history)
    table.rules.value = "Beggar-my-neighbour"
    assert table.state.history == history and table.state.rules.name == "cleopatra"
    assert table.view.status == ("New game with rules Beggar-my-neighbour? Press N (or New game) to leave this "
                                 "game for it; set rules Cleopatra again to play on.")
    assert "Cleopatra クレオパトラ" in table.view.svg          # the title of the rules in force
    fire(table, "bot-turn")                                    # the game goes on
    assert len(table.state.history) == 2
    table.press("n")                                           # one N confirms what was asked
    assert table.state.rules.name == "beggar-my-neighbour" and table.state.history == []
    assert table.state.seed == table.seed.value == 4           # the seed shown, not the next one
    assert "Beggar-my-neighbour ベガー・マイ・ネイバー" in table.view.svg and "クレオパトラ" not in table.view.svg
    assert table.view.status == "Press Enter (or click your hand) to turn a card."   # no slap hint


def test_going_back_cancels_a_waiting_change_and_n_asks_again():
    table = CleopatraTable(seed=4, attention=0.0)
    table.press("Enter")
    table.seed.value = 41
    assert "New game with seed 41?" in table.view.status and "set seed 4 again" in table.view.status
    table.seed.value = 4                                       # back: nothing waits
    assert table.view.status == "Back to the settings of this game: it goes on."
    history = list(table.state.history)
    table.press("n")                                           # a single N asks, as ever
    assert table.state.history == history and table.state.seed == 4
    assert table.view.status == "Press N again to leave this game and deal a new one."


def test_new_game_button_deals_a_waiting_change_and_after_the_end_a_change_deals_at_once():
    table = CleopatraTable(seed=4, attention=0.0)
    table.press("Enter")
    table.rules.value = "Egyptian Ratscrew"
    table.seed.value = 12
    assert "rules Egyptian Ratscrew, seed 12?" in table.view.status
    assert "set rules Cleopatra, seed 4 again" in table.view.status
    table.new_button.click()
    assert (table.state.rules.name, table.state.seed, table.state.history) == ("egyptian-ratscrew", 12, [])
    rigged(table, "5H", "9S 3S", rules=cleopatra.BEGGAR_MY_NEIGHBOUR)
    table.press("Enter")
    fire(table, "bot-turn")                                    # X has no card: the game is over
    assert table.state.is_over
    table.rules.value = "Cleopatra"
    assert table.state.rules.name == "cleopatra" and table.state.history == []


def test_without_slapping_space_says_so_naming_the_rule_and_nothing_says_slap():
    for lang, words in (("en", ("Slapping is not part of Beggar-my-neighbour", 'slaps is "none"')),
                        ("ja", ("ベガー・マイ・ネイバーには叩く規則がありません", "何も起きません"))):
        table = CleopatraTable(seed=2, rules="Beggar-my-neighbour", lang=lang)
        assert "pace" not in table.view.status and "スペース" not in table.view.status
        assert table.trainer.switch.disabled
        table.press("Enter")
        table.press(" ", t=80)
        assert all(w in table.view.status for w in words) and table.trainer.log.false_slaps == 0
        assert "C10" not in table.view.status and "No pair" not in table.view.status
    slapping = CleopatraTable(seed=2)
    assert "Slap a pair with space" in slapping.view.status and not slapping.trainer.switch.disabled


def test_the_replay_captions_cards_in_words_as_the_table_names_them():
    replay = CleopatraReplay(mode="cards")
    replay.go(1)
    assert replay.replayer.bar.caption_text.startswith("X plays 5♥ (step 1)")
    japanese = CleopatraReplay(mode="cards", lang="ja")
    japanese.go(1)
    assert japanese.replayer.bar.caption_text.startswith("Xは5♥を出す（1手目）")
    assert japanese.replayer.bar.play.tooltip.startswith("再生") and japanese.replayer.view.lang == "ja"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_slap_trainers_legend_leaves_its_bars_clear_and_its_counts_read_right(lang):
    """The legend lay over the bars of your reaction times, and the caption said "1 false slaps"."""
    import matplotlib.pyplot as plt

    from cardlab.games.cleopatra.slaps import SlapLog, plot_slaps, win_chances
    words = {"en": ["you: 1 slap", "1 of 1 pair in", "2 false slaps"],
             "ja": ["あなた：1回", "1組のうち1組", "叩いたのは2回"]}
    many = {"en": ["you: 8 slaps", "8 of 10 pairs in", "1 false slap (C13"],
            "ja": ["あなた：8回", "10組のうち8組", "叩いたのは1回"]}
    for log, said in ((SlapLog(reactions=[320], false_slaps=2), words[lang]),
                      (SlapLog(reactions=[320, 410, 365, 300, 455, 390, 340, 480], beaten=[290], missed=1,
                               false_slaps=1), many[lang])):
        fig = plot_slaps(log, win_chances(log, attentions=(0.5, 1.0), n=10, seed=1), lang=lang)
        renderer = fig.canvas.get_renderer()
        left = fig.axes[0]
        legend = left.get_legend()
        box = legend.get_window_extent(renderer)
        bars = [patch.get_window_extent(renderer) for patch in left.patches]
        labels = [left.xaxis.label, *left.get_xticklabels(), fig.texts[-1]]
        assert bars and not any(box.overlaps(bar) for bar in bars)
        assert not box.overlaps(left.get_window_extent(renderer))          # outside the panel
        assert not any(box.overlaps(label.get_window_extent(renderer)) for label in labels)
        shown = " ".join([text.get_text() for text in legend.get_texts()] + [fig.texts[-1].get_text()])
        shown = shown.replace("\n", " " if lang == "en" else "")
        assert all(word in shown for word in said), (said, shown)
        assert lang == "ja" or ("1 false slaps" not in shown and "1 slaps" not in shown)
        plt.close(fig)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_slap_trainers_report_on_a_phone_is_stacked_and_shown_at_full_size(lang):
    """Issue 29: the report (900 px wide) was shrunk into a 360 px output, its text to about 5 px.
    In the phone layout its panels stand one above the other, under 360 px wide at the trainer's
    90 dpi, so it is shown at its own size (text of 9 pt and more: 11 px and more)."""
    import io

    import matplotlib.pyplot as plt
    from PIL import Image

    from cardlab.games.cleopatra.slaps import SlapLog, plot_slaps, win_chances
    log = SlapLog(reactions=[320, 410, 365, 300, 455, 390, 340, 480], beaten=[290], missed=1, false_slaps=1)
    fig = plot_slaps(log, win_chances(log, attentions=(0.5, 1.0), n=10, seed=1), lang=lang, stacked=True)
    top, bottom = (ax.get_position() for ax in fig.axes)
    assert top.y0 > bottom.y1 and abs(top.x0 - bottom.x0) < 0.05          # one above the other
    sizes = [t.get_fontsize() for t in fig.findobj(plt.Text) if t.get_text().strip()]
    assert min(sizes) * 90 / 72 >= 11
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    assert Image.open(buffer).size[0] <= 360
