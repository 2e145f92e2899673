"""What a table does between a drawing and an action, with no widget library (issue 37).

- :mod:`cardlab.tables.screen` — the browser's events checked (:func:`check_event`), and the
  screen a table draws on: every drawing numbered, stale clicks and keys dropped, timers asked
  (:class:`Screen`, plain; the notebook's :class:`~cardlab.widgets.view.TableView` is the same
  screen as a widget);
- :mod:`cardlab.tables.controls` — a setting or a pane as a plain value a table reads and
  observes (:class:`Setting`), linked to a widget where there is one (:func:`link`);
- :mod:`cardlab.tables.controller` — :class:`TableController`, a game at a table: New game, the
  computer's moves, the message line, clicks, keys and timers routed, the redraw;
- :mod:`cardlab.tables.coach` — the coach's hints on the drawing and its strip
  (:class:`CoachStrip`).

A game's controller (``cardlab/games/<game>/controller.py``, its registry part ``controller``)
subclasses :class:`TableController`. Two transports carry it: the notebook's widget (the game's
``table.py``, a subclass that draws on a ``TableView`` and puts real widgets on its settings) and
the room server (:mod:`cardlab.rooms`), which drives the controller itself over a WebSocket and so
imports no widget library.
"""
