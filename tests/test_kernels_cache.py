"""The kernels' disk cache is dropped when a kernel source changes (numba itself only notices a
change to the file that defines a compiled function, not to the generators it inlines)."""

from __future__ import annotations

from pathlib import Path

from cardlab.kernels import clear_stale_cache


def test_a_changed_source_drops_the_whole_cache(tmp_path: Path):
    (tmp_path / "rng.py").write_text("A = 1\n")
    (tmp_path / "cleopatra.py").write_text("B = 2\n")
    cache = tmp_path / "__pycache__"
    assert clear_stale_cache(tmp_path)                      # no stamp yet
    (cache / "cleopatra.play-1.py311.nbi").write_text("index")
    (cache / "cleopatra.play-1.py311.1.nbc").write_text("code")
    (cache / "cleopatra.cpython-311.pyc").write_text("bytecode")
    assert not clear_stale_cache(tmp_path)                  # the same sources: kept
    assert (cache / "cleopatra.play-1.py311.nbi").exists()
    (tmp_path / "rng.py").write_text("A = 2\n")             # another file than the compiled one
    assert clear_stale_cache(tmp_path)
    assert sorted(p.name for p in cache.iterdir()) == ["cardlab-kernels.sha256", "cleopatra.cpython-311.pyc"]
