"""Benchmarks: ``python -m tools.bench <name>`` runs the ``main(argv)`` of ``tools/bench/<name>.py``, or for a
game's name the game's own benchmark (the ``main`` of its :class:`~tools.bench.part.GameBench`,
``tools/games/<game>/bench.py``);
``python -m tools.bench --help`` lists them.

Benchmarks print figures (games per second, milliseconds per decision, ratios against a
baseline measured in the same run); they are not tests and assert nothing about speed.
"""

from __future__ import annotations

import time
from typing import Any, Callable


class Timed:
    """A computer player whose decisions are timed: ``times`` collects the seconds of every
    ``choose`` made where ``counts(state)`` holds (by default: more than one legal action), by
    ``clock`` (default the wall clock; ``time.process_time`` for CPU time)."""

    def __init__(self, bot: Any, times: list[float], counts: Callable[[Any], bool] | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.bot, self.times, self.clock = bot, times, clock
        self.counts = counts or (lambda state: len(state.legal_actions()) > 1)

    def choose(self, state: Any) -> Any:
        start = self.clock()
        action = self.bot.choose(state)
        if self.counts(state):
            self.times.append(self.clock() - start)
        return action
