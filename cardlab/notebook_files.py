"""The kit's notebooks stay as shipped (issue 39): running them in ``make lab`` changes no file.

The notebooks under ``notebooks/`` are tracked files that a teacher updates with ``git pull``;
JupyterLab's autosave would write every run's outputs into them, and the next pull would fail.
Three ways were possible: strip outputs on save (but the shipped notebooks carry outputs, the
pictures a reader sees before running anything, so stripping changes the files too), open the
notebooks from a working copy (a second set of files that a pull leaves behind), or a filter in
git (which each clone must install). What fits JupyterLab is a **pre-save hook** of its contents
manager, :func:`keep_shipped`, which ``make lab`` installs (``--ContentsManager.pre_save_hook``):
when a kit notebook is saved with the same cells as its file (the same sources: the reader only
ran it), the file's own content is saved again, so the file stays byte for byte what it was; a
notebook whose cells the reader changed is saved as it is, with its outputs (the change is theirs
to keep), and so is every notebook that is not the kit's.

The shipped outputs render without a kernel: :func:`without_widget_views` removes the outputs'
live-widget references (``application/vnd.jupyter.widget-view+json``, which JupyterLab shows as
"Error displaying widget: model not found" until the cell runs), leaving each widget's text; run
``python -m cardlab.notebook_files notebooks/*.ipynb`` after storing a notebook's outputs
(``jupyter nbconvert --to notebook --execute --inplace``).
"""

from __future__ import annotations

import argparse
from pathlib import Path, PurePosixPath
from typing import Any

import nbformat

#: The kit's notebooks, as paths from the repository's root (``make lab`` serves the repository):
#: the numbered ones, the classroom page and the Japanese edition.
KIT_NOTEBOOKS = ("notebooks/[0-9][0-9]_*.ipynb", "notebooks/classroom.ipynb", "notebooks/ja/*.ipynb")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def is_kit_notebook(path: str) -> bool:
    """Whether ``path`` (a path from the served root, ``notebooks/01_cleopatra.ipynb``) is one of the
    kit's own notebooks."""
    name = PurePosixPath(path.lstrip("/"))
    return any(len(name.parts) == len(PurePosixPath(pattern).parts) and name.match(pattern) for pattern in KIT_NOTEBOOKS)


def _cells(notebook: Any) -> list[tuple[str, str]]:
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]]


def keep_shipped(model: dict[str, Any], path: str, contents_manager: Any, **_: Any) -> None:
    """Jupyter's pre-save hook: a kit notebook saved with its file's cells unchanged is saved as its
    file is (the run's outputs are not written); anything else is saved as it comes."""
    file = Path(contents_manager.root_dir) / path.lstrip("/")   # (the manager's own reads may be coroutines)
    if model.get("type") != "notebook" or not is_kit_notebook(path) or not file.is_file():
        return
    shipped = nbformat.read(file, as_version=4)
    if _cells(shipped) == _cells(model["content"]):
        model["content"] = shipped


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
    """``python -m cardlab.notebook_files NOTEBOOK...``: remove the live widgets' references from
    the stored outputs of each notebook, in place."""
    parser = argparse.ArgumentParser(prog="python -m cardlab.notebook_files", description=main.__doc__)
    parser.add_argument("notebooks", nargs="+", type=Path)
    for path in parser.parse_args(argv).notebooks:
        notebook = nbformat.read(path, as_version=4)
        if without_widget_views(notebook):
            nbformat.write(notebook, path)
            print(f"{path}: widget views removed")


if __name__ == "__main__":
    main()
