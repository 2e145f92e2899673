"""The puzzle table (issue 25): the position on the game's own table at the solver's seat, a choice
judged and taken back, the figures and the reason, the filters, the score and its file."""

from __future__ import annotations

import json

import pytest

from cardlab.puzzles import PuzzleError
from cardlab.widgets.puzzle import PuzzleTable


@pytest.fixture
def kirifu(tmp_path):
    return PuzzleTable("kirifu", score_file=tmp_path / "score.json")


def _clicks(table: PuzzleTable, action: str) -> list[str]:
    """The clicks that choose ``action`` on the table (Kirifu passes: the card, then Pass)."""
    return ["hand:" + action[5:], "btn:pass"] if action.startswith("pass ") else [action]


def _wrong(table: PuzzleTable) -> str:
    return next(c.action for c in table.puzzle.choices if c.action != table.puzzle.answer)


@pytest.mark.parametrize("game", ["trappola", "kirifu"])
def test_a_wrong_choice_then_a_right_one_by_clicks(game, tmp_path):
    table = PuzzleTable(game, score_file=tmp_path / "s.json")
    step = table.puzzle.step
    for target in _clicks(table, _wrong(table)):
        table.table.click(target)
    assert table.answered == _wrong(table) and len(table.state.history) == step   # taken back
    assert "Not the best" in table.verdict.value and "<table>" in table.verdict.value
    assert "Not the best" in table.table.view.status
    table.table.click(table.table.choices()[0])             # no second answer
    assert table.tried == 1 and table.streak == 0
    table.table.press("N")
    assert table.index == 1 and table.answered is None and table.verdict.value == ""
    for target in _clicks(table, table.puzzle.answer):
        table.table.click(target)
    assert table.verdict.value.startswith("<p><b>Right") and (table.right, table.tried, table.streak) == (1, 2, 1)
    assert "Solved 1 of 2 · streak 1 · best streak 1" in table.score_line.value


def test_an_illegal_gesture_is_refused_by_the_engine_and_nothing_is_judged(kirifu):
    kirifu.show(1)                                    # a pass: pressing Pass with no card chosen
    assert kirifu.puzzle.answer.startswith("pass ")
    kirifu.table.click("btn:pass")
    assert kirifu.answered is None and kirifu.tried == 0 and len(kirifu.state.history) == kirifu.puzzle.step
    assert kirifu.table.message != ""


def test_the_reasons_and_figures_are_shown_after_the_answer_in_japanese(tmp_path):
    table = PuzzleTable("kirifu", lang="ja", score_file=tmp_path / "s.json")
    assert "問題 1／" in table.table.view.status
    table.answer(table.puzzle.answer)
    assert "正解です" in table.verdict.value and "信頼区間" in table.verdict.value
    assert "最善・あなたの手" in table.verdict.value and "·" not in table.verdict.value   # the Japanese middle dot
    assert "（K11）" in table.verdict.value                 # the first puzzle's rule: taking in (K11)
    assert table.table.view.status.startswith("正解です")


def test_the_filters_choose_the_puzzles_and_say_when_none_is_left(kirifu):
    kirifu.theme_pick.value = "world_card"
    assert kirifu.puzzle.theme == "world_card" and all(p.theme == "world_card" for p in kirifu.chosen)
    themes = [value for _, value in kirifu.theme_pick.options]
    assert themes[0] == "" and "world_card" in themes          # "": every theme
    assert len(themes) == 1 + len({p.theme for p in kirifu.set.puzzles})
    kirifu.level_pick.value = "hard"
    assert all(p.difficulty == "hard" and p.theme == "world_card" for p in kirifu.chosen)
    kirifu.theme_pick.value = "spade_ace"
    if not kirifu.chosen:
        assert kirifu.puzzle is None and "No puzzle" in kirifu.verdict.value and kirifu.next_button.disabled
    kirifu.level_pick.value = ""
    assert kirifu.chosen and kirifu.puzzle.theme == "spade_ace"


def test_the_score_is_written_only_when_asked_and_keeps_the_other_games(kirifu, tmp_path):
    path = tmp_path / "score.json"
    kirifu.answer(kirifu.puzzle.answer)
    assert not path.exists()
    path.write_text(json.dumps({"trappola": {"solved": 3, "tried": 4, "best_streak": 2}}))
    assert kirifu.save_score() == path
    saved = json.loads(path.read_text())
    assert saved == {"trappola": {"solved": 3, "tried": 4, "best_streak": 2},
                     "kirifu": {"solved": 1, "tried": 1, "best_streak": 1}}
    path.write_text("not json")                         # a damaged file is written anew
    kirifu.save_score()
    assert json.loads(path.read_text()) == {"kirifu": {"solved": 1, "tried": 1, "best_streak": 1}}


def test_a_table_needs_a_game_or_a_set_and_a_second_answer_is_refused(kirifu):
    with pytest.raises(PuzzleError, match="game"):
        PuzzleTable()
    kirifu.answer(kirifu.puzzle.answer)
    with pytest.raises(PuzzleError, match="answer"):
        kirifu.answer(kirifu.puzzle.answer)
