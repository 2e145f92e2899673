"""Each game's own tools, ``tools/games/<game>/``, by the game's registry name (as
``cardlab/games/<game>/`` holds the game): its benchmarks (``bench.py``, found by
:func:`tools.bench.part.game_bench`) and what they measure against."""
