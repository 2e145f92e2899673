"""``ExerciseBox``: exercises asked one after another, each checked when answered.

The box shows the position's picture and the question, then either a button per choice or a
number box with *Check*. An answer is taken once (the buttons are disabled after it, so a
double-click answers once); the verdict and the explanation with its rule follow, then *Next*
makes the next exercise (``make(seed)`` with the next seed). A score for the session is kept.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as w

from ..exercises import Exercise
from ..puzzles.words import WORDS
from ..words import check_lang
from .stored import StoredLine

PICTURE_STYLE = ("<style>.cardlab-exercise-picture svg { max-width: 100%; height: auto; }"
                 ".cardlab-exercise-choice { white-space: normal; max-width: 100%; text-align: left; }</style>")
"""The position's picture shrinks to the output's width (a phone) and keeps its proportions; a long
choice wraps onto more lines instead of being cut."""


class ExerciseBox(StoredLine, w.VBox):
    stored_as = "exercise"
    """Exercises ``make(seed)`` for ``seed``, ``seed + 1`` … in ``lang``."""

    def __init__(self, make: Callable[[int], Exercise], seed: int = 0, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.make, self.seed = make, seed - 1
        self.right = self.tried = 0
        self.picture = w.HTML()
        self.picture.add_class("cardlab-exercise-picture")
        self.question = w.HTML()
        self.question.add_class("cardlab-exercise-question")
        self.answers = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.verdict = w.HTML()
        self.verdict.add_class("cardlab-exercise-verdict")
        self.score_line = w.HTML()
        self.next_button = w.Button(description=WORDS.say(self.lang, "next"), icon="forward",
                                    layout=w.Layout(width="auto"))
        self.next_button.on_click(lambda _button: self.next_exercise())
        super().__init__([self.picture, self.question, self.answers, self.verdict,
                          w.HBox([self.next_button, self.score_line])])
        self.add_class("cardlab-exercise")
        self.next_exercise()

    def next_exercise(self) -> None:
        """Ask the next exercise."""
        self.seed += 1
        self.exercise = self.make(self.seed)
        self.answered: int | None = None
        say = lambda phrase: phrase.say(self.lang)          # noqa: E731
        self.picture.value = (PICTURE_STYLE + say(self.exercise.picture)) if self.exercise.picture else ""
        self.question.value = f"<p>{html.escape(say(self.exercise.question))}</p>"
        if self.exercise.choices:
            self.buttons = [w.Button(description=say(choice), layout=w.Layout(width="auto", height="auto"))
                            for choice in self.exercise.choices]
            for i, button in enumerate(self.buttons):
                button.add_class("cardlab-exercise-choice")
                button.on_click(lambda _button, i=i: self.answer(i))
            self.answers.children = self.buttons
        else:
            self.number = w.IntText(layout=w.Layout(width="8em"))
            check = w.Button(description=WORDS.say(self.lang, "check"))
            check.on_click(lambda _button: self.answer(self.number.value))
            self.buttons = [check]
            self.answers.children = [self.number, check]
        self.verdict.value = ""
        self._score()

    def answer(self, given: int) -> bool | None:
        """Answer the exercise with ``given`` (a choice's index, or the number); None if it was
        answered already (nothing changes)."""
        if self.answered is not None:
            return None
        self.answered = given
        right = self.exercise.check(given)
        self.tried += 1
        self.right += right
        for i, button in enumerate(self.buttons):
            button.disabled = True
            if self.exercise.choices:
                button.button_style = "success" if i == self.exercise.answer else "danger" if i == given else ""
        verdict = WORDS.say(self.lang, "right_short" if right else "wrong_short")
        self.verdict.value = (f"<p><b>{html.escape(verdict)}</b> "
                              f"{html.escape(self.exercise.explanation.say(self.lang))}</p>")
        self._score()
        return right

    def _score(self) -> None:
        self.score_line.value = html.escape(WORDS.say(self.lang, "right_of", right=self.right, tried=self.tried))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, right={self.right}, tried={self.tried})"
