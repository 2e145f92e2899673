"""Cleopatra's exercises (issue 25) and the exercise box: each answer is what the engine does from
the exercise's position (C6, C10, C14), whatever order the choices come in."""

from __future__ import annotations

import html
import re

import pytest

from cardlab.cards import italian_deck
from cardlab.exercises import Exercise, ExerciseError
from cardlab.games.cleopatra.engine import Slap
from cardlab.games.cleopatra.events import Captured, Played
from cardlab.games.cleopatra.exercises import KINDS, drill, exercise
from cardlab.games.kirifu.exercises import KINDS as KIRIFU_KINDS
from cardlab.games.kirifu.exercises import exercise as kirifu_exercise
from cardlab.games.kirifu.moves import ACE_OF_SPADES
from cardlab.games.trappola.exercises import KINDS as TRAPPOLA_KINDS
from cardlab.games.trappola.exercises import exercise as trappola_exercise
from cardlab.games.trappola.scoring import beats
from cardlab.games.trappola.words import card_text
from cardlab.widgets.exercise import ExerciseBox
from cardlab.words import Phrase

SEEDS = range(12)


def _turn(state):
    return next(a for a in state.legal_actions() if not isinstance(a, Slap))


def _right(e: Exercise) -> str:
    return e.choices[e.answer].en


@pytest.mark.parametrize("seed", SEEDS)
def test_who_takes_the_pile_is_what_the_engine_does_with_the_cards_shown(seed):
    """C6: played on without slaps, the payment ends in a capture by the honour's owner; the
    question shows exactly the cards turned before it."""
    e = exercise("collect", seed)
    state, start = e.position.clone(), len(e.position.events)
    while not any(isinstance(ev, Captured) for ev in state.events[start:]):
        state.apply(_turn(state))
    new = state.events[start:]
    captured = next(ev for ev in new if isinstance(ev, Captured))
    turned = [str(ev.card) for ev in new[:new.index(captured)] if isinstance(ev, Played)]
    assert _right(e) == f"{state.players[captured.player]} takes {captured.n} cards"
    assert ", ".join(turned) in e.question.en and "C6" in e.explanation.en
    assert len({c.en for c in e.choices}) == len(e.choices) >= 3


@pytest.mark.parametrize("seed", SEEDS)
def test_whether_the_pile_can_be_slapped_follows_c10_and_c14(seed):
    e = exercise("slap", seed)
    a, b = e.position.view(None).pile[-2:]
    faces = e.position.rules.slaps == "same_rank_or_faces"
    pair = a.rank == b.rank or (faces and a.rank in "JQK" and b.rank in "JQK")
    assert _right(e).startswith("Yes: either player") == pair
    assert _right(e).startswith("No:") == (not pair)


def test_slap_exercises_ask_about_pairs_and_not_pairs_and_the_faces_variant():
    made = [exercise("slap", seed) for seed in range(30)]
    assert {_right(e)[:3] for e in made} == {"Yes", "No:"}
    assert {e.position.rules.slaps for e in made} == {"same_rank", "same_rank_or_faces"}


@pytest.mark.parametrize("seed", SEEDS)
def test_an_honour_in_a_payment_turns_it_round_as_the_engine_does(seed):
    """C6: after the payer's honour, the other player owes that honour's payment."""
    e = exercise("honour", seed)
    state = e.position.clone()
    card = next(ev.card for ev in _after(state) if isinstance(ev, Played))
    view = state.view(None)
    owed = state.rules.payments[card.rank]
    assert _right(e) == f"The payment stops: {state.players[view.current_player]} must now pay " \
                        f"{owed} card{'s' if owed != 1 else ''}"
    assert card.rank in "JQKA" and str(card) in e.question.en


def _after(state):
    start = len(state.events)
    state.apply(_turn(state))
    return state.events[start:]


@pytest.mark.parametrize("kind", KINDS)
def test_exercises_speak_japanese_and_draw_the_position(kind):
    e = exercise(kind, 3)
    for text in (e.question.ja, e.explanation.ja, *(c.ja for c in e.choices)):
        words = re.findall(r"[A-Za-z]{2,}", text)
        assert words == [], text
    assert e.picture.en.startswith("<svg") and e.picture.ja.startswith("<svg") and e.picture.ja != e.picture.en
    again = exercise(kind, 3)                              # deterministic for its seed
    assert (again.question, again.choices, again.answer) == (e.question, e.choices, e.answer)


def test_an_unknown_kind_is_refused_naming_the_field():
    with pytest.raises(ExerciseError) as refused:
        exercise("sandwich", 1)
    assert refused.value.field == "kind" and "collect" in str(refused.value)


def test_the_box_takes_one_answer_marks_it_and_moves_on():
    box = ExerciseBox(drill, lang="en")
    first = box.question.value
    wrong = (box.exercise.answer + 1) % len(box.exercise.choices)
    assert box.answer(wrong) is False
    assert box.answer(box.exercise.answer) is None            # a second click answers nothing
    assert box.tried == 1 and box.right == 0 and "Not right." in box.verdict.value
    assert box.buttons[wrong].button_style == "danger" and box.buttons[box.exercise.answer].button_style == "success"
    assert all(b.disabled for b in box.buttons)
    box.next_button.click()
    assert box.question.value != first and box.answered is None and not any(b.disabled for b in box.buttons)
    box.buttons[box.exercise.answer].click()
    assert box.right == 1 and "Right 1 of 2" in box.score_line.value


def test_a_number_exercise_is_answered_in_a_number_box():
    made = Exercise(question=Phrase("How many?", "何枚？"), answer=7, explanation=Phrase("Seven (C6).", "7枚（C6）。"),
                    rule="C6")
    box = ExerciseBox(lambda seed: made, lang="ja")
    box.number.value = 6
    box.buttons[0].click()
    assert box.right == 0 and "不正解" in box.verdict.value and "7枚" in box.verdict.value
    with pytest.raises(ExerciseError):
        Exercise(question=made.question, answer=3, explanation=made.explanation, rule="C6",
                 choices=(Phrase("a", "あ"),))


# --- Trappola and Kirifu -----------------------------------------------------------------------
POINTS = {"A": 6, "R": 5, "C": 4, "F": 3}          # T2
KIRIFU_RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()  # K5


@pytest.mark.parametrize("seed", SEEDS)
def test_trappola_the_one_card_that_may_follow_is_of_the_suit_led_T11(seed):
    e = trappola_exercise("follow", seed)
    view = e.position.view(e.position.current_player)
    lead = view.trick[0]
    legal = {a[5:] for a in view.legal}
    shown = [c for c in view.hands[e.position.current_player] if any(ch.en.startswith(_name(c)) for ch in e.choices)]
    assert len(e.choices) == len(shown) >= 2
    for i, choice in enumerate(e.choices):
        card = next(c for c in shown if choice.en == _name(c))
        assert (card.ascii() in legal) == (i == e.answer) == (card.suit == lead.suit)


def _name(card) -> str:
    return card_text(card, "en")


@pytest.mark.parametrize("seed", SEEDS)
def test_trappola_the_trick_goes_to_the_higher_card_of_the_suit_led_and_holds_its_card_points_T11_T2(seed):
    e = trappola_exercise("winner", seed)
    state = e.position
    leader = state.players[1 - state.current_player]
    lead, follow = _trick_cards(e.question.en)
    assert _right(e) == ("You" if beats(follow, lead) else leader)
    p = trappola_exercise("points", seed)
    cards = _trick_cards(p.question.en)
    assert p.answer == sum(POINTS.get(c.rank, 0) for c in cards) and not p.choices


def _trick_cards(question: str):
    """The two cards a question names (``the 8 of batons``), lead first."""
    names = {_name(c): c for c in italian_deck()}
    return [names[n] for n in re.findall(r"the (\w+ of \w+)", question)][:2]


def _cuts(card, cutter, world) -> bool:
    """K5–K7, restated: the ♠A cuts all and nothing cuts it; a world card cuts another suit; a
    higher card of the same suit cuts."""
    if ACE_OF_SPADES in (card, cutter):
        return cutter == ACE_OF_SPADES
    if cutter.suit == card.suit:
        return KIRIFU_RANKS.index(cutter.rank) > KIRIFU_RANKS.index(card.rank)
    return cutter.suit == world


@pytest.mark.parametrize("seed", SEEDS)
def test_kirifu_the_cards_that_cut_are_those_of_K5_to_K7(seed):
    e = kirifu_exercise("cutters", seed)
    view = e.position.view(e.position.current_player)
    card = view.passed[0]
    assert e.answer == sum(_cuts(card, c, view.world) for c in view.hands[e.position.current_player])
    c = kirifu_exercise("cut_or_take", seed)
    view = c.position.view(c.position.current_player)
    cutter = next(x for x in view.hands[c.position.current_player] if f"with the {x}?" in c.question.en)
    assert _right(c) == ("Yes" if _cuts(view.passed[0], cutter, view.world) else "No")


@pytest.mark.parametrize("seed", SEEDS)
def test_kirifu_a_turn_refills_the_hand_to_five_as_far_as_the_stock_goes_K12(seed):
    e = kirifu_exercise("refill", seed)
    held, stock = map(int, re.findall(r"(\d+) cards?", e.question.en)[:2])
    assert e.answer == min(5 - held, stock) > 0 and "K12" in e.explanation.en


@pytest.mark.parametrize("make, kinds", [(trappola_exercise, TRAPPOLA_KINDS), (kirifu_exercise, KIRIFU_KINDS)])
def test_every_kind_of_the_other_games_speaks_japanese(make, kinds):
    for kind in kinds:
        e = make(kind, 5)
        for text in (e.question.ja, e.explanation.ja, *(c.ja for c in e.choices)):
            assert [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in e.position.players] == [], text


YOU = {"en": r"\b[Yy]our?\b", "ja": "あなた"}
"""How each language calls the reader's seat: the seat a picture is drawn for."""
EXERCISES = {"cleopatra": (exercise, KINDS), "trappola": (trappola_exercise, TRAPPOLA_KINDS),
             "kirifu": (kirifu_exercise, KIRIFU_KINDS)}


def seats_named(text: str, players: list[str], lang: str) -> set[str]:
    """The seats ``text`` names: a player by name, the reader as "you"."""
    named = {name for name in players if re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text)}
    return named | ({"you"} if re.search(YOU[lang], text) else set())


@pytest.mark.parametrize("game", EXERCISES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_exercise_names_the_seats_as_its_picture_does(game, lang):
    """Issue 39: the picture is drawn for a seat, which it calls "you" and the others by name; the
    question, its choices and its explanation call each seat the same (never "Ada" for the seat
    the picture calls "you")."""
    make, kinds = EXERCISES[game]
    pictured = 0
    for kind in kinds:
        for seed in range(4):
            e = make(kind, seed)
            if e.picture is None:
                continue
            picture = html.unescape(re.sub(r"<[^>]*>", " ", e.picture.say(lang)))
            players = list(e.position.players)
            text = " ".join(p.say(lang) for p in (e.question, e.explanation, *e.choices))
            assert seats_named(text, players, lang) <= seats_named(picture, players, lang), text
            pictured += 1
    assert pictured >= 4
