"""``TableController``: a game at a table, between a drawing and an action, with no widget.

The base owns what every table needs: the screen it draws on (:mod:`cardlab.tables.screen`), New
game, the computer's moves, the message line, the routing of clicks, keys and timers, and the
redraw. A game's controller (``cardlab/games/<game>/controller.py``) gives only what is its own:

- :meth:`TableController.make_state` — a new game (rules, seed, names) and its computer players;
- :meth:`TableController.draw` — the drawing of the state as the reader (seat ``you``) sees it;
- :meth:`TableController.on_click` / :meth:`TableController.on_key` / :meth:`TableController.on_timer` — what a
  gesture means in this game (usually: an action text handed to ``state.play``).

The input model makes the misuses seen in the browser impossible by construction:

- every drawing has a number and every click or key carries the number of the drawing it was
  made on; one made on an earlier drawing is dropped (the view does that; a double-click's
  second click is not even sent), so no gesture is applied to a position the reader did not see;
- human input is ignored while the computer players move and once the game is over (only New
  game works then); a game may narrow this further with :meth:`TableController.accepts_input`;
- timers are answered only when they are still pending under their tag
  (:meth:`TableController.request_timer`, :meth:`TableController.cancel_timers`);
- every error cardlab raises on purpose while handling an event (an illegal action, a target
  that cannot be read) becomes the message; nothing raises into the kernel.

Three layouts: the browser reports the output width (the screen's ``width``); a table whose width
is unknown (0) or at least :attr:`TableController.WIDE_WIDTH` is drawn ``"wide"``, a narrower one
``"narrow"`` (its areas stacked) down to :attr:`TableController.NARROW_WIDTH`, and a still narrower one
``"phone"`` (360 units wide), so no text shrinks below 11 CSS px at widths from 360 px up; it
redraws when that changes (:attr:`TableController.layout`, :func:`cardlab.draw.svg.layout_for`).

The keyboard: :meth:`TableController.choices` lists the clickable legal choices in drawing order; the
arrow keys move :attr:`TableController.focus` among them (the browser rings the focused element), Enter
plays it, and every key of :meth:`TableController.shortcuts` clicks its target (buttons show the key).
On a page with no keyboard and a finger for a pointer (the screen's ``touch``, reported by the
browser with the width: :attr:`TableController.touch`) the status lines and buttons name taps, not keys.

Words: ``lang`` is ``"en"`` (with the Japanese terms beside the English) or ``"ja"``; every label
and message comes from the game's catalogue in :mod:`cardlab.words`.

Tests drive a table with :meth:`TableController.click` and :meth:`TableController.press`, which send the same
events as the browser does. Two transports carry a controller: the notebook's widget
(:class:`cardlab.widgets.table.GameTable` and the games' ``table.py``: the screen a ``TableView``,
the settings and panes real widgets, :func:`cardlab.tables.controls.link`) and a room's seat
(:mod:`cardlab.rooms`: the controller itself on a plain :class:`~cardlab.tables.screen.Screen`).
"""

from __future__ import annotations

import itertools
from typing import Any, Generic, Iterable

from ..draw.svg import height_of, layout_for
from ..errors import CardlabError, IllegalActionError
from ..game import S
from ..words import TABLE, check_lang
from ..words.refusals import SHELL, sentence
from .controls import Observable
from .screen import Event, Screen, ScreenRules

NEXT_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


class TableController(Generic[S]):
    """A game against computer players; the reader sits at seat ``you``; generic over the game's
    state type (``class KirifuController(TableController[kirifu.State])``).

    ``panes``: what the table shows under its drawing (a log, a score sheet …) as settings whose
    values are HTML (:meth:`panes`). A game's controller calls ``TableController.__init__`` (by
    name: in a notebook table the widget transport follows in the method order) and
    :meth:`new_game` at the end of its own ``__init__``.
    """

    you: int = 0
    state: S
    #: in a room (:mod:`cardlab.rooms`): the room's game that owns the state and moves its computer
    #: seats; None at a table of its own (see :meth:`sit`)
    host: Any = None
    #: the natural width of the table's wide drawing (user units = CSS px at scale 1): below it the
    #: table is drawn in its narrow layout
    WIDE_WIDTH: int = 800
    #: the natural width of its narrow drawing: below it the table is drawn in its phone layout
    #: (None: the game has no phone layout, and stays narrow)
    NARROW_WIDTH: int | None = None
    #: the least height of the next drawing (user units): the tallest drawing of the game on the
    #: table in its layout (0 at the start of a game and in a new layout), so that the table never
    #: gets shorter while a game is in progress and nothing under it moves up and down (a game's
    #: :meth:`draw` hands it to its drawing, as ``svg.document(min_height=...)``)
    steady_height: float = 0.0
    #: the screen the table draws on and whose events it reads
    view: Any
    #: the computer players by seat (None at a person's), made with each game by :meth:`make_state`
    bots: list[Any]

    def __init__(self, lang: str = "en", panes: Iterable[Observable] = ()) -> None:
        self.lang = check_lang(lang)
        self.view = self.make_screen()
        self.view.on_event(self.handle)
        self.view.observe(self._relayout, names="width")
        self.view.observe(self._reword, names="touch")
        self.message = ""
        self.greeted = ""                        # the greeting as said at the start of the game
        self.timers: dict[str, float] = {}       # tag -> ms of the timers asked and not yet answered
        self._tags = itertools.count(1)
        self._busy = False
        self.asking_new = False                  # the next N deals a new game (see ask_new_game)
        self.games = 0                           # games started at this table
        self._steady_for: tuple[int, str] | None = None   # the game and layout steady_height is of
        self.pane_list = list(panes)

    def make_screen(self) -> ScreenRules:
        """The screen the table draws on: a plain one (a widget table's: its ``TableView``)."""
        return Screen(lang=self.lang)

    # --- what a game gives ------------------------------------------------------------------------
    def make_state(self) -> S:
        """A new game, with the computer players it needs."""
        raise NotImplementedError

    def draw(self) -> str:
        """The table as SVG, seen by seat ``you``."""
        raise NotImplementedError

    def on_click(self, target: str, t: float) -> None:
        """A click on the element with ``data-target=target`` (the default: a legal action's text)."""
        self.play(target)

    def on_key(self, key: str, t: float) -> None:
        """A key pressed on the table. The default: the arrow keys move :attr:`focus` among
        :meth:`choices`, Enter clicks the focused choice, a key of :meth:`shortcuts` clicks its
        target; other keys mean nothing."""
        choices = self.choices()
        if key in NEXT_KEYS and choices:
            step = NEXT_KEYS[key]
            at = choices.index(self.focus) + step if self.focus in choices else (0 if step > 0 else -1)
            self.focus = choices[at % len(choices)]
        elif key == "Enter" and self.focus in choices:
            self.on_click(self.focus, t)
        elif key.lower() in self.shortcuts():
            self.on_click(self.shortcuts()[key.lower()], t)

    def on_timer(self, name: str, t: float) -> None:
        """A pending timer asked with :meth:`request_timer` under ``name`` has run out."""

    def choices(self) -> list[str]:
        """The targets of the reader's clickable choices now, in the order they are drawn (the arrow
        keys move among them; the default: none)."""
        return []

    def shortcuts(self) -> dict[str, str]:
        """Keys that click a target at once, e.g. ``{"e": "exchange"}`` (the default: none); the
        drawing shows each key on its button."""
        return {}

    def accepts_input(self) -> bool:
        """Whether clicks and keys count now (the base already ignores them while the computer
        moves and after the game): by default only on the reader's turn."""
        return self.state.current_player == self.you

    def greeting(self) -> str:
        """The message at the start of a game."""
        return ""

    def narrate(self, events: list[Any]) -> str:
        """The message after a move, from the events since (the default: the message stays)."""
        return self.message

    def ended(self) -> str:
        """The message when the game is over."""
        return TABLE.say_touch(self.lang, "game_over", self.touch)

    def choose(self, state: S) -> Any:
        """The computer's action for the seat to move (the default: that seat's bot)."""
        return self.bots[state.current_player].choose(state)

    # --- the flow of a game -----------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a new game: the game's state, then the computer's moves up to the reader's turn."""
        self.start(self.make_state())

    def start(self, state: S) -> None:
        """Play on from ``state`` (a new game, or a prepared position)."""
        self.cancel_timers()
        self.state = state
        self.asking_new = False
        self.games += 1
        self.message = self.greeted = self.greeting()
        self.after_action()
        self.redraw()

    def play(self, action: Any) -> None:
        """The reader's action (text or action): checked by the state, which raises
        ``IllegalActionError`` naming the rule; then the computer moves."""
        start = len(self.state.events)
        self.state.play(action, player=self.you)
        self.message = ""
        self.after_action(start)

    def after_action(self, start: int | None = None) -> None:
        """After a move: the computer players move, :meth:`narrate` tells what happened since
        event ``start`` (default: what the computer did), and the end is announced."""
        start = len(self.state.events) if start is None else start
        self.computer_moves()
        self.message = self.narrate(self.state.events[start:])
        if self.state.is_over:
            self.cancel_timers()
            self.message = self.ended()

    def computer_moves(self) -> None:
        """Let the computer players move until it is the reader's turn or the game is over.
        Input that arrives meanwhile is ignored. At a seat of a room the room moves them."""
        if self.host is not None:
            return
        self._busy = True
        try:
            while not self.state.is_over and self.state.current_player != self.you:
                self.state.apply(self.choose(self.state))
        finally:
            self._busy = False

    # --- a seat of a room's game -------------------------------------------------------------------
    def sit(self, state: S, seat: int, host: Any) -> None:
        """Sit at seat ``seat`` of a game that ``host`` owns (a room's, :mod:`cardlab.rooms`): the
        table draws ``state`` as that seat sees it and plays that seat's actions on it; the host
        moves the other seats and deals new games (N and New game do nothing here)."""
        self.host, self.you = host, seat
        self.start(state)

    def panes(self) -> list[str]:
        """The HTML shown under the drawing now (a log, a score sheet …), for a page that shows
        the table without widgets (a room's seat)."""
        return [pane.value for pane in self.pane_list if pane.value]

    def refresh(self, start: int) -> None:
        """The other seats moved since event ``start`` (at a room's table): tell what they did and
        redraw."""
        self.after_action(start)
        self.redraw()

    # --- events -----------------------------------------------------------------------------------
    def handle(self, event: Event) -> None:
        """Route one checked event from the view (stale clicks and keys never arrive here).
        The key N deals a new game: at once when the game is over, else when pressed twice in a
        row (the first press only asks), so a stray key loses nothing."""
        position = (self.games, len(self.state.history))
        new_key = event["type"] == "key" and event["key"] in ("n", "N") and self.host is None
        if new_key and (self.state.is_over or self.asking_new):
            self.new_game()
            return
        if event["type"] != "timer":
            self.asking_new = False
        if new_key:
            self.ask_new_game(TABLE.say(self.lang, "new_game_ask"))
            return
        try:
            if event["type"] == "timer":
                if self.timers.pop(event["tag"], None) is None:
                    return                   # answered already, cancelled, or never asked
                self.on_timer(event["tag"].partition(":")[0], event["t"])
            elif self._busy or self.state.is_over or not self.accepts_input():
                return                       # the computer is moving, or the game is over
            elif event["type"] == "click":
                self.on_click(event["target"], event["t"])
            else:
                self.on_key(event["key"], event["t"])
        except CardlabError as error:
            self.message = explain(error, self.lang)
        self.redraw(same_position=event["type"] == "timer" and position == (self.games, len(self.state.history)))

    def ask_new_game(self, message: str) -> None:
        """Ask before the game on the table is dropped, as a first N does: ``message`` is shown,
        and the next N deals a new game (a click or another key first forgets the question)."""
        self.asking_new = True
        self.message = message
        self.redraw(same_position=True)

    def click(self, target: str, t: float = 0.0) -> None:
        """Act as a click on the element with ``data-target=target`` of the drawing shown."""
        self.view.send_event({"type": "click", "target": target, "seq": self.view.seq, "t": t})

    def press(self, key: str, t: float = 0.0) -> None:
        """Act as ``key`` pressed on the table ``t`` ms after the drawing shown appeared."""
        self.view.send_event({"type": "key", "key": key, "seq": self.view.seq, "t": t})

    def request_timer(self, ms: float, name: str) -> None:
        """Ask the browser for the timer ``name`` in ``ms`` milliseconds (see :meth:`on_timer`)."""
        tag = f"{name}:{next(self._tags)}"
        self.timers[tag] = ms
        self.view.request_timer(ms, tag)

    def cancel_timers(self, *names: str) -> None:
        """Forget the pending timers called ``names`` (all without names): when they run out,
        nothing happens."""
        for tag in [tag for tag in self.timers if not names or tag.partition(":")[0] in names]:
            del self.timers[tag]

    # --- display ----------------------------------------------------------------------------------
    @property
    def layout(self) -> str:
        """``"wide"`` when the output is at least :attr:`WIDE_WIDTH` px wide (or its width is not
        known), ``"narrow"`` down to :attr:`NARROW_WIDTH`, ``"phone"`` below it."""
        return layout_for(self.view.width, self.WIDE_WIDTH, self.NARROW_WIDTH)

    @property
    def touch(self) -> bool:
        """Whether the page has no keyboard and a finger for a pointer (the screen's ``touch``, as
        the browser reports it): every text of the table is then worded for taps, naming no key
        (a game's words say it with ``Words.say_touch(lang, key, self.touch)``)."""
        return bool(self.view.touch)

    @property
    def focus(self) -> str | None:
        """The target the keyboard is on (None: none); kept among :meth:`choices` at every redraw."""
        return self.view.focus or None

    @focus.setter
    def focus(self, target: str | None) -> None:
        self.view.focus = target or ""

    def redraw(self, same_position: bool = False) -> None:
        """Draw the table and show the message under it (the one place messages appear);
        ``same_position``: the drawing only annotates the position shown (the coach's estimates
        refined on a timer), so it keeps its number (see ``ScreenRules.draw``). The keyboard's
        focus stays on its choice if that is still a choice, else moves to the first one. The
        drawing is never shorter than the tallest of the game in this layout (:attr:`steady_height`),
        and the status line keeps its room while the game is on the table (the screen's ``steady``)."""
        choices = self.choices() if not (self._busy or self.state.is_over) else []
        if self._steady_for != (self.games, self.layout):
            self._steady_for, self.steady_height = (self.games, self.layout), 0.0
        with self.view.hold_sync():
            if self.focus not in choices:
                self.focus = choices[0] if choices else None
            drawing = self.draw()
            self.steady_height = max(self.steady_height, height_of(drawing))
            self.view.steady = str(self.games)
            self.view.draw(drawing, status=self.message, same_position=same_position)

    def _relayout(self, change: dict[str, Any]) -> None:
        """The output width changed: redraw if the layout did (the same position, the same number).
        The first width means the view is on the page: the timers asked before it was there (a
        table made with the coach on, a real-time game) were lost, so they are asked again (one
        that does arrive twice is answered once: see :meth:`handle`)."""
        if change["old"] == 0:
            for tag, ms in self.timers.items():
                self.view.request_timer(ms, tag)
        before = layout_for(change["old"], self.WIDE_WIDTH, self.NARROW_WIDTH)
        if before != self.layout and hasattr(self, "state"):
            self.redraw(same_position=True)

    def _reword(self, _change: dict[str, Any]) -> None:
        """The page's pointer became known (or changed): the table is drawn again in words for it,
        the greeting too if it is still the message (a message made after a gesture was made once
        the page had reported its pointer)."""
        if not hasattr(self, "state"):
            return
        if self.message == self.greeted:
            self.message = self.greeted = self.greeting()
        self.redraw(same_position=True)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.state!r})"


def explain(error: CardlabError, lang: str = "en") -> str:
    """An error as a sentence for the reader in ``lang``: a refusal worded by its game's refusal
    words from its reason (:meth:`cardlab.errors.IllegalActionError.say`, the legal actions left
    out), a gesture the table cannot read by the shell's."""
    if isinstance(error, IllegalActionError):
        return sentence(error.say(lang), lang)
    return sentence(SHELL.text(lang, "event", {"text": str(error)}), lang)
