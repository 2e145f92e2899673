"""Words on a phone's tables (issue 41): Kirifu's short button labels name two different actions
differently, and a Japanese line never starts with closing punctuation (kinsoku) in the tables'
one wrapping (:func:`cardlab.draw.svg.wrap`), whatever the width."""

from __future__ import annotations

import pytest

from cardlab.draw.svg import NO_LINE_START, text_width, wrap
from cardlab.games.kirifu.words import say

PROMPTS = ("ask_receive", "ask_answer", "ask_take", "ask_pass", "ask_send", "select_one")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_kirifu_s_short_buttons_name_each_action_differently(lang):
    labels = [say(lang, f"{action}_short") for action in ("pass", "osoroi", "send")]
    assert len(set(labels)) == 3, labels


def test_no_japanese_line_starts_with_closing_punctuation():
    texts = [say("ja", key, card="♠A", n=2, reason="") for key in PROMPTS]
    for width in range(90, 361, 3):
        for text in texts:
            for lines in (wrap(text, 13, width), wrap(text, 13, width, bold=True)):
                assert "".join(lines).replace(" ", "") == text.replace(" ", "")
                assert not any(line[0] in NO_LINE_START for line in lines[1:]), (width, lines)


def test_a_line_breaks_between_words_and_a_word_too_wide_alone_is_cut():
    text = "the computer declared Margaret-Anne-Featherstonehaugh"
    for width in range(60, 400, 7):
        lines = wrap(text, 13, width)
        assert " ".join(lines).replace("- ", "-") == text or "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(text_width(line, 13) <= width for line in lines), (width, lines)
    assert wrap("the computer declared", 13, text_width("the computer", 13)) == ["the computer", "declared"]


def test_english_text_breaks_only_at_spaces_where_words_fit_and_cjk_text_anywhere():
    assert wrap("ab cd", 10, text_width("ab c", 10), cjk=False) == ["ab", "cd"]
    japanese = "カードを一枚出してください"
    width = text_width("カードを一", 13)
    assert wrap(japanese, 13, width) == ["カードを一", "枚出してく", "ださい"]
    assert wrap(japanese, 13, width, cjk=False) == ["カードを一", "枚出してく", "ださい"]   # one word too wide: cut
