"""Compiled simulation kernels (numba): :mod:`.cleopatra` plays the Cleopatra family, one game per
seed from the counter-based generator of :mod:`.rng`; :mod:`.replay` replays any of its games in
the engine; :mod:`.trappola` and :mod:`.kirifu` play Trappola and Kirifu with CPython's own
generator (:mod:`.mersenne`). Every kernel runs as plain Python under ``NUMBA_DISABLE_JIT=1``
too.

Numba's disk cache (``cache=True``, in ``__pycache__`` here) knows a compiled function by its own
file only, but the kernels inline the generators of other files: :func:`clear_stale_cache` drops
the whole cache when any source here changed since it was written (a ``git pull`` that touched
only ``rng.py`` would otherwise replay old draws)."""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).parent


def sources_digest(folder: Path = HERE) -> str:
    """A digest of every kernel source in ``folder``."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(folder: Path = HERE) -> bool:
    """Delete numba's cache files in ``folder/__pycache__`` unless they were written for the
    sources there now; True if it deleted them. A read-only install is left as it is."""
    cache, digest = folder / "__pycache__", sources_digest(folder)
    stamp = cache / "cardlab-kernels.sha256"
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for path in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            path.unlink()
        stamp.write_text(digest)
    except OSError:
        return False
    return True


clear_stale_cache()
