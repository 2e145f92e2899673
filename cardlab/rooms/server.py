"""The room server: a Starlette app on uvicorn, one WebSocket per seat's browser.

Pages and sockets (a token is the secret of a seat's or the teacher's link):

- ``GET /seat/{token}`` — the seat's page (``?lang=ja``: in Japanese): a plain page that draws the
  table with the notebook tables' own view (``view.js``), fed by the socket below;
  ``GET /watch/{token}`` the same for a game's spectators (its public view, for a projector);
- ``WS /ws/{token}`` — the seat's connection (:mod:`cardlab.rooms.protocol`);
- ``POST /api/teacher`` — the teacher's controls, ``{"token": <teacher's>, "do": …}``
  (:func:`teacher_action`); without the room's teacher's token: 403 and nothing changes.

The rooms live in one :class:`~cardlab.rooms.room.Lobby`; every handler works on it under its
lock, writes to its store first and sends afterwards. Uvicorn was chosen with Starlette because
together they are the smallest well-kept ASGI stack that serves pages, JSON and WebSockets from
one app in one process, and run in a notebook's background thread as well as from the command
line.
"""

from __future__ import annotations

import html
import json
import pathlib
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import CardlabError, IllegalActionError
from ..words import check_lang
from . import protocol
from .protocol import RateLimit, RoomMessageError, error
from .room import SPECTATOR, Lobby, RoomError, RoomGame, Seat

_HERE = pathlib.Path(__file__).parent
STATIC = {"view.js": (_HERE.parent / "widgets" / "view.js", "text/javascript"),
          "view.css": (_HERE.parent / "widgets" / "view.css", "text/css"),
          "client.js": (_HERE / "client.js", "text/javascript"),
          "seat.css": (_HERE / "seat.css", "text/css")}
NOT_A_SEAT = "This link is not a seat of any room here: it may be mistyped, or from an earlier room."


class Connection:
    """One browser on one seat."""

    def __init__(self, socket: WebSocket, game: RoomGame, seat: Seat, lang: str) -> None:
        self.socket, self.game, self.seat, self.lang = socket, game, seat, lang
        self.limit = RateLimit()
        self.sent: dict[str, Any] | None = None

    def drawing(self) -> dict[str, Any]:
        """The seat's table as the page shows it (from the seat's view only)."""
        game, table = self.game, self.game.table(self.seat, self.lang)
        view, state = table.view, game.state
        mine = not game.over and state.current_player == self.seat.number
        return {"type": "draw", "svg": view.svg, "seq": view.seq, "status": view.status, "focus": view.focus,
                "lang": view.lang, "label": view.label, "focus_label": view.focus_label, "panes": table.panes(),
                "legal": [state.action_text(a) for a in state.legal_actions()] if mine else [],
                "over": game.over, "open": game.room.is_open, "title": game.info.title,
                "seat": self.seat.number, "name": self.seat.name}

    async def send(self, message: dict[str, Any]) -> None:
        try:
            await self.socket.send_text(json.dumps(message, ensure_ascii=False))
        except (RuntimeError, WebSocketDisconnect, OSError):
            pass                                # gone: its handler forgets it


class Hub:
    """The open connections by seat, and the sending of drawings after a change."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.connections: dict[int, list[Connection]] = {}     # id(seat) -> connections

    def add(self, conn: Connection) -> None:
        self.connections.setdefault(id(conn.seat), []).append(conn)
        conn.seat.connected += 1

    def remove(self, conn: Connection) -> None:
        conns = self.connections.get(id(conn.seat), [])
        if conn in conns:
            conns.remove(conn)
            conn.seat.connected -= 1

    def pending(self, seats: list[Seat]) -> list[tuple[Connection, dict[str, Any]]]:
        """What to send to whom after ``seats`` changed (under the lobby's lock): each connection's
        new drawing, and the timers its table asked for."""
        out = []
        for seat in seats:
            timers, seat.outbox[:] = list(seat.outbox), []
            for conn in self.connections.get(id(seat), []):
                drawing = conn.drawing()
                if drawing != conn.sent:
                    conn.sent = drawing
                    out.append((conn, drawing))
                out += [(conn, {"type": "timer", "ms": t["ms"], "tag": t["tag"], "id": t["id"]}) for t in timers]
        return out

    async def deliver(self, messages: list[tuple[Connection, dict[str, Any]]]) -> None:
        for conn, message in messages:
            await conn.send(message)


def answer(hub: Hub, conn: Connection, text: Any) -> tuple[dict[str, Any] | None, list[Seat]]:
    """Read one frame of ``conn`` and act on it (under the lobby's lock): the answer for the
    frame's own connection (None: its new drawing answers it) and the seats whose drawing changed."""
    if not conn.limit.allow():
        return error("too-fast", f"at most {protocol.RATE:g} frames a second (bursts of {protocol.BURST})"), []
    try:
        message = protocol.read_frame(text)
        game, seat = conn.game, conn.seat
        kind = message["type"]
        if kind == "hello":
            conn.sent = None
            return None, [seat]
        if kind == "width":
            game.table(seat, conn.lang).view.width = message["width"]
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
    except RoomMessageError as e:
        return error(e.kind, str(e)), []
    except CardlabError as e:                   # a malformed event (TableEventError), an illegal action
        if isinstance(e, IllegalActionError):     # worded from its reason, without the legal actions
            return error("illegal", e.say(conn.lang)), []
        return error("bad-message", str(e)), []


async def seat_socket(socket: WebSocket) -> None:
    hub: Hub = socket.app.state.hub
    lobby = hub.lobby
    lang = socket.query_params.get("lang", "en")
    await socket.accept()
    with lobby.lock:
        found = lobby.find_seat(socket.path_params["token"])
    if found is None or lang not in ("en", "ja"):
        await socket.send_text(json.dumps(error("unknown-seat", NOT_A_SEAT if found is None else
                                                "lang: 'en' or 'ja'")))
        await socket.close(code=4404)
        return
    conn = Connection(socket, *found, lang)
    with lobby.lock:
        hub.add(conn)
        first = hub.pending([conn.seat])
    await hub.deliver(first)
    try:
        while True:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text") if frame.get("text") is not None else frame.get("bytes")
            with lobby.lock:
                reply, changed = answer(hub, conn, text)
                messages = hub.pending(changed)
            if reply is None and not any(c is conn for c, _ in messages):
                reply = {"type": "ok", "seq": conn.sent["seq"] if conn.sent else 0}
            if reply is not None:
                await conn.send(reply)
            await hub.deliver(messages)
    except WebSocketDisconnect:
        pass
    finally:
        with lobby.lock:
            hub.remove(conn)


def seat_page(request: Request) -> Response:
    lobby: Lobby = request.app.state.hub.lobby
    lang = request.query_params.get("lang", "en")
    with lobby.lock:
        found = lobby.find_seat(request.path_params["token"])
    if found is None or lang not in ("en", "ja"):
        return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>cardlab</title><p>{NOT_A_SEAT}</p>",
                            status_code=404)
    game, seat = found
    title = html.escape(f"{game.info.title} · {game.room.name} · {seat.name}")
    page = (_HERE / "seat.html").read_text(encoding="utf-8")
    return HTMLResponse(page.replace("{title}", title).replace("{lang}", check_lang(lang)))


def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return Response("not found", status_code=404)
    path, media = STATIC[name]
    return Response(path.read_bytes(), media_type=media, headers={"Cache-Control": "no-cache"})


TEACHER_ACTIONS = ("summary", "open", "close", "add_game", "seat_computer", "seat_person", "end_game", "records")


def teacher_action(lobby: Lobby, request: Any) -> tuple[int, dict[str, Any], list[Seat]]:
    """One teacher's control (a JSON object with the room's teacher's ``token`` and ``do``):
    (HTTP status, the answer, the seats whose drawing changed)."""
    if not isinstance(request, dict) or not isinstance(request.get("token"), str):
        return 400, error("bad-message", "a teacher's request is {\"token\": ..., \"do\": ...}"), []
    room = lobby.find_teacher(request["token"])
    if room is None:
        return 403, error("not-teacher", "this is not the teacher's token of any room"), []
    do = request.get("do")
    try:
        if do == "summary":
            return 200, {"room": room.name, "open": room.is_open, "games": [g.summary() for g in room.games]}, []
        if do in ("open", "close"):
            room.set_open(do == "open")
            return 200, {"open": room.is_open}, [s for g in room.games for s in g.seats]
        if do == "add_game":
            made = room.add_game(request.get("game"), request.get("seats", 2), rules=request.get("rules"),
                                 seed=request.get("seed"), bot=request.get("bot"))
            return 200, {"game": made.id, "seats": [s.token for s in made.seats]}, []
        if do == "records":
            return 200, {"records": [json.loads(r.to_json()) for r in room.records()]}, []
        made = room.game(request.get("game"))
        if do == "seat_computer":            # the answer is the game after the change
            changed = made.seat_computer(request.get("seat"), request.get("bot"))
            return 200, made.summary(), changed
        if do == "seat_person":
            made.seat_person(request.get("seat"))
            return 200, made.summary(), list(made.seats)
        if do == "end_game":
            changed = made.end()
            return 200, made.summary(), changed
    except (RoomError, CardlabError, TypeError) as e:
        return 400, error("bad-request", str(e)), []
    return 400, error("bad-message", f"do: one of {', '.join(TEACHER_ACTIONS)}, not {do!r:.40}"), []


async def teacher_api(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    body = await request.body()
    if len(body) > protocol.MAX_FRAME:
        return JSONResponse(error("too-large", f"at most {protocol.MAX_FRAME} bytes"), status_code=413)
    try:
        data = json.loads(body)
    except ValueError:
        return JSONResponse(error("not-json", "the body is one JSON object"), status_code=400)
    with hub.lobby.lock:
        status, reply, changed = teacher_action(hub.lobby, data)
        messages = hub.pending(changed)
    await hub.deliver(messages)
    return JSONResponse(reply, status_code=status)


def home(_request: Request) -> Response:
    return HTMLResponse("<!doctype html><meta charset=utf-8><title>cardlab rooms</title>"
                        "<p>A cardlab room server. Open your seat's link to play.</p>")


def make_app(lobby: Lobby) -> Starlette:
    """The server's ASGI app over ``lobby``."""
    app = Starlette(routes=[Route("/", home), Route("/seat/{token}", seat_page), Route("/watch/{token}", seat_page),
                            Route("/static/{name}", static), Route("/api/teacher", teacher_api, methods=["POST"]),
                            WebSocketRoute("/ws/{token}", seat_socket)])
    app.state.hub = Hub(lobby)
    return app

