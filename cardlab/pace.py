"""How long a computer move or a coach's hint may take: where the kernels run as plain Python (the
static site, on Pyodide, :data:`PLAIN`) a playout costs tens of times what it
costs compiled, so the searches there stop after :data:`SECONDS` of work instead of spending
their whole budget of playouts. Compiled, they spend the budget (a second or less on a laptop
core) and their results depend on the seed alone.

>>> pace = Pace(math.inf)
>>> with pace.timing():
...     pass
>>> pace.over
False
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib.util import find_spec


def plain_kernels() -> bool:
    """Whether the kernels run as plain Python (:mod:`cardlab.kernels.jit`): asked for with
    ``CARDLAB_PLAIN_KERNELS=1``, or numba or numpy is not installed (Pyodide). Decided without
    importing either, so that the core imports no kernel."""
    if os.environ.get("CARDLAB_PLAIN_KERNELS", "") not in ("", "0"):
        return True
    return find_spec("numba") is None or find_spec("numpy") is None


PLAIN = plain_kernels()
"""True where the kernels run as plain Python."""

SECONDS: float | None = 1.0 if PLAIN else None
"""The seconds of work a move or a hint may take, or None: no limit but the budget."""


class Pace:
    """The seconds a search has spent, in :meth:`timing` blocks, against a limit of ``seconds``
    (None: :data:`SECONDS` as it is now; ``math.inf``: no limit)."""

    def __init__(self, seconds: float | None = None) -> None:
        seconds = SECONDS if seconds is None else seconds
        self.seconds = None if seconds == math.inf else seconds
        self.spent = 0.0

    @contextmanager
    def timing(self) -> Iterator[None]:
        """Count the seconds of the block as spent."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.spent += time.perf_counter() - start

    @property
    def over(self) -> bool:
        """Whether the search has spent its seconds."""
        return self.seconds is not None and self.spent >= self.seconds


def spend(play: Callable[[int], Sequence[float]], count: int, seconds: float | None = None) -> list[float]:
    """Each choice's sum over ``count`` worlds, where ``play(n)`` gives the sums over ``n`` more
    worlds: in one call without a limit of ``seconds`` (None: :data:`SECONDS`; ``math.inf``:
    none), else in rounds, a world first, then rounds of a fifth of the seconds at the pace
    measured, until ``count`` worlds are played or the seconds spent (at least one world)."""
    clock = Pace(seconds)
    if clock.seconds is None:
        return list(play(count))
    totals: list[float] = []
    done, size = 0, 1
    while done < count and not (done and clock.over):
        with clock.timing():
            found = play(size)
        totals = [a + b for a, b in zip(totals, found)] if totals else list(found)
        done += size
        size = max(1, min(count - done, int(done / max(clock.spent, 1e-9) * clock.seconds / 5)))
    return totals
