"""Packaging: environment.yml and pyproject.toml agree, the widgets' JS/CSS ship in the wheel, and the
docstring examples run."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardlab.widgets.view import TableView

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardlab"


def _normal(requirement: str) -> str:
    return re.sub(r"\s+", "", requirement).lower()


def environment_lists(text: str) -> tuple[list[str], list[str]]:
    """The conda and the pip dependencies of a simple environment.yml (no YAML library needed)."""
    conda: list[str] = []
    pip: list[str] = []
    section, pip_indent = None, None
    for raw in text.splitlines():
        line = raw.split(" #")[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:
            section, pip_indent = line.rstrip(":"), None
            continue
        if section != "dependencies" or not line.lstrip().startswith("- "):
            continue
        item = line.lstrip()[2:].strip()
        if pip_indent is not None and indent > pip_indent:
            pip.append(item)
        elif item == "pip:":
            pip_indent = indent
        else:
            pip_indent = None
            conda.append(item)
    return conda, pip


def test_environment_yml_parser_reads_nested_pip_lists():
    conda, pip = environment_lists("name: x\ndependencies:\n  - python>=3.10\n  - pip:\n      - -e .\n"
                                   "      - a>=1  # note\n  - numpy\nchannels:\n  - conda-forge\n")
    assert conda == ["python>=3.10", "numpy"] and pip == ["-e .", "a>=1"]


def test_environment_yml_has_the_dependencies_of_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    conda, pip = environment_lists((ROOT / "environment.yml").read_text(encoding="utf-8"))
    python = re.search(r"[<>=!~].*", project["requires-python"]).group()
    assert f"python{python}" in conda and "pip" in conda
    assert "-e ." in pip, "Binder installs cardlab itself from the pip section"
    assert sorted(_normal(r) for r in pip if r != "-e .") == sorted(_normal(r) for r in project["dependencies"]), \
        "environment.yml's pip list and pyproject.toml's [project].dependencies differ"


def test_widget_front_end_files_are_inside_the_package():
    view, folder = TableView(), PACKAGE / "widgets"
    assert view._esm == (folder / "view.js").read_text(encoding="utf-8")
    assert view._css == (folder / "view.css").read_text(encoding="utf-8")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel.get("packages") == ["cardlab"] and not wheel.get("exclude") and not wheel.get("only-include")


def test_git_does_not_ignore_the_widget_files():
    """hatchling leaves out files that .gitignore ignores."""
    if not shutil.which("git") or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    files = [str(p.relative_to(ROOT)) for p in (PACKAGE / "widgets").iterdir() if p.suffix in (".js", ".css")]
    ignored = subprocess.run(["git", "check-ignore", *files], cwd=ROOT, capture_output=True, text=True).stdout
    assert len(files) >= 2 and ignored == ""


def test_docstring_examples_of_every_module() -> None:
    """The examples in the docstrings run as shown (python -m doctest, module by module), the
    tools' (``tools/``) too."""
    import doctest
    import importlib
    import pkgutil

    import cardlab
    import tools

    tried = 0
    modules = [*pkgutil.walk_packages(cardlab.__path__, "cardlab."), *pkgutil.walk_packages(tools.__path__, "tools.")]
    for info in modules:
        if not info.name.endswith("__main__"):
            result = doctest.testmod(importlib.import_module(info.name))
            assert result.failed == 0, info.name
            tried += result.attempted
    assert tried >= 30
