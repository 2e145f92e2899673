"""Puzzles and exercises in a real JupyterLab (issue 25): one puzzle solved wrong and one right in
each of Trappola and Kirifu, by clicks and keys on the game's own table; a Cleopatra exercise
answered by a click (a double-click answers once)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PUZZLE_CELLS = ["from cardlab.widgets.puzzle import PuzzleTable", "puzzles = PuzzleTable({game!r})\npuzzles"]


def _status(table) -> str:
    return table.locator(".cardlab-status").inner_text()


def _verdict(nb) -> str:
    return nb.page.locator(".cardlab-puzzle-verdict").first.inner_text()


def _click(nb, table, target: str) -> None:
    before = nb.seq_of(table)
    table.locator(f'.cardlab-svg [data-target="{target}"]').first.click(position={"x": 10, "y": 18})
    nb.wait_drawn(table, before)


def _answer_and_choices(nb) -> tuple[str, list[str]]:
    answer, *choices = nb.execute("print(puzzles.puzzle.answer, *puzzles.table.choices(), sep='|')").strip().split("|")
    return answer, choices


@pytest.mark.parametrize("game", ["trappola", "kirifu"])
def test_a_puzzle_solved_wrong_then_the_next_one_right(open_cells, game):
    nb = open_cells([c.format(game=game) for c in PUZZLE_CELLS], f"puzzles_{game}.ipynb", window=1280,
                    file_browser=False)
    table = nb.table(".cardlab-puzzle")
    assert "Puzzle 1 of" in _status(table)
    answer, choices = _answer_and_choices(nb)
    if answer.startswith("pass "):                 # Kirifu: choose the card, then Pass
        wrong = next(c for c in choices if c.startswith("hand:") and c != "hand:" + answer[5:])
        _click(nb, table, wrong)
        _click(nb, table, "btn:pass")
    else:
        _click(nb, table, next(c for c in choices if c != answer and not c.startswith("passed:")))
    nb.page.locator(".cardlab-puzzle-verdict b").first.wait_for()
    assert "Not the best" in _verdict(nb) and "best" in _verdict(nb)
    assert "Solved 0 of 1" in nb.page.locator(".cardlab-puzzle").first.inner_text()

    before = nb.seq_of(table)
    table.locator(".cardlab-svg").press("n")               # the next puzzle, from the keyboard
    nb.wait_drawn(table, before)
    assert "Puzzle 2 of" in _status(table) and _verdict(nb).strip() == ""
    answer, choices = _answer_and_choices(nb)
    if answer.startswith("pass "):
        _click(nb, table, "hand:" + answer[5:])
        _click(nb, table, "btn:pass")
    else:
        _click(nb, table, answer)
    nb.page.locator(".cardlab-puzzle-verdict b").first.wait_for()
    assert _verdict(nb).startswith("Right")
    assert "Solved 1 of 2" in nb.page.locator(".cardlab-puzzle").first.inner_text()
    assert nb.execute("print(len(puzzles.state.history) == puzzles.puzzle.step)").strip() == "True"


def test_a_cleopatra_exercise_is_answered_once_by_a_double_click(open_cells):
    nb = open_cells(["from cardlab.widgets.exercise import ExerciseBox\n"
                     "from cardlab.games.cleopatra.exercises import drill",
                     "box = ExerciseBox(drill)\nbox"], "exercises.ipynb", window=1280, file_browser=False)
    box = nb.page.locator(".cardlab-exercise").first
    box.locator(".cardlab-exercise-choice").first.wait_for()
    assert box.locator("svg").count() >= 1                 # the pile is drawn
    right = int(nb.execute("print(box.exercise.answer)"))
    box.locator(".cardlab-exercise-choice").nth(right).dblclick()
    box.locator(".cardlab-exercise-verdict b").wait_for()
    assert box.locator(".cardlab-exercise-verdict").inner_text().startswith("Right.")
    assert nb.execute("print(box.tried, box.right)").split() == ["1", "1"]


PHONE_CELLS = ["import ipywidgets as w\nfrom cardlab.widgets.puzzle import PuzzleTable\n"
               "from cardlab.widgets.exercise import ExerciseBox\nfrom cardlab.games.cleopatra.exercises import drill",
               'puzzles = PuzzleTable("kirifu", lang="ja")\nbox = ExerciseBox(drill, lang="ja")\n'
               'w.VBox([puzzles, box], layout=w.Layout(width="360px"))']


def test_on_a_phone_the_puzzle_table_and_an_exercise_fit_and_their_words_are_not_cut(open_cells):
    """At 360 px, in Japanese: the puzzle's table draws its phone layout and nothing of the puzzle
    widget or the exercise is clipped, overlapping or under 11 px (the layout check)."""
    from layout import layout_problems

    nb = open_cells(PHONE_CELLS, "puzzles_phone.ipynb", window=1000, file_browser=False)
    table = nb.table(".cardlab-puzzle")
    # the drawing is replaced when the table learns its width: wait on its box, which stays
    nb.page.wait_for_function("(box) => box.querySelector('svg')?.getAttribute('width') === '360'",
                              arg=table.locator(".cardlab-svg").element_handle(), timeout=30_000)
    assert layout_problems(nb.page, nb.page.locator(".cardlab-puzzle").first) == []
    box = nb.page.locator(".cardlab-exercise").first
    assert box.bounding_box()["width"] <= 362
    assert box.locator(".cardlab-exercise-picture svg").first.bounding_box()["width"] <= 362
    for button in box.locator("button").all():
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), button.inner_text()
