"""The stored outputs of the kit's notebooks without live widgets: ``python -m tools.notebook_outputs
notebooks/*.ipynb``, run after a notebook's outputs are stored (``jupyter nbconvert --to notebook
--execute --inplace``). A widget's output keeps its text and loses its reference to the live
widget (:data:`cardlab.notebook_files.WIDGET_VIEW`), which JupyterLab shows as "Error displaying
widget: model not found" before the cell runs (issue 39; ``tests/test_notebook_files.py`` checks
the shipped notebooks)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import nbformat

from cardlab.kernels.loading import LOADED, LOADING
from cardlab.notebook_files import WIDGET_VIEW


def without_widget_views(notebook: Any) -> bool:
    """Remove the live widgets' references from ``notebook``'s outputs (their text stays; an output
    left with no data goes); whether anything changed."""
    changed = False
    for cell in notebook["cells"]:
        outputs = []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                changed = True
                if not data:
                    continue
            outputs.append(output)
        if "outputs" in cell:
            cell["outputs"] = outputs
    return changed


def without_loading_lines(notebook: Any) -> bool:
    """Remove the line a run shows while the compiled kernels load (:mod:`cardlab.kernels.loading`:
    its seconds differ in every run, and the test suite's runs do not show it); whether anything
    changed."""
    changed = False
    for cell in notebook["cells"]:
        kept = [output for output in cell.get("outputs", []) if not is_loading_line(output)]
        if len(kept) != len(cell.get("outputs", [])):
            cell["outputs"], changed = kept, True
    return changed


def is_loading_line(output: Any) -> bool:
    """Whether ``output`` is (a part of) the kernels' loading line."""
    text = "".join(output.get("text", "")) if output.get("output_type") == "stream" else ""
    return bool(text) and text.lstrip("\r").startswith((LOADING, LOADED.partition("{")[0]))


def main(argv: list[str] | None = None) -> None:
    """``python -m tools.notebook_outputs NOTEBOOK...``: remove the live widgets' references from
    the stored outputs of each notebook, in place."""
    parser = argparse.ArgumentParser(prog="python -m tools.notebook_outputs", description=main.__doc__)
    parser.add_argument("notebooks", nargs="+", type=Path)
    for path in parser.parse_args(argv).notebooks:
        notebook = nbformat.read(path, as_version=4)
        views, lines = without_widget_views(notebook), without_loading_lines(notebook)
        if views or lines:
            nbformat.write(notebook, path)
            print(f"{path}: " + " and ".join(what for what, done in (("widget views", views),
                                                                      ("the kernels' loading line", lines)) if done)
                  + " removed")


if __name__ == "__main__":
    main()
