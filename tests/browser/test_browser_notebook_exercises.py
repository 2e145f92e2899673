"""Every game notebook's exercises render and take an answer in JupyterLab (issue 25), in English
and in Japanese: the notebook's own exercise cells (the ones that make an ``ExerciseBox``, a
``PuzzleTable`` or a ``SlapDrill``) are run as they stand, and each widget is answered once."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MAKERS = ("ExerciseBox(", "PuzzleTable(", "SlapDrill(")
GAMES = ["01_cleopatra.ipynb", "02_trappola.ipynb", "03_kirifu.ipynb"]
VERDICT = {"en": ("Right", "Not"), "ja": ("正解", "不正解", "最善ではありません")}


def exercise_cells(path: Path) -> list[str]:
    """The code cells of a notebook that make its exercise widgets, in order."""
    cells = nbformat.read(path, as_version=4).cells
    return [c.source for c in cells if c.cell_type == "code" and any(m in c.source for m in MAKERS)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_the_notebook_s_exercises_render_and_take_an_answer(open_cells, name, lang):
    path = NOTEBOOKS / name if lang == "en" else NOTEBOOKS / "ja" / name
    cells = exercise_cells(path)
    assert len(cells) == 2, f"{path}: an exercise at the end of the rules and one of playing well"
    nb = open_cells(cells, f"exercises_{lang}_{name}", window=1280, file_browser=False)
    for box in nb.page.locator(".cardlab-exercise").all():
        choices = box.locator(".cardlab-exercise-choice")
        if choices.count():
            choices.first.click()
        else:
            box.locator("input").first.fill("2")
            box.locator("button").first.click()
        box.locator(".cardlab-exercise-verdict b").wait_for()
        assert box.locator(".cardlab-exercise-verdict").inner_text().startswith(VERDICT[lang])
    for puzzle in nb.page.locator(".cardlab-puzzle").all():
        table = puzzle.locator(".cardlab-table").first
        targets = table.locator(".cardlab-svg [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
        first = next(t for t in targets if t.startswith(("play ", "cut ", "take ", "hand:")))
        before = nb.seq_of(table)
        table.locator(f'.cardlab-svg [data-target="{first}"]').first.click(position={"x": 10, "y": 18})
        if first.startswith("hand:"):                   # a Kirifu pass: the card, then Pass
            nb.wait_drawn(table, before)
            table.locator('.cardlab-svg [data-target="btn:pass"]').first.click(position={"x": 10, "y": 10})
        puzzle.locator(".cardlab-puzzle-verdict b").wait_for()
        assert any(puzzle.locator(".cardlab-puzzle-verdict").inner_text().startswith(v) for v in VERDICT[lang])
    for drill in nb.page.locator(".cardlab-slap-drill").all():
        status = drill.locator(".cardlab-status").inner_text()
        assert "350" in status
