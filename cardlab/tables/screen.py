"""The screen a table draws on: numbered drawings, the browser's events checked, stale ones dropped.

Python draws the table as SVG text with :meth:`ScreenRules.draw`; every drawing gets the next
sequence number, ``seq``, sent to the browser together with the drawing. The browser shows it and
reports what the reader does as small event dicts, each carrying ``seq`` (the number of the drawing
it was made on) and ``t`` (milliseconds since that drawing was put on screen):

- ``{"type": "click", "target": "hand:3", "seq": 7, "t": 812.4}`` — a click on (or inside) an
  element with ``data-target="hand:3"`` (``cardlab.draw.svg`` adds it for ``target=...``); the
  second click of a double-click is never sent;
- ``{"type": "key", "key": "ArrowLeft", "seq": 7, "t": 90.0}`` — a key pressed while the table
  has focus;
- ``{"type": "timer", "tag": "slap", "seq": 7, "t": 1500.2}`` — the answer to
  :meth:`ScreenRules.request_timer`.

A click or key made on a drawing that is no longer the current one is dropped without a word: no
gesture is ever applied to a position the reader did not see. Nor is a click made sooner than
``settle_ms`` after a drawing with a new number was painted (the browser drops it, ``view.js``).
Timers are not dropped that way (their owner checks their tags). An event without ``seq`` (sent
from Python) counts as made on the current drawing. The screen decides nothing about any game:
callbacks registered with :meth:`ScreenRules.on_event` receive the events::

    >>> screen = Screen(svg="<svg></svg>")
    >>> seen = []
    >>> screen.on_event(seen.append)
    >>> screen.send_event({"type": "click", "target": "deal", "seq": screen.seq, "t": 12})
    >>> screen.draw("<svg>again</svg>")
    >>> screen.send_event({"type": "click", "target": "deal", "seq": screen.seq - 1})   # stale: dropped
    >>> seen
    [{'type': 'click', 'target': 'deal', 'seq': 1, 't': 12.0}]

Two screens follow these rules (:class:`ScreenRules`): :class:`Screen`, plain Python, which a room's
seat draws on (its timer requests go to ``send``, the seat's browsers), and the notebook's widget
:class:`cardlab.widgets.view.TableView`.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import uuid
from typing import Any, Callable, ContextManager

from ..errors import CardlabError
from ..words import TABLE

Event = dict[str, Any]
EventCallback = Callable[[Event], Any]

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
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
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


def timer_request(ms: float, tag: str) -> dict[str, Any]:
    """The message that asks the browser for the timer ``tag`` in ``ms`` milliseconds (checked)."""
    if not _number(ms) or ms < 0:
        raise TableEventError(f"timer delay must be milliseconds >= 0, got {ms!r}")
    if not isinstance(tag, str) or not 0 < len(tag) <= MAX_TEXT:
        raise TableEventError(f"timer tag must be a non-empty str of at most {MAX_TEXT} characters, got {tag!r}")
    return {"kind": "timer", "ms": float(ms), "tag": tag, "id": next(_timer_ids)}


class ScreenRules:
    """What every screen does with drawings and events, whatever holds its fields (plain
    attributes, or a widget's synced traits): a screen has ``svg``, ``seq``, ``status``, ``width``,
    ``touch``, ``focus``, ``steady``, ``lang``, ``label``, ``focus_label``, ``settle_ms``, ``relative_keys``,
    ``_callbacks`` and ``send(content)``, and sets a drawing with :meth:`_show`."""

    svg: str
    seq: int
    status: str
    relative_keys: bool
    _callbacks: list[EventCallback]

    def _show(self, seq: int, svg: str) -> None:
        """Put drawing ``svg`` numbered ``seq`` on the screen."""
        raise NotImplementedError

    def send(self, content: dict[str, Any]) -> None:
        """Send ``content`` to the browsers showing the screen."""
        raise NotImplementedError

    def hold_sync(self) -> ContextManager[Any]:
        """Changes made within reach the browser together (a plain screen has nothing to hold)."""
        return contextlib.nullcontext()

    def draw(self, svg: str, status: str | None = None, same_position: bool = False) -> None:
        """Show ``svg`` as the next drawing (and ``status`` under it, if given); events made on
        earlier drawings are dropped from now on. A drawing identical to the one shown, or one that
        only annotates the same position (``same_position``: the coach's estimates), keeps its
        number, so a gesture made on it still counts."""
        with self.hold_sync():
            renumber = self.seq == 0 or (svg != self.svg and not same_position)
            self._show(self.seq + 1 if renumber else self.seq, svg)
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
        (keys of a screen with ``relative_keys`` never are)."""
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
        screen no timer event arrives.
        """
        self.send(timer_request(ms, tag))


class Screen(ScreenRules):
    """A screen in plain Python: what a room's seat shows its browsers. ``send`` receives each
    message for the browsers (a timer request); ``first_seq`` is the number the drawings count
    from; setting :attr:`width` or :attr:`touch` tells the callbacks of :meth:`observe`."""

    def __init__(self, svg: str = "", status: str = "", *, lang: str = "en", relative_keys: bool = False,
                 send: Callable[[dict[str, Any]], None] | None = None, first_seq: int = 0) -> None:
        self.svg, self.seq, self.status, self.focus, self.steady = "", first_seq, status, "", ""
        self.lang, self.settle_ms, self.relative_keys = lang, SETTLE_MS, relative_keys
        self.label = TABLE.say(lang, "view_label")
        self.focus_label = TABLE.say(lang, "view_on", name="{name}")   # the browser names the choice
        self._callbacks: list[EventCallback] = []
        self._observers: dict[str, list[Callable[[dict[str, Any]], None]]] = {"width": [], "touch": []}
        self._width, self._touch = 0, False
        self._send = send
        self.draw(svg)

    def _show(self, seq: int, svg: str) -> None:
        self.seq, self.svg = seq, svg

    def connect(self, send: Callable[[dict[str, Any]], None], seq: int) -> None:
        """From now on send the messages for the browsers to ``send``, and number the next
        drawing after ``seq`` (a room's seat: above every number its pages have seen)."""
        self._send, self.seq = send, seq

    def send(self, content: dict[str, Any]) -> None:
        if self._send is not None:
            self._send(content)

    @property
    def width(self) -> int:
        """The width of the page's table in CSS px, as the browser reports it (0: not known)."""
        return self._width

    @width.setter
    def width(self, value: int) -> None:
        old, self._width = self._width, min(max(int(value), 0), 100_000)
        self._tell("width", old, self._width)

    @property
    def touch(self) -> bool:
        """Whether the page has no keyboard and a finger for a pointer (a phone, a tablet), as the
        browser reports it: the table's words then name taps, not keys."""
        return self._touch

    @touch.setter
    def touch(self, value: bool) -> None:
        old, self._touch = self._touch, bool(value)
        self._tell("touch", old, self._touch)

    def _tell(self, name: str, old: Any, new: Any) -> None:
        """The callbacks observing ``name``, told that it changed from ``old`` to ``new``."""
        if old != new:
            for callback in list(self._observers[name]):
                callback({"name": name, "old": old, "new": new})

    def observe(self, callback: Callable[[dict[str, Any]], None], names: str) -> None:
        """Call ``callback(change)`` when :attr:`width` or :attr:`touch` changes (as a widget's
        trait tells it)."""
        if names not in self._observers:
            raise ValueError(f"a plain screen tells changes of {sorted(self._observers)} only, not of {names!r}")
        self._observers[names].append(callback)

    def __repr__(self) -> str:
        return f"Screen(svg=<{len(self.svg)} chars>, seq={self.seq}, status={self.status!r})"
