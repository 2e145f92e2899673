"""Fast simulation paths, each proven to give its engine's results by a test over many deals:
``kernels/`` (the Cleopatra family compiled with numba, ``tests/test_kernels_cleopatra.py``) and
``trappola.py`` (random Trappola deals, ``tests/test_sim_trappola.py``). Nothing here imports
the bots."""
