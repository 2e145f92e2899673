"""The plain C loop of Beggar-my-neighbour (``bmn.c`` beside this module) that ``python -m
cardlab.bench sim`` measures the kit against: compiled with ``cc`` when one is on the path."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

SOURCE = Path(__file__).with_name("bmn.c")


def compile_loop(directory: Path) -> Path | None:
    """Compile the C loop into ``directory`` (``cc -O2``); None without a C compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    binary = directory / "bmn"
    subprocess.run([cc, "-O2", "-o", str(binary), str(SOURCE)], check=True, capture_output=True)
    return binary


def c_games_per_second(games: int = 500_000) -> float | None:
    """Games/s of the C loop (CPU time, best of three runs of ``games``); None without a compiler."""
    with tempfile.TemporaryDirectory() as tmp:
        binary = compile_loop(Path(tmp))
        if binary is None:
            return None
        best = float("inf")
        for _ in range(3):
            out = subprocess.run([str(binary), str(games)], check=True, capture_output=True, text=True).stdout
            best = min(best, float(out.split()[1]))
    return games / max(best, 1e-9)
