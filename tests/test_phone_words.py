"""Words on a phone's tables (issue 41): Kirifu's short button labels name two different actions
differently, and a Japanese line never starts with closing punctuation (kinsoku), in Kirifu's
and Cleopatra's wrapping, whatever the width."""

from __future__ import annotations

import pytest

from cardlab.draw.svg import NO_LINE_START
from cardlab.games.cleopatra import draw as cleopatra_draw
from cardlab.games.kirifu import draw as kirifu_draw
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
            for lines in (kirifu_draw.wrap(text, 13, width), cleopatra_draw.wrap(text, width, 13)):
                assert "".join(lines).replace(" ", "") == text.replace(" ", "")
                assert not any(line[0] in NO_LINE_START for line in lines[1:]), (width, lines)
