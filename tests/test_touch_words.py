"""A page with no keyboard and a finger for a pointer (a phone, a tablet; issue 39): once the
browser reports it (the screen's ``touch``, sent with the width), every game's status lines and
button labels name taps, not keys, in English and Japanese. The key hints drawn on the table
(class ``cardlab-keys``) are the page's own to hide (view.css) and are left out here."""

from __future__ import annotations

import html
import random
import re

import pytest

from cardlab.games.cleopatra.controller import CleopatraController
from cardlab.games.kirifu.controller import KirifuController
from cardlab.games.trappola.controller import TrappolaController
from cardlab.tables.screen import Screen

#: a key named in a text: "(P)", "（O）", "(T, おもらい)", "Enter", "space", "Press …", "スペース", "押す"
KEY_NAMED = re.compile(r"[(（][A-Z](?:[)）]|, |、)|\b(?:Enter|Escape|Space|space|Press)\b|スペース|押")
KEY_HINTS = re.compile(r'<text class="cardlab-keys"[^>]*>.*?</text>')
TEXTS = re.compile(r"<text[^>]*>(.*?)</text>|aria-label=\"([^\"]*)\"")

GAMES = {
    "cleopatra": lambda lang: CleopatraController(seed=3, lang=lang),
    "kirifu": lambda lang: KirifuController(seed=3, bot="thumb", lang=lang),
    "trappola": lambda lang: TrappolaController(seed=3, lang=lang),
}


def shown_words(table) -> list[str]:
    """The status line, and every text and label of the drawing but the key hints."""
    drawing = KEY_HINTS.sub("", table.view.svg)
    return [table.view.status] + [html.unescape(a or b) for a, b in TEXTS.findall(drawing)]


def words_of_a_game(table, gestures: int = 400) -> list[str]:
    """What the table says while seat ``you`` makes ``gestures`` clicks on its choices (random,
    seeded) and the timers it asks for run out (the computer's turns), each drawing's words gathered."""
    rng = random.Random(7)
    said = shown_words(table)
    for _ in range(gestures):
        for tag in list(table.timers):
            table.view.send_event({"type": "timer", "tag": tag})
            said += shown_words(table)
        choices = table.choices()
        if table.state.is_over or not choices:
            break
        table.click(rng.choice(choices))
        said += shown_words(table)
    return said


def test_the_screen_tells_its_observers_when_the_page_reports_a_touch_only_pointer():
    screen, told = Screen(), []
    screen.observe(told.append, names="touch")
    screen.touch = True
    screen.touch = True                       # no change: nobody told
    assert told == [{"name": "touch", "old": False, "new": True}]
    with pytest.raises(ValueError, match="touch"):
        screen.observe(told.append, names="svg")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_on_a_touch_only_page_no_status_line_or_button_names_a_key(game, lang):
    table = GAMES[game](lang)
    keyed = [text for text in shown_words(table) if KEY_NAMED.search(text)]
    assert keyed, "with a keyboard the table names its keys"      # the pattern finds what it must
    table.view.touch = True                    # as the browser reports it with the width
    said = words_of_a_game(table)
    assert table.view.status, "the greeting is worded again for taps"
    assert [text for text in said if KEY_NAMED.search(text)] == []


def test_the_greeting_said_for_a_keyboard_is_said_again_for_taps():
    table = CleopatraController(seed=3)
    assert "Enter" in table.view.status
    table.view.touch = True
    assert table.view.status == "Tap your hand to turn a card. Tap the pile to slap a pair."
