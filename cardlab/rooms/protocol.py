"""The messages between a room server and a seat's browser, and their limits.

A browser sends JSON objects, one per WebSocket frame:

- the table's own events, exactly as a notebook table's view sends them
  (:mod:`cardlab.tables.screen`): ``{"type": "click", "target": "hand:5S", "seq": 7, "t": 812}``,
  ``{"type": "key", "key": "Enter", "seq": 7, "t": 90}``, ``{"type": "timer", "tag": …}``;
- ``{"type": "width", "width": 360, "touch": true}`` — the width of the page's table, which picks the
  layout, and (optional, default false) whether the page has no keyboard and a finger for a
  pointer, which words the table for taps, not keys;
- ``{"type": "act", "action": "pass 5S", "seq": 7}`` — an action by its record text (programs'
  clients; the drawing numbered ``seq`` must be the one shown, as for a click);
- ``{"type": "hello"}`` — nothing but the answer: the seat's drawing again.

The server answers every frame on the same connection: ``{"type": "draw", …}`` (the seat's
drawing, its number, the message under it, the panes under it, the seat's legal actions) when it
changed, else ``{"type": "ok", "seq": …}``; or ``{"type": "error", "error": <kind>, "message": …}``
and nothing changes. The kinds: ``too-large`` (a frame over :data:`MAX_FRAME` characters),
``not-json``, ``bad-message`` (not an object, an unknown type, a bad field: the message names it),
``too-fast`` (more than :data:`RATE` frames a second on the connection, over a burst of
:data:`BURST`, or :data:`LINK_RATE` on all the pages of one link together), ``illegal`` (an action
the rules forbid now: the message names the rule), ``closed`` (the room is closed, the game is
over or the teacher ended it), ``store`` (the server could not keep the action — its database
held by another program for :data:`STORE_WAIT` s, or failing —: nothing changed, the seat's
drawing follows if it had moved; try again). A frame over :data:`MAX_WIRE` bytes closes the connection
(code 1009) before it is read. Timers the table asks for arrive as
``{"type": "timer", "ms": …, "tag": …, "id": …}``.

A seat's link may be open in several pages at once (a phone and a laptop, or two languages): each
is redrawn after every action, in its own language; the pages of one language share the seat's
layout and its wording for a keyboard or for taps (the last width reported). A spectators' page has its own width. A link opened in more
than :data:`PAGES` pages at once: the newest is refused (``too-many``, code 4429).

The server's limits, all in this module:

========================  =====================================================================
per frame                 :data:`MAX_FRAME` characters read; :data:`MAX_WIRE` bytes accepted
per connection            :data:`RATE` frames a second after a burst of :data:`BURST`;
                          :data:`OUTBOX` messages waiting to be sent, and a send may wait
                          :data:`SEND_SECONDS`: past either, the connection is cut (a page that
                          stopped reading; it reconnects and is drawn anew when it reads again);
                          the socket's send buffer :data:`SEND_BUFFER` bytes; a page that
                          answers no ping for :data:`PING_TIMEOUT` s (pings every
                          :data:`PING_SECONDS` s) is cut, however few messages it holds up
per link (seat)           :data:`LINK_RATE` frames a second after :data:`LINK_BURST`, every page
                          together; :data:`PAGES` pages at once
per teacher's request     :data:`MAX_BODY` bytes of body (a longer one is refused unread: 413)
per change                :data:`STORE_WAIT` s waiting for a database another program holds
                          (a gesture, an action, a teacher's change; then refused ``store``, 503
                          for the teacher); frames that change nothing (``hello``, ``width``)
                          and other games never wait for it; a change kept after which the
                          computer must move (a seat given to it, a new game, a restart) whose
                          moves the database then refused: the server makes them itself as soon
                          as it takes a write (asked every :data:`STORE_POLL` s), and the seats'
                          pages are drawn anew with no frame sent
========================  =====================================================================
"""

from __future__ import annotations

import json
import time
from typing import Any

from ..errors import CardlabError

MAX_FRAME = 4096          # the longest frame read (characters); a table's event is under 300
MAX_WIRE = 64 * 1024      # the longest frame the WebSocket accepts at all (bytes)
RATE = 20.0               # frames a second, sustained, per connection
BURST = 40                # frames at once before the rate applies
LINK_RATE = 40.0          # frames a second, sustained, all the pages of one link together
LINK_BURST = 80           # their burst
PAGES = 8                 # pages open at once on one link
OUTBOX = 64               # messages waiting to be sent to one connection
SEND_SECONDS = 5.0        # the longest one message may take to leave
SEND_BUFFER = 64 * 1024   # a connection's socket send buffer (bytes; the kernel may double it)
PING_SECONDS = 5.0        # a ping to every page this often ...
PING_TIMEOUT = 5.0        # ... and a page that has not answered it within this long is cut (code 1011)
MAX_BODY = 4096           # a teacher's request's body (bytes)
STORE_WAIT = 5.0          # the longest a change waits for a database another program holds (s)
STORE_POLL = 0.05         # ... asking it this often whether it takes a write (s); so too for the computer's waiting moves
EVENT_TYPES = ("click", "key", "timer")
TYPES = EVENT_TYPES + ("width", "act", "hello")


class RoomMessageError(CardlabError, ValueError):
    """A frame the server does not take; ``kind`` is the error's kind on the wire."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def read_frame(text: Any) -> dict[str, Any]:
    """The message of one frame (a dict with a known ``type``), or ``RoomMessageError``."""
    if not isinstance(text, str):
        raise RoomMessageError("bad-message", "frames are JSON text, not binary")
    if len(text) > MAX_FRAME:
        raise RoomMessageError("too-large", f"a frame is at most {MAX_FRAME} characters, this one {len(text)}")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise RoomMessageError("not-json", "a frame is one JSON object, like {\"type\": \"hello\"}") from None
    if not isinstance(message, dict):
        raise RoomMessageError("bad-message", f"a frame is a JSON object, not {type(message).__name__}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in TYPES:
        raise RoomMessageError("bad-message", f"type {kind!r:.40} is unknown; the types: {', '.join(TYPES)}")
    if kind == "width":
        width = message.get("width")
        if isinstance(width, bool) or not isinstance(width, int) or not 0 < width <= 100_000:
            raise RoomMessageError("bad-message", f"width: a number of pixels from 1 to 100000, not {width!r:.20}")
        if not isinstance(message.get("touch", False), bool):
            raise RoomMessageError("bad-message", f"touch: true or false, not {message['touch']!r:.20}")
    if kind == "act":
        action, seq = message.get("action"), message.get("seq")
        if not isinstance(action, str) or not 0 < len(action) <= 200:
            raise RoomMessageError("bad-message", f"action: an action's text (1 to 200 characters), not {action!r:.40}")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise RoomMessageError("bad-message", f"seq: the number of the drawing shown, not {seq!r:.20}")
    return message


class RateLimit:
    """A token bucket: :data:`BURST` frames at once, then :data:`RATE` a second."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Any = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = float(burst), clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def changes(text: Any) -> bool:
    """The frame may change its game (a table's event or an action): it waits for the store."""
    try:
        return read_frame(text)["type"] not in ("width", "hello")
    except RoomMessageError:
        return False


def error(kind: str, message: str) -> dict[str, Any]:
    """The answer to a frame that changed nothing."""
    return {"type": "error", "error": kind, "message": message}
