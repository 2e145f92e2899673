"""Fast simulation paths: plain lists and ints, no events, no undo; each proven identical to its
engine by a test over many deals (``tests/test_<game>_fast.py``)."""
