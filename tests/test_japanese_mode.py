"""Issue 26: in Japanese mode (``lang="ja"``) nothing a reader sees is in English.

Every table of the registry is drawn and played (its computer players and its coach answered as
the browser would), refused an illegal and an unreadable action, and replayed; the Cleopatra
sample is replayed by steps and by cards, the slap trainer's chart and the pictures of the packs
are drawn; the puzzle tables, the exercises and the slap drill are asked and answered. Every
visible text is collected (the drawings' text, titles and accessible names, the
widgets' labels, tooltips and options, the HTML panels, the chart's texts) and must hold no word
of Latin letters once card faces, key names, rule IDs and proper names are taken out. The same
collection in English finds English words, so the test can fail.
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterator

import ipywidgets as w
import pytest

from cardlab import all_games
from cardlab.cards import ITALIAN_SUIT_CZECH, ITALIAN_SUITS, italian_deck
from cardlab.games.cleopatra import exercises as cleopatra_exercises
from cardlab.games.cleopatra.table_drill import SlapDrill
from cardlab.games.kirifu import exercises as kirifu_exercises
from cardlab.games.trappola import exercises as trappola_exercises
from cardlab.puzzles.build import NAMES as PUZZLE_NAMES
from cardlab.records import record_of
from cardlab.widgets.exercise import ExerciseBox
from cardlab.widgets.puzzle import PuzzleTable
from cardlab.widgets.replay import replay
from cardlab.widgets.view import TableView

NAMES = ("Ada", "Bea")                      # the players' names the test gives (proper names)
#: what may stay in Latin letters: key names, the pack's
#: Italian and Czech suit names (proper names of the suits), the players' names given
ALLOWED = ("Enter", *NAMES, *PUZZLE_NAMES, *ITALIAN_SUITS, *ITALIAN_SUIT_CZECH.values())
CARD_FACE = re.compile(r"(?<![A-Za-z])(10|[2-9AJQKRCF])[♠♥♦♣SHDCB](?![A-Za-z])|[♠♥♦♣](10|[2-9AJQK])")
ENGLISH = re.compile(r"[A-Za-z]{2,}")
MARKUP_TEXT = re.compile(r"<[^>]+>")
VISIBLE_ATTR = re.compile(r'(?:aria-label|title|alt|placeholder)="([^"]*)"')


def markup_texts(markup: str) -> list[str]:
    """The texts a reader sees or hears in SVG or HTML: the text between tags, titles, accessible names."""
    markup = re.sub(r"<style.*?</style>", "", markup, flags=re.S)
    return [html.unescape(t) for t in VISIBLE_ATTR.findall(markup) + MARKUP_TEXT.split(markup)]


def widget_texts(widget: Any) -> Iterator[str]:
    """Every visible text of ``widget`` and of the widgets inside it."""
    if isinstance(widget, TableView):
        yield from markup_texts(widget.svg)
        yield from (widget.status, widget.label, widget.focus_label.replace("{name}", ""))
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    if isinstance(widget, w.HTML):
        yield from markup_texts(widget.value)
    if isinstance(widget, w.Label):
        yield widget.value
    yield from getattr(widget, "_options_labels", ())
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


def english_in(texts: Any) -> dict[str, list[str]]:
    """The texts that hold words of Latin letters once card faces and proper names are out: text -> words."""
    found = {}
    for text in texts:
        bare = CARD_FACE.sub(" ", text)
        for name in sorted(ALLOWED, key=len, reverse=True):
            bare = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", bare)
        words = ENGLISH.findall(bare)
        if words:
            found[text] = words
    return found


def answer_timers(table: Any, limit: int = 400) -> None:
    """Answer the table's pending timers as the browser would, until none is left (or ``limit``)."""
    for _ in range(limit):
        if not table.timers:
            return
        tag, ms = next(iter(table.timers.items()))
        table.view.send_event({"type": "timer", "tag": tag, "t": ms})


def make_table(info: Any, lang: str) -> Any:
    """The game's table (the registry's ``table`` part) in ``lang``, its coach or trainer on."""
    options = {"cleopatra": {"trainer": True}, "trappola": {"coach": True, "names": NAMES},
               "kirifu": {"coach": True, "computers": 2}}[info.name]
    return info.part("table")(seed=3, lang=lang, **options)


def played_texts(info: Any, lang: str, moves: int = 400) -> list[str]:
    """Everything a table of ``info``'s game shows over a whole game in ``lang``: the start, every
    position (the coach's hints ready), refusals, the end, the coach's review and its replay."""
    table = make_table(info, lang)
    texts = list(widget_texts(table))
    for move in range(moves):
        answer_timers(table)
        texts += widget_texts(table)
        if table.state.is_over:
            break
        if move == 2:
            for refused in refusals(table, info.name):
                table.click(refused)
                texts += widget_texts(table)
        play_on(table)
    assert table.state.is_over, f"{info.name}: the game is not over after {moves} moves"
    table.press("n")                        # asks before a new game is dealt
    texts += widget_texts(table)
    coach = getattr(table, "coach", None)
    if coach is not None:
        coach.show_review()
        if coach.steps.options:
            coach.show_replay()
        texts += widget_texts(coach.panel)
    return texts


def play_on(table: Any) -> None:
    """The reader's next move: a clickable choice that is a legal action, else the first legal
    action, else Enter (Cleopatra turns a card)."""
    legal = [str(a) for a in table.state.legal_actions()] if table.choices() else []
    clickable = [choice for choice in table.choices() if choice in legal]
    if clickable:
        table.click(clickable[0])
    elif legal and table.state.current_player == table.you:
        table.play(legal[0])
        table.redraw()
    else:
        table.press("Enter")


def refusals(table: Any, game: str) -> list[str]:
    """Targets the table refuses: one it has no element for, and illegal actions of the game."""
    legal = {str(a) for a in table.state.legal_actions()}
    tried = {"trappola": ["play RC", "play 2S", "declare A", "exchange", "keep"],
             "kirifu": ["take 4S", "cut 9H with 10H", "pass 7S", "send"]}.get(game, [])
    return ["nothing:here", "unreadable ??"] + [t for t in tried if t not in legal]


def replay_texts(info: Any, lang: str) -> list[str]:
    """The shared replay of a game of ``info`` played at its table in ``lang`` (the players' names
    in that language): every caption, frames and the buttons."""
    table = make_table(info, lang)
    for _ in range(60):
        answer_timers(table)
        if table.state.is_over:
            break
        play_on(table)
    replayer = replay(record_of(table.state), lang=lang)
    texts = list(widget_texts(replayer)) + list(replayer.bar.captions)
    for step in range(0, replayer.bar.n_frames, max(1, replayer.bar.n_frames // 8)):
        replayer.step = step
        texts += widget_texts(replayer)
    return texts


def cleopatra_texts(lang: str) -> list[str]:
    """The Cleopatra sample replayed by steps and by cards, the duo table, the pack split by colour
    and the slap trainer's chart, in ``lang``."""
    import pandas as pd
    from matplotlib.text import Text

    from cardlab.games.cleopatra.bots import SlapBot
    from cardlab.games.cleopatra.draw import colour_split_svg
    from cardlab.games.cleopatra.slaps import SlapLog, plot_slaps
    from cardlab.games.cleopatra.table import CleopatraReplay
    from cardlab.games.cleopatra.table_duo import CleopatraDuoTable

    sample = CleopatraReplay(lang=lang)
    texts = list(widget_texts(sample))
    for replayer in (sample.by_step, sample.by_card):
        texts += replayer.bar.captions
        for step in range(0, replayer.bar.n_frames, 7):
            replayer.step = step
            texts += widget_texts(replayer)
    duo = CleopatraDuoTable(seed=2, lang=lang)
    texts += widget_texts(duo)
    for key in ("a", "l", "s", "k", "a"):
        duo.press(key)
        answer_timers(duo, limit=3)
        texts += widget_texts(duo)
    texts += markup_texts(colour_split_svg(lang=lang))
    log = SlapLog(reactions=[250.0, 310.0, 280.0], beaten=[400.0], missed=1, false_slaps=1)
    chances = pd.DataFrame({"rate": [0.7, 0.5], "low": [0.6, 0.4], "high": [0.8, 0.6], "games": [10, 10]},
                           index=[0.3, 0.9])
    for stacked in (False, True):
        fig = plot_slaps(log, chances, SlapBot(), lang=lang, stacked=stacked)
        texts += [t.get_text() for t in fig.findobj(Text)]
    return texts


def trappola_texts(lang: str) -> list[str]:
    """The Trappola pack's picture and every refusal's reason over a game of random moves."""
    import random

    from cardlab.games import trappola
    from cardlab.games.trappola.draw import pack_svg

    texts = markup_texts(pack_svg(lang=lang))
    game, rng = trappola.new_game(seed=8, players=NAMES), random.Random(8)
    tries = ["exchange", "keep"] + [f"declare {r}" for r in "ARCF2"] + [f"play {c.ascii()}" for c in italian_deck()]
    while not game.is_over:
        legal = {str(a) for a in game.legal_actions()}
        for text in tries:
            if text not in legal:
                texts.append(game.refusal(game.why_illegal(text)).say(lang))
        game.play(rng.choice(sorted(legal)))
    return texts


def practice_texts(lang: str) -> list[str]:
    """The puzzle tables (each puzzle of a few asked and answered), the exercise boxes of every
    game (answered, then the next), and the slap drill played to its end (issue 25)."""
    texts = []
    for game in ("trappola", "kirifu"):
        table = PuzzleTable(game, lang=lang)
        for index in range(4):
            table.show(index)
            texts += widget_texts(table)
            table.answer(table.puzzle.answer if index % 2 else next(
                c.action for c in table.puzzle.choices if c.action != table.puzzle.answer))
            texts += widget_texts(table)
    for drill in (cleopatra_exercises.drill, trappola_exercises.drill, kirifu_exercises.drill):
        box = ExerciseBox(drill, lang=lang)
        for _ in range(6):
            texts += widget_texts(box)
            box.answer(box.exercise.answer + 1 if box.exercise.choices else 0)
            texts += widget_texts(box)
            box.next_exercise()
    slaps = SlapDrill(pairs=2, lang=lang)
    answer_timers(slaps)
    return texts + list(widget_texts(slaps))


def all_texts(lang: str) -> list[str]:
    texts = []
    for info in all_games():
        texts += played_texts(info, lang) + replay_texts(info, lang)
    return texts + cleopatra_texts(lang) + trappola_texts(lang) + practice_texts(lang)


def report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{text[:160]!r}: {words}" for text, words in sorted(found.items()))


@pytest.fixture(scope="module")
def japanese() -> list[str]:
    return all_texts("ja")


def test_japanese_mode_has_no_english_outside_card_faces_and_names(japanese):
    assert len(japanese) > 2000                # the collection reached every part
    found = english_in(japanese)
    assert not found, f"English in Japanese mode ({len(found)} texts):\n{report(found)}"


def test_the_same_collection_finds_english_in_english_mode():
    texts = [text for info in all_games() for text in replay_texts(info, "en")]
    found = english_in(texts + cleopatra_texts("en") + trappola_texts("en"))
    words = {word for seen in found.values() for word in seen}
    assert {"hand", "trick", "stock", "step"} <= words, report(found)


def test_card_faces_and_names_are_not_words_but_a_word_beside_them_is():
    assert not english_in(["Adaは5♥を出す", "カップの王（RC）", "Enter（E）", "♠Aはオールマイティ", "C10、T12"])
    assert english_in(["Adaは5♥をplayする"]) == {"Adaは5♥をplayする": ["play"]}


def test_the_last_kirifu_player_is_left_holding_cards_never_shown_going_out_K17():
    import random

    from cardlab.games import kirifu
    from cardlab.games.kirifu.words import narrate

    state, rng = kirifu.new_game(seed=4, players=4), random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    finished = [e for e in state.events if isinstance(e, kirifu.Finished)]
    *out, last = finished
    assert last.place == len(state.players) and out
    assert all("上がる" in narrate(e, state.players, "ja") and "finishes" in narrate(e, state.players, "en")
               for e in out)
    assert "最後まで残る" in narrate(last, state.players, "ja") and "上が" not in narrate(last, state.players, "ja")
    assert "is left last" in narrate(last, state.players, "en")
