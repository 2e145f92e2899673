"""``TableView``: the one card-table view every game uses in a notebook.

It is the notebook's screen (:mod:`cardlab.tables.screen`, whose rules it follows): every drawing
numbered, the browser's clicks, keys and timers checked and handed to the callbacks of
:meth:`~cardlab.tables.screen.ScreenRules.on_event`, the stale ones dropped. Here the drawing, its
number and the status line are widget traits synced to the browser (``view.js``), which answers
timers and reports the output width. A key pressed while the table has focus is sent (it takes
focus when clicked, and takes it back after a click on any button of the widget around it, so keys
never press a focused button; JupyterLab's shortcuts do not fire). Tests feed the same events from
Python with ``send_event``, as in :mod:`cardlab.tables.screen`'s example::

    >>> view = TableView(svg="<svg></svg>")
    >>> view.draw("<svg>again</svg>")
    >>> view.seq, view.get_state()["seq"]          # the number is a trait, synced with the drawing
    (2, 2)
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ..tables.screen import SETTLE_MS, Event, EventCallback, ScreenRules, TableEventError, check_event
from ..words import TABLE

__all__ = ["TableView", "TableEventError", "check_event", "Event", "SETTLE_MS"]

_HERE = pathlib.Path(__file__).parent


class TableView(anywidget.AnyWidget, ScreenRules):
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
    #: whether the page has no keyboard and a finger for a pointer (the browser's media query
    #: ``(hover: none) and (pointer: coarse)``: a phone, a tablet): the words then name taps, not keys
    touch = traitlets.Bool(False).tag(sync=True)
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

    def _show(self, seq: int, svg: str) -> None:
        """The drawing and its number reach the browser in one message (``draw`` holds the sync)."""
        self.set_trait("seq", seq)
        self.set_trait("svg", svg)

    def _on_browser_message(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the browser. Nothing raises into the kernel from here: a malformed event
        (or, as a last resort, any error of a callback) becomes the status line."""
        try:
            self.send_event(content)  # type: ignore[arg-type]
        except Exception as error:  # noqa: BLE001 -- the browser has nobody to report to but the reader
            self.status = f"{type(error).__name__}: {error}"

    def __repr__(self) -> str:
        return f"TableView(svg=<{len(self.svg)} chars>, seq={self.seq}, status={self.status!r})"
