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


def main(argv: list[str] | None = None) -> None:
    """``python -m tools.notebook_outputs NOTEBOOK...``: remove the live widgets' references from
    the stored outputs of each notebook, in place."""
    parser = argparse.ArgumentParser(prog="python -m tools.notebook_outputs", description=main.__doc__)
    parser.add_argument("notebooks", nargs="+", type=Path)
    for path in parser.parse_args(argv).notebooks:
        notebook = nbformat.read(path, as_version=4)
        if without_widget_views(notebook):
            nbformat.write(notebook, path)
            print(f"{path}: widget views removed")


if __name__ == "__main__":
    main()
