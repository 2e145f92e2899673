"""Benchmarks: ``python -m cardlab.bench NAME`` runs ``cardlab.bench.NAME.main(argv)``.

Benchmarks print figures (games per second, milliseconds per decision, ratios against a
baseline measured in the same run); they are not tests and assert nothing about speed.
"""
