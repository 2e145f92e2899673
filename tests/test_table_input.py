"""The table base's input model, headless, on all three game tables (and the demo table).

Each test of a gesture runs on both transports of a table's controller (issue 37): the controller
alone, on a plain screen as a room's seat plays it, and the notebook's widget over it.

Issue 10: a click or key made on a drawing that is no longer shown is dropped; input is ignored
while the computer moves and after the game; every setting change mid-game leaves a playable
table. Issue 12: no event payload, however malformed, raises anything but ``TableEventError``
from ``send_event`` (and nothing at all through the browser's path), in any state of any table.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.games.trappola.bots import RuleOfThumbBot
from cardlab.games import cleopatra, trappola
from cardlab.games.cleopatra.controller import CleopatraController
from cardlab.games.cleopatra.table import CleopatraTable
from cardlab.games.kirifu.controller import KirifuController
from cardlab.games.trappola.controller import TrappolaController
from cardlab.widgets.demo import DemoTable
from cardlab.games.kirifu.table import KirifuTable
from cardlab.widgets.table import GameTable
from cardlab.games.trappola.table import TrappolaTable
from cardlab.widgets.view import TableEventError

TARGET = re.compile(r'data-target="([^"]+)"')


def targets(table) -> list[str]:
    return TARGET.findall(table.view.svg)


#: the two transports of a game's table controller: the controller alone (a room's seat) and the
#: notebook's widget over it
TRANSPORTS = {
    "controller": {"cleopatra": CleopatraController, "trappola": TrappolaController, "kirifu": KirifuController},
    "widget": {"cleopatra": CleopatraTable, "trappola": TrappolaTable, "kirifu": KirifuTable},
}
ON_BOTH = pytest.mark.parametrize("transport", list(TRANSPORTS))


def trappola_table(seed: int = 3, transport: str = "widget", **options) -> TrappolaController:
    options.setdefault("bot", RuleOfThumbBot(seed))
    return TRANSPORTS[transport]["trappola"](rules="single-deal", seed=seed, **options)


def kirifu_table(seed: int = 3, transport: str = "widget") -> KirifuController:
    return TRANSPORTS[transport]["kirifu"](computers=2, seed=seed)


def cleopatra_table(seed: int = 3, transport: str = "widget", **options) -> CleopatraController:
    options.setdefault("attention", 1.0)
    return TRANSPORTS[transport]["cleopatra"](seed=seed, **options)


TABLES = {"cleopatra": cleopatra_table, "trappola": trappola_table, "kirifu": kirifu_table}


def fire(table: GameTable, name: str | None = None) -> bool:
    """Answer a pending browser timer (``name``, or any), as the browser would; False if none."""
    tag = next((t for t in table.timers if name is None or t.startswith(name + ":")), None)
    if tag is None:
        return False
    table.view.send_event({"type": "timer", "tag": tag, "seq": table.view.seq, "t": table.timers[tag]})
    return True


def advance(table: GameTable, rng: random.Random) -> None:
    """One step of play: a click on something clickable (Cleopatra: a turn or a timer)."""
    if isinstance(table, CleopatraController):
        if table.state.current_player == 0 and table.play_mode.value == "step":
            table.click("turn")
        else:
            fire(table)
        return
    options = targets(table)
    if options:
        table.click(rng.choice(options))


def history(table: GameTable) -> int:
    return len(table.state.history)


# --- stale and duplicated events -----------------------------------------------------------------

def test_every_drawing_has_the_next_number_and_the_view_sends_it_with_the_svg():
    table = trappola_table()
    sent = []
    table.view._send = lambda msg, buffers=None: sent.append(msg)
    seq = table.view.seq
    table.click(targets(table)[0])
    del table.view._send
    assert table.view.seq == seq + 1
    updates = [m["state"] for m in sent if m.get("method") == "update"]
    assert any({"svg", "seq"} <= set(u) and u["seq"] == seq + 1 for u in updates)  # one message, both


@ON_BOTH
@pytest.mark.parametrize("game", ["trappola", "kirifu"])
def test_a_double_click_applies_one_action(game, transport):
    """Issue 10: Trappola's double-click played two cards (the second click landed on the redrawn
    hand, on whatever card was now under the pointer); Kirifu's selected a card for the next pass."""
    table = TABLES[game](transport=transport)
    rng = random.Random(1)
    for _ in range(60):
        seq, options = table.view.seq, targets(table)
        index = rng.randrange(len(options))
        table.view.send_event({"type": "click", "target": options[index], "seq": seq, "t": 5})
        after = (table.state.fingerprint(), table.view.svg, table.selection if game == "kirifu" else None)
        now = targets(table)
        under_the_pointer = now[min(index, len(now) - 1)] if now else options[index]
        table.view.send_event({"type": "click", "target": under_the_pointer, "seq": seq, "t": 90})
        assert (table.state.fingerprint(), table.view.svg,
                table.selection if game == "kirifu" else None) == after
        if table.state.is_over:
            break


def reader_moves(table: GameTable) -> int:
    """Cards played and hands kept or exchanged by the reader (seat 0) so far."""
    return sum(1 for e in table.state.events if isinstance(e, (trappola.Played, trappola.Kept, trappola.Exchanged))
               and e.player == 0)


@ON_BOTH
def test_three_fast_clicks_on_three_cards_apply_at_most_one(transport):
    """Issue 10: three quick clicks were applied to three successive positions (T11 refused the third)."""
    table = trappola_table(seed=2, transport=transport)
    while not any(t.startswith("play") for t in targets(table)):
        table.click("keep" if "keep" in targets(table) else targets(table)[0])
    seq, before = table.view.seq, reader_moves(table)
    cards = [t for t in targets(table) if t.startswith("play")]
    for i in range(3):
        table.view.send_event({"type": "click", "target": cards[i % len(cards)], "seq": seq, "t": 10 * i})
    assert reader_moves(table) == before + 1
    assert "T11" not in table.view.status


@ON_BOTH
def test_a_stale_space_bar_does_not_slap_a_pair_that_came_later(transport):
    table = cleopatra_table(transport=transport)
    table.start(cleopatra.new_game(deal={"hands": ["7H 2H".split(), "7S 3S".split()], "first": 0},
                                   players=["You", "Bot"]))
    table.click("turn")
    old = table.view.seq
    fire(table, "bot-turn")                         # the bot's 7S: a pair, on a new drawing
    assert table.pair_open
    table.view.send_event({"type": "key", "key": " ", "seq": old, "t": 40})
    assert table.pair_open and not table.state.won[0]
    table.view.send_event({"type": "key", "key": " ", "seq": table.view.seq, "t": 40})
    assert table.state.won[0]


@ON_BOTH
def test_timers_are_not_dropped_by_their_drawing_number_but_by_their_tag(transport):
    table = cleopatra_table(transport=transport)
    table.start(cleopatra.new_game(deal={"hands": ["5H 9H".split(), "10S 2S".split()], "first": 0},
                                   players=["You", "Bot"]))
    table.click("turn")
    tag = next(iter(table.timers))
    table.click("slap")                              # a new drawing (no pair: no effect, C13)
    table.view.send_event({"type": "timer", "tag": tag, "seq": 0, "t": 900})
    assert history(table) == 2                       # the bot turned its card all the same
    table.view.send_event({"type": "timer", "tag": tag, "seq": table.view.seq, "t": 900})
    assert history(table) == 2                       # answered once only


def test_the_demo_table_drops_stale_clicks_too():
    table = DemoTable(seed=1, hand_size=5)
    seq = table.view.seq
    table.view.send_event({"type": "click", "target": "card:1", "seq": seq})
    table.view.send_event({"type": "click", "target": "card:1", "seq": seq})
    assert table.face_up == [False, True, False, False, False]


# --- the computer's moves and the end of the game ---------------------------------------------

class ClickingBot(RuleOfThumbBot):
    """A bot that, while it thinks, receives a click from the reader (as a browser could send)."""

    table: GameTable | None = None

    def choose(self, state):
        if self.table is not None:
            for target in ("keep", "exchange", *(f"play {c.ascii()}" for c in state.hands[0])):
                self.table.click(target)
        return super().choose(state)


@ON_BOTH
def test_clicks_while_the_computer_moves_are_ignored(transport):
    bot = ClickingBot(4)
    table = trappola_table(seed=4, transport=transport, bot=bot)
    bot.table = table
    for _ in range(40):
        if table.state.is_over:
            break
        mine = reader_moves(table)
        table.click(next(t for t in targets(table) if not t.startswith("declare")))
        assert reader_moves(table) == mine + 1   # only the reader's own click, never one sent meanwhile
    assert table.state.is_over


@ON_BOTH
def test_cleopatra_ignores_a_turn_click_while_the_bot_is_due(transport):
    table = cleopatra_table(transport=transport)
    table.start(cleopatra.new_game(deal={"hands": ["5H 9H".split(), "10S 2S".split()], "first": 0},
                                   players=["You", "Bot"]))
    table.click("turn")
    table.click("turn")
    table.press("Enter")
    assert table.state.history_text() == ["X 5H"]    # C4: the bot is due; its timer turns its card


@ON_BOTH
@pytest.mark.parametrize("game", list(TABLES))
def test_after_the_game_only_new_game_works(game, transport):
    table = TABLES[game](transport=transport)
    rng = random.Random(5)
    for _ in range(5000):
        if table.state.is_over:
            break
        advance(table, rng)
    assert table.state.is_over
    before, svg = table.state.fingerprint(), table.view.svg
    for target in targets(table) + ["turn", "slap", "keep", "btn:send"]:
        table.click(target)
    table.press(" ")
    assert table.state.fingerprint() == before and table.view.svg == svg
    table.new_button.click() if transport == "widget" else table.new_game()
    assert not table.state.is_over and history(table) < 5


# --- settings changed mid-game ------------------------------------------------------------------

def playable(table: CleopatraController) -> bool:
    """The game goes on: a card gets turned by your click or by a pending timer."""
    before = history(table)
    if table.state.current_player == 0 and table.play_mode.value == "step":
        table.click("turn")
    else:
        fire(table, "tick") or fire(table, "bot-turn")
    return history(table) > before


@ON_BOTH
@pytest.mark.parametrize("setting, value", [
    ("play_mode", "real-time"), ("tempo", "fast (0.6 s)"), ("attention", 0.2),
    ("rules", "Egyptian Ratscrew"), ("seed", 41)])
@pytest.mark.parametrize("whose_turn", [0, 1])
def test_every_cleopatra_setting_changed_mid_game_leaves_a_playable_table(setting, value, whose_turn, transport):
    """Issue 10: switching step -> real-time mid-game froze the table. New rules or a new seed
    wait for N (they dropped the game at once before the issue "Tables at every size and at
    every moment"); mode, tempo and attention apply at once."""
    table = cleopatra_table(seed=6, transport=transport, attention=0.0)
    while history(table) < 6 or table.state.current_player != whose_turn:
        assert playable(table)
    steps = history(table)
    getattr(table, setting).value = value
    assert history(table) == steps                 # the same game goes on
    if setting in ("rules", "seed"):
        assert table.message.startswith("New game with") and table.change_waits
        table.press("n")
        assert history(table) == 0                 # N: the new rules or the new seed, a new game
    for _ in range(4):
        assert playable(table)
    if setting == "tempo":
        table.play_mode.value = "real-time"
        assert set(table.timers.values()) == {600}
    if setting == "attention":
        assert table.bot.attention == 0.2


@ON_BOTH
def test_real_time_back_to_step_mid_game_waits_for_your_click_or_the_bots_pause(transport):
    table = cleopatra_table(seed=6, transport=transport, mode="real-time", tempo="fast (0.6 s)", attention=0.0)
    for _ in range(5):
        assert fire(table, "tick")
    table.play_mode.value = "step"
    assert not any(t.startswith("tick") for t in table.timers)
    for _ in range(6):
        assert playable(table)


# --- bad targets become messages ----------------------------------------------------------------

@ON_BOTH
@pytest.mark.parametrize("target", ["hand:ZZ", "passed:ZZ", "hand:", "hand:9H9H", "passed:AS", "btn:nothing",
                                    "cut ZZ with 9H", "take", "hand:XS"])
def test_kirifu_unreadable_or_absent_cards_are_messages(target, transport):
    table = kirifu_table(transport=transport)
    before = table.state.fingerprint()
    table.click(target)
    assert table.state.fingerprint() == before and table.view.status


@pytest.mark.parametrize("target", ["card:ZZ", "card:-1", "card:99", "card:", "card:١"])
def test_demo_bad_card_targets_are_messages(target):
    table = DemoTable(seed=1, hand_size=5)
    table.view.send_event({"type": "click", "target": target})
    assert table.face_up == [False] * 5 and table.view.status.startswith("That cannot be done here")


@ON_BOTH
def test_cleopatra_burning_your_last_card_ends_the_game_with_a_message(transport):
    """Issue 12: a burn that took the last card raised AttributeError: 'Ended' object has no attribute 'burned'."""
    table = cleopatra_table(transport=transport)
    table.start(cleopatra.new_game(cleopatra.EGYPTIAN_RATSCREW, players=["You", "Bot"],
                                   deal={"hands": ["7H 2H".split(), ["8S"]], "first": 0}))
    table.click("turn")
    fire(table, "bot-turn")
    table.press(" ", t=30)                           # C13: no pair; you burn 2H, your last card
    assert table.state.is_over and "Game over" in table.view.status
    assert not table.timers


def test_a_malformed_browser_message_becomes_the_status_line():
    table = trappola_table()
    before = table.state.fingerprint()
    table.view._on_browser_message(table.view, {"type": ["click"], "target": "keep"}, [])
    assert table.view.status.startswith("TableEventError") and table.state.fingerprint() == before


# --- fuzzing: random payloads to every table in every state ----------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                 max_size=3),
                    max_leaves=6)
WORDS = st.sampled_from(["turn", "slap", "keep", "exchange", "send", "hand", "passed", "btn", "play", "cut",
                         "take", "declare", "osoroi", "pass", "with", "card", "deal", "AS", "9H", "ZZ", "RC",
                         "10D", "JK", "", ":", " ", "<b>", "١", "tick:1", "bot-slap:2"])
TEXT = st.one_of(st.lists(WORDS, min_size=1, max_size=4).map(lambda w: ":".join(w[:2]) + " ".join(w[2:])),
                 st.text(min_size=1, max_size=12))


@st.composite
def payloads(draw, table: GameTable) -> object:
    """A browser message: well formed with a real or a made-up target, key or tag, or garbage."""
    seq = draw(st.sampled_from([table.view.seq, table.view.seq - 1, 0]) | st.integers(-2, 2**60))
    kind = draw(st.sampled_from(["click", "key", "timer", "garbage", "wrong"]))
    if kind == "click":
        real = targets(table)
        return {"type": "click", "target": draw(st.sampled_from(real) | TEXT if real else TEXT),
                "seq": seq, "t": draw(st.floats(0, 5000))}
    if kind == "key":
        return {"type": "key", "key": draw(st.sampled_from([" ", "Enter", "ArrowLeft", "a"]) | TEXT), "seq": seq}
    if kind == "timer":
        tags = list(table.timers)
        return {"type": "timer", "tag": draw(st.sampled_from(tags) | TEXT if tags else TEXT), "seq": seq}
    if kind == "wrong":
        return {"type": draw(JSON), "target": draw(JSON), "seq": draw(JSON), "t": draw(JSON)}
    return draw(JSON)


@ON_BOTH
@pytest.mark.parametrize("game", list(TABLES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_payloads_never_raise_in_any_state(game, data, transport):
    seed = data.draw(st.integers(0, 50), label="seed")
    table = TABLES[game](seed, transport=transport)
    rng = random.Random(seed)
    steps = data.draw(st.integers(0, 400), label="steps of play first")
    for _ in range(steps):
        if table.state.is_over:
            break
        advance(table, rng)
    for _ in range(data.draw(st.integers(1, 25), label="events")):
        payload = data.draw(payloads(table))
        try:
            table.view.send_event(payload)
        except TableEventError:
            pass                                     # a malformed event: the browser path shows it
        if transport == "widget":
            table.view._on_browser_message(table.view, payload, [])
        assert not re.match(r"(?!TableEventError)\w+(Error|Exception):", table.view.status), table.view.status
        if not data.draw(st.booleans(), label="advance"):
            continue
        advance(table, rng)


@ON_BOTH
def test_a_drawing_that_does_not_change_keeps_its_number(transport):
    """A message alone (a slap with no effect) redraws the same picture: a key pressed on it right
    after still counts (the space-then-Enter race seen in the browser)."""
    table = cleopatra_table(seed=4, transport=transport, attention=0.7)
    seq = table.view.seq
    table.press(" ")                                    # no pair: the slap has no effect (C13)
    assert "C13" in table.view.status and table.view.seq == seq
    table.view.send_event({"type": "key", "key": "Enter", "seq": seq, "t": 50})
    assert len(table.state.history) == 1
