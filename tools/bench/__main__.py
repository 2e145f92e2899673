"""Entry point: ``python -m tools.bench NAME [options]``; ``python -m tools.bench --help``
lists the names: each module of this package that has a ``main(argv)`` (the shared benchmarks),
then each registered game whose :class:`~tools.bench.part.GameBench` offers one (the game's own
benchmark)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Callable

import tools.bench as package
from cardlab.registry import game_info, game_names
from tools.bench.part import game_bench

Main = Callable[[list[str]], int | None]
"""A benchmark: ``main(argv)``, returning its exit status (None: 0)."""


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_"))


def find(name: str) -> Main | None:
    """The benchmark ``name``: the ``main`` of this package's module ``name``, else the own
    benchmark of the game ``name``; None if there is none (a module without ``main`` is none)."""
    if name in _modules():
        main = getattr(importlib.import_module(f"{package.__name__}.{name}"), "main", None)
        return main if callable(main) else None
    if name in game_names():
        bench = game_bench(game_info(name))
        return None if bench is None else bench.main
    return None


def benchmarks() -> dict[str, Main]:
    """Every benchmark by name, the package's then the games' (importing them all)."""
    found = {name: find(name) for name in dict.fromkeys(_modules() + list(game_names()))}
    return {name: main for name, main in found.items() if main is not None}


def summary(main: Main) -> str:
    """The first line of the docstring of ``main``'s module (empty without one)."""
    module = sys.modules.get(getattr(main, "__module__", ""))
    doc = (module.__doc__ if module is not None else None) or ""
    return doc.strip().split("\n")[0].replace("``", "")


def usage(found: dict[str, Main], details: bool) -> str:
    """The usage line listing ``found``; with ``details``, each benchmark's summary below it."""
    lines = [f"usage: python -m tools.bench {{{','.join(found)}}} [options]"]
    if details:
        lines += ["", "benchmarks (NAME --help: the options of one):"]
        lines += [f"  {name:<10} {summary(main)}" for name, main in found.items()]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(usage(benchmarks(), details=True))
        return 0
    run = find(argv[0]) if argv else None
    if run is None:
        found = benchmarks()
        problem = f"{argv[0]!r} is not a benchmark" if argv else "name a benchmark"
        print(f"{usage(found, details=False)}\nerror: {problem}; benchmarks: {', '.join(found)}", file=sys.stderr)
        return 2
    return run(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
