"""The notebooks as the static site serves them (issue 27): a cell that needs pandas, matplotlib
or the compiled simulations is tagged ``full-kit`` and becomes a note saying so, with its code and
its stored pictures; every other cell runs as the site runs it (the kernels' plain path, those
libraries unimportable), so the reader never meets a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.site.notebooks import NOTE, TAG, for_site, lighter_png, plain_run, site_source, unavailable_import

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _tagged(cell: dict) -> bool:
    return TAG in cell.get("metadata", {}).get("tags", [])


@pytest.mark.parametrize("name", ["00_start_here.ipynb", "01_cleopatra.ipynb", "03_kirifu.ipynb",
                                  "classroom.ipynb", "ja/classroom.ipynb"])
def test_the_tags_are_exact_every_untagged_cell_runs_as_in_the_site_and_every_tagged_one_fails(name):
    path = NOTEBOOKS / name
    notebook = _load(path)
    results = plain_run(notebook, path.parent)
    wrong = [(i, error) for i, error in results if bool(error) != _tagged(notebook["cells"][i])]
    assert not wrong, f"{name}: cells whose tag is wrong (index, error): {wrong}"


def test_the_game_notebooks_keep_their_tables_and_replays_in_the_site():
    """The live parts of each game's notebook are not tagged: its table, and Cleopatra's replay."""
    for name, widget in (("01_cleopatra.ipynb", "CleopatraTable("), ("01_cleopatra.ipynb", "CleopatraReplay("),
                         ("02_trappola.ipynb", "TrappolaTable("), ("03_kirifu.ipynb", "KirifuTable(")):
        cells = [c for c in _load(NOTEBOOKS / name)["cells"] if c["cell_type"] == "code"
                 and widget in "".join(c["source"])]
        assert cells and not any(_tagged(c) for c in cells), (name, widget)


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_every_site_copy_imports_nothing_the_site_lacks_and_says_which_parts_need_the_full_kit(path):
    notebook = _load(path)
    lang = "ja" if "ja" in path.relative_to(NOTEBOOKS).parts else "en"
    site = for_site(notebook, lang)
    code = [c for c in site["cells"] if c["cell_type"] == "code"]
    assert not any(unavailable_import(line) for c in code for line in "".join(c["source"]).split("\n"))
    notes = [c for c in site["cells"] if c["cell_type"] == "markdown" and _tagged(c)]
    assert len(notes) == sum(_tagged(c) for c in notebook["cells"] if c["cell_type"] == "code")
    assert all(NOTE[lang] in c["source"] for c in notes)
    assert [c for c in notebook["cells"] if c["cell_type"] == "markdown"] == \
        [c for c in site["cells"] if c["cell_type"] == "markdown" and not _tagged(c)]


def test_a_full_kit_cell_becomes_a_note_with_its_code_and_its_picture():
    import base64
    chart = _chart(transparent=False)
    png = base64.b64encode(chart).decode()
    notebook = {"cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "%matplotlib inline\nimport pandas as pd\n"
         "pd.set_option('display.width', 120)\nfrom cardlab.games import kirifu"},
        {"cell_type": "code", "metadata": {"tags": [TAG]}, "source": "pd.DataFrame({'a': [1]}).plot()",
         "outputs": [{"output_type": "display_data", "data": {"image/png": png, "text/plain": "<Figure>"}}]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "import numpy as np"}]}
    for lang in ("en", "ja"):
        site = for_site(notebook, lang)
        assert [c["cell_type"] for c in site["cells"]] == ["code", "markdown"]    # the numpy cell left empty: gone
        assert site["cells"][0]["source"] == "from cardlab.games import kirifu"
        note = site["cells"][1]["source"]
        assert note.startswith(NOTE[lang]) and "pd.DataFrame({'a': [1]}).plot()" in note
        assert f"data:image/png;base64,{base64.b64encode(lighter_png(chart)).decode()}" in note   # lighter
    assert notebook["cells"][0]["source"].startswith("%matplotlib")            # the notebook itself unchanged
    assert site_source({"source": ["import pandas as pd\n", "x = 1"]}) == "x = 1"
    with pytest.raises(ValueError, match="lang"):
        for_site(notebook, "fr")


def _chart(transparent: bool) -> bytes:
    import io

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(4, 2.5))
    for k in range(4):
        ax.errorbar(range(5), [k * 0.1 + i * 0.05 for i in range(5)], yerr=0.02, marker="o", label=f"rank {k}")
    ax.legend()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=90, transparent=transparent)
    plt.close(fig)
    return out.getvalue()


def test_a_chart_on_the_site_weighs_less_and_looks_the_same():
    """The site's copy of a stored chart is in 256 colours (:func:`lighter_png`): smaller, its
    pixels the same but for a line's blended edge; a picture with transparency is kept as it is."""
    import io

    from PIL import Image, ImageChops
    chart = _chart(transparent=False)
    lighter = lighter_png(chart)
    assert len(lighter) < 0.7 * len(chart)
    before, after = (Image.open(io.BytesIO(png)).convert("RGB") for png in (chart, lighter))
    assert before.size == after.size
    difference = ImageChops.difference(before, after).convert("L")
    mean = sum(level * count for level, count in enumerate(difference.histogram())) / (after.width * after.height)
    assert mean < 1.0
    see_through = _chart(transparent=True)
    assert lighter_png(see_through) == see_through
