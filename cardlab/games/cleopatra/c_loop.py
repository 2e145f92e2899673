"""The plain C loop of Beggar-my-neighbour (``bmn.c`` beside this module) that ``python -m
cardlab.bench sim`` measures the kit against: compiled with ``cc`` when one is on the path."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

SOURCE = Path(__file__).with_name("bmn.c")


def compile_loop(directory: Path) -> Path | None:
    """Compile the C loop into ``directory`` (``cc -O2``); None without a C compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    binary = directory / "bmn"
    subprocess.run([cc, "-O2", "-o", str(binary), str(SOURCE)], check=True, capture_output=True)
    return binary


@contextmanager
def c_loop() -> Iterator[Callable[[int], float] | None]:
    """The C loop, compiled while the block runs: ``run(games)`` plays ``games`` random deals and
    returns its games per second of CPU time (as the program measures itself); None without a C
    compiler. One run at a time, so a caller can interleave it with what it compares."""
    with tempfile.TemporaryDirectory() as tmp:
        binary = compile_loop(Path(tmp))
        if binary is None:
            yield None
            return

        def run(games: int) -> float:
            out = subprocess.run([str(binary), str(games)], check=True, capture_output=True, text=True).stdout
            return games / max(float(out.split()[1]), 1e-9)

        yield run
