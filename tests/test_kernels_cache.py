"""The kernels' disk cache is dropped when a kernel source changes (numba itself only notices a
change to the file that defines a compiled function, not to the generators it inlines): the
shared generators in ``cardlab/kernels/`` and each game's ``kernel*.py`` are one source."""

from __future__ import annotations

from pathlib import Path

from cardlab.kernels import clear_stale_cache, kernel_sources


def test_a_changed_source_drops_every_kernels_cache(tmp_path: Path):
    (tmp_path / "kernels").mkdir()
    (tmp_path / "games" / "snap").mkdir(parents=True)
    (tmp_path / "kernels" / "rng.py").write_text("A = 1\n")
    (tmp_path / "kernels" / "warm.py").write_text("CASES = []\n")      # compiles nothing: no source
    (tmp_path / "games" / "snap" / "kernel.py").write_text("B = 2\n")
    (tmp_path / "games" / "snap" / "table.py").write_text("C = 3\n")
    assert [p.relative_to(tmp_path).as_posix() for p in kernel_sources(tmp_path)] == [
        "kernels/rng.py", "games/snap/kernel.py"]
    cache = tmp_path / "games" / "snap" / "__pycache__"
    assert clear_stale_cache(tmp_path)                      # no stamp yet
    (cache / "kernel.play-1.py311.nbi").write_text("index")
    (cache / "kernel.play-1.py311.1.nbc").write_text("code")
    (cache / "kernel.cpython-311.pyc").write_text("bytecode")
    assert not clear_stale_cache(tmp_path)                  # the same sources: kept
    assert (cache / "kernel.play-1.py311.nbi").exists()
    (tmp_path / "games" / "snap" / "table.py").write_text("C = 4\n")   # not a kernel: kept
    (tmp_path / "kernels" / "warm.py").write_text("CASES = [1]\n")     # the warm-up: kept
    assert not clear_stale_cache(tmp_path)
    (tmp_path / "kernels" / "rng.py").write_text("A = 2\n")             # the generator the kernel inlines
    assert clear_stale_cache(tmp_path)
    assert sorted(p.name for p in cache.iterdir()) == ["kernel.cpython-311.pyc"]
