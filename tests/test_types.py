"""The type checker over the package (issue 37): mypy with the settings of pyproject.toml
(``[tool.mypy]``: the default checks over ``cardlab/``, strict ones on the core and the engines)
reports no error. Its cache is ``.mypy_cache`` in the repository, so a run after the first checks
only what changed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:                      # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent
def test_mypy_finds_no_error_in_the_package():
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, f"mypy reports:\n{run.stdout}{run.stderr}"
    assert run.stdout.strip() == ""


def test_the_package_says_it_is_typed():
    """PEP 561: ``py.typed`` beside the package, so that code using cardlab is checked against its types."""
    assert (ROOT / "cardlab" / "py.typed").is_file()


def test_no_module_is_exempt_from_the_checks():
    """Every module is checked: no override of pyproject.toml's ``[tool.mypy]`` turns a module's
    errors off (``ignore_errors``), as a list of modules not typed yet did until every one was."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert [m for o in mypy.get("overrides", []) if o.get("ignore_errors") for m in o["module"]] == []
