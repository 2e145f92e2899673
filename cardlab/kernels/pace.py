"""How long a computer move or a coach's hint may take: where the kernels run as plain Python (the
static site, on Pyodide, :data:`cardlab.kernels.jit.PLAIN`) a playout costs tens of times what it
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
import time
from collections.abc import Iterator
from contextlib import contextmanager

from cardlab.kernels.jit import PLAIN

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
