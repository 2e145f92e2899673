"""Every name the kit's own text points a reader to exists: a dotted ``cardlab.…`` or ``tools.…``
name in the package's docstrings, the README, the developer pages or the notebooks is a module or
an attribute of one, and every ``cardlab/…`` or ``tools/…`` path is a file or a folder. (Modules
move: issue 37 found docstrings still naming the places they had left.)"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXTS = [*ROOT.glob("cardlab/**/*.py"), *ROOT.glob("tools/**/*.py"), *ROOT.glob("docs/**/*.md"),
         *ROOT.glob("notebooks/**/*.ipynb"), ROOT / "README.md"]
DOTTED = re.compile(r"\b((?:cardlab|tools)(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")
PATH = re.compile(r"(?<![\w/.])((?:cardlab|tools)/[\w/.\-]+)")
FILE_SUFFIXES = {"py", "md", "ipynb", "json", "js", "css", "c", "txt"}


def module_and_rest(dotted: str) -> tuple[str, list[str]]:
    """The longest prefix of ``dotted`` that is a module or package file, and the names after it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        path = ROOT.joinpath(*parts[:cut])
        if path.with_suffix(".py").exists() or (path / "__init__.py").exists():
            return ".".join(parts[:cut]), parts[cut:]
    return "", parts


def dangling(dotted: str) -> str | None:
    """Why ``dotted`` names nothing, or ``None`` when it names a module or an attribute."""
    module, rest = module_and_rest(dotted)
    if not module:
        return "no such module"
    named: object = importlib.import_module(module)
    for name in rest:
        if name in FILE_SUFFIXES:            # "cardlab/words/ja_terms.json" written with dots
            return None
        if not hasattr(named, name):
            return f"{module} has no {'.'.join(rest)}"
        named = getattr(named, name)
    return None


def test_every_dotted_name_in_the_kits_text_exists():
    missing = {}
    for text in TEXTS:
        for dotted in set(DOTTED.findall(text.read_text(encoding="utf-8"))):
            reason = dangling(dotted.rstrip("."))
            if reason:
                missing[f"{text.relative_to(ROOT)}: {dotted}"] = reason
    assert missing == {}


def test_every_path_in_the_kits_text_exists():
    missing = [f"{text.relative_to(ROOT)}: {path}" for text in TEXTS
               for path in set(PATH.findall(text.read_text(encoding="utf-8")))
               if not (ROOT / path.rstrip(".,)")).exists()]
    assert missing == []


def test_a_name_that_moved_is_found():
    assert dangling("cardlab.widgets.RoomPanel") == "cardlab.widgets has no RoomPanel"
    assert dangling("cardlab.kernels.batch_cleopatra") == "cardlab.kernels has no batch_cleopatra"
    assert dangling("cardlab.widgets.room.RoomPanel") is None
