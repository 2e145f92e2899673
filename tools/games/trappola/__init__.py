"""Trappola's tools: the benchmark of its computer players."""
