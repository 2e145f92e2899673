"""What each make target waits for (issue 28: the first start without minutes of compiling): `make
lab`, `make app` and `make room` install cardlab's own dependencies only and start the kernels'
warm-up in the background when the kernels are not compiled; `make test` installs the extras (test, openspiel) and
waits for the warm-up. Read from `make --dry-run` in a copy of the Makefile beside stand-in files
of known ages (nothing is installed or run)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
OLD, INSTALLED, NEW = 1_000_000, 2_000_000, 3_000_000      # file times, in seconds
BACKGROUND = "-m tools.warm --stamp .venv/.cardlab-warm --background .venv/cardlab-warm.log"
FOREGROUND = "-m tools.warm --stamp .venv/.cardlab-warm"
EXTRAS = 'pip install --quiet -e ".[test,openspiel,site]"'


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """The Makefile with a pyproject.toml, a kernel source and an installed .venv, all of one age."""
    if not shutil.which("make") or not shutil.which("find"):
        pytest.skip("make and find are needed")
    shutil.copy(REPO / "Makefile", tmp_path / "Makefile")
    for name in ("pyproject.toml", "cardlab/kernels/rng.py", "cardlab/games/snap/kernel.py",
                 ".venv/.cardlab-installed"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
        os.utime(path, (OLD, OLD))
    os.utime(tmp_path / ".venv/.cardlab-installed", (INSTALLED, INSTALLED))
    return tmp_path


def dry_run(tree: Path, target: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    out = subprocess.run(["make", "--dry-run", "--silent", target], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    return [line for line in out.replace("\\\n", " ").splitlines() if line.strip()]


def stamp(tree: Path, name: str, when: int) -> None:
    path = tree / name
    path.touch()
    os.utime(path, (when, when))


def test_make_lab_starts_the_warm_up_in_the_background_and_opens_the_lab(tree):
    lines = dry_run(tree, "lab")
    assert any(line.endswith(BACKGROUND) for line in lines)
    assert not any(line.endswith(FOREGROUND) or EXTRAS in line for line in lines)
    assert lines[-1].startswith(".venv/bin/jupyter lab")


def test_make_lab_starts_no_warm_up_once_the_kernels_are_compiled_and_again_after_a_change(tree):
    stamp(tree, ".venv/.cardlab-warm", NEW)
    assert not any("tools.warm" in line for line in dry_run(tree, "lab"))
    stamp(tree, "cardlab/kernels/rng.py", NEW + 1)              # a kernel source changed since
    assert any(line.endswith(BACKGROUND) for line in dry_run(tree, "lab"))


@pytest.mark.parametrize("target,server", [("app", ".venv/bin/voila"), ("room", ".venv/bin/python -m cardlab.rooms")])
def test_make_app_and_room_start_the_warm_up_in_the_background_then_their_server(tree, target, server):
    lines = dry_run(tree, target)
    command = re.sub(r"^(\w+=\S+ )+", "", lines[-1])          # after the variables it sets (JUPYTER_PATH=…)
    assert any(line.endswith(BACKGROUND) for line in lines) and command.startswith(server)
    assert not any(line.endswith(FOREGROUND) or EXTRAS in line for line in lines)


def test_make_test_installs_the_extras_and_waits_for_the_kernels(tree):
    lines = dry_run(tree, "test")
    assert any(EXTRAS in line for line in lines)
    warm = [i for i, line in enumerate(lines) if line.endswith(FOREGROUND)]
    tests = [i for i, line in enumerate(lines) if "-m pytest" in line]
    assert warm and tests and warm[0] < tests[0]
    assert not any(line.endswith(BACKGROUND) for line in lines)
