"""Exercises: a question about a position, answered by a choice or a number, with the answer
worked out by the engine (or the coach) and an explanation that cites the rule.

A game's exercises are made by functions of the game's folder (Cleopatra's reading of the pile:
:mod:`cardlab.games.cleopatra.exercises`); the widget that asks them is
:class:`cardlab.widgets.exercise.ExerciseBox`. Nothing here imports a widget library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import CardlabError
from .words import Phrase


class ExerciseError(CardlabError, ValueError):
    """An exercise was asked for something it cannot be; ``field`` names the argument at fault."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Exercise:
    """One question (``question``, with the position drawn in ``picture``: SVG in each language).
    With ``choices``, the answer is the index ``answer`` of the right one; without, the answer is
    the number ``answer``. ``explanation`` says why, citing the rule (``rule``: its ID).
    ``position``: the game state the question is about (what the engine worked the answer out on)."""

    question: Phrase
    answer: int
    explanation: Phrase
    rule: str
    choices: tuple[Phrase, ...] = ()
    picture: Phrase | None = None
    position: Any = None

    def __post_init__(self) -> None:
        if self.choices and not 0 <= self.answer < len(self.choices):
            raise ExerciseError("answer", f"the index of one of the {len(self.choices)} choices, not {self.answer}")

    def check(self, given: int) -> bool:
        """Whether ``given`` (a choice's index, or the number) is the answer."""
        return given == self.answer
