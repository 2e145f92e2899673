"""Fast simulation paths: plain lists and ints (or NumPy arrays), no events, no undo; each proven
to give its engine's results by a test over many deals (``tests/test_cleopatra_fast.py``,
``tests/test_fast_batch*.py``, ``tests/test_sim_trappola.py``). Nothing here imports the bots."""
