"""The widget layer: the only part of cardlab that imports ipywidgets / anywidget.

- :class:`~cardlab.widgets.view.TableView` — an SVG card table drawn by Python (every drawing
  numbered) that reports clicks, key presses and timer events back to Python;
- :class:`~cardlab.widgets.table.GameTable` — a table's controller
  (:class:`~cardlab.tables.controller.TableController`: New game, the computer's moves, messages,
  routing of the reader's input, redraw) as a widget, the base of the three game tables;
- :class:`~cardlab.widgets.replay.ReplayBar` / :class:`~cardlab.widgets.replay.Replayer` —
  step through a sequence of states with captions; :func:`~cardlab.widgets.replay.replay` — the
  Replayer of any game's record;
- ``cardlab.widgets.demo`` — a small game-free demo table (the start page uses it);
- each game's table (a ``GameTable``) is its ``table`` part, in ``cardlab/games/<game>/table.py``;
  the package's games' tables (and Cleopatra's replay) are importable from here under their public
  name too (``from cardlab.widgets import CleopatraTable``), the names listed in
  :data:`cardlab.games.WIDGETS`. Each is imported when first asked for (PEP 562's module
  ``__getattr__``, the one way a package has a lazy name): importing this package takes about a
  second, importing every game's table too nearly four (their bots and kernels), and a game's table
  module imports this package, so that importing them here at once would be an import cycle.
"""

from .replay import ReplayBar, Replayer, replay
from .table import GameTable
from .view import TableEventError, TableView

__all__ = ["TableView", "TableEventError", "GameTable", "ReplayBar", "Replayer", "replay"]


def __getattr__(name: str) -> object:
    """The game's widget ``name`` of :data:`cardlab.games.WIDGETS`, imported on first use."""
    import importlib

    from ..games import WIDGETS

    if name not in WIDGETS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    widget: object = getattr(importlib.import_module(f"cardlab.games.{WIDGETS[name]}"), name)
    return widget
