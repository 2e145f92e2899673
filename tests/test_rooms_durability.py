"""A room server killed mid-game resumes every room (issue 24): ``python -m cardlab.rooms`` in a
subprocess on a temporary database, several games of two rooms played by WebSocket clients that
take actions from their seat's ``legal`` list (a seeded RNG), SIGKILL with an action in flight,
a restart on the same database and port, the clients reconnecting, every game played to its end;
the final records are those of an uninterrupted run of the same actions (a Lobby in-process).

The action in flight at the kill may or may not have been kept (the server may have written it
before the kill, or not): the restarted server's count of the game's actions tells which, and the
acknowledged actions are compared with it in or out. (Once this test counted only acknowledged
actions, and a kept action in flight showed up as "lost an acknowledged action": the server had
kept one action more than it acknowledged, which it may.) Every wait is for a message or a printed
line, its time limit only how long to wait before failing."""

from __future__ import annotations

import dataclasses
import json
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from rooms_clients import SeatClient, wait_for_mover

from cardlab.records import Record, loads
from cardlab.rooms import COMPUTER, Lobby, Store

# (room, game, seats, seed, rules): the games of the test, in the order they are made (ids 1, 2 …);
# Trappola's deals are single (a match to 300 is some 200 actions)
BEFORE = [("Second", "trappola", ["Ann", "Ben"], 5, "single-deal"),      # made in the database before the start
          ("Second", "kirifu", ["Eri", "computer", "Fumi"], 17, "kirifu")]
AT_START = ("First", "kirifu", ["A", "B", "C", "computer"], 3, "kirifu")  # python -m cardlab.rooms --game …
ADDED = [("First", "trappola", ["Dee", "computer"], 9, "single-deal")]    # the teacher's add_game
ALL = BEFORE + [AT_START] + ADDED
KILL_ROUNDS = 5            # actions of each game acknowledged before the kill


class Server:
    """``python -m cardlab.rooms`` as a subprocess: its URL, teachers' tokens and seat links as printed."""

    def __init__(self, db: Path, port: int = 0, args: tuple[str, ...] = ()) -> None:
        self.stderr_path = db.with_name(f"stderr-{time.monotonic_ns()}.txt")
        self.stderr = self.stderr_path.open("w")
        self.proc = subprocess.Popen([sys.executable, "-m", "cardlab.rooms", "--db", str(db), "--port", str(port),
                                      *args], stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url, self.teachers, self.links = "", {}, {}
        self.started = time.monotonic()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def wait_for(self, people: int, timeout: float = 300.0) -> None:
        """Read the start's lines until ``people`` seat links are printed."""
        deadline, room = time.monotonic() + timeout, None
        while len(self.links) < people:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"the server printed {len(self.links)} of {people} links: "
                                     f"{self.stderr_path.read_text()}") from None
            if m := re.match(r"cardlab rooms at (http://\S+)", line):
                self.url = m.group(1)
            elif m := re.match(r"room '(.+)': teacher's token (\S+)", line):
                room = m.group(1)
                self.teachers[room] = m.group(2)
            elif m := re.match(r"\s+game (\d+) seat (\d+): \S+/seat/(\S+)", line):
                self.links[(room, int(m.group(1)), int(m.group(2)))] = m.group(3)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def teacher(self, room: str, do: str, **fields) -> dict:
        body = json.dumps({"token": self.teachers[room], "do": do, **fields}).encode()
        request = urllib.request.Request(f"{self.url}/api/teacher", data=body,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            return json.loads(reply.read())

    def stop(self, sig: int = signal.SIGTERM) -> str:
        """Stop the process with ``sig``; its standard error."""
        self.proc.send_signal(sig)
        self.proc.wait(timeout=30)
        self.stderr.close()
        return self.stderr_path.read_text()


def connect_with_retries(url: str, token: str) -> tuple[SeatClient, int]:
    """A seat's connection, tried again as the seat's page does (0.25 s, doubling up to 4 s):
    the client and the number of tries it took."""
    delay, tries = 0.25, 0
    while True:
        tries += 1
        try:
            return SeatClient(url, token), tries
        except OSError:
            if tries > 20:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 4.0)


def seat_of_each_action(record: Record) -> list[int]:
    """Who took each action of ``record`` (the record replayed step by step)."""
    state, seats = dataclasses.replace(record, actions=[]).replay(), []
    for text in record.actions:
        seats.append(state.current_player)
        state.play(text)
    return seats


def uninterrupted(records: list[Record]) -> list[Record]:
    """The same games in a Lobby that never stops, each person's seat taking the actions its
    person took in ``records`` (the computer seats choosing for themselves)."""
    lobby = Lobby(Store(":memory:"))
    rooms = {}
    out = []
    for (room_name, game, seats, seed, rules), record in zip(ALL, records):
        room = rooms.get(room_name) or rooms.setdefault(room_name, lobby.add_room(room_name))
        made = room.add_game(game, seats, rules=rules, seed=seed)
        people = [text for text, seat in zip(record.actions, seat_of_each_action(record)) if seats[seat] != COMPUTER]
        for text in people:
            made.act(made.seats[made.state.current_player], "en", text)
        assert made.over
        out.append(made.record())
    return out


def test_a_killed_server_resumes_every_room_and_finishes_as_if_never_killed(tmp_path, servers):
    db = tmp_path / "rooms.sqlite"
    setup = Lobby(Store(db))
    second = setup.add_room("Second")
    for _room, game, seats, seed, rules in BEFORE:
        second.add_game(game, seats, rules=rules, seed=seed)
    setup.store.close()
    people = sum(s != COMPUTER for _r, _g, seats, *_x in BEFORE + [AT_START] for s in seats)
    room, game, seats, seed, rules = AT_START
    first = Server(db, 0, ("--room", room, "--game", game, "--seats", ",".join(seats), "--seed", str(seed),
                           "--rules", rules))
    servers.append(first)
    first.wait_for(people)
    for room, game, seats, seed, rules in ADDED:
        made = first.teacher(room, "add_game", game=game, seats=seats, seed=seed, rules=rules)
        for number, token in enumerate(made["seats"]):
            if seats[number] != COMPUTER:
                first.links[(room, made["game"], number)] = token
    games = sorted({(room, g) for room, g, _ in first.links}, key=lambda key: key[1])
    assert [g for _, g in games] == [1, 2, 3, 4]

    def connect_all(server: Server) -> dict[tuple[int, int], SeatClient]:
        return {(g, s): connect_with_retries(server.url, token)[0] for (_r, g, s), token in server.links.items()}

    clients = connect_all(first)
    rng = random.Random(2024)
    acknowledged: dict[int, list[tuple[int, str]]] = {g: [] for _, g in games}

    def step(server_clients, g: int, in_flight: bool = False) -> tuple[int, str] | None:
        """One action in game ``g`` by its seat to move (sent and not waited for if ``in_flight``):
        the seat and the action; None if the game is over."""
        mover = wait_for_mover([c for (gg, _s), c in server_clients.items() if gg == g])
        if mover is None:
            return None
        action = rng.choice(mover.draw["legal"])
        if in_flight:
            mover.send({"type": "act", "action": action, "seq": mover.draw["seq"]})
            return mover.draw["seat"], action
        answer = mover.act(action)
        assert answer["type"] in ("draw", "ok"), answer
        acknowledged[g].append((mover.draw["seat"], action))
        return mover.draw["seat"], action

    room_of = {g: room for room, g in games}

    def actions_of(server: Server, g: int) -> int:
        """How many actions the server holds of game ``g`` (the teacher's summary)."""
        return next(x["actions"] for x in server.teacher(room_of[g], "summary")["games"] if x["game"] == g)

    for _ in range(KILL_ROUNDS):                    # every game under way …
        stepped = [step(clients, g) for _, g in games]
        assert None not in stepped, "a game ended before the kill"
    flying = rng.choice(games)[1]
    before = actions_of(first, flying)
    in_flight = step(clients, flying, in_flight=True)      # … and an action in flight
    last_seq = {key: c.draw["seq"] for key, c in clients.items()}
    killed_stderr = first.stop(signal.SIGKILL)
    for c in clients.values():
        c.close()

    second_run = Server(db, first.port)
    servers.append(second_run)
    second_run.wait_for(len(first.links))
    assert second_run.teachers == first.teachers and second_run.links == first.links
    clients = {}
    for (_r, g, s), token in second_run.links.items():
        clients[(g, s)], _tries = connect_with_retries(second_run.url, token)
        drawing = clients[(g, s)].draw
        assert drawing["seat"] == s
        assert drawing["seq"] >= last_seq[(g, s)], "a reconnected seat got an older drawing's number"
    if actions_of(second_run, flying) > before:     # the action in flight was kept: it counts as taken
        acknowledged[flying].append(in_flight)
    open_games = [g for _, g in games]
    while open_games:
        g = rng.choice(open_games)
        if step(clients, g) is None:
            open_games.remove(g)
    for c in clients.values():
        wait_for_mover([c])                 # its last drawing, the game over
        assert c.draw["over"]

    records = {room: [loads(json.dumps(r)) for r in second_run.teacher(room, "records")["records"]]
               for room in second_run.teachers}
    finished = [records["Second"][0], records["Second"][1], records["First"][0], records["First"][1]]
    for (_room, _game, seats, *_x), record, (_r, g) in zip(ALL, finished, games):
        taken = [(seat, text) for text, seat in zip(record.actions, seat_of_each_action(record))
                 if seats[seat] != COMPUTER]
        assert taken[:len(acknowledged[g])] == acknowledged[g], f"game {g} lost an acknowledged action"
    again = uninterrupted(finished)
    assert [r.to_json() for r in finished] == [r.to_json() for r in again]
    stderr = second_run.stop()
    assert "Traceback" not in killed_stderr + stderr, killed_stderr + stderr
    for c in clients.values():
        c.close()


@pytest.fixture
def servers():
    """The servers a test starts (``servers.append``); any still running at its end is killed."""
    started: list[Server] = []
    yield started
    for server in started:
        if server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait(timeout=30)
