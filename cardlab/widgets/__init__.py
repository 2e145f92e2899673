"""The widget layer: the only part of cardlab that imports ipywidgets / anywidget.

- :class:`~cardlab.widgets.view.TableView` — an SVG card table drawn by Python that reports
  clicks, key presses and timer events back to Python;
- :class:`~cardlab.widgets.replay.ReplayBar` / :class:`~cardlab.widgets.replay.Replayer` —
  step through a sequence of states with captions;
- ``cardlab.widgets.demo`` — a small game-free demo table (the start page uses it);
- ``cardlab.widgets.<game>`` — each game's interactive table, composed of these.
"""

from .replay import ReplayBar, Replayer
from .view import TableEventError, TableView

__all__ = ["TableView", "TableEventError", "ReplayBar", "Replayer"]
