"""The teacher's view of a room (:mod:`cardlab.rooms`) in a notebook, with its controls: the
listing (:func:`cardlab.rooms.listing.room_html`: games, seats, join links and their QR codes),
*Refresh* (who is connected, how far each game is), the room open or closed, a seat for the
computer or back for its person, and the end of a game."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..rooms.listing import ROOM, room_html
from ..words import check_lang
from .stored import StoredLine


class RoomPanel(StoredLine, w.VBox):
    stored_as = "room"
    """The teacher's view of a room (a :class:`cardlab.rooms.RoomHandle`), in ``lang``."""

    def __init__(self, handle: Any, lang: str = "en") -> None:
        self.handle, self.lang = handle, check_lang(lang)
        self.listing = w.HTML()
        self.listing.add_class("cardlab-room-listing")
        self.refresh_button = w.Button(description=self.say("refresh"), icon="refresh")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.open_switch = w.ToggleButton(value=handle.room.is_open)
        self.open_switch.observe(self._open, names="value")
        self.controls = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        super().__init__([w.HBox([self.refresh_button, self.open_switch]), self.listing, self.controls])
        self.add_class("cardlab-room")
        self.refresh()

    def say(self, key: str, **fields: Any) -> str:
        return ROOM.say(self.lang, key, **fields)

    def refresh(self) -> None:
        """Read the room again and redraw the listing and the controls."""
        self.listing.value = room_html(self.handle, self.lang)
        with self.handle.server.lobby.lock:
            self.open_switch.value = self.handle.room.is_open
            self.open_switch.description = self.say("open" if self.handle.room.is_open else "closed")
            games = [(g, g.summary()) for g in self.handle.room.games]
        self.controls.children = [button for g, summary in games if summary["status"] == "on"
                                  for button in self._game_buttons(g, summary)]

    def _game_buttons(self, game: Any, summary: dict[str, Any]) -> list[w.Button]:
        buttons = []
        for info in summary["seats"]:
            to_computer = info["kind"] == "person"
            button = w.Button(description=self.say("to_computer" if to_computer else "to_person", n=info["seat"]))
            button.on_click(lambda _b, n=info["seat"], c=to_computer: self._control(
                "seat_computer" if c else "seat_person", game=game.id, seat=n))
            buttons.append(button)
        end = w.Button(description=self.say("end", n=game.id), button_style="warning")
        end.on_click(lambda _b: self._control("end_game", game=game.id))
        return buttons + [end]

    def _control(self, do: str, **fields: Any) -> None:
        self.handle.control(do, **fields)
        self.refresh()

    def _open(self, change: dict[str, Any]) -> None:
        if change["new"] != self.handle.room.is_open:
            self._control("open" if change["new"] else "close")
