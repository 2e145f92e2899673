"""Layers point one way (issue "A game is one folder"): the core imports no game and names none in
its code; a game imports no other game; only table modules import widget libraries; compiled
kernels import no bots; records sit below the games. The tools (issue 37) sit outside the package:
``cardlab/`` holds no benchmark, C file or build tool and never imports ``tools``; the shared tools
name no game either, and a game's tools import no other game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab.games import BUILTIN
from cardlab.registry import game_info

ROOT = Path(cardlab.__file__).parent
REPO = ROOT.parent
TOOLS = REPO / "tools"
GAME_FOLDERS = {name: ROOT / "games" / name for name in BUILTIN}
GAME_TOOLS = {name: TOOLS / "games" / name for name in BUILTIN}
WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "IPython", "traitlets", "cardlab.widgets")


def imports_of(path: Path) -> set[str]:
    """Every module a file of ``cardlab/`` or ``tools/`` imports (relative imports made absolute),
    at any depth of the code."""
    parts = path.relative_to(REPO).with_suffix("").parts
    package = ".".join((parts if parts[-1] == "__init__" else parts)[:-1])
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


def game_names_in_code(source: str, names: tuple[str, ...] = BUILTIN) -> list[tuple[int, str]]:
    """Where ``source`` names a game in its code (a string constant equal to a game's name: a
    comparison, a dict key, an argument), docstrings aside: (line, name) for each."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value.lower() in names and id(node) not in docstrings]


def in_a_game(path: Path, folders: dict[str, Path] = GAME_FOLDERS) -> str | None:
    return next((name for name, folder in folders.items() if folder in path.parents), None)


ALL = sorted(ROOT.rglob("*.py"))
SURFACE = {ROOT / "bots" / f"{name}.py": name for name in BUILTIN}
"""The public names of the games' bots (``cardlab.bots.trappola``): each imports its game's bots."""
CORE = [p for p in ALL if in_a_game(p) is None and p not in SURFACE]
GAME_FILES = [p for p in ALL if in_a_game(p) is not None]
ALL_TOOLS = sorted(TOOLS.rglob("*.py"))
SHARED_TOOLS = [p for p in ALL_TOOLS if in_a_game(p, GAME_TOOLS) is None]
GAME_TOOL_FILES = [p for p in ALL_TOOLS if in_a_game(p, GAME_TOOLS) is not None]
KERNELS = sorted(ROOT.glob("kernels/*.py")) + sorted(ROOT.glob("games/*/kernel*.py"))


def rel(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


@pytest.mark.parametrize("path", CORE, ids=rel)
def test_the_core_imports_no_game(path):
    games = tuple(f"cardlab.games.{name}" for name in BUILTIN)
    assert not [m for m in imports_of(path) if m.startswith(games)]


NAMING_GAMES = (ROOT / "games" / "__init__.py",)   # the list of the games


@pytest.mark.parametrize("path", [p for p in CORE if p not in NAMING_GAMES] + SHARED_TOOLS, ids=rel)
def test_the_core_and_the_shared_tools_never_name_a_game_in_their_code(path):
    """``cardlab/games/__init__.py`` lists the games (``BUILTIN``): the one place that names them.
    The shared tools (the benchmarks, the site's builder) find the games' parts and tools through
    the registry too."""
    assert game_names_in_code(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", SHARED_TOOLS, ids=rel)
def test_the_shared_tools_import_no_game(path):
    games = tuple(f"{package}.games.{name}" for package in ("cardlab", "tools") for name in BUILTIN)
    assert not [m for m in imports_of(path) if m.startswith(games)]


@pytest.mark.parametrize("path", GAME_TOOL_FILES, ids=rel)
def test_a_game_s_tools_import_no_other_game(path):
    own = in_a_game(path, GAME_TOOLS)
    others = tuple(f"{package}.games.{name}" for package in ("cardlab", "tools") for name in BUILTIN if name != own)
    assert not [m for m in imports_of(path) if m.startswith(others)]


@pytest.mark.parametrize("path, game", SURFACE.items(), ids=lambda x: rel(x) if isinstance(x, Path) else x)
def test_a_public_name_of_a_game_s_bots_only_imports_them(path, game):
    """``cardlab/bots/<game>.py`` is a plain module (no import hook): a docstring, the import of
    some of its game's bots, and ``__all__`` naming them; it decides nothing."""
    docstring, imported, listed = ast.parse(path.read_text(encoding="utf-8")).body
    assert isinstance(docstring, ast.Expr) and isinstance(imported, ast.ImportFrom) and isinstance(listed, ast.Assign)
    assert imported.module == f"cardlab.games.{game}.bots" and imported.level == 0
    assert ast.literal_eval(listed.value) == [alias.name for alias in imported.names]


def test_the_name_check_catches_a_branch_on_a_game_name():
    assert game_names_in_code('"""About Trappola."""\nif state.game == "trappola":\n    pass\n') == [(2, "trappola")]
    assert game_names_in_code('PARTS = {"kirifu": 1}\nplay("Cleopatra")') == [(1, "kirifu"), (2, "Cleopatra")]
    assert game_names_in_code('def f():\n    """Kirifu or trappola."""\n    return name in GAMES') == []


@pytest.mark.parametrize("path", GAME_FILES, ids=rel)
def test_a_game_imports_no_other_game(path):
    others = tuple(f"cardlab.games.{name}" for name in BUILTIN if name != in_a_game(path))
    assert not [m for m in imports_of(path) if m.startswith(others)]


@pytest.mark.parametrize("path", ALL, ids=rel)
def test_only_table_modules_import_widget_libraries(path):
    table_module = path.parent == ROOT / "widgets" or (in_a_game(path) and path.name.startswith("table"))
    if not table_module:
        assert not [m for m in imports_of(path) if m.startswith(WIDGET_LIBRARIES)]


def module_path(name: str) -> Path | None:
    """The file of ``cardlab`` module ``name`` (a package's ``__init__.py``), None if it names none."""
    base = REPO.joinpath(*name.split("."))
    return next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)


def reached_from(paths: list[Path]) -> set[Path]:
    """Every file of ``cardlab/`` that importing ``paths`` imports, at any depth (the packages
    above each module included)."""
    seen: set[Path] = set()
    todo = list(paths)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for module in imports_of(path):
            parts = module.split(".")
            for n in range(1, len(parts) + 1):
                found = module_path(".".join(parts[:n])) if parts[0] == "cardlab" else None
                if found is not None and found not in seen:
                    todo.append(found)
    return seen


ROOMS = sorted((ROOT / "rooms").glob("*.py"))
CONTROLLERS = [module_path(game_info(name).parts["controller"].partition(":")[0]) for name in BUILTIN]


def test_the_rooms_and_the_table_controllers_import_no_widget_library():
    """``cardlab.rooms`` and the controllers its seats are (the games' ``controller`` parts, which
    it finds by name in the registry) reach no widget library through any import (issue 37)."""
    reached = reached_from(ROOMS + CONTROLLERS)
    assert ROOT / "tables" / "controller.py" in reached and ROOT / "rooms" / "server.py" in reached
    assert not [(rel(p), m) for p in sorted(reached) for m in imports_of(p) if m.startswith(WIDGET_LIBRARIES)]


def test_the_reach_check_sees_a_widget_imported_two_modules_away():
    reached = reached_from([ROOT / "games" / "kirifu" / "table.py"])
    assert ROOT / "widgets" / "view.py" in reached


@pytest.mark.parametrize("path", KERNELS, ids=rel)
def test_compiled_kernels_import_no_bots(path):
    bots = ("cardlab.bots", *(f"cardlab.games.{name}.bots" for name in BUILTIN))
    assert not [m for m in imports_of(path) if m.startswith(bots)]


def test_the_layer_checks_see_every_game_and_kernel():
    assert {in_a_game(p) for p in GAME_FILES} == set(BUILTIN)
    assert {p.parent.name for p in KERNELS} == {"kernels", *BUILTIN}


def test_records_sit_below_the_games():
    assert not [m for m in imports_of(ROOT / "records.py") if m.startswith("cardlab.games")]


C_SOURCES = (".c", ".h", ".cc", ".cpp", ".pyx")
COMMANDS = {
    "rooms/__main__.py": "the room server (make room), which a class plays on",
    "record_schema.py": "prints the records' JSON Schema, for a reader's own programs",
    "puzzles/__main__.py": "makes a reader's own puzzle sets (notebook 07 shows how), the shipped ones too",
}
"""The modules of the package that run as a command, and why each is there."""


def has_a_main_block(source: str) -> bool:
    """Whether ``source`` has an ``if __name__ == "__main__":`` block."""
    return any(isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Name)
               and node.test.left.id == "__name__" for node in ast.parse(source).body)


def runs_as_a_command(path: Path) -> bool:
    """Whether ``path`` is a ``__main__`` module or has an ``if __name__ == "__main__":`` block."""
    return path.name == "__main__.py" or has_a_main_block(path.read_text(encoding="utf-8"))


def test_the_package_holds_no_c_file_benchmark_or_build_tool():
    """Benchmarks, C loops, the site's builder and the warm-up command are tools in ``tools/``
    (issue 37): the package holds none, and its only commands are those of :data:`COMMANDS`."""
    files = [p for p in ROOT.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert [rel(p) for p in files if p.suffix in C_SOURCES] == []
    assert [rel(p) for p in ALL
            if p.stem.startswith("bench") or {"bench", "site"} & set(p.relative_to(ROOT).parent.parts)] == []
    assert sorted(p.relative_to(ROOT).as_posix() for p in ALL if runs_as_a_command(p)) == sorted(COMMANDS)


def test_the_command_check_sees_a_main_block():
    assert has_a_main_block('def main():\n    pass\n\n\nif __name__ == "__main__":\n    main()\n')
    assert not has_a_main_block('def main():\n    if __debug__:\n        pass\n')


@pytest.mark.parametrize("path", ALL, ids=rel)
def test_the_package_never_imports_the_tools(path):
    """The installed package has no ``tools/`` (the wheel ships ``cardlab`` alone)."""
    assert not [m for m in imports_of(path) if m == "tools" or m.startswith("tools.")]
