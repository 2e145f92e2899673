"""The widget layer: the only part of cardlab that imports ipywidgets / anywidget.

- :class:`~cardlab.widgets.view.TableView` — an SVG card table drawn by Python (every drawing
  numbered) that reports clicks, key presses and timer events back to Python;
- :class:`~cardlab.widgets.table.GameTable` — the base of the three game tables: New game, the
  computer's moves, messages, routing of the reader's input, redraw;
- :class:`~cardlab.widgets.replay.ReplayBar` / :class:`~cardlab.widgets.replay.Replayer` —
  step through a sequence of states with captions; :func:`~cardlab.widgets.replay.replay` — the
  Replayer of any game's record;
- ``cardlab.widgets.demo`` — a small game-free demo table (the start page uses it);
- ``cardlab.widgets.<game>`` — each game's table (a ``GameTable``) and its replays.
"""

from .replay import ReplayBar, Replayer, replay
from .table import GameTable
from .view import TableEventError, TableView

__all__ = ["TableView", "TableEventError", "GameTable", "ReplayBar", "Replayer", "replay"]
