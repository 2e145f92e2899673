"""Compiled simulation kernels (numba): :mod:`.cleopatra` plays the Cleopatra family, one game per
seed from the counter-based generator of :mod:`.rng`; :mod:`.replay` replays any of its games in
the engine. Every kernel runs as plain Python under ``NUMBA_DISABLE_JIT=1`` too."""
