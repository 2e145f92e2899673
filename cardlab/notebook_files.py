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

The shipped outputs render without a kernel: they carry no live-widget reference
(:data:`WIDGET_VIEW`, which JupyterLab shows as "Error displaying widget: model not found" until
the cell runs); the repository's tool ``python -m tools.notebook_outputs notebooks/*.ipynb``
removes them after a notebook's outputs are stored.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

import nbformat

#: The kit's notebooks, as paths from the repository's root (``make lab`` serves the repository):
#: the numbered ones, the classroom page and the Japanese edition.
KIT_NOTEBOOKS = ("notebooks/[0-9][0-9]_*.ipynb", "notebooks/classroom.ipynb", "notebooks/ja/*.ipynb")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The outputs' reference to a live widget, which the shipped notebooks do not store."""


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
