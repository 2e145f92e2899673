"""The widget layer: the only part of cardlab that imports ipywidgets / anywidget.

- :class:`~cardlab.widgets.view.TableView` — an SVG card table drawn by Python (every drawing
  numbered) that reports clicks, key presses and timer events back to Python;
- :class:`~cardlab.widgets.table.GameTable` — the base of the three game tables: New game, the
  computer's moves, messages, routing of the reader's input, redraw;
- :class:`~cardlab.widgets.replay.ReplayBar` / :class:`~cardlab.widgets.replay.Replayer` —
  step through a sequence of states with captions; :func:`~cardlab.widgets.replay.replay` — the
  Replayer of any game's record;
- ``cardlab.widgets.demo`` — a small game-free demo table (the start page uses it);
- each game's table (a ``GameTable``) is its ``table`` part, in ``cardlab/games/<game>/table.py``,
  and is found here by its class name too (``from cardlab.widgets import CleopatraTable``), as
  is any public name of a table module (``CleopatraReplay``).
"""

from .replay import ReplayBar, Replayer, replay
from .table import GameTable
from .view import TableEventError, TableView

__all__ = ["TableView", "TableEventError", "GameTable", "ReplayBar", "Replayer", "replay"]


def __getattr__(name: str) -> object:
    """A registered game's table class, or another public name of its table module, by name."""
    import sys

    from ..registry import with_part

    for info in with_part("table"):
        table = info.part("table")
        module = sys.modules[table.__module__]
        if not name.startswith("_") and name in vars(module) and name in getattr(module, "__all__", [table.__name__]):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
