"""Rooms: a class plays the games from its own browsers, the server deciding everything.

Start a server from a notebook cell (or ``make room`` from a terminal), open a room, and give
each student their seat's link (or its QR code)::

    import cardlab.rooms
    server = cardlab.rooms.serve()                 # http://127.0.0.1:<port>, rooms kept in cardlab-rooms.sqlite
    room = server.room("Class 3B")                 # the room of that name (made the first time)
    game = room.add_game("kirifu", ["Aiko", "Ben", "Chie", "computer"])
    room                                           # the teacher's view: games, seats, links, QR codes

A student opens the link in any browser — no Python, no Jupyter — and plays on the same table as
in the notebooks. Each connection receives only its seat's view; every action is checked by the
engine on the server and written to SQLite before anyone is told; a server killed and started
again with the same database resumes every room where it was (its games are their records
replayed). The teacher's controls (:class:`RoomHandle`: open and close, a seat for the computer
and back, end a game) need the room's teacher's token, which is never in a student's link.

By default the server listens on 127.0.0.1 only (this machine); ``serve(classroom=True)`` listens
on the machine's network addresses, for a class on the same network, and prints what it exposes.
The messages and their limits: :mod:`cardlab.rooms.protocol`.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from ..records import Record
from .room import COMPUTER, PERSON, Lobby, Room, RoomError, RoomGame, Seat, prepare_games
from .store import Store

if TYPE_CHECKING:
    from .server import Hub

__all__ = ["serve", "RoomServer", "RoomHandle", "Lobby", "Room", "RoomGame", "Seat", "RoomError", "Store",
           "PERSON", "COMPUTER"]

DEFAULT_DB = "cardlab-rooms.sqlite"


class RoomServer:
    """A running room server (see :func:`serve`): its ``url``, its :class:`Lobby`, ``stop()``."""

    def __init__(self, lobby: Lobby, host: str, port: int, public_host: str | None = None) -> None:
        import uvicorn

        from .protocol import MAX_WIRE, PING_SECONDS, PING_TIMEOUT
        from .server import make_app

        prepare_games()                 # before the first connection, not in its handler

        self.lobby, self.host, self.port = lobby, host, port
        self.url = f"http://{public_host or host}:{port}"
        config = uvicorn.Config(make_app(lobby, self.url), host=host, port=port, log_level="warning", lifespan="off",
                                ws_max_size=MAX_WIRE, ws_ping_interval=PING_SECONDS, ws_ping_timeout=PING_TIMEOUT)
        self._server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None      # the server's own, once it runs
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), name=f"cardlab-rooms-{port}",
                                        daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RoomError(f"port: the room server could not start on {host}:{port}")
            time.sleep(0.02)

    @property
    def hub(self) -> "Hub":
        """The server's connections and worker (:class:`~cardlab.rooms.server.Hub`)."""
        app: Any = self._server.config.app
        return app.state.hub

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        settling = self.loop.create_task(self.hub.keep_settling())   # the computer's moves the store could not keep yet
        try:
            await self._server.serve()
        finally:
            settling.cancel()

    def send_changes(self, seats: list[Seat]) -> None:
        """Send the new drawings of ``seats`` to their browsers (from any thread; under the lock)."""
        messages = self.hub.pending(seats)
        if messages and self.loop is not None:
            self.loop.call_soon_threadsafe(self.hub.deliver, messages)

    def room(self, name: str = "Class") -> "RoomHandle":
        """The room called ``name``: the one made earlier (kept in the database), else a new one."""
        with self.lobby.lock:
            found = next((r for r in self.lobby.rooms if r.name == name), None) or self.lobby.add_room(name)
        return RoomHandle(self, found)

    def rooms(self) -> list["RoomHandle"]:
        """Every room of this server."""
        return [RoomHandle(self, r) for r in self.lobby.rooms]

    def stop(self) -> None:
        """Stop serving (the rooms stay in the database)."""
        self._server.should_exit = True
        self._thread.join(timeout=10)

    def __repr__(self) -> str:
        return f"RoomServer({self.url}, {len(self.lobby.rooms)} rooms, {self.lobby.store.path})"


class RoomHandle:
    """The teacher's hold on a room (its teacher's token is in :attr:`room`): games, links,
    controls, records. Shown in a notebook, it is the listing of its games, seats, links and QR codes
(:mod:`cardlab.rooms.listing`); ``cardlab.widgets.room.RoomPanel(handle)`` adds the controls."""

    def __init__(self, server: RoomServer, room: Room) -> None:
        self.server, self.room = server, room

    def add_game(self, game: str, seats: Iterable[str] | int = 2, rules: str | None = None,
                 seed: int | None = None, bot: str | None = None, lang: str = "en") -> RoomGame:
        """A new game (see :meth:`Room.add_game`; ``lang``: the language the computer seats are named in)."""
        return self.room.add_game(game, seats, rules=rules, seed=seed, bot=bot, lang=lang)

    def page(self, lang: str = "en") -> str:
        """The address of the room's teacher's page (it holds the teacher's token: keep it to yourself)."""
        return f"{self.server.url}/teacher/{self.room.teacher}" + ("?lang=ja" if lang == "ja" else "")

    def link(self, seat: Seat, lang: str = "en") -> str:
        """The link of ``seat``'s page (``lang="ja"``: in Japanese)."""
        return f"{self.server.url}/seat/{seat.token}" + ("?lang=ja" if lang == "ja" else "")

    def watch_link(self, game: RoomGame, lang: str = "en") -> str:
        """The spectators' link of ``game`` (a projector's: what every player sees)."""
        return f"{self.server.url}/watch/{game.spectator.token}" + ("?lang=ja" if lang == "ja" else "")

    def links(self, lang: str = "en") -> dict[tuple[int, int], str]:
        """Every person's seat link: (game, seat) -> link."""
        return {(g.id, s.number): self.link(s, lang) for g in self.room.games for s in g.seats if s.kind == PERSON}

    def control(self, do: str, **fields: Any) -> dict[str, Any]:
        """A teacher's control, as the server's ``/api/teacher`` takes it (``"close"``,
        ``"seat_computer"``, ``"end_game"`` …); ``RoomError`` if it is refused. The browsers of the
        seats it changes are redrawn."""
        import json
        import urllib.error
        import urllib.request

        body = json.dumps({"token": self.room.teacher, "do": do, **fields}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.server.port}/api/teacher", data=body,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return json.loads(reply.read())
        except urllib.error.HTTPError as e:
            raise RoomError(json.loads(e.read()).get("message", str(e))) from None

    def sit(self, game: RoomGame | int, seat: int, lang: str = "en") -> Any:
        """The teacher at seat ``seat`` of ``game`` (or its number), from the notebook: the seat's
        table, to show in a cell. Its gestures are checked and written like a browser's, and the
        browsers of the other seats are redrawn."""
        made = game if isinstance(game, RoomGame) else self.room.game(game)
        with self.server.lobby.lock:
            place = made._seat(seat)
            if place.kind != PERSON:
                raise RoomError(f"seat: seat {seat} is the computer's; give it back to a person first")
            table = made.notebook_table(place, lang)
            table.view.on_event(table.handle, remove=True)
            table.view.on_event(lambda event: self._gesture(made, table, event))
        return table

    def _gesture(self, game: RoomGame, table: Any, event: dict[str, Any]) -> None:
        with self.server.lobby.lock:
            start, acted = len(game.state.events), len(game.state.history)
            table.handle(event)
            changed = game._settle(start, table) if len(game.state.history) > acted else []
            self.server.send_changes(changed)

    def records(self) -> list[Record]:
        """The records of the room's finished games."""
        with self.server.lobby.lock:
            return self.room.records()

    def _repr_html_(self) -> str:
        from .listing import room_html
        return room_html(self)

    def __repr__(self) -> str:
        return f"RoomHandle({self.room.name!r}, {len(self.room.games)} games, {self.server.url})"


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _network_address() -> str:
    """This machine's address on its network (the one a default route leaves from)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))         # no packet is sent: this only picks the interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def serve(db: str | Path = DEFAULT_DB, port: int = 0, classroom: bool = False) -> RoomServer:
    """Start a room server in the background; its rooms are kept in the SQLite file ``db``
    (``":memory:"``: kept nowhere). ``port`` 0 takes a free one. By default it listens on 127.0.0.1
    only; ``classroom=True`` listens on every network address of the machine and says so."""
    host = "0.0.0.0" if classroom else "127.0.0.1"
    port = port or _free_port(host)
    public = _network_address() if classroom else None
    server = RoomServer(Lobby(Store(db)), host, port, public)
    if classroom:
        print(f"cardlab rooms: listening on every network address of this machine, port {port}: anyone on "
              f"this network can open {server.url}. A seat's page needs its secret link; the teacher's "
              f"controls need the teacher's token, which no student's link holds.")
    return server
