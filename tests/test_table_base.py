"""The table base of issue 11, headless: the keyboard among the legal choices, the two layouts,
the N key, the words catalogues and the accessible names of the drawing's clickable parts."""

from __future__ import annotations

import re

import pytest

from cardlab.bots import RandomBot
from cardlab.draw import svg
from cardlab.games import trappola
from cardlab.widgets.table import GameTable
from cardlab.words import LANGS, TABLE, Words, check_lang


class ButtonTable(GameTable):
    """A bare table over Trappola: one drawn button per legal action, the computer plays at random."""

    WIDE_WIDTH = 700

    def __init__(self, **kwargs) -> None:
        self.layouts: list[str] = []
        super().__init__(**kwargs)
        self.new_game()

    def make_state(self) -> trappola.State:
        self.bots = [None, RandomBot(5)]
        return trappola.new_game("single-deal", seed=11, players=("You", "Bot"))

    def choices(self) -> list[str]:
        if self.state.current_player != self.you:
            return []
        return [str(a) for a in self.state.legal_actions()]

    def shortcuts(self) -> dict[str, str]:
        return {"k": "keep"} if "keep" in self.choices() else {}

    def draw(self) -> str:
        self.layouts.append(self.layout)
        body = "".join(svg.button_g(t, 10 + 90 * i, 10, 80, 30, t) for i, t in enumerate(self.choices()))
        return svg.document(self.WIDE_WIDTH if self.layout == "wide" else 400, 60, body)


def test_arrows_move_among_the_legal_choices_and_enter_plays_the_focused_one() -> None:
    table = ButtonTable()
    choices = table.choices()
    assert choices == ["exchange", "keep"] and table.focus == "exchange"   # the first choice
    table.press("ArrowRight")
    assert table.focus == "keep"
    table.press("ArrowRight")
    assert table.focus == "exchange"                                        # it wraps round
    table.press("ArrowLeft")
    table.press("ArrowUp")
    assert table.focus == "exchange"
    history = len(table.state.history)
    table.press("ArrowDown")
    table.press("Enter")                                                    # plays "keep"
    assert table.state.history[history] == "keep"
    assert table.focus in table.choices()                                   # on a choice of the new position


def test_a_shortcut_key_clicks_its_target_in_either_case() -> None:
    table = ButtonTable()
    table.press("K")
    assert table.state.history[0] == "keep"


def test_the_focus_is_sent_to_the_browser_with_the_drawing_and_names_a_drawn_target() -> None:
    table = ButtonTable()
    table.press("ArrowRight")
    assert f'data-target="{table.view.focus}"' in table.view.svg


def test_keys_do_nothing_when_there_is_no_choice() -> None:
    table = ButtonTable()
    table.choices = lambda: []  # type: ignore[method-assign]
    table.press("ArrowRight")
    table.press("Enter")
    assert table.state.history == [] and table.focus is None


def test_the_layout_follows_the_width_the_browser_reports_and_keeps_the_drawing_number() -> None:
    table = ButtonTable()
    assert table.layout == "wide"                   # unknown width (headless): wide
    seq = table.view.seq
    table.view.width = 500
    assert table.layout == "narrow" and table.layouts[-1] == "narrow"
    assert 'width="400"' in table.view.svg and table.view.seq == seq   # a click made before still counts
    drawn = len(table.layouts)
    table.view.width = 600                          # still narrow: no redraw
    assert len(table.layouts) == drawn
    table.view.width = 700
    assert table.layouts[-1] == "wide" and len(table.layouts) == drawn + 1


def test_any_width_a_browser_reports_is_clamped() -> None:
    table = ButtonTable()
    table.view.width = -5
    assert table.view.width == 0 and table.layout == "wide"
    table.view.width = 10**9
    assert table.view.width == 100_000


def test_n_asks_first_mid_game_and_deals_on_the_second_press() -> None:
    table = ButtonTable()
    table.press("k")
    games, history = table.games, list(table.state.history)
    table.press("n")
    assert table.games == games and table.state.history == history
    assert table.message == TABLE.say("en", "new_game_ask")
    table.press("ArrowRight")                       # another key in between: asked again
    table.press("n")
    assert table.games == games
    table.press("N")
    assert table.games == games + 1 and table.state.history == []


def test_n_deals_at_once_when_the_game_is_over() -> None:
    table = ButtonTable()
    while not table.state.is_over:
        table.press("Enter")
    assert table.message == TABLE.say("en", "game_over") and table.focus is None
    games = table.games
    table.press("n")
    assert table.games == games + 1


def test_the_language_is_set_on_the_view_and_the_new_game_button() -> None:
    table = ButtonTable(lang="ja")
    assert table.view.lang == "ja" and table.new_button.description == "新しいゲーム（N）"
    with pytest.raises(ValueError, match="lang must be one of"):
        ButtonTable(lang="fr")


def test_a_catalogue_needs_every_language_the_same_keys_and_placeholders() -> None:
    words = Words(en={"a": "{n} cards"}, ja={"a": "{n}枚"})
    assert words.say("en", "a", n=3) == "3 cards" and "a" in words and "b" not in words
    with pytest.raises(ValueError, match="every language"):
        Words(en={"a": "x"})
    with pytest.raises(ValueError, match="keys not in both"):
        Words(en={"a": "x", "b": "y"}, ja={"a": "x"})
    with pytest.raises(ValueError, match="placeholders"):
        Words(en={"a": "{n} cards"}, ja={"a": "{m}枚"})
    assert [check_lang(lang) for lang in LANGS] == list(LANGS)


def test_clickable_parts_carry_a_role_and_an_accessible_name() -> None:
    from cardlab.cards import Card
    card = svg.card_g(Card.parse("QH"), 0, 0, target="play QH")
    assert 'role="button"' in card and 'aria-label="queen of hearts"' in card
    named = svg.card_g(Card.parse("4S"), 0, 0, target="take 4S", label="take 4♠ (omorai)")
    assert 'aria-label="take 4♠ (omorai)"' in named
    assert 'aria-label="Keep (K)"' in svg.button_g("Keep (K)", 0, 0, 80, 30, "keep")
    assert 'aria-label="take 4♠ (omorai)"' in svg.button_g("Take (T)", 0, 0, 80, 30, "take 4S",
                                                            name="take 4♠ (omorai)")
    stack = svg.stack_g(5, 0, 0, target="turn", label="your hand", key="hand:0")
    assert 'aria-label="your hand"' in stack and 'data-key="hand:0"' in stack
    assert "role=" not in svg.card_g(Card.parse("QH"), 0, 0)   # not clickable: no role
    row = svg.row_g([Card.parse("2C"), Card.parse("3C")], 0, 0, targets=["a", None], labels=["two", None])
    assert re.findall(r'aria-label="([^"]+)"', row) == ["two"]


def test_timers_asked_before_the_view_was_on_the_page_are_asked_again_and_answered_once() -> None:
    table = ButtonTable()
    sent = []
    table.view.send = sent.append                   # what goes to the browser
    table.request_timer(40, "coach")
    tag = next(iter(table.timers))
    table.view.width = 900                           # the view is on the page now
    assert [m["tag"] for m in sent] == [tag, tag]
    answered = []
    table.on_timer = lambda name, t: answered.append(name)   # type: ignore[method-assign]
    for _ in range(2):                               # the lost request did arrive after all
        table.view.send_event({"type": "timer", "tag": tag})
    assert answered == ["coach"]
    table.view.width = 600                           # a later width asks nothing again
    assert len(sent) == 2
