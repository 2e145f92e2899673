"""``python -m tools.site build [--out site]``: build the static site (see :mod:`.build`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .build import CACHE, build
from .notebooks import tag_full_kit


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.site", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("build", help="build the site")
    command.add_argument("--out", type=Path, default=Path("site"), help="the folder to build it in (replaced)")
    command.add_argument("--cache", type=Path, default=CACHE, help="where the downloads are kept")
    tag = commands.add_parser("tag", help="tag the notebooks' cells that need the full kit (full-kit)")
    tag.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    if args.command == "build":
        build(args.out, args.cache)
    else:
        for path in args.notebooks:
            print(f"{path}: full-kit cells {tag_full_kit(path)}")


if __name__ == "__main__":
    main()
