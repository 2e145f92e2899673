"""The compiled kernels' shared parts: the counter-based generator of the Cleopatra family
(:mod:`.rng`), CPython's Mersenne Twister (:mod:`.mersenne`, for Trappola's and Kirifu's kernels),
and numba's disk cache kept true (here), warming it (:mod:`.warm`) and a progress bar while a
kernel compiles (:mod:`.progress`, shown in every process that imports a kernel), and in a notebook a line
while numba and the kernels load (:mod:`.loading`). Each game's kernel lives in
its own folder (``cardlab/games/<game>/kernel*.py``) and runs as plain Python under
``NUMBA_DISABLE_JIT=1`` too.

Numba's disk cache (``cache=True``, in the ``__pycache__`` beside each source) knows a compiled
function by its own file only, but the kernels inline the generators of this folder:
:func:`clear_stale_cache` drops every kernel's cache when any kernel source changed since it was
written (a ``git pull`` that touched only ``rng.py`` would otherwise replay old draws). The modules
of this folder that compile nothing (:data:`TOOLS`) are no kernel source: a change to the warm-up
keeps every compiled kernel."""

from __future__ import annotations

import hashlib
from pathlib import Path

from .loading import loading_note

_loaded = loading_note()      # numba's import and the cache's check take seconds: a notebook says so
from . import jit  # noqa: E402

HERE = Path(__file__).parent
TOOLS = ("__init__.py", "loading.py", "progress.py", "warm.py")
"""The modules of this folder that no kernel inlines."""


def kernel_sources(root: Path = HERE.parent) -> list[Path]:
    """Every kernel source under the package ``root``: this folder's modules but :data:`TOOLS`
    (the generators the kernels inline) and each game's ``kernel*.py``."""
    return (sorted(p for p in (root / "kernels").glob("*.py") if p.name not in TOOLS)
            + sorted((root / "games").glob("*/kernel*.py")))


def sources_digest(root: Path = HERE.parent) -> str:
    """A digest of every kernel source under ``root``."""
    digest = hashlib.sha256()
    for path in kernel_sources(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(root: Path = HERE.parent) -> bool:
    """Delete numba's cache files beside every kernel source under ``root`` unless they were
    written for the sources there now; True if it deleted them. A read-only install is left as
    it is."""
    digest = sources_digest(root)
    stamp = root / "kernels" / "__pycache__" / "cardlab-kernels.sha256"
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    try:
        for cache in sorted({path.parent / "__pycache__" for path in kernel_sources(root)}):
            cache.mkdir(exist_ok=True)
            for path in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
                path.unlink()
        stamp.write_text(digest)
    except OSError:
        return False
    return True


if not jit.PLAIN:
    from . import progress

    clear_stale_cache()
    progress.install()
_loaded()
