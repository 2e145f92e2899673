"""The notebooks' files as JupyterLab writes them (issue 29, first open: opening and saving a
notebook must leave a clean checkout). JupyterLab's save sets the kernel's display name to the
kernel spec's and writes nbformat's canonical JSON; a stored notebook that differs in either was
rewritten by a mere open (four were). The browser test of `make lab` saves each one for real."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager

from cardlab.notebook_files import WIDGET_VIEW, is_kit_notebook, keep_shipped

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(ROOT.rglob("*.ipynb"))                  # the Japanese edition's (notebooks/ja/) too


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT).as_posix() for p in NOTEBOOKS])
def test_a_notebook_names_its_kernel_as_the_kernel_spec_does(path):
    spec = nbformat.read(path, as_version=4).metadata.kernelspec
    installed = KernelSpecManager().get_kernel_spec(spec.name)
    assert spec.display_name == installed.display_name, f"{path.name} would be rewritten by JupyterLab's save"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT).as_posix() for p in NOTEBOOKS])
def test_a_notebook_is_stored_in_nbformats_canonical_form(path):
    text = path.read_text(encoding="utf-8")
    assert nbformat.writes(nbformat.reads(text, as_version=4)) + "\n" == text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT).as_posix() for p in NOTEBOOKS])
def test_a_notebook_stores_no_widget_state(path):
    """The live tables' state (hundreds of kilobytes of model JSON) is not part of a notebook:
    refresh with ``--ExecutePreprocessor.store_widget_state=False``."""
    assert "widgets" not in nbformat.read(path, as_version=4).metadata


SHIPPED = sorted(ROOT.glob("*.ipynb")) + sorted(ROOT.glob("ja/*.ipynb"))   # and the Japanese edition


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_a_notebook_shows_no_widget_it_cannot_draw_before_it_runs(path):
    """Issue 39: unrun, a stored widget output showed "Error displaying widget: model not found";
    its text stays, the reference to a live widget goes (``python -m tools.notebook_outputs``)."""
    notebook = nbformat.read(path, as_version=4)
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    assert not any(WIDGET_VIEW in output.get("data", {}) for output in outputs)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_a_notebook_stores_no_loading_line_of_the_kernels(path):
    """A run outside the test suite shows how long the compiled kernels took to load
    (cardlab.kernels.loading); the stored outputs do not keep it (``python -m tools.notebook_outputs``)."""
    from tools.notebook_outputs import is_loading_line

    notebook = nbformat.read(path, as_version=4)
    assert not any(is_loading_line(output) for cell in notebook.cells for output in cell.get("outputs", []))


def test_the_outputs_tool_removes_the_kernels_loading_line():
    from cardlab.kernels.loading import LOADED, LOADING
    from tools.notebook_outputs import without_loading_lines

    stream = nbformat.v4.new_output
    cell = nbformat.v4.new_code_cell("import cardlab.kernels", outputs=[
        stream("stream", name="stderr", text=LOADING), stream("stream", name="stderr", text="\r" + LOADED.format(s=2.7) + "\n"),
        stream("stream", name="stdout", text="ok\n")])
    notebook = nbformat.v4.new_notebook(cells=[cell])
    assert without_loading_lines(notebook) and [o.text for o in cell.outputs] == ["ok\n"]
    assert not without_loading_lines(notebook)


class _Manager:
    """What the pre-save hook reads of Jupyter's contents manager: the root it serves."""

    def __init__(self, root: Path) -> None:
        self.root_dir = str(root)


def _saved(tmp_path: Path, path: str, change) -> tuple[bytes, bytes]:
    """A copy of notebook ``path`` (from the repository's root) at the same path under ``tmp_path``,
    loaded as JupyterLab would send it after ``change``, saved through the hook: (before, after)."""
    source = ROOT.parent / path
    target = tmp_path / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(source.read_bytes())
    model = {"type": "notebook", "content": nbformat.read(target, as_version=4)}
    change(model["content"])
    keep_shipped(model=model, path=path, contents_manager=_Manager(tmp_path))
    nbformat.write(model["content"], target)
    return source.read_bytes(), target.read_bytes()


def _ran(notebook) -> None:
    """As a run leaves it: new execution counts and outputs."""
    for number, cell in enumerate(c for c in notebook.cells if c.cell_type == "code"):
        cell.execution_count = 100 + number
        cell.outputs = [nbformat.v4.new_output("stream", text=f"run {number}\n")]
    notebook.metadata["language_info"] = {"name": "python", "version": "3.99"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT).as_posix() for p in NOTEBOOKS])
def test_a_kit_notebook_run_and_saved_keeps_its_file(tmp_path, path):
    """Every kit notebook (the browser test runs one in JupyterLab: a run of each there would
    take minutes), as a run leaves it and saved through `make lab`'s hook: `git status` stays clean."""
    before, after = _saved(tmp_path, path.relative_to(ROOT.parent).as_posix(), _ran)
    assert after == before


def test_a_kit_notebook_whose_cells_the_reader_changed_is_saved_as_changed(tmp_path):
    def edited(notebook):
        _ran(notebook)
        notebook.cells[0].source += "\nMy note."
    before, after = _saved(tmp_path, "notebooks/ja/02_trappola.ipynb", edited)
    assert after != before and "My note." in after.decode() and "run 0" in after.decode()


def test_a_readers_own_notebook_keeps_its_outputs(tmp_path):
    own = tmp_path / "notebooks/mine.ipynb"
    own.parent.mkdir()
    own.write_bytes((ROOT / "02_trappola.ipynb").read_bytes())
    model = {"type": "notebook", "content": nbformat.read(own, as_version=4)}
    _ran(model["content"])
    keep_shipped(model=model, path="notebooks/mine.ipynb", contents_manager=_Manager(tmp_path))
    assert any(cell.get("execution_count") == 100 for cell in model["content"].cells)


@pytest.mark.parametrize("path,kit", [("notebooks/01_cleopatra.ipynb", True), ("/notebooks/ja/03_kirifu.ipynb", True),
                                      ("notebooks/classroom.ipynb", True), ("notebooks/mine.ipynb", False),
                                      ("notebooks/ja/mine/01_x.ipynb", False), ("work/notebooks/01_x.ipynb", False)])
def test_the_kit_notebooks_are_known_by_their_paths(path, kit):
    assert is_kit_notebook(path) is kit


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_a_notebook_shows_its_reader_no_text_meant_for_the_tests(path):
    """Issue 39: the classroom's cells began with `# NBVAL_IGNORE_OUTPUT: … tests/browser/…`; nbval's
    markers go in the cells' tags (``nbval-ignore-output``), where a reader does not see them."""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            assert "NBVAL" not in cell.source and "tests/" not in cell.source, cell.source[:120]


def test_the_start_page_leads_to_every_numbered_notebook_in_order():
    """Issue 39: 00's "Where next" ran 01, 02, 03, 04, 07, 06 and left 05 out."""
    import re

    where_next = next(cell.source for cell in nbformat.read(ROOT / "00_start_here.ipynb", as_version=4).cells
                      if cell.source.startswith("## Where next"))
    linked = re.findall(r"\]\((\d\d_\w+\.ipynb)\)", where_next)
    assert linked == sorted(p.name for p in ROOT.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))
    assert "`python -m" not in where_next                  # the kit's own Python: .venv/bin/python


def test_the_japanese_start_page_leads_to_every_japanese_notebook_in_order():
    """The Japanese start page's 「次に進む」 links each numbered notebook of the Japanese edition,
    in order, and sends the reader to an English notebook only where no Japanese one exists yet."""
    import re

    japanese = ROOT / "ja"
    where_next = next(cell.source for cell in nbformat.read(japanese / "00_start_here.ipynb", as_version=4).cells
                      if cell.source.startswith("## 次に進む"))
    editions = sorted(p.name for p in japanese.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))
    assert re.findall(r"\]\((\d\d_\w+\.ipynb)\)", where_next) == editions
    assert not set(re.findall(r"\]\(\.\./(\d\d_\w+\.ipynb)\)", where_next)) & set(editions)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_no_numbered_list_runs_into_the_text_above_it(path):
    """Issue 39: Markdown starts a list after a line of text only at 1, so "**Strength**" followed by
    "5. K5 …" showed as one run-on paragraph; such a list needs a blank line above it."""
    item, marker = re.compile(r"(\d+)\. "), re.compile(r"\s|(\d+\.|[-*+]) |$")
    for number, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.splitlines()
        for above, line in zip(lines, lines[1:]):
            found = item.match(line)
            assert not (found and found[1] != "1" and not marker.match(above)), \
                f"cell {number}: the list at {line[:30]!r} runs into {above[:30]!r}"
