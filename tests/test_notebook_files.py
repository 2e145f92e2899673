"""The notebooks' files as JupyterLab writes them (issue 29, first open: opening and saving a
notebook must leave a clean checkout). JupyterLab's save sets the kernel's display name to the
kernel spec's and writes nbformat's canonical JSON; a stored notebook that differs in either was
rewritten by a mere open (four were). The browser test of `make lab` saves each one for real."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager

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
