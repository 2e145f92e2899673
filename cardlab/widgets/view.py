"""``TableView``: the one card-table view every game uses.

Python draws the table as SVG text and puts it in :attr:`TableView.svg`; the browser shows it and
reports what the reader does as small event dicts, all carrying ``t``, the milliseconds since the
current SVG was put on screen:

- ``{"type": "click", "target": "hand:3", "t": 812.4}`` — a click on (or inside) an element with
  ``data-target="hand:3"`` (``cardlab.draw.svg`` adds it for ``target=...``);
- ``{"type": "key", "key": "ArrowLeft", "t": 90.0}`` — a key pressed while the table has focus
  (it takes focus when clicked; JupyterLab's own shortcuts do not fire then);
- ``{"type": "timer", "tag": "slap", "t": 1500.2}`` — the answer to :meth:`TableView.request_timer`.

The view decides nothing about any game: callbacks registered with :meth:`TableView.on_event`
receive the events, change their state and redraw. Tests feed the same events from Python with
:meth:`TableView.send_event`::

    >>> view = TableView(svg="<svg></svg>")
    >>> seen = []
    >>> view.on_event(seen.append)
    >>> view.send_event({"type": "click", "target": "deal", "t": 12})
    >>> seen
    [{'type': 'click', 'target': 'deal', 't': 12.0}]
"""

from __future__ import annotations

import itertools
import math
import pathlib
import uuid
from typing import Any, Callable

import anywidget
import traitlets

from ..errors import CardlabError

Event = dict[str, Any]
EventCallback = Callable[[Event], Any]

_HERE = pathlib.Path(__file__).parent
# What each event type carries besides ``type`` and ``t``: field name -> required Python type.
EVENT_FIELDS: dict[str, dict[str, type]] = {
    "click": {"target": str},
    "key": {"key": str},
    "timer": {"tag": str},
}
# Timer request ids, unique across kernels: a table shown twice answers each request once.
_timer_ids = (f"{uuid.uuid4().hex[:8]}-{n}" for n in itertools.count(1))


class TableEventError(CardlabError, ValueError):
    """An event dict that does not have the shape of a browser event; the message says why."""


def check_event(event: object) -> Event:
    """Return a clean copy of ``event`` (``t`` as a float, default ``0.0``) or raise ``TableEventError``."""
    if not isinstance(event, dict):
        raise TableEventError(f"an event is a dict like {{'type': 'click', 'target': 'deal', 't': 0}}, not {event!r}")
    kind = event.get("type")
    if kind not in EVENT_FIELDS:
        raise TableEventError(f"event type {kind!r} is unknown; expected one of {sorted(EVENT_FIELDS)}")
    fields = EVENT_FIELDS[kind]
    unknown = sorted(set(event) - set(fields) - {"type", "t"})
    if unknown:
        raise TableEventError(f"{kind} event has unknown field(s) {unknown}; it carries {['type', *fields, 't']}")
    clean: Event = {"type": kind}
    for name, wanted in fields.items():
        if not isinstance(event.get(name), wanted) or not event[name]:
            raise TableEventError(f"{kind} event needs a non-empty {wanted.__name__} {name!r}, got {event.get(name)!r}")
        clean[name] = event[name]
    t = event.get("t", 0.0)
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t < 0:
        raise TableEventError(f"{kind} event field 't' must be milliseconds >= 0, got {t!r}")
    clean["t"] = float(t)
    return clean


class TableView(anywidget.AnyWidget):
    """An SVG card table drawn by Python that reports clicks, key presses and timers to Python.

    ``svg`` is the whole drawing (an ``<svg>`` document); ``status`` a line of text shown under it
    (a prompt, a score, an error). The widget has the CSS class ``cardlab-table``; the drawing is
    inside ``.cardlab-svg`` and the status line is ``.cardlab-status``.
    """

    _esm = _HERE / "view.js"
    _css = _HERE / "view.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, svg: str = "", status: str = "", **kwargs: Any) -> None:
        super().__init__(svg=svg, status=status, **kwargs)
        self._callbacks: list[EventCallback] = []
        self.add_class("cardlab-table")
        self.on_msg(self._on_browser_message)

    def on_event(self, callback: EventCallback, remove: bool = False) -> None:
        """Call ``callback(event)`` for every event (or stop calling it with ``remove=True``)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def send_event(self, event: Event) -> None:
        """Feed ``event`` to the callbacks exactly as a browser message would be (``t`` may be left out).

        Raises ``TableEventError`` if the event is malformed; the callbacks are then not called.
        """
        clean = check_event(event)
        for callback in list(self._callbacks):
            callback(clean)

    def request_timer(self, ms: float, tag: str) -> None:
        """Ask the browser to send ``{"type": "timer", "tag": tag, "t": ...}`` after ``ms`` milliseconds.

        The browser keeps the time (the kernel runs nothing between cells); without a displayed
        view no timer event arrives.
        """
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not math.isfinite(ms) or ms < 0:
            raise TableEventError(f"timer delay must be milliseconds >= 0, got {ms!r}")
        if not isinstance(tag, str) or not tag:
            raise TableEventError(f"timer tag must be a non-empty str, got {tag!r}")
        self.send({"kind": "timer", "ms": float(ms), "tag": tag, "id": next(_timer_ids)})

    def _on_browser_message(self, _widget: object, content: Event, _buffers: object) -> None:
        try:
            self.send_event(content)
        except Exception as error:  # shown in the table too: ipywidgets only logs it, out of sight
            self.status = f"{type(error).__name__}: {error}"
            raise

    def __repr__(self) -> str:
        return f"TableView(svg=<{len(self.svg)} chars>, status={self.status!r})"
