"""Issue 37: one reason per rule. Every Kirifu cut exercise over many generated positions agrees
with the engine: its answer is what the engine does with the cut, its explanation says the
reason of the engine's classifier (the reason the engine refuses the cut with, when it does), a
reason of a legal cut exactly when the engine takes the cut, and its rule is that reason's.
Swapping two reasons in the classifier (the issue's "same suit, higher" / "same suit, not higher")
is caught. The same for Cleopatra's slap exercises and the engine's classifier of slaps
(``State.slap_reason``), and for Trappola's follow and winner exercises and the engine's reasons
(``State.why_illegal``, ``scoring.trick_reason``).
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable, Iterator

import pytest

from cardlab.cards import ITALIAN, ITALIAN_SUITS, Card
from cardlab.errors import IllegalActionError, Reason
from cardlab.exercises import phrase
from cardlab.games.cleopatra import engine as cleopatra
from cardlab.games.cleopatra import exercises as cleopatra_exercises
from cardlab.games.cleopatra.events import Played
from cardlab.games.kirifu import exercises, moves
from cardlab.games.trappola import exercises as trappola_exercises
from cardlab.games.trappola import scoring as trappola_scoring
from cardlab.games.trappola.events import TrickWon
from cardlab.games.trappola.words import REFUSALS as TRAPPOLA_REFUSALS
from cardlab.games.trappola.words import card_text, suit_text
from cardlab.words import Phrase
from cardlab.games.kirifu.words import REFUSALS

QUICK = bool(os.environ.get("CARDLAB_QUICK"))


def made(games: int, maker: Any = exercises, kinds: tuple[str, ...] = ("cut_or_take", "cutters")) -> Iterator[Any]:
    """Every exercise of ``kinds`` (by default Kirifu's two kinds of cut exercise) that the
    positions of ``games`` games of ``maker`` (a game's exercises module) make."""
    rng = random.Random(37)
    for seed in range(games):
        for state in maker.positions(seed):
            for kind in kinds:
                exercise = maker.MAKERS[kind](state, rng)
                if exercise is not None:
                    yield kind, exercise


def disagreements(kind: str, exercise: Any) -> list[str]:
    """How ``exercise`` disagrees with the engine (nothing: it agrees)."""
    state = exercise.position
    card = state.passed[0]
    if kind == "cutters":
        cutting = {a[2] for a in state.legal_actions() if a[0] == "cut"}
        reasons = [moves.cut_reason(c, card, state.world) for c in cutting]
        problems = [f"{r} explains a legal cut" for r in reasons if r.key not in moves.CUTTING]
        if exercise.answer != len(cutting):
            problems.append(f"answer {exercise.answer}, the engine has {len(cutting)} cutters")
        return problems
    reason: Reason = exercise.reason
    action = f"cut {card.ascii()} with {reason.fields['cutter']}"
    try:
        state.clone().play(action)
        refused = None
    except IllegalActionError as error:
        refused = error
    problems = []
    said_yes = exercise.choices[exercise.answer].say("en") == "Yes"
    if said_yes != (refused is None):
        problems.append(f"{action}: the answer says {'yes' if said_yes else 'no'}")
    if (reason.key in moves.CUTTING) != (refused is None):
        problems.append(f"{action}: explained by {reason.key}, {'refused' if refused else 'taken'} by the engine")
    if refused is not None and (refused.rule, refused.key, refused.fields) != (reason.rule, reason.key, reason.fields):
        problems.append(f"{action}: explained by {reason}, refused under {refused.rule} {refused.key}")
    if exercise.rule != reason.rule:
        problems.append(f"{action}: rule {exercise.rule}, reason {reason.rule}")
    for lang in ("en", "ja"):
        if REFUSALS.text(lang, reason.key, reason.fields) not in exercise.explanation.say(lang):
            problems.append(f"{action}: the {lang} explanation does not say its reason")
    return problems


def agreeing(made: Iterator[tuple[str, Any]], disagreements: Callable[[str, Any], list[str]]) -> int:
    """How many of the exercises ``made`` (kind, exercise) agree with the engine; fails at the first
    one that does not."""
    checked = 0
    for kind, exercise in made:
        assert disagreements(kind, exercise) == []
        checked += 1
    return checked


def test_every_cut_exercise_agrees_with_the_engine():
    """Tens of exercises under ``CARDLAB_QUICK``, thousands in the full run."""
    assert agreeing(made(1 if QUICK else 200), disagreements) > (20 if QUICK else 2000)


def test_the_classifier_agrees_with_beats_on_every_pair_of_cards():
    deck = moves.french_deck(jokers=2)
    for world in "SHDC":
        for passed in deck:
            for cutter in deck:
                if cutter != passed:
                    assert (moves.cut_reason(cutter, passed, world).key in moves.CUTTING) == \
                        moves.beats(cutter, passed, world), (cutter, passed, world)


def test_a_swapped_reason_is_caught(monkeypatch):
    right = moves.cut_reason
    swap = {"same-suit-higher": "same-suit-not-higher", "same-suit-not-higher": "same-suit-higher"}

    def swapped(cutter: Any, passed: Any, world: str) -> Reason:
        reason = right(cutter, passed, world)
        return Reason(reason.rule, swap.get(reason.key, reason.key), reason.fields)

    monkeypatch.setattr(moves, "cut_reason", swapped)
    monkeypatch.setattr(exercises, "cut_reason", swapped)
    found = [problem for kind, exercise in made(2) for problem in disagreements(kind, exercise)]
    assert any("same-suit-not-higher" in problem and "taken by the engine" in problem for problem in found), found


def slap_exercises(games: int) -> Iterator[Any]:
    """Every slap exercise (on a pair and not, under both rules it is asked under) of ``games`` games."""
    rng = random.Random(37)
    for rules in (cleopatra.CLEOPATRA, cleopatra_exercises.FACES_RULES):
        for seed in range(games):
            for state in cleopatra_exercises.positions(seed, rules):
                for pair in (True, False):
                    exercise = cleopatra_exercises.MAKERS["slap"](state, rng, pair=pair)
                    if exercise is not None:
                        yield "slap", exercise


def slap_disagreements(kind: str, exercise: Any) -> list[str]:
    """How a slap exercise disagrees with the engine (nothing: it agrees)."""
    state, reason = exercise.position, exercise.reason
    refused: dict[int, IllegalActionError] = {}
    for seat in (0, 1):
        try:
            state.clone().play(cleopatra.slap(seat))
        except IllegalActionError as error:
            refused[seat] = error
    last = next(e.player for e in reversed(state.events) if isinstance(e, Played))
    names = state.players
    said = exercise.choices[exercise.answer].say("en")
    expected = (f"Yes: either player may slap it and take all {len(state.pile)} cards" if not refused
                else f"Yes, but only {names[1 - last]}, who did not turn the last card" if list(refused) == [last]
                else "No: the top two cards are not a pair")
    problems = [f"the answer says {said!r}, the engine: {expected!r}"] if said != expected else []
    other = refused.get(1 - last)
    if (reason.key == "pair") != (other is None):
        problems.append(f"explained by {reason.key}, {'refused' if other else 'taken'} by the engine")
    if other is not None and (other.rule, other.key, other.fields) != (reason.rule, reason.key, reason.fields):
        problems.append(f"explained by {reason}, refused under {other.rule} {other.key}")
    if exercise.rule != reason.rule:
        problems.append(f"rule {exercise.rule}, reason {reason.rule}")
    why = phrase(cleopatra_exercises.WORDS, cleopatra_exercises.EXPLAINED[reason.key], pair=list(state.pile[-2:]))
    for lang in ("en", "ja"):
        if exercise.explanation.say(lang) != why.say(lang):
            problems.append(f"the {lang} explanation does not say {reason.key}")
    return problems


def test_every_slap_exercise_agrees_with_the_engine():
    """Tens of slap exercises under ``CARDLAB_QUICK``, thousands in the full run."""
    assert agreeing(slap_exercises(1 if QUICK else 8), slap_disagreements) > (100 if QUICK else 2000)


def test_a_wrong_slap_reason_is_caught(monkeypatch):
    right = cleopatra.State.slap_reason
    swap = {"pair": Reason("C13", "not-a-pair"), "not-a-pair": Reason("C10", "pair")}

    def swapped(state: Any, action: Any) -> Reason:
        reason = right(state, action)
        return swap.get(reason.key, reason)

    monkeypatch.setattr(cleopatra.State, "slap_reason", swapped)
    found = [problem for kind, exercise in slap_exercises(1) for problem in slap_disagreements(kind, exercise)]
    assert any("explained by pair, refused by the engine" in problem for problem in found), found
    assert any("explained by not-a-pair, taken by the engine" in problem for problem in found), found


def trappola_exercises_made(games: int) -> Iterator[Any]:
    """Every follow and winner exercise the positions of ``games`` Trappola deals make."""
    return made(games, trappola_exercises, ("follow", "winner"))


def refused(state: Any, action: str) -> IllegalActionError | None:
    """The engine's refusal of ``action`` (on a copy of ``state``), None if it takes it."""
    try:
        state.clone().play(action)
    except IllegalActionError as error:
        return error
    return None


def trappola_disagreements(kind: str, exercise: Any) -> list[str]:
    """How a Trappola exercise disagrees with the engine (nothing: it agrees)."""
    state, reason = exercise.position, exercise.reason
    seat = state.current_player
    problems = [f"rule {exercise.rule}, reason {reason.rule}"] if exercise.rule != reason.rule else []
    if kind == "follow":
        by_text = {card_text(c, "en"): c for c in state.view(seat).hand_of(seat)}
        for index, choice in enumerate(exercise.choices):
            action = f"play {by_text[choice.say('en')].ascii()}"
            error = refused(state, action)
            if (index == exercise.answer) != (error is None):
                problems.append(f"{action}: {'the answer' if error else 'not the answer'}, "
                                f"{'refused' if error else 'taken'} by the engine")
            if error is not None and (error.rule, error.key, error.fields) != (reason.rule, reason.key, reason.fields):
                problems.append(f"{action}: explained by {reason}, refused under {error.rule} {error.key}")
        lead, answer = Card.parse(reason.fields["card"], ITALIAN), by_text[exercise.choices[exercise.answer].say("en")]
        why = phrase(trappola_exercises.WORDS, trappola_exercises.FOLLOW_EXPLAINED[reason.key],
                     suit=Phrase.of(lambda lang: suit_text(lead.suit, lang)),
                     card=Phrase.of(lambda lang: card_text(answer, lang)))
        problems += [f"the {lang} explanation does not say {reason.key}" for lang in ("en", "ja")
                     if why.say(lang) != exercise.explanation.say(lang)]
        return problems
    follow = Card.parse(reason.fields["card"], ITALIAN)
    probe, start = state.clone(), len(state.events)
    probe.play(f"play {follow.ascii()}")
    won = next(e for e in probe.events[start:] if isinstance(e, TrickWon))
    if (reason.key == "higher") != (won.winner == seat):
        problems.append(f"explained by {reason.key}, the engine gives the trick to seat {won.winner}")
    if exercise.choices[exercise.answer].say("en") != ("You" if won.winner == seat else state.players[won.winner]):
        problems.append(f"the answer says {exercise.choices[exercise.answer].say('en')}")
    lead = Card.parse(reason.fields["lead"], ITALIAN)
    why = phrase(trappola_exercises.WORDS, trappola_exercises.WINNER_EXPLAINED[reason.key],
                 leader=state.players[1 - seat], lead=Phrase.of(lambda lang: card_text(lead, lang)),
                 follow=Phrase.of(lambda lang: card_text(follow, lang)))
    problems += [f"the {lang} explanation does not say {reason.key}" for lang in ("en", "ja")
                 if why.say(lang) not in exercise.explanation.say(lang)]
    return problems


def test_every_trappola_exercise_agrees_with_the_engine():
    """Tens of follow and winner exercises under ``CARDLAB_QUICK``, thousands in the full run."""
    assert agreeing(trappola_exercises_made(3 if QUICK else 160), trappola_disagreements) > (20 if QUICK else 2000)


def test_the_trick_classifier_says_t11_on_every_pair_of_cards():
    """T11: the second card takes the trick when it is of the suit led and ranks higher (T1's
    ranks from the highest, ``scoring.RANKS``); a card of another suit never does."""
    deck = [Card(rank, suit) for suit in ITALIAN_SUITS for rank in trappola_scoring.RANKS]
    for lead in deck:
        for card in deck:
            if card != lead:
                expected = ("other-suit" if card.suit != lead.suit else "higher"
                            if trappola_scoring.RANKS.index(card.rank) < trappola_scoring.RANKS.index(lead.rank)
                            else "lower")
                assert trappola_scoring.trick_reason(card, lead).key == expected, (card, lead)
                assert TRAPPOLA_REFUSALS.text("en", trappola_scoring.trick_reason(card, lead).key,
                                              trappola_scoring.trick_reason(card, lead).fields)


def test_a_wrong_trick_reason_is_caught(monkeypatch):
    right = trappola_scoring.trick_reason
    swap = {"higher": "lower", "lower": "higher"}

    def swapped(card: Any, lead: Any) -> Reason:
        reason = right(card, lead)
        return Reason(reason.rule, swap.get(reason.key, reason.key), reason.fields)

    monkeypatch.setattr(trappola_exercises, "trick_reason", swapped)
    found = [problem for kind, exercise in trappola_exercises_made(1) for problem in trappola_disagreements(kind, exercise)]
    assert any("explained by lower, the engine gives the trick" in problem for problem in found), found
