"""Fast simulation paths, each proven to give its engine's results by a test over many deals:
``kernels/`` (the Cleopatra family compiled with numba, ``tests/test_kernels_cleopatra.py``; Trappola's
random and rule-of-thumb games and the search player's playouts, ``tests/test_kernels_trappola.py``).
Nothing here imports the bots."""
