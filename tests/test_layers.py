"""Layers point one way (issue 10): records below games, fast/ without bots/, sim/ without widget
libraries, and the sample's search outside the runtime loading path."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab

ROOT = Path(cardlab.__file__).parent


def imports_of(path: Path) -> set[str]:
    """Every module a file imports (relative imports made absolute), at any depth of the code."""
    package = ".".join(("cardlab",) + path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module) if p)
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).glob("*.py"))


@pytest.mark.parametrize("path", files("fast"), ids=lambda p: p.name)
def test_fast_paths_do_not_import_the_bots(path):
    assert not [m for m in imports_of(path) if m.startswith("cardlab.bots")]


@pytest.mark.parametrize("path", files("sim"), ids=lambda p: p.name)
def test_the_simulation_layer_imports_no_widget_library(path):
    widgets = ("ipywidgets", "anywidget", "IPython", "traitlets", "cardlab.widgets")
    assert not [m for m in imports_of(path) if m.startswith(widgets)]


def test_records_sit_below_the_games():
    assert not [m for m in imports_of(ROOT / "records.py") if m.startswith("cardlab.games")]


def test_the_sample_search_is_not_on_the_runtime_loading_path():
    code = ("import sys, cardlab.games.cleopatra.table, cardlab.games.cleopatra.sample as s; s.load_sample(); "
            "print('cardlab.games.cleopatra.sample_search' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
