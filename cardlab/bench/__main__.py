"""Entry point: ``python -m cardlab.bench NAME [options]``."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import cardlab.bench as package


def available() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_"))


def main(argv: list[str]) -> int:
    names = available()
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in names:
        print(f"usage: python -m cardlab.bench {{{','.join(names)}}} [options]")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    module = importlib.import_module(f"cardlab.bench.{argv[0]}")
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
