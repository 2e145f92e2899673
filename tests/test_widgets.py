"""The card-table view, the replay bar and the demo table, driven from Python (no browser)."""

from __future__ import annotations

import re

import pytest
import traitlets

import ipywidgets as w

from cardlab.widgets import ReplayBar, Replayer, TableEventError, TableView
from cardlab.widgets.replay import SPEEDS
from cardlab.widgets.demo import DemoTable, turning_replay


@pytest.fixture
def view_and_events():
    view, seen = TableView(svg="<svg></svg>"), []
    view.on_event(seen.append)
    return view, seen


# --- TableView -------------------------------------------------------------------------------

@pytest.mark.parametrize("event", [
    {"type": "click", "target": "hand:3", "t": 812.5},
    {"type": "key", "key": " ", "t": 0},
    {"type": "timer", "tag": "slap", "t": 1500},
])
def test_events_from_python_reach_the_callback(view_and_events, event):
    view, seen = view_and_events
    view.send_event(event)
    assert seen == [{**event, "t": float(event["t"])}]


def test_t_defaults_to_zero_and_every_callback_runs_until_removed(view_and_events):
    view, seen = view_and_events
    other = []
    view.on_event(other.append)
    view.send_event({"type": "click", "target": "deal"})
    view.on_event(other.append, remove=True)
    view.send_event({"type": "key", "key": "a"})
    assert [e["t"] for e in seen] == [0.0, 0.0]
    assert len(other) == 1


@pytest.mark.parametrize("event, words", [
    ("click", "is a dict"),
    ({"type": "tap", "target": "x"}, "'tap' is unknown"),
    ({"type": "click"}, "non-empty str 'target'"),
    ({"type": "click", "target": ""}, "non-empty str 'target'"),
    ({"type": "key", "key": 5}, "non-empty str 'key'"),
    ({"type": "timer", "tag": "x", "t": -1}, "'t' must be milliseconds"),
    ({"type": "timer", "tag": "x", "t": True}, "'t' must be milliseconds"),
    ({"type": "timer", "tag": "x", "t": float("nan")}, "'t' must be milliseconds"),
    ({"type": "click", "target": "deal", "t": 10**400}, "'t' must be milliseconds"),   # too large for a float
    ({"type": "key", "key": "a", "shift": True}, "unknown field(s) 'shift'"),
])
def test_bad_events_raise_a_typed_error_and_reach_nobody(view_and_events, event, words):
    view, seen = view_and_events
    with pytest.raises(TableEventError) as error:
        view.send_event(event)
    assert words in str(error.value)
    assert isinstance(error.value, ValueError)
    assert seen == []


def test_a_browser_message_is_an_event_and_a_bad_one_shows_in_the_status(view_and_events):
    view, seen = view_and_events
    view._handle_custom_msg({"type": "click", "target": "deal", "t": 3.5}, [])
    assert seen == [{"type": "click", "target": "deal", "t": 3.5}]
    view._handle_custom_msg({"type": "click", "t": 3.5}, [])  # ipywidgets logs the exception
    assert view.status.startswith("TableEventError: click event needs")


def test_timer_request_sends_a_message_to_the_front_end(monkeypatch):
    view, sent = TableView(), []
    monkeypatch.setattr(view, "send", sent.append)
    view.request_timer(250, "slap")
    view.request_timer(0, "slap")
    assert [(m["kind"], m["ms"], m["tag"]) for m in sent] == [("timer", 250.0, "slap"), ("timer", 0.0, "slap")]
    assert sent[0]["id"] != sent[1]["id"]  # each request is answered once, even by a table shown twice
    for ms, tag in ((-5, "x"), (10, ""), ("10", "x")):
        with pytest.raises(TableEventError):
            view.request_timer(ms, tag)
    assert len(sent) == 2


def test_view_has_its_class_and_a_repr_without_addresses():
    view = TableView(svg="<svg>…</svg>", status="your turn")
    assert "cardlab-table" in view._dom_classes
    assert repr(view) == "TableView(svg=<12 chars>, seq=1, status='your turn')"


# --- ReplayBar and Replayer ------------------------------------------------------------------

def test_replay_bar_buttons_move_the_step_and_the_caption():
    bar = ReplayBar(4, ["deal", "one", "two", "three"])
    steps = []
    bar.observe(lambda change: steps.append(change["new"]), names="step")
    assert bar.first.disabled and bar.back.disabled and not bar.forward.disabled
    bar.forward.click()
    bar.forward.click()
    assert (bar.step, bar.caption_text, bar.slider.value) == (2, "two", 2)
    assert "Step 2/3" in bar.caption.value and "two" in bar.caption.value
    bar.last.click()
    assert bar.step == 3 and bar.forward.disabled and bar.last.disabled
    bar.forward.click()  # disabled in the browser; clamped here
    bar.back.click()
    bar.first.click()
    assert steps == [1, 2, 3, 2, 0]


def test_replay_bar_slider_speed_and_classes():
    bar = ReplayBar(3, ["a", "b", "<c & d>"])
    bar.slider.value = 2
    assert bar.step == 2 and "&lt;c &amp; d&gt;" in bar.caption.value
    bar.speed.value = 300
    assert bar.autoplay.interval == 300 and bar.autoplay.max == 2
    controls = (bar.first, bar.back, bar.forward, bar.last, bar.slider, bar.play, bar.speed, bar.caption)
    classes = [c._dom_classes[0] for c in controls]
    assert classes == ["cardlab-first", "cardlab-back", "cardlab-forward", "cardlab-last", "cardlab-step",
                       "cardlab-play", "cardlab-speed", "cardlab-caption"]
    with pytest.raises(traitlets.TraitError):
        bar.step = 3


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_replay_button_is_named_in_the_bars_language(lang):
    """Issue "Tables at every size and at every moment": play and stop had no name for screen
    readers (an icon only); every button's tooltip (its title, the name read out) is in ``lang``."""
    from cardlab.words import REPLAY
    bar = ReplayBar(3, lang=lang)
    buttons = {"first": bar.first, "back": bar.back, "play": bar.play, "stop": bar.stop,
               "forward": bar.forward, "last": bar.last}
    assert all(isinstance(button, w.Button) for button in buttons.values())
    assert {key: button.tooltip for key, button in buttons.items()} == {key: REPLAY.say(lang, key) for key in buttons}
    assert bar.speed.tooltip == REPLAY.say(lang, "speed") and bar.slider.description == REPLAY.say(lang, "step")
    assert [label for label, _ in bar.speed.options] == [REPLAY.say(lang, f"speed_{s}") for s in SPEEDS]
    assert REPLAY.say(lang, "step_of", step=0, last=2) in bar.caption.value
    assert bar.autoplay.layout.display == "none"           # the timer's own unnamed buttons are not shown
    english = ReplayBar(3)
    assert lang == "en" or all(b.tooltip != getattr(english, k).tooltip for k, b in buttons.items())


def test_stop_pauses_autoplay_where_it_is():
    """Stop went back to step 0 (ipywidgets' Play); it pauses at the step reached."""
    bar = ReplayBar(5)
    assert not bar.playing and not bar.play.disabled and bar.stop.disabled
    bar.go(1)
    bar.play.click()
    assert bar.playing and bar.autoplay.playing and bar.play.disabled and not bar.stop.disabled
    bar.slider.value = 3                                    # the browser's timer steps on
    bar.stop.click()
    assert not bar.playing and bar.step == 3 and bar.slider.value == 3
    assert not bar.play.disabled and bar.stop.disabled
    assert ReplayBar(1).play.disabled                        # one frame: nothing to play


@pytest.mark.parametrize("n_frames, captions", [(0, None), (2, ["only one"]), (True, None)])
def test_replay_bar_rejects_bad_sizes(n_frames, captions):
    with pytest.raises(ValueError):
        ReplayBar(n_frames, captions)


def test_replayer_redraws_the_table_and_steps_with_arrow_keys():
    frames = [f"<svg>{i}</svg>" for i in range(5)]
    replayer = Replayer(frames, [f"step {i}" for i in range(5)])
    assert replayer.view.svg == frames[0]
    replayer.bar.forward.click()
    assert replayer.view.svg == frames[1]
    replayer.view.send_event({"type": "key", "key": "End"})
    assert replayer.step == 4 and replayer.view.svg == frames[4]
    replayer.view.send_event({"type": "key", "key": "ArrowLeft"})
    replayer.view.send_event({"type": "click", "target": "anything"})
    assert replayer.step == 3
    assert repr(replayer) == "Replayer(step=3, n_frames=5, caption='step 3')"


def test_replayer_with_a_callable_draws_only_what_is_shown():
    asked = []

    def frame(i):
        asked.append(i)
        return f"<svg>{i}</svg>"

    replayer = Replayer(frame, n_frames=10)
    replayer.step = 7
    assert asked == [0, 7] and replayer.view.svg == "<svg>7</svg>"
    with pytest.raises(ValueError):
        Replayer(frame)
    with pytest.raises(ValueError):
        Replayer(["<svg/>"], n_frames=2)
    with pytest.raises(ValueError, match="wide_width"):
        Replayer(["<svg/>"], wide_width=600)


def test_replayer_keys_pressed_faster_than_the_redraw_all_count_but_stale_clicks_do_not():
    replayer = Replayer([f"<svg>{i}</svg>" for i in range(5)], n_frames=5)
    seq = replayer.view.seq
    for _ in range(3):                              # three presses made on the first drawing
        replayer.view.send_event({"type": "key", "key": "ArrowRight", "seq": seq})
    assert replayer.step == 3
    seen = []
    replayer.view.on_event(seen.append)
    replayer.view.send_event({"type": "click", "target": "x", "seq": seq})
    assert seen == []


def test_replayer_with_layouts_draws_the_narrow_frames_when_the_output_is_narrow():
    replayer = Replayer(lambda k, layout: f"<svg>{k} {layout}</svg>", n_frames=3, wide_width=600)
    assert replayer.view.svg == "<svg>0 wide</svg>"
    seq = replayer.view.seq
    replayer.view.width = 450
    assert replayer.view.svg == "<svg>0 narrow</svg>" and replayer.view.seq == seq
    replayer.step = 2
    assert replayer.view.svg == "<svg>2 narrow</svg>"
    replayer.view.width = 800
    assert replayer.view.svg == "<svg>2 wide</svg>"


# --- the demo table --------------------------------------------------------------------------

def test_demo_click_turns_a_card_and_redraws():
    table = DemoTable(seed=5, hand_size=6)
    before = table.view.svg
    assert 'data-card="' not in before
    table.view.send_event({"type": "click", "target": "card:4", "t": 10})
    assert table.face_up == [False] * 4 + [True, False] and table.cursor == 4
    assert table.view.svg.count('data-card="') == 1 and f'data-card="{table.hand[4].ascii()}"' in table.view.svg
    assert table.view.status == "click: card 5, 10 ms after the table was drawn"   # no internals (issue 39)


def test_demo_keys_move_the_highlight_and_turn_cards():
    table = DemoTable(seed=5, hand_size=4)
    for key in ("ArrowLeft", " ", "ArrowRight", "ArrowRight", "Enter", "q"):
        table.view.send_event({"type": "key", "key": key})
    assert table.cursor == 1 and table.face_up == [False, True, False, True]


def test_demo_timer_key_asks_the_browser_and_the_timer_hides_the_cards(monkeypatch):
    table, sent = DemoTable(seed=5, hand_size=4), []
    monkeypatch.setattr(table.view, "send", sent.append)
    table.turn(1)
    table.view.send_event({"type": "key", "key": "t"})
    assert [(m["kind"], m["tag"]) for m in sent] == [("timer", "hide")] and table.face_up[1]
    table.view.send_event({"type": "timer", "tag": "hide", "t": 1003.5})
    assert not any(table.face_up) and 'data-card="' not in table.view.svg


def test_demo_deal_is_seeded_and_draws_from_the_rest_of_the_deck():
    a, b = DemoTable(seed=9, hand_size=20), DemoTable(seed=9, hand_size=20)
    assert a.hand == b.hand and a.view.svg == b.view.svg
    first = list(a.hand)
    a.view.send_event({"type": "click", "target": "deal"})
    assert not set(first) & set(a.hand) and len(a.deck) == 12 and not any(a.face_up)
    a.view.send_event({"type": "key", "key": "d"})  # 12 left: a fresh deck is shuffled
    assert a.deals == 3 and len(a.deck) == 32 and len(set(a.hand)) == 20
    assert DemoTable(seed=10, hand_size=20).hand != b.hand


def test_demo_draws_every_card_clickable_and_a_deal_button():
    table = DemoTable(seed=0, hand_size=52)
    drawing = table.view.svg
    assert all(f'data-target="card:{i}"' in drawing for i in range(52))
    assert 'data-target="deal"' in drawing and "id=" not in drawing
    assert repr(table).startswith("DemoTable(deal=1, hand='▒ ▒")


def test_turning_replay_turns_one_card_per_step():
    replayer = turning_replay(seed=2, hand_size=3)
    replayer.bar.last.click()
    assert replayer.view.svg.count('data-card="') == 3
    assert replayer.bar.caption_text.startswith("turn card 3: ")


# --- the table benchmark -------------------------------------------------------------------

def test_bench_measures_every_event_with_its_redraw_and_what_is_sent(capsys):
    from tools.bench import table as bench

    demo = DemoTable(seed=1, hand_size=10)
    events = bench.demo_events(40, 10)
    assert {"type": "click", "target": "deal"} in events
    times, sent = bench.measure(demo.view, events)
    assert len(times) == 40 and all(t >= 0 for t in times)
    assert sent > len(demo.view.svg) / 2 and demo.deals > 1  # most events redraw the whole SVG
    assert "_send" not in vars(demo.view)  # the real comm is back
    bench.main(["--events", "10"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all("p95" in line and "20 ms target" in line for line in lines)


@pytest.mark.parametrize("game", ["trappola", "kirifu"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_shared_replay_captions_every_action_in_words_in_its_language(game, lang):
    """Issue 29: the shared replay captioned '3. Ada: play RC', in codes and in English only; it
    now names every action as the table does (the game's say_action part), in the bar's language."""
    from cardlab.bots import RandomBot
    from cardlab.game import play_out
    from cardlab.records import record_of
    from cardlab.registry import game_info
    from cardlab.widgets.replay import replay

    engine = game_info(game).module
    state = engine.new_game(seed=4, players=["Ada", "Bruno", "Carla"][:2 if game == "trappola" else 3])
    play_out(state, [RandomBot(i) for i in range(len(state.players))])
    record = record_of(state, players=list(state.players))
    shown = replay(record, lang=lang)
    captions = []
    for step in range(shown.bar.n_frames):
        shown.step = step
        captions.append(shown.bar.caption_text)
    assert captions[0] == ("the deal" if lang == "en" else "始めの局面")
    assert len(captions) == len(record.actions) + 1
    codes = re.compile(r"\b(10|[2-9AJQKRCF])[SHDCB]\b")
    for caption, action in zip(captions[1:], record.actions):
        assert not codes.search(caption), caption
        assert action not in caption or " " not in action, caption   # a card's code never shows
    if lang == "ja":
        assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", c) for c in captions[1:])
    else:
        suits = ("of cups", "of coins", "of swords", "of batons") if game == "trappola" else ("cut", "take", "pass")
        assert any(word in " ".join(captions) for word in suits)


# --- what a stored notebook shows of a widget ---------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_widgets_stored_line_is_the_readers_line_of_its_kind_in_its_language(lang):
    """The plain text beside a widget's live view (all a stored notebook keeps of it) tells the
    reader what it is and to run the notebook, in the widget's language; repr stays for developers."""
    from cardlab.games.cleopatra import exercises
    from cardlab.widgets.exercise import ExerciseBox
    from cardlab.words import STORED

    shown = {"table": DemoTable(lang=lang), "replay": turning_replay(lang=lang),
             "exercise": ExerciseBox(exercises.drill, lang=lang)}
    for kind, widget in shown.items():
        bundle = widget._repr_mimebundle_()
        assert bundle["text/plain"] == STORED.say(lang, kind) != repr(widget)
        assert "application/vnd.jupyter.widget-view+json" in bundle
    lines = [STORED.say(lang, kind) for kind in shown]
    assert len(set(lines)) == len(lines)
    assert all(re.search(r"[\u3040-\u30ff]", line) for line in lines) == (lang == "ja")
