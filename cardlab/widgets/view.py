"""``TableView``: the one card-table view every game uses.

Python draws the table as SVG text with :meth:`TableView.draw`; every drawing gets the next
sequence number, :attr:`TableView.seq`, synced to the browser together with the drawing. The
browser shows it and reports what the reader does as small event dicts, each carrying ``seq``
(the number of the drawing it was made on) and ``t`` (milliseconds since that drawing was put on
screen):

- ``{"type": "click", "target": "hand:3", "seq": 7, "t": 812.4}`` — a click on (or inside) an
  element with ``data-target="hand:3"`` (``cardlab.draw.svg`` adds it for ``target=...``); the
  second click of a double-click is never sent;
- ``{"type": "key", "key": "ArrowLeft", "seq": 7, "t": 90.0}`` — a key pressed while the table
  has focus (it takes focus when clicked, and takes it back after a click on any button of the
  widget around it, so keys never press a focused button; JupyterLab's shortcuts do not fire);
- ``{"type": "timer", "tag": "slap", "seq": 7, "t": 1500.2}`` — the answer to
  :meth:`TableView.request_timer`.

A click or key made on a drawing that is no longer the current one is dropped without a word: no
gesture is ever applied to a position the reader did not see. Nor is a click made sooner than
:attr:`TableView.settle_ms` after a drawing with a new number was painted: faster than a person
reacts to what they see, it was aimed at the drawing before (the browser drops it, ``view.js``). Timers are not dropped that way
(their owner checks their tags). An event without ``seq`` (sent from Python) counts as made on the
current drawing. The view decides nothing about any game: callbacks registered with
:meth:`TableView.on_event` receive the events, change their state and redraw. Tests feed the same
events from Python with :meth:`TableView.send_event`::

    >>> view = TableView(svg="<svg></svg>")
    >>> seen = []
    >>> view.on_event(seen.append)
    >>> view.send_event({"type": "click", "target": "deal", "seq": view.seq, "t": 12})
    >>> view.draw("<svg>again</svg>")
    >>> view.send_event({"type": "click", "target": "deal", "seq": view.seq - 1})   # stale: dropped
    >>> seen
    [{'type': 'click', 'target': 'deal', 'seq': 1, 't': 12.0}]
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
from ..words import TABLE

Event = dict[str, Any]
EventCallback = Callable[[Event], Any]

_HERE = pathlib.Path(__file__).parent
# What each event type carries besides ``type``, ``seq`` and ``t``: field name -> required Python type.
EVENT_FIELDS: dict[str, dict[str, type]] = {
    "click": {"target": str},
    "key": {"key": str},
    "timer": {"tag": str},
}
MAX_TEXT = 200              # longest target, key or tag a browser event may carry
MAX_SEQ = 2**53             # the largest integer a browser number holds exactly
#: A click on a drawing younger than this (ms from its paint) is dropped: a person's quickest
#: reaction to something seen takes about 200-250 ms, so a sooner click was meant for the drawing
#: before (two taps 30 ms apart would otherwise play a card on a trick nobody saw).
SETTLE_MS = 250
# Timer request ids, unique across kernels: a table shown twice answers each request once.
_timer_ids = (f"{uuid.uuid4().hex[:8]}-{n}" for n in itertools.count(1))


class TableEventError(CardlabError, ValueError):
    """An event dict that does not have the shape of a browser event; the message says why."""


def _number(value: object) -> bool:
    """A finite int or float (not a bool); an int too large for a float is not one."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def check_event(event: object) -> Event:
    """Return a clean copy of ``event`` or raise ``TableEventError`` naming the field at fault.

    The copy has ``t`` as a float (default ``0.0``) and ``seq`` as an int when the event had one.
    """
    if not isinstance(event, dict):
        raise TableEventError(f"an event is a dict like {{'type': 'click', 'target': 'deal', 't': 0}}, "
                              f"not {type(event).__name__}")
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        raise TableEventError(f"event type {kind!r:.60} is unknown; expected one of {sorted(EVENT_FIELDS)}")
    fields = EVENT_FIELDS[kind]
    unknown = sorted(map(repr, set(event) - set(fields) - {"type", "seq", "t"}))
    if unknown:
        raise TableEventError(f"{kind} event has unknown field(s) {', '.join(unknown):.120}; "
                              f"it carries {['type', *fields, 'seq', 't']}")
    clean: Event = {"type": kind}
    for name, wanted in fields.items():
        value = event.get(name)
        if not isinstance(value, wanted) or not 0 < len(value) <= MAX_TEXT:
            raise TableEventError(f"{kind} event needs a non-empty {wanted.__name__} {name!r} of at most "
                                  f"{MAX_TEXT} characters, got {value!r:.60}")
        clean[name] = value
    if "seq" in event:
        seq = event["seq"]
        if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ:
            raise TableEventError(f"{kind} event field 'seq' must be a drawing number >= 0, got {seq!r:.60}")
        clean["seq"] = seq
    t = event.get("t", 0.0)
    if not _number(t) or t < 0:
        raise TableEventError(f"{kind} event field 't' must be milliseconds >= 0, got {t!r:.60}")
    clean["t"] = float(t)
    return clean


class TableView(anywidget.AnyWidget):
    """An SVG card table drawn by Python that reports clicks, key presses and timers to Python.

    ``svg`` is the whole drawing (an ``<svg>`` document), set only through :meth:`draw`, which
    numbers it (``seq``); ``status`` a line of text shown under it (a prompt, a score, an error),
    the one place where a table's messages appear. The drawing fills the output width up to 1.3
    times its natural size, centred; ``width`` is that output width as the browser measures it
    (observe it to choose a layout); ``focus`` names the clickable element the keyboard is on. The widget has the CSS class ``cardlab-table``;
    the drawing is inside ``.cardlab-svg`` and the status line is ``.cardlab-status``.
    """

    _esm = _HERE / "view.js"
    _css = _HERE / "view.css"

    svg = traitlets.Unicode("", read_only=True).tag(sync=True)
    seq = traitlets.Int(0, read_only=True).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    #: the width of the output area in CSS px, reported by the browser (0: not shown yet, or headless)
    width = traitlets.Int(0).tag(sync=True)
    #: the ``data-target`` of the element the keyboard is on; the browser rings it ("" for none)
    focus = traitlets.Unicode("").tag(sync=True)
    #: the game on the table ("" for none: a replay): while it stays the same the status line keeps
    #: room for two lines (three under 520 px), and the tallest it has been at this width, so that
    #: nothing under it moves up and down as messages come and go
    #: (:class:`~cardlab.widgets.table.GameTable`: its game's number)
    steady = traitlets.Unicode("").tag(sync=True)
    #: the language of the table's words, set as ``lang=`` on the widget ("en" or "ja")
    lang = traitlets.Unicode("en").tag(sync=True)
    #: the table's name for screen readers, and its name while the keyboard is on a choice (``{name}``:
    #: the choice's own name), in ``lang`` (:data:`cardlab.words.TABLE`)
    label = traitlets.Unicode("").tag(sync=True)
    focus_label = traitlets.Unicode("").tag(sync=True)
    #: milliseconds after a new drawing is painted during which its clicks are dropped, as no person
    #: reacts to what they see that fast (:data:`SETTLE_MS`; a table of reflexes may choose less)
    settle_ms = traitlets.Int(SETTLE_MS).tag(sync=True)

    def __init__(self, svg: str = "", status: str = "", *, relative_keys: bool = False, **kwargs: Any) -> None:
        """``relative_keys``: keys mean "from wherever you are" (a replay's → and ←), so a key
        pressed on an earlier drawing still counts (clicks made on it are dropped as always)."""
        super().__init__(status=status, **kwargs)
        self.relative_keys = relative_keys
        self._callbacks: list[EventCallback] = []
        self.add_class("cardlab-table")
        self.on_msg(self._on_browser_message)
        self._name_in_lang()
        self.draw(svg)

    @traitlets.observe("lang")
    def _name_in_lang(self, _change: object = None) -> None:
        """The screen readers' names of the table in its language."""
        self.label = TABLE.say(self.lang, "view_label")
        self.focus_label = TABLE.say(self.lang, "view_on", name="{name}")   # the browser names the choice

    @traitlets.validate("width")
    def _check_width(self, proposal: Any) -> int:
        return min(max(int(proposal["value"]), 0), 100_000)   # whatever a browser reports

    def draw(self, svg: str, status: str | None = None, same_position: bool = False) -> None:
        """Show ``svg`` as the next drawing (and ``status`` under it, if given); events made on
        earlier drawings are dropped from now on. The drawing and its number reach the browser
        in one message. A drawing identical to the one shown, or one that only annotates the same
        position (``same_position``: the coach's estimates), keeps its number, so a gesture made
        on it still counts."""
        with self.hold_sync():
            if self.seq == 0 or (svg != self.svg and not same_position):
                self.set_trait("seq", self.seq + 1)
            self.set_trait("svg", svg)
            if status is not None:
                self.status = status

    def on_event(self, callback: EventCallback, remove: bool = False) -> None:
        """Call ``callback(event)`` for every event (or stop calling it with ``remove=True``)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def is_stale(self, event: Event) -> bool:
        """Whether ``event`` (a checked one) is a click or key made on a drawing no longer shown
        (keys of a view with ``relative_keys`` never are)."""
        if event["type"] == "timer" or (event["type"] == "key" and self.relative_keys):
            return False
        return event.get("seq", self.seq) != self.seq

    def send_event(self, event: Event) -> None:
        """Feed ``event`` to the callbacks exactly as a browser message would be (``seq`` and ``t``
        may be left out). A stale event (see :meth:`is_stale`) reaches nobody.

        Raises ``TableEventError`` if the event is malformed; the callbacks are then not called.
        """
        clean = check_event(event)
        if self.is_stale(clean):
            return
        for callback in list(self._callbacks):
            callback(clean)

    def request_timer(self, ms: float, tag: str) -> None:
        """Ask the browser to send ``{"type": "timer", "tag": tag, ...}`` after ``ms`` milliseconds.

        The browser keeps the time (the kernel runs nothing between cells); without a displayed
        view no timer event arrives.
        """
        if not _number(ms) or ms < 0:
            raise TableEventError(f"timer delay must be milliseconds >= 0, got {ms!r}")
        if not isinstance(tag, str) or not 0 < len(tag) <= MAX_TEXT:
            raise TableEventError(f"timer tag must be a non-empty str of at most {MAX_TEXT} characters, got {tag!r}")
        self.send({"kind": "timer", "ms": float(ms), "tag": tag, "id": next(_timer_ids)})

    def _on_browser_message(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the browser. Nothing raises into the kernel from here: a malformed event
        (or, as a last resort, any error of a callback) becomes the status line."""
        try:
            self.send_event(content)  # type: ignore[arg-type]
        except Exception as error:  # noqa: BLE001 -- the browser has nobody to report to but the reader
            self.status = f"{type(error).__name__}: {error}"

    def __repr__(self) -> str:
        return f"TableView(svg=<{len(self.svg)} chars>, seq={self.seq}, status={self.status!r})"
