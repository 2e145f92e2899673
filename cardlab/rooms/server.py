"""The room server: a Starlette app on uvicorn, one WebSocket per seat's browser.

Pages and sockets (a token is the secret of a seat's or the teacher's link):

- ``GET /seat/{token}`` — the seat's page, in the language of ``?lang=`` (``en`` or ``ja``) or else
  the one the browser prefers (its ``Accept-Language``; English if neither): a plain page that draws the
  table with the notebook tables' own view (``view.js``), fed by the socket below;
  ``GET /watch/{token}`` the same for a game's spectators (its public view, for a projector);
- ``WS /ws/{token}`` — the seat's connection (:mod:`cardlab.rooms.protocol`);
- ``POST /api/teacher`` — the teacher's controls, ``{"token": <teacher's>, "do": …}``
  (:func:`teacher_action`); without the room's teacher's token: 403 and nothing changes;
- ``GET /teacher/{token}`` — the teacher's page of the room (:mod:`cardlab.rooms.teacher`), its
  forms posted to the same address; ``GET /teacher/{token}/records`` the finished games' records.

The rooms live in one :class:`~cardlab.rooms.room.Lobby`. Every handler hands its work on them
to one worker thread (:meth:`Hub.run`: under the lobby's lock, in the order the frames arrived),
which writes to the store first; the event loop only reads frames and sends. A frame that may
change a game first waits, on the event loop without blocking it, until the database takes a
write (:meth:`Hub.store_ready`: a database another program holds stalls that frame alone, at
most :data:`~cardlab.rooms.protocol.STORE_WAIT` s, then it is refused ``store`` with nothing
changed); the worker's write itself then waits a fraction of a second at most
(:data:`~cardlab.rooms.store.WRITE_WAIT`), so no other room's frames, pings or sends wait on it.
A change kept after which the computer's moves could not be written (the database taken in
between) leaves its game waiting: the server's own task (:meth:`Hub.keep_settling`) makes those
moves once the database takes a write, and sends the drawings, with no page's frame needed.
Each connection has its own bounded queue of messages, sent by its own task (:class:`Connection`):
an action's answer and the other seats' drawings are put on their queues, never awaited, and a
connection whose queue is full (a page that stopped reading) or whose send hangs is cut; its page
reconnects and is drawn anew. Uvicorn was chosen with Starlette because together they are the
smallest well-kept ASGI stack that serves pages, JSON and WebSockets from one app in one process,
and run in a notebook's background thread as well as from the command line.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import pathlib
import socket
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import CardlabError, IllegalActionError
from ..words import LANGS, check_lang
from . import protocol
from .protocol import RateLimit, RoomMessageError, error
from .room import COMPUTER, SPECTATOR, Lobby, RoomClosedError, RoomError, RoomGame, RoomStoreError, Seat
from .store import StoreError
from .spectator import SpectatorTable
from .teacher import form_request, teacher_page

_HERE = pathlib.Path(__file__).parent
STATIC = {"view.js": (_HERE.parent / "widgets" / "view.js", "text/javascript"),
          "view.css": (_HERE.parent / "widgets" / "view.css", "text/css"),
          "client.js": (_HERE / "client.js", "text/javascript"),
          "seat.css": (_HERE / "seat.css", "text/css")}
CLOSED_BY_PAGE = (1000, 1001, 1012)   # closed by the page itself (or left), or by the server shutting down
NOT_A_SEAT = "This link is not a seat of any room here: it may be mistyped, or from an earlier room."
LOG = logging.getLogger("cardlab.rooms")
T = TypeVar("T")
Outgoing = list[tuple["Connection", dict[str, Any]]]


class Connection:
    """One browser on one seat: its own queue of messages (at most :data:`protocol.OUTBOX`),
    sent by its own task; a spectator's page has its own table (its own width)."""

    def __init__(self, socket: WebSocket, game: RoomGame, seat: Seat, lang: str) -> None:
        self.socket, self.game, self.seat, self.lang = socket, game, seat, lang
        self.limit = RateLimit()
        self.sent: dict[str, Any] | None = None
        self.own_table = SpectatorTable(game, lang) if seat.kind == SPECTATOR else None
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(protocol.OUTBOX)
        self.dropped = False
        self.sender: asyncio.Task[None] | None = None
        self.roomy = asyncio.Event()            # the queue is at most half full
        self.roomy.set()

    def table(self) -> Any:
        """The table this page shows: the seat's in the page's language, or the spectator's own."""
        return self.own_table or self.game.table(self.seat, self.lang)

    def drawing(self) -> dict[str, Any]:
        """The seat's table as the page shows it (from the seat's view only)."""
        game, table = self.game, self.table()
        if self.own_table is not None:
            table.refresh(0)
        view, state = table.view, game.state
        mine = not game.over and state.current_player == self.seat.number
        return {"type": "draw", "svg": view.svg, "seq": view.seq, "status": view.status, "focus": view.focus,
                "lang": view.lang, "label": view.label, "focus_label": view.focus_label, "panes": table.panes(),
                "legal": [state.action_text(a) for a in state.legal_actions()] if mine else [],
                "over": game.over, "open": game.room.is_open, "title": game.info.title,
                "seat": self.seat.number, "name": self.seat.name}

    def _transport(self) -> Any:
        """The connection's asyncio transport (uvicorn's protocol object sends for the socket), or None."""
        return getattr(getattr(getattr(self.socket, "_send", None), "__self__", None), "transport", None)

    def start(self) -> None:
        """Start sending (on the event loop); the socket's send buffer bounded, so that a page that
        stops reading shows as a send that waits within a few drawings."""
        transport = self._transport()
        raw = transport.get_extra_info("socket") if hasattr(transport, "get_extra_info") else None
        if raw is not None:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, protocol.SEND_BUFFER)
        self.sender = asyncio.get_running_loop().create_task(self._send_all())

    def post(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (on the event loop; never waits): a full queue cuts the connection."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.drop(f"{protocol.OUTBOX} messages unsent")

    async def room_for_answers(self) -> None:
        """Wait until the queue is at most half full: a page that sends frames without reading
        their answers is read no faster than it reads (frames from other seats never wait)."""
        while self.queue.qsize() > protocol.OUTBOX // 2 and not self.dropped:
            self.roomy.clear()
            await self.roomy.wait()

    async def _send_all(self) -> None:
        while True:
            message = await self.queue.get()
            if self.queue.qsize() <= protocol.OUTBOX // 2:
                self.roomy.set()
            try:
                await asyncio.wait_for(self.socket.send_text(json.dumps(message, ensure_ascii=False)),
                                       protocol.SEND_SECONDS)
            except asyncio.TimeoutError:
                self.drop(f"a message unsent after {protocol.SEND_SECONDS:g} s")
                return
            except Exception as e:              # gone: its handler forgets it
                LOG.debug("cardlab rooms: a send failed: %r", e)
                return

    def drop(self, why: str) -> None:
        """Cut the connection now (its page stopped reading: a close frame would never leave):
        its handler sees it end, and the page reconnects when it reads again."""
        if self.dropped:
            return
        self.dropped = True
        self.roomy.set()
        LOG.warning("cardlab rooms: a page of seat %s of game %s dropped: %s", self.seat.number, self.game.id, why)
        transport = self._transport()            # cut: the receive ends too
        if transport is not None:
            transport.abort()

    def stop(self) -> None:
        if self.sender is not None:
            self.sender.cancel()


class Hub:
    """The open connections by seat, the limits per link, the worker thread that does every
    change, and the sending of drawings after a change."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.connections: dict[int, list[Connection]] = {}     # id(seat) -> connections
        self.link_limits: dict[str, RateLimit] = {}            # a link's token -> its frames' bucket
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-rooms-worker")
        self.prober = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-rooms-store")

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on the worker thread under the lobby's lock, in the order asked."""
        def locked() -> T:
            with self.lobby.lock:
                return work()
        return await asyncio.get_running_loop().run_in_executor(self.worker, locked)

    async def store_ready(self) -> bool:
        """Wait until the store takes a write (False: not within its ``timeout``, a database
        another program holds), asking it every :data:`protocol.STORE_POLL` s off the event loop."""
        store, loop = self.lobby.store, asyncio.get_running_loop()
        start = loop.time()
        while not await loop.run_in_executor(self.prober, store.writable):
            if loop.time() - start >= store.timeout:
                return False
            await asyncio.sleep(protocol.STORE_POLL)
        return True

    async def keep_settling(self) -> None:
        """The server's own task, for as long as it serves: while a game waits for computer moves
        the store could not keep (:attr:`Lobby.unsettled`: a commit kept, then the database
        locked), ask the store every :data:`protocol.STORE_POLL` s, off the event loop, whether it
        takes a write, and when it does let the computer move there (on the worker, in turn with
        the frames) and send the drawings: the game goes on with no one's action needed."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(protocol.STORE_POLL)
            if not self.lobby.unsettled:
                continue
            try:
                if await loop.run_in_executor(self.prober, self.lobby.store.writable):
                    self.deliver(await self.run(lambda: self.pending(self.lobby.settle_waiting())))
            except Exception as e:              # the store closed under it, or failing: asked again
                LOG.warning("cardlab rooms: the computer's waiting moves could not be made: %r", e)

    def allow(self, conn: Connection) -> bool:
        """The frame is within its connection's rate and its link's (every page of a seat together)."""
        link = self.link_limits.get(conn.seat.token)
        if link is None:
            link = self.link_limits[conn.seat.token] = RateLimit(protocol.LINK_RATE, protocol.LINK_BURST)
        return conn.limit.allow() and link.allow()

    def add(self, conn: Connection) -> bool:
        """Count the page in (under the lock); False if its seat has :data:`protocol.PAGES` already."""
        pages = self.connections.setdefault(id(conn.seat), [])
        if len(pages) >= protocol.PAGES:
            return False
        pages.append(conn)
        conn.seat.connected += 1
        return True

    def remove(self, conn: Connection) -> None:
        conns = self.connections.get(id(conn.seat), [])
        if conn in conns:
            conns.remove(conn)
            conn.seat.connected -= 1

    def pending(self, seats: list[Seat]) -> list[tuple[Connection, dict[str, Any]]]:
        """What to send to whom after ``seats`` changed (under the lobby's lock): each connection's
        new drawing, and the timers its table asked for."""
        out: Outgoing = []
        for seat in seats:
            timers = {lang: list(box) for lang, box in seat.outbox.items()}
            for box in seat.outbox.values():
                box.clear()
            for conn in self.connections.get(id(seat), []):
                drawing = conn.drawing()
                if drawing != conn.sent:
                    conn.sent = drawing
                    out.append((conn, drawing))
                out += [(conn, {"type": "timer", "ms": t["ms"], "tag": t["tag"], "id": t["id"]})
                        for t in timers.get(conn.lang, [])]
        return out

    def frame(self, conn: Connection, text: Any) -> Outgoing:
        """One frame of ``conn`` read and acted on (on the worker): what to send to whom, the
        frame's answer first (its new drawing, else ``ok``, or an error)."""
        reply, changed = answer(self, conn, text)
        messages = self.pending(changed)
        if reply is None and not any(c is conn for c, _ in messages):
            reply = {"type": "ok", "seq": conn.sent["seq"] if conn.sent else 0}
        return ([(conn, reply)] if reply is not None else []) + messages

    @staticmethod
    def deliver(messages: Outgoing) -> None:
        """Queue each message on its connection (on the event loop; never waits)."""
        for conn, message in messages:
            conn.post(message)


def answer(hub: Hub, conn: Connection, text: Any) -> tuple[dict[str, Any] | None, list[Seat]]:
    """Read one frame of ``conn`` and act on it (under the lobby's lock): the answer for the
    frame's own connection (None: its new drawing answers it) and the seats whose drawing changed."""
    try:
        message = protocol.read_frame(text)
        game, seat = conn.game, conn.seat
        kind = message["type"]
        if kind == "hello":
            conn.sent = None
            return None, [seat]
        if kind == "width":
            view = conn.table().view
            view.touch, view.width = message.get("touch", False), message["width"]
            return None, [seat]
        if not game.room.is_open or not game.on:
            return error("closed", "the room is closed" if not game.room.is_open else "the teacher ended this game"), []
        if seat.kind == SPECTATOR:
            return error("bad-message", "type: a spectator's page only watches (hello and width)"), []
        if kind == "act":
            if message["seq"] != game.table(seat, conn.lang).view.seq:
                return error("bad-message", "seq: that drawing is no longer shown; act on the one shown"), []
            return None, game.act(seat, conn.lang, message["action"])
        event = {k: v for k, v in message.items()}
        return None, game.handle(seat, conn.lang, event)
    except RoomClosedError as e:
        return error("closed", str(e)), []
    except RoomStoreError as e:                 # undone and redrawn: the seat's drawing follows
        return error("store", str(e)), [*game.seats, game.spectator]
    except RoomMessageError as e:
        return error(e.kind, str(e)), []
    except CardlabError as e:                   # a malformed event (TableEventError), an illegal action
        if isinstance(e, IllegalActionError):     # worded from its reason, without the legal actions
            return error("illegal", e.say(conn.lang)), []
        return error("bad-message", str(e)), []


def store_busy(hub: Hub) -> dict[str, Any]:
    """The refusal of a change the store could not take in time (nothing changed)."""
    return error("store", f"store: the database is locked by another program (waited "
                          f"{hub.lobby.store.timeout:g} s); nothing changed, try again")


async def seat_socket(socket: WebSocket) -> None:
    hub: Hub = socket.app.state.hub
    lobby = hub.lobby
    lang = socket.query_params.get("lang", "en")
    await socket.accept()
    found = await hub.run(lambda: lobby.find_seat(socket.path_params["token"]))
    if found is None or lang not in ("en", "ja"):
        await socket.send_text(json.dumps(error("unknown-seat", NOT_A_SEAT if found is None else
                                                "lang: 'en' or 'ja'")))
        await socket.close(code=4404)
        return
    conn = Connection(socket, *found, lang)

    def join() -> Outgoing | None:
        return hub.pending([conn.seat]) if hub.add(conn) else None

    first = await hub.run(join)
    if first is None:
        await socket.send_text(json.dumps(error("too-many", f"at most {protocol.PAGES} pages on one seat's link"
                                                            " at once; close one of them")))
        await socket.close(code=4429)
        return
    conn.start()
    hub.deliver(first)
    try:
        while not conn.dropped:
            await conn.room_for_answers()
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                if frame.get("code") not in CLOSED_BY_PAGE:
                    LOG.warning("cardlab rooms: a page of seat %s of game %s dropped: no close from the page "
                                "(code %s: it answered no ping in %g s, or lost its network)",
                                conn.seat.number, conn.game.id, frame.get("code"), protocol.PING_TIMEOUT)
                break
            text = frame.get("text") if frame.get("text") is not None else frame.get("bytes")
            if not hub.allow(conn):
                conn.post(error("too-fast", f"at most {protocol.RATE:g} frames a second (bursts of "
                                            f"{protocol.BURST}), {protocol.LINK_RATE:g} for all the pages of a link"))
                continue
            if protocol.changes(text) and not await hub.store_ready():
                conn.post(store_busy(hub))
                continue
            hub.deliver(await hub.run(lambda: hub.frame(conn, text)))
    except WebSocketDisconnect:
        pass
    except RuntimeError as e:                   # the connection was cut (dropped) under the receive
        if not conn.dropped:
            raise
        LOG.debug("cardlab rooms: %s", e)
    finally:
        conn.stop()
        await hub.run(lambda: hub.remove(conn))


def page_lang(request: Request) -> str | None:
    """The language of a page: ``?lang=`` if given (None if it names no language of the kit),
    else the first of English and Japanese in the browser's ``Accept-Language`` (by its weights),
    else English."""
    asked = request.query_params.get("lang")
    if asked is not None:
        return asked if asked in LANGS else None
    best, best_weight = LANGS[0], 0.0
    for part in request.headers.get("accept-language", "")[:200].split(","):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        language = tag.split("-")[0].lower()
        if language in LANGS and weight > best_weight:
            best, best_weight = language, weight
    return best


def seat_page(request: Request) -> Response:
    lobby: Lobby = request.app.state.hub.lobby
    lang = page_lang(request)
    with lobby.lock:
        found = lobby.find_seat(request.path_params["token"])
    if found is None or lang is None:
        return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>cardlab</title><p>{NOT_A_SEAT}</p>",
                            status_code=404)
    game, seat = found
    lang = check_lang(lang)
    title = html.escape(f"{game.info.title_in(lang)} · {game.room.name} · {seat.name}")
    page = (_HERE / "seat.html").read_text(encoding="utf-8")
    return HTMLResponse(page.replace("{title}", title).replace("{lang}", lang))


def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return Response("not found", status_code=404)
    path, media = STATIC[name]
    return Response(path.read_bytes(), media_type=media, headers={"Cache-Control": "no-cache"})


TEACHER_ACTIONS = ("summary", "open", "close", "add_game", "seat_computer", "seat_person", "end_game",
                   "restart_game", "records")
TEACHER_READS = ("summary", "records")      # the teacher's requests that change nothing


def teacher_action(lobby: Lobby, request: Any) -> tuple[int, dict[str, Any], list[Seat]]:
    """One teacher's control (a JSON object with the room's teacher's ``token`` and ``do``):
    (HTTP status, the answer, the seats whose drawing changed)."""
    if not isinstance(request, dict) or not isinstance(request.get("token"), str):
        return 400, error("bad-message", "a teacher's request is {\"token\": ..., \"do\": ...}"), []
    room = lobby.find_teacher(request["token"])
    if room is None:
        return 403, error("not-teacher", "this is not the teacher's token of any room"), []
    get: Callable[..., Any] = request.get     # a field, or None: the room refuses it by its name
    do = get("do")
    try:
        if do == "summary":
            return 200, {"room": room.name, "open": room.is_open, "games": [g.summary() for g in room.games]}, []
        if do in ("open", "close"):
            room.set_open(do == "open")
            return 200, {"open": room.is_open}, [s for g in room.games for s in g.seats]
        if do == "add_game":
            made = room.add_game(get("game"), get("seats", 2), rules=get("rules"),
                                 seed=get("seed"), bot=get("bot"), lang=get("lang", "en"))
            return 200, {"game": made.id, "seats": [s.token for s in made.seats], "spectator": made.spectator.token}, []
        if do == "records":
            return 200, {"records": [json.loads(r.to_json()) for r in room.records()]}, []
        made = room.game(get("game"))
        if do == "seat_computer":            # the answer is the game after the change
            changed = made.seat_computer(get("seat"), get("bot"))
            return 200, made.summary(), changed
        if do == "seat_person":
            made.seat_person(get("seat"))
            return 200, made.summary(), list(made.seats)
        if do == "end_game":
            changed = made.end()
            return 200, made.summary(), changed
        if do == "restart_game":             # the same game, rules, seats and language, dealt anew
            changed = made.end() if not made.over else []
            again = room.add_game(made.info.name, [COMPUTER if s.kind == COMPUTER else s.name for s in made.seats],
                                  rules=made.state.rules.name, bot=next((s.bot for s in made.seats if s.bot), None),
                                  lang=made.lang)
            return 200, {"game": again.id, "seats": [s.token for s in again.seats]}, changed
    except StoreError as e:                 # undone: the room's pages are redrawn as they were
        return 503, error("store", str(e)), [s for g in room.games for s in (*g.seats, g.spectator)]
    except (RoomError, CardlabError, TypeError) as e:
        return 400, error("bad-request", str(e)), []
    return 400, error("bad-message", f"do: one of {', '.join(TEACHER_ACTIONS)}, not {do!r:.40}"), []


async def read_body(request: Request, limit: int) -> bytes | None:
    """The request's body, or None once it is longer than ``limit`` bytes (read no further)."""
    declared = request.headers.get("content-length", "")
    if declared and (not declared.isdigit() or int(declared) > limit):
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return body


async def teacher_api(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    body = await read_body(request, protocol.MAX_BODY)
    if body is None:
        return JSONResponse(error("too-large", f"at most {protocol.MAX_BODY} bytes"), status_code=413)
    try:
        data = json.loads(body)
    except ValueError:
        return JSONResponse(error("not-json", "the body is one JSON object"), status_code=400)
    if isinstance(data, dict) and data.get("do") not in TEACHER_READS and not await hub.store_ready():
        return JSONResponse(store_busy(hub), status_code=503)

    def act() -> tuple[int, dict[str, Any], Outgoing]:
        status, reply, changed = teacher_action(hub.lobby, data)
        return status, reply, hub.pending(changed)

    status, reply, messages = await hub.run(act)
    hub.deliver(messages)
    return JSONResponse(reply, status_code=status)


def teacher_room(request: Request) -> Any:
    """The room whose teacher's token the address holds (None: none)."""
    return request.app.state.hub.lobby.find_teacher(request.path_params["token"])


async def teacher_html(request: Request) -> Response:
    """The teacher's page (GET), or a form of it done and the page again (POST)."""
    hub: Hub = request.app.state.hub
    lang = page_lang(request) or "en"
    body = await read_body(request, protocol.MAX_BODY) if request.method == "POST" else b""
    if body is None:
        return JSONResponse(error("too-large", f"at most {protocol.MAX_BODY} bytes"), status_code=413)
    busy = request.method == "POST" and not await hub.store_ready()

    def act() -> tuple[int, str, Outgoing]:
        room = teacher_room(request)
        if room is None:
            return 403, "", []
        status, messages = 200, []
        reply: dict[str, Any] = {}
        if busy:
            status, reply = 503, store_busy(hub)
        elif request.method == "POST":
            status, reply, changed = teacher_action(hub.lobby, form_request(room, body, lang))
            messages = hub.pending(changed)
        refused = reply.get("message", "") if status != 200 else ""
        return (200 if status == 200 else 400), teacher_page(room, request.app.state.url, lang, refused), messages

    status, page, messages = await hub.run(act)
    hub.deliver(messages)
    if status == 403:
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>cardlab</title><p>This is not the "
                            "address of any room's teacher's page here.</p>", status_code=403)
    if request.method == "POST" and status == 200:       # done: the page again, by its address
        return RedirectResponse(str(request.url), status_code=303)
    return HTMLResponse(page, status_code=status)


async def teacher_records(request: Request) -> Response:
    """The finished games' records of the room, one JSON file (a list of records)."""
    hub: Hub = request.app.state.hub

    def records() -> str | None:
        room = teacher_room(request)
        return None if room is None else "[" + ",\n".join(r.to_json() for r in room.records()) + "]"

    text = await hub.run(records)
    if text is None:
        return Response("not found", status_code=403)
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": 'attachment; filename="records.json"'})


def home(_request: Request) -> Response:
    return HTMLResponse("<!doctype html><meta charset=utf-8><title>cardlab rooms</title>"
                        "<p>A cardlab room server. Open your seat's link to play.</p>")


def one_line_for_bad_text(record: logging.LogRecord) -> bool:
    """A log filter: a frame that is not UTF-8 text (uvicorn closes its connection, code 1007) is
    logged in one line, not with the decoder's traceback."""
    if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
        record.msg = f"{record.getMessage()} The connection was closed (1007): {record.exc_info[1]}"
        record.args, record.exc_info, record.exc_text = (), None, None
    return True


def make_app(lobby: Lobby, url: str = "") -> Starlette:
    """The server's ASGI app over ``lobby``; ``url``: its address as the network reaches it (the
    links and QR codes of the teacher's page)."""
    uvicorn_errors = logging.getLogger("uvicorn.error")
    if one_line_for_bad_text not in uvicorn_errors.filters:
        uvicorn_errors.addFilter(one_line_for_bad_text)
    app = Starlette(routes=[Route("/", home), Route("/seat/{token}", seat_page), Route("/watch/{token}", seat_page),
                            Route("/static/{name}", static), Route("/api/teacher", teacher_api, methods=["POST"]),
                            Route("/teacher/{token}", teacher_html, methods=["GET", "POST"]),
                            Route("/teacher/{token}/records", teacher_records),
                            WebSocketRoute("/ws/{token}", seat_socket)])
    app.state.hub, app.state.url = Hub(lobby), url
    return app

