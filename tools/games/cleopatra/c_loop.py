"""The plain C loops that ``python -m tools.bench sim`` measures the kernel against, beside this
module: Beggar-my-neighbour (``bmn.c``) and Cleopatra with slaps (``cleopatra.c``, on the
kernel's generator, so its games are the kernel's: :func:`c_rows`), compiled with ``cc`` when one
is on the path."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).with_name("bmn.c")
SLAPS = Path(__file__).with_name("cleopatra.c")
ROW = ("winner", "reason", "cards", "tricks", "steps", "slaps_0", "slaps_1")
"""The fields of a row of ``cleopatra.c`` (as the kernel's columns of those names)."""


def ziggurat_header() -> str:
    """``zig.h``: the tables of :func:`cardlab.kernels.rng.normal` as C constants, exactly (hex
    floats), so the C loop draws the kernel's normals."""
    from cardlab.kernels.rng import FN, KN, TAIL, WN

    def floats(values: np.ndarray) -> str:
        return ", ".join(float(v).hex() for v in values)

    return (f"static const int64_t KN[128] = {{{', '.join(f'{int(k)}LL' for k in KN)}}};\n"
            f"static const double WN[128] = {{{floats(WN)}}};\n"
            f"static const double FN[128] = {{{floats(FN)}}};\n"
            f"#define TAIL {float(TAIL).hex()}\n")


def compile_loop(directory: Path, source: Path = SOURCE) -> Path | None:
    """Compile the C loop ``source`` into ``directory`` (``cc -O2``, no contraction of
    floating-point expressions, which would change the normals); None without a C compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    (directory / "zig.h").write_text(ziggurat_header())
    binary = directory / source.stem
    subprocess.run([cc, "-O2", "-ffp-contract=off", "-I", str(directory), "-o", str(binary), str(source), "-lm"],
                   check=True, capture_output=True)
    return binary


@contextmanager
def c_loop(source: Path = SOURCE) -> Iterator[Callable[[int], float] | None]:
    """The C loop ``source``, compiled while the block runs: ``run(games)`` plays ``games``
    random deals and returns its games per second of CPU time (as the program measures itself);
    None without a C compiler. One run at a time, so a caller can interleave it with what it
    compares."""
    with tempfile.TemporaryDirectory() as tmp:
        binary = compile_loop(Path(tmp), source)
        if binary is None:
            yield None
            return

        def run(games: int) -> float:
            out = subprocess.run([str(binary), str(games)], check=True, capture_output=True, text=True).stdout
            return games / max(float(out.split()[1]), 1e-9)

        yield run


@contextmanager
def slaps_loop() -> Iterator[Callable[[int], float] | None]:
    """:func:`c_loop` of Cleopatra with slaps (``cleopatra.c``), both seats SlapBot's model."""
    with c_loop(SLAPS) as run:
        yield run


def c_rows(games: int, run_seed: int, models: Sequence[Sequence[float]]) -> dict[str, np.ndarray] | None:
    """Games ``0 .. games - 1`` of the run seeded ``run_seed`` played by ``cleopatra.c`` with the
    seats' slap ``models`` (attention, reaction, spread and least ms of each, as the kernel's
    :data:`~cardlab.games.cleopatra.kernel.MODEL`, without blunders): the :data:`ROW` fields as
    arrays; None without a C compiler."""
    with tempfile.TemporaryDirectory() as tmp:
        binary = compile_loop(Path(tmp), SLAPS)
        if binary is None:
            return None
        args = [str(binary), str(games), str(run_seed), "1", *(repr(float(x)) for m in models for x in m[:4])]
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout.splitlines()
    rows = np.array([line.split() for line in out[:games]], np.int64).reshape(games, len(ROW))
    return dict(zip(ROW, rows.T))
