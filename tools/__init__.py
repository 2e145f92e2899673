"""The kit's tools: what measures, builds or prepares cardlab but is no part of it at run time (the
benchmarks, the static site's builder, the kernels' warm-up command). Run from the repository's
root (``python -m tools.bench``); not installed with the package (``pyproject.toml`` ships
``cardlab`` alone)."""
