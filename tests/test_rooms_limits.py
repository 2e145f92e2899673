"""A room server's limits and its answers at the edges (issue 38): a store that fails (and the
computer's moves it could not keep, made once it is free), a page that stops reading, one seat
open in several pages and languages, a finished game, a link's rate, a teacher's body,
spectators' widths, frames that are not UTF-8, the kernels compiled before the server listens. An in-process server and the
``websockets`` package's client (tests/rooms_clients.py); every wait is for a message."""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import random
import socket
from concurrent.futures import ThreadPoolExecutor
import sqlite3
import subprocess
import sys
from typing import Any

import pytest
from rooms_clients import SeatClient, wait_for_mover, ws_url
from test_rooms_server import teacher
from test_touch_words import KEY_NAMED
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import cardlab.rooms
from cardlab.rooms import Lobby, Store, protocol
from cardlab.rooms import server as server_module


def run_apart(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own: in the whole suite, Playwright's sync API
    leaves an event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = cardlab.rooms.serve(tmp_path_factory.mktemp("rooms") / "rooms.sqlite")
    yield running
    running.stop()


def hub(server) -> server_module.Hub:
    return server._server.config.app.state.hub


def play_to_the_end(server, game, client_of):
    """Every seat to move acts (the first legal action) through its client until the game is over."""
    for _ in range(2_000):
        with server.lobby.lock:
            if game.over:
                return
            client = client_of[game.state.current_player]
        client.drain()
        while not client.to_move:
            client.recv()
        assert client.act(client.draw["legal"][0])["type"] == "draw"
    raise AssertionError("the game did not end")


def test_a_failed_store_write_is_answered_store_and_undone_while_the_server_answers_pings(server, monkeypatch):
    """The database is free when the action starts but locked when the worker writes (another
    program took it in between): the write gives up after ``WRITE_WAIT``, the action is undone and
    the position redrawn as it was, the answer is ``store``; the same action then is kept."""
    game = server.room("store").add_game("trappola", ["Ann", "Ben"], seed=3)
    mover = SeatClient(server.url, game.seats[game.state.current_player].token)
    other = SeatClient(server.url, game.seats[1 - game.state.current_player].token)
    with server.lobby.lock:
        before = game.state.history_text()
    monkeypatch.setattr(server.lobby.store, "writable", lambda: True)   # the lock taken after the store was asked
    blocker = sqlite3.connect(server.lobby.store.path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")                 # another program holds the database's write lock
    try:
        mover.send({"type": "act", "action": mover.draw["legal"][0], "seq": mover.draw["seq"]})
        assert other.ws.ping().wait(timeout=60)        # the event loop answers while the write waits
        answer = mover.answer()
        assert answer["type"] == "error" and answer["error"] == "store" and "locked" in answer["message"]
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    with server.lobby.lock:
        assert game.state.history_text() == before and game.saved == len(before)
    with server.lobby.lock:
        shown = game.table(game.seats[game.state.current_player]).view.seq
    while mover.draw["seq"] != shown:                  # the position as it was, drawn again
        mover.recv()
    assert mover.act(mover.draw["legal"][0])["type"] == "draw"     # the same action, tried again, is kept
    with server.lobby.lock:
        assert len(game.state.history) > len(before) and game.saved == len(game.state.history)
    mover.close()
    other.close()


HOLD_THE_DATABASE = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
db.execute("ROLLBACK")
"""


def hold_the_database(path: str) -> subprocess.Popen:
    """Another program holding the database's write lock (until its input is closed)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_DATABASE, path], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def answers_waiting(client: SeatClient) -> list[dict[str, Any]]:
    """The answers that have arrived for ``client`` and not been read yet (timers skipped)."""
    seen = len(client.raw)
    client.drain()
    return [m for m in map(json.loads, client.raw[seen:]) if m["type"] in ("draw", "ok", "error")]


def test_a_database_another_program_holds_stalls_only_the_changes_and_refuses_them_unchanged(server, monkeypatch):
    """Another process holds the database's lock: an action in each of two rooms waits for it
    while a third room's page and the other seat of the first game are answered at once; once the
    store's wait is over both are refused ``store``, a teacher's change 503, and nothing changed;
    the lock given back, the same actions are kept."""
    games = [server.room(f"held {i}").add_game("trappola", ["Ann", "Ben"], seed=20 + i) for i in range(3)]
    movers = [SeatClient(server.url, g.seats[g.state.current_player].token) for g in games[:2]]
    watcher = SeatClient(server.url, games[2].seats[0].token)
    waiting = SeatClient(server.url, games[0].seats[1 - games[0].state.current_player].token)
    with server.lobby.lock:
        before = [(g.state.history_text(), g.saved, g.state.current_player) for g in games[:2]]
    store = server.lobby.store
    monkeypatch.setattr(store, "timeout", 600.0)       # the actions wait until the test lowers it
    holder = hold_the_database(store.path)
    try:
        for mover in movers:
            mover.send({"type": "act", "action": mover.draw["legal"][0], "seq": mover.draw["seq"]})
        assert watcher.ask({"type": "hello"})["type"] == "draw"        # another room reads and draws
        assert waiting.ask({"type": "hello"})["type"] == "draw"        # so does the game's other seat
        assert [answers_waiting(m) for m in movers] == [[], []]        # the actions still wait for the store
        monkeypatch.setattr(store, "timeout", 0.2)     # their wait is over
        for mover in movers:
            answer = mover.answer()
            assert answer["type"] == "error" and answer["error"] == "store" and "locked" in answer["message"]
        status, reply = teacher(server, {"token": games[0].room.teacher, "do": "close"})
        assert status == 503 and reply["error"] == "store" and games[0].room.is_open
    finally:
        holder.communicate("")                         # the lock given back
    with server.lobby.lock:
        assert [(g.state.history_text(), g.saved, g.state.current_player) for g in games[:2]] == before
    for mover in movers:                               # not stuck: the same action now is kept
        assert mover.to_move and answers_waiting(mover) == []
        assert mover.act(mover.draw["legal"][0])["type"] == "draw"
    with server.lobby.lock:
        for game, (history, _saved, _player) in zip(games, before):
            assert len(game.state.history) > len(history) and game.saved == len(game.state.history)
    for client in (*movers, watcher, waiting):
        client.close()


@pytest.mark.parametrize("change", ["seat_computer", "add_game"])
def test_the_computer_s_moves_a_locked_store_could_not_keep_are_made_once_it_is_free(server, monkeypatch, change):
    """A teacher's change after which the computer must move is kept (the seat to move given to
    the computer; a new game whose first move is the computer's), then another program takes the
    database before the computer's moves are written: they are undone and the teacher is told the
    change was made; once the lock is given back the server makes them by itself — the person's
    page is drawn to move with no frame sent — and each is stored once."""
    handle = server.room(f"settled after {change}")
    store, holders = server.lobby.store, []

    def take_the_lock_after_the_change(what: str) -> None:
        if what == {"seat_computer": "set_seat"}.get(change, change) and not holders:
            holders.append(hold_the_database(store.path))

    token = handle.room.teacher
    if change == "seat_computer":
        game = handle.add_game("trappola", ["Ann", "Ben"], seed=0)      # Ann, seat 0, to move
        monkeypatch.setattr(store, "committed", take_the_lock_after_the_change)
        status, reply = teacher(server, {"token": token, "do": change, "game": game.id, "seat": 0})
    else:
        monkeypatch.setattr(store, "committed", take_the_lock_after_the_change)
        status, reply = teacher(server, {"token": token, "do": change, "game": "trappola",
                                         "seats": ["computer", "Ben"], "seed": 0})
        game = handle.room.game(reply["game"])
    try:
        assert status == 200 and holders, reply
        with server.lobby.lock:
            assert game.seats[0].kind == "computer" and game.state.current_player == 0
            assert game.state.history_text() == [] and game in server.lobby.unsettled
        ben = SeatClient(server.url, game.seats[1].token)
        assert not ben.to_move
    finally:
        for holder in holders:
            holder.communicate("")                     # the lock given back
    while not ben.to_move:                             # drawn by the server: Ben sends nothing
        ben.recv()
    with server.lobby.lock:
        kept = game.state.history_text()
        assert kept and game.saved == len(kept) and game not in server.lobby.unsettled
    [stored] = [g for g in store.games(handle.room.id) if g.id == game.id]
    assert stored.actions == kept
    assert ben.act(ben.draw["legal"][0])["type"] == "draw"      # and the game goes on
    ben.close()


class StuckSocket:
    """A socket whose sends never finish (a page that stopped reading), with the transport the
    server cuts."""

    class Transport:
        aborted = False

        def abort(self) -> None:
            self.aborted = True

    def __init__(self) -> None:
        self.transport = self.Transport()
        self._send = self.send_asgi                   # as Starlette's WebSocket keeps uvicorn's send

    async def send_asgi(self, message: Any) -> None:
        await asyncio.Event().wait()

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()


class ReadingSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def test_a_page_that_stops_reading_is_cut_and_holds_no_one_else(monkeypatch):
    """Posting never waits; the stuck page's queue fills and it is cut; a reading page on the same
    hub gets every message meanwhile."""
    monkeypatch.setattr(protocol, "SEND_SECONDS", 3600.0)      # only the full queue cuts it here
    lobby = Lobby(Store(":memory:"))
    game = lobby.add_room("slow").add_game("trappola", ["Ann", "Ben"], seed=1)

    async def run() -> tuple[Any, Any, Any]:
        stuck = server_module.Connection(StuckSocket(), game, game.seats[0], "en")
        reading = server_module.Connection(ReadingSocket(), game, game.seats[1], "en")
        stuck.start()
        reading.start()
        for n in range(protocol.OUTBOX + 2):
            server_module.Hub.deliver([(stuck, {"type": "ok", "seq": n}), (reading, {"type": "ok", "seq": n})])
            while len(reading.socket.sent) <= n:        # the reading page is sent each at once
                await asyncio.sleep(0)
        stuck.stop()
        reading.stop()
        return stuck, reading, stuck.socket.transport

    stuck, reading, transport = run_apart(run())
    assert stuck.dropped and transport.aborted
    assert [json.loads(t)["seq"] for t in reading.socket.sent] == list(range(protocol.OUTBOX + 2))


def test_a_send_that_hangs_cuts_its_page(monkeypatch):
    monkeypatch.setattr(protocol, "SEND_SECONDS", 0.05)
    lobby = Lobby(Store(":memory:"))
    game = lobby.add_room("slow").add_game("trappola", ["Ann", "Ben"], seed=1)

    async def run() -> Any:
        stuck = server_module.Connection(StuckSocket(), game, game.seats[0], "en")
        stuck.start()
        stuck.post({"type": "ok", "seq": 0})
        await stuck.sender
        return stuck

    stuck = run_apart(run())
    assert stuck.dropped and stuck.socket.transport.aborted


def test_every_page_of_a_seat_is_redrawn_in_its_own_language_after_any_action(server):
    game = server.room("pages").add_game("kirifu", ["Aiko", "Ben", "computer"], seed=4)
    pages = {n: [SeatClient(server.url, s.token, "en"), SeatClient(server.url, s.token, "ja")]
             for n, s in enumerate(game.seats[:2])}
    for _ in range(30):
        with server.lobby.lock:
            if game.over:
                break
            turn = game.state.current_player
        english, japanese = pages[turn]
        english.drain()
        while not english.to_move:
            english.recv()
        assert english.act(english.draw["legal"][0])["type"] == "draw"
        with server.lobby.lock:
            expected = {n: (game.table(s, "en").view.seq, game.table(s, "ja").view.seq)
                        for n, s in enumerate(game.seats[:2])}
        for n, (en, ja) in pages.items():
            while en.draw["seq"] != expected[n][0]:
                en.recv()
            while ja.draw["seq"] != expected[n][1]:
                ja.recv()
            assert en.draw["legal"] == ja.draw["legal"] and en.draw["lang"] == "en" and ja.draw["lang"] == "ja"
            with server.lobby.lock:
                assert ja.draw["svg"] == game.table(game.seats[n], "ja").view.svg
    for page in [p for both in pages.values() for p in both]:
        page.close()


def test_an_action_after_the_game_ended_is_answered_closed(server):
    game = server.room("over").add_game("trappola", ["Ann", "Ben"], rules="single-deal", seed=2)
    clients = [SeatClient(server.url, s.token) for s in game.seats]
    play_to_the_end(server, game, clients)
    for client in clients:
        while not client.draw["over"]:                  # its last drawing, the game over
            client.recv()
        answer = client.ask({"type": "act", "action": "keep", "seq": client.draw["seq"]})
        assert answer["error"] == "closed" and "over" in answer["message"]
        answer = client.ask({"type": "click", "target": "keep", "seq": client.draw["seq"], "t": 500})
        assert answer["error"] == "closed"
        client.close()


def test_a_link_s_pages_share_one_rate_and_a_link_opens_so_many_pages(server):
    game = server.room("link").add_game("trappola", ["Ann", "Ben"], seed=5)
    token = game.seats[0].token
    pages = [SeatClient(server.url, token) for _ in range(protocol.PAGES)]
    per_page = protocol.BURST // 2                    # within each page's own burst
    assert per_page * protocol.PAGES > protocol.LINK_BURST
    for page in pages:
        for _ in range(per_page):
            page.send({"type": "hello"})
    kinds = [page.answer().get("error", "draw") for page in pages for _ in range(per_page)]
    assert "too-fast" in kinds and "draw" in kinds
    for page in pages:
        page.close()


def test_a_page_over_the_link_s_limit_is_told_why(server):
    game = server.room("link 2").add_game("trappola", ["Ann", "Ben"], seed=5)
    pages = [SeatClient(server.url, game.seats[1].token) for _ in range(protocol.PAGES)]
    with connect(ws_url(server.url, game.seats[1].token)) as ws:
        assert json.loads(ws.recv(timeout=60))["error"] == "too-many"
    for page in pages:
        page.close()


def _post(server, head: bytes, body: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port)) as raw:
        raw.sendall(head + body)
        raw.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := raw.recv(65536):
            reply += chunk
    return reply


def test_a_teacher_s_request_too_long_is_refused_unread(server):
    declared = (b"POST /api/teacher HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 50000000\r\n\r\n")
    assert _post(server, declared, b"{" * 1000).startswith(b"HTTP/1.1 413")
    chunked = (b"POST /api/teacher HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Transfer-Encoding: chunked\r\n\r\n")
    chunks = b"".join(b"%x\r\n%s\r\n" % (1000, b"x" * 1000) for _ in range(6)) + b"0\r\n\r\n"
    assert _post(server, chunked, chunks).startswith(b"HTTP/1.1 413")


def test_each_spectator_page_has_its_own_width(server):
    game = server.room("watch").add_game("kirifu", ["Aiko", "Ben", "computer"], seed=1)
    phone, projector = (SeatClient(server.url, game.spectator.token) for _ in range(2))
    phone.ask({"type": "width", "width": 360})
    projector.ask({"type": "width", "width": 1300})
    phone.ask({"type": "hello"})
    assert 'width="360"' in phone.draw["svg"] and 'width="360"' not in projector.draw["svg"]
    phone.close()
    projector.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_s_page_has_its_seat_worded_for_taps(server, lang):
    game = server.room(f"touch-{lang}").add_game("kirifu", ["Aiko", "Ben", "computer"], seed=1)
    page = SeatClient(server.url, game.seats[game.state.current_player].token, lang=lang)

    def words() -> str:
        return page.draw["status"] + page.draw["svg"].replace("cardlab-keys", "")

    page.ask({"type": "width", "width": 360})
    assert KEY_NAMED.search(words())                          # a page with a keyboard: P, O, S named
    page.ask({"type": "width", "width": 360, "touch": True})
    assert not KEY_NAMED.search(words())
    refused = page.ask({"type": "width", "width": 360, "touch": "yes"})
    assert refused["type"] == "error" and refused["message"].startswith("touch:")
    page.close()


def test_a_frame_that_is_not_utf8_is_logged_in_one_line(server):
    game = server.room("utf8").add_game("trappola", ["Ann", "Ben"], seed=1)
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append
    logging.getLogger("uvicorn").addHandler(handler)
    try:
        client = SeatClient(server.url, game.seats[0].token)
        client.ws.send(b"\xff\xfe{", text=True)
        with pytest.raises(ConnectionClosed) as closed:
            client.recv()
        assert closed.value.rcvd.code == 1007
    finally:
        logging.getLogger("uvicorn").removeHandler(handler)
    assert len(records) == 1 and records[0].exc_info is None and "\n" not in records[0].getMessage()


def test_a_trappola_seat_leaves_a_finished_deal_before_its_turn():
    lobby = Lobby(Store(":memory:"))
    game = lobby.add_room("deals").add_game("trappola", ["Ann", "Ben"], seed=3)
    tables = [game.table(seat) for seat in game.seats]
    rng = random.Random(3)
    deals = len(game.state.view(None).sheets)
    while len(game.state.view(None).sheets) == deals:
        game.act(game.seats[game.state.current_player], "en",
                 game.state.action_text(rng.choice(game.state.legal_actions())))
    waiting = 1 - game.state.current_player
    assert tables[waiting].choices() == ["next"]
    game.handle(game.seats[waiting], "en", {"type": "click", "target": "next", "seq": tables[waiting].view.seq, "t": 800})
    assert tables[waiting].choices() == []                 # on to the new deal, where it waits its turn


def test_a_page_that_froze_is_cut_by_its_unanswered_ping_however_few_messages_wait(monkeypatch, caplog):
    """A page that stops reading after one drawing holds up too little to fill its queue or the
    socket's buffers; it stops answering pings (its client reads nothing more), and the server cuts
    it (PING_SECONDS, PING_TIMEOUT, shortened here), saying so in its log; the others play on.
    (A timeout of 0.5 s once cut a reading client too, on a loaded machine: its reader thread
    answers pings, but not always within half a second; 2 s leaves it room.)"""
    monkeypatch.setattr(protocol, "PING_SECONDS", 0.5)
    monkeypatch.setattr(protocol, "PING_TIMEOUT", 2.0)
    running = cardlab.rooms.serve(":memory:")
    try:
        game = running.room("frozen").add_game("kirifu", ["Aiko", "Ben", "Chie"], seed=2)
        host, port = running.url.removeprefix("http://").split(":")
        raw = socket.create_connection((host, int(port)))
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        with connect(ws_url(running.url, game.seats[0].token), sock=raw, max_queue=1) as frozen:
            frozen.recv(timeout=60)                               # its first drawing, then nothing more
            others = [SeatClient(running.url, seat.token) for seat in game.seats]
            with caplog.at_level(logging.WARNING, logger="cardlab.rooms"):
                for _ in range(5_000):                            # the game goes on around it
                    if game.seats[0].connected == 1:
                        break
                    mover = wait_for_mover(others)
                    assert mover is not None, "the game ended before the frozen page was cut"
                    assert mover.act(mover.draw["legal"][0])["type"] == "draw"
                else:
                    pytest.fail("the frozen page was never cut")
            assert any("seat 0" in r.getMessage() and "dropped" in r.getMessage() for r in caplog.records)
            for client in others:
                client.close()
    finally:
        running.stop()


def test_a_server_compiles_what_its_tables_need_before_it_listens(monkeypatch):
    """On a cold kernel cache a first Trappola seat once compiled the search in its handler,
    holding every room ~41 s: a server runs every game's ``warm_first`` cases (its computer
    player's and coach's kernels) before it takes a connection (each case finds the port shut)."""
    from cardlab.registry import with_part

    monkeypatch.setattr(cardlab.pace, "PLAIN", False)
    port = cardlab.rooms._free_port("127.0.0.1")
    warmed: dict[str, bool] = {}

    def listening() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    games = [info for info in with_part("controller") if info.has("warm_first")]
    for info in games:
        module = importlib.import_module(info.parts["warm_first"].rpartition(":")[0])
        monkeypatch.setattr(module, "FIRST", [(info.name, lambda name=info.name: warmed.setdefault(name, listening()))])
    running = cardlab.rooms.RoomServer(Lobby(Store()), "127.0.0.1", port)
    try:
        assert listening()
    finally:
        running.stop()
    assert {"trappola", "kirifu"} <= set(warmed) and warmed == {info.name: False for info in games}
