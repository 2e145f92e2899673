"""``GameTable``: the base of the three game tables (Cleopatra, Trappola, Kirifu).

The base owns what every table needs: the :class:`~cardlab.widgets.view.TableView`, the
*New game* button, the computer's moves, the message line, the routing of clicks, keys and
timers, and the redraw. A game's table gives only what is its own:

- :meth:`GameTable.make_state` — a new game (rules, seed, names) and its computer players;
- :meth:`GameTable.draw` — the drawing of the state as the reader (seat ``you``) sees it;
- :meth:`GameTable.on_click` / :meth:`GameTable.on_key` / :meth:`GameTable.on_timer` — what a
  gesture means in this game (usually: an action text handed to ``state.play``).

The input model makes the misuses seen in the browser impossible by construction:

- every drawing has a number and every click or key carries the number of the drawing it was
  made on; one made on an earlier drawing is dropped (the view does that; a double-click's
  second click is not even sent), so no gesture is applied to a position the reader did not see;
- human input is ignored while the computer players move and once the game is over (only New
  game works then); a game may narrow this further with :meth:`GameTable.accepts_input`;
- timers are answered only when they are still pending under their tag
  (:meth:`GameTable.request_timer`, :meth:`GameTable.cancel_timers`);
- every error cardlab raises on purpose while handling an event (an illegal action, a target
  that cannot be read) becomes the message; nothing raises into the kernel.

Tests drive a table with :meth:`GameTable.click` and :meth:`GameTable.press`, which send the same
events as the browser does.
"""

from __future__ import annotations

import itertools
from typing import Any, Iterable

import ipywidgets as w

from ..errors import CardlabError, IllegalActionError
from ..game import GameState
from .view import Event, TableEventError, TableView


class GameTable(w.VBox):
    """A game against computer players; the reader sits at seat ``you``.

    ``settings``: widgets shown above the table (rules, seed …); ``below``: widgets shown between
    the table and the New game button (a score sheet …). Subclasses call :meth:`new_game` at the
    end of their ``__init__``.
    """

    you: int = 0

    def __init__(self, settings: Iterable[w.Widget] = (), below: Iterable[w.Widget] = ()) -> None:
        self.view = TableView()
        self.view.on_event(self.handle)
        self.new_button = w.Button(description="New game", icon="refresh", tooltip="deal a new game")
        self.new_button.add_class("cardlab-new-game")
        self.new_button.on_click(lambda _button: self.new_game())
        self.message = ""
        self.timers: dict[str, float] = {}       # tag -> ms of the timers asked and not yet answered
        self._tags = itertools.count(1)
        self._busy = False
        self.games = 0                           # games started at this table
        super().__init__([*settings, self.view, *below, self.new_button])
        self.add_class("cardlab-table-root")

    # --- what a game gives ------------------------------------------------------------------------
    def make_state(self) -> GameState:
        """A new game, with the computer players it needs."""
        raise NotImplementedError

    def draw(self) -> str:
        """The table as SVG, seen by seat ``you``."""
        raise NotImplementedError

    def on_click(self, target: str, t: float) -> None:
        """A click on the element with ``data-target=target`` (the default: a legal action's text)."""
        self.play(target)

    def on_key(self, key: str, t: float) -> None:
        """A key pressed on the table (the default: none means anything)."""

    def on_timer(self, name: str, t: float) -> None:
        """A pending timer asked with :meth:`request_timer` under ``name`` has run out."""

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
        return "Game over. Press New game to play again."

    def choose(self, state: GameState) -> Any:
        """The computer's action for the seat to move (the default: that seat's bot)."""
        return self.bots[state.current_player].choose(state)

    # --- the flow of a game -----------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a new game: the game's state, then the computer's moves up to the reader's turn."""
        self.start(self.make_state())

    def start(self, state: GameState) -> None:
        """Play on from ``state`` (a new game, or a prepared position)."""
        self.cancel_timers()
        self.state = state
        self.games += 1
        self.message = self.greeting()
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
        Input that arrives meanwhile is ignored."""
        self._busy = True
        try:
            while not self.state.is_over and self.state.current_player != self.you:
                self.state.apply(self.choose(self.state))
        finally:
            self._busy = False

    # --- events -----------------------------------------------------------------------------------
    def handle(self, event: Event) -> None:
        """Route one checked event from the view (stale clicks and keys never arrive here)."""
        position = (self.games, len(self.state.history))
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
            self.message = explain(error)
        self.redraw(same_position=event["type"] == "timer" and position == (self.games, len(self.state.history)))

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
    def redraw(self, same_position: bool = False) -> None:
        """Draw the table and show the message under it (the one place messages appear);
        ``same_position``: the drawing only annotates the position shown (the coach's estimates
        refined on a timer), so it keeps its number (see ``TableView.draw``)."""
        self.view.draw(self.draw(), status=self.message, same_position=same_position)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.state!r})"


def explain(error: CardlabError) -> str:
    """An error as a message for the reader (the list of legal actions left out)."""
    if isinstance(error, TableEventError):
        return f"That cannot be done here: {error}"
    text = str(error)
    return text.split(" (legal now")[0] if isinstance(error, IllegalActionError) else text
