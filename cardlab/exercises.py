"""Exercises: a question about a position, answered by a choice or a number, with the answer
worked out by the engine (or the coach) and an explanation that cites the rule.

A game's exercises are made by functions of the game's folder (Cleopatra's reading of the pile:
:mod:`cardlab.games.cleopatra.exercises`); the widget that asks them is
:class:`cardlab.widgets.exercise.ExerciseBox`. Nothing here imports a widget library.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from .errors import FieldError, Reason
from .words import Phrase, Words


class ExerciseError(FieldError):
    """An exercise was asked for something it cannot be; ``field`` names the argument at fault."""


@dataclass(frozen=True)
class Exercise:
    """One question (``question``, with the position drawn in ``picture``: SVG in each language;
    the question, choices and explanation call each seat as the picture does: the seat it is drawn
    for "you", the others by name).
    With ``choices``, the answer is the index ``answer`` of the right one; without, the answer is
    the number ``answer``. ``explanation`` says why, citing the rule (``rule``: its ID), where it
    explains a rule in the engine's words, those of ``reason`` (the engine's classifier's
    :class:`cardlab.errors.Reason`, whose rule is ``rule``). ``position``: the game state the
    question is about (what the engine worked the answer out on)."""

    question: Phrase
    answer: int
    explanation: Phrase
    rule: str
    choices: tuple[Phrase, ...] = ()
    picture: Phrase | None = None
    position: Any = None
    reason: Reason | None = None

    def __post_init__(self) -> None:
        if self.reason is not None and self.reason.rule != self.rule:
            raise ExerciseError("rule", f"the rule of its reason, {self.reason.rule}, not {self.rule}")
        if self.choices and not 0 <= self.answer < len(self.choices):
            raise ExerciseError("answer", f"the index of one of the {len(self.choices)} choices, not {self.answer}")

    def check(self, given: int) -> bool:
        """Whether ``given`` (a choice's index, or the number) is the answer."""
        return given == self.answer


def phrase(words: Words, key: str, counts: tuple[str, ...] = (), **fields: object) -> Phrase:
    """The text ``key`` of ``words`` in each language, its fields named in that language: a phrase
    in it, a list joined (``K♦, 7♣``), a field of ``counts`` as a count of cards (``3 cards``,
    ``3枚``), anything else as it prints."""
    def named(field: str, value: object, lang: str) -> object:
        if isinstance(value, Phrase):
            return value.say(lang)
        if isinstance(value, (list, tuple)):
            return ("、" if lang == "ja" else ", ").join(str(named("", v, lang)) for v in value)
        if field in counts:
            return f"{value}枚" if lang == "ja" else f"{value} card" + ("s" if value != 1 else "")
        return value
    return Phrase.of(lambda lang: words.say(lang, key, **{f: named(f, v, lang) for f, v in fields.items()}))


def choice_exercise(question: Phrase, options: dict[str, Phrase], right: str, order: list[str],
                    **more: object) -> Exercise:
    """An exercise of the choices ``options`` (by key) shown in ``order``, ``right`` the key of the
    answer; ``more``: the other fields of :class:`Exercise`."""
    return Exercise(question=question, choices=tuple(options[k] for k in order), answer=order.index(right),
                    **more)  # type: ignore[arg-type]


GAMES_TRIED = 1_000
"""How many games :func:`find` looks through before it gives up."""


def find(kind: str, seed: int, makers: Mapping[str, Callable[[Any, random.Random], Exercise | None]],
         positions: Callable[[int], Iterable[Any]]) -> Exercise:
    """The first exercise of ``kind`` that ``makers[kind](position, rng)`` makes from the positions
    of the games ``positions(seed * 1000)``, ``positions(seed * 1000 + 1)`` … (each game's in an order
    drawn from ``seed``); ``ExerciseError`` naming the field for an unknown kind or none found."""
    if kind not in makers:
        raise ExerciseError("kind", f"one of {', '.join(makers)}, not {kind!r:.40}")
    rng = random.Random(seed)
    for game in range(seed * GAMES_TRIED, (seed + 1) * GAMES_TRIED):
        for position in sorted(positions(game), key=lambda _p: rng.random()):
            made = makers[kind](position, rng)
            if made is not None:
                return made
    raise ExerciseError("seed", f"no position for a {kind!r} exercise in {GAMES_TRIED} games")
