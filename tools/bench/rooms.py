"""How a room server holds a class: rooms of Kirifu played by computer clients over WebSockets.

``python -m tools.bench rooms [--rooms 50] [--seconds 25] [--think 2000]`` starts a room server
in a process of its own (its SQLite file in a temporary folder), makes ``--rooms`` rooms with the
teacher's API (``POST /api/teacher``, ``add_game``: ``--game``, by default Kirifu, the first
registered game that 4 people play; 4 people's seats each) and connects one
WebSocket per seat from this process (asyncio, the ``websockets`` client). A seat whose drawing
lists ``legal`` actions waits a think time (uniform, half to one and a half times ``--think`` ms)
and sends one of them chosen by a seeded RNG (``{"type": "act", ...}``). A finished game gets a
new one in its room (the teacher's ``add_game``; its seats connect anew). It prints

- the actions per second held over the run;
- the time from an action's sending to the moment every seat of its room received the drawing
  that follows (median, 95th percentile, max; one clock, all clients in this process), against the
  target of 50 ms at the 95th percentile, and the actor's own answer alone;
- the server's memory (VmRSS of /proc/<pid>/status) with the empty rooms, with their games, with
  every seat drawn, and at the end: the difference per room;
- the reconnection time: ``--drops`` times during the run a seat's socket is closed and opened
  again; the time from the new connection's start to its first drawing (median, p95, max);
- with ``--frozen``: each room's first seat has a second page that reads its first drawing and then
  never reads again (a phone that froze: its socket's receive buffer 4 KiB, its client's queue one
  message); the latencies above are then the other pages', and it prints how many frozen pages the
  server cut and how long after they froze (the server's log of each cut, one clock): the
  drawings sent meanwhile fill the socket's buffers first (the server's send buffer is
  :data:`cardlab.rooms.protocol.SEND_BUFFER`), then a send waits ``SEND_SECONDS`` and the page is cut;
- the server's CPU time per action, the errors answered, this process's CPU and event-loop lag
  (what the latencies may owe to the clients) and the machine's load average (the latencies are
  wall-clock times: on a machine whose cores are busy with other work, they hold its waits).

Figures, not tests: nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .sim import load

TARGET_MS = 50.0
SEATS = 4


def default_game() -> str:
    """The game the rooms play unless told: the first registered game that :data:`SEATS` people
    play (Kirifu, of the built-in games)."""
    from cardlab.registry import game_info, game_names

    return next(name for name in game_names() if game_info(name).players[0] <= SEATS <= game_info(name).players[1])


# --- the server's process --------------------------------------------------------------------------
def serve_rooms(count: int, db: str, game: str) -> None:
    """The server's process: ``count`` empty rooms on a free port, the game's table controller loaded (so that
    the memory measured with the empty rooms holds the code); one JSON line on stdout (the URL,
    this process's id, the rooms' teacher's tokens), then serve until stdin closes."""
    import logging

    from cardlab.registry import game_info
    from cardlab.rooms import serve

    logging.basicConfig(format="%(created).3f %(message)s", level=logging.WARNING)   # the cuts, timed
    game_info(game).part("controller")
    server = serve(db, port=0)
    teachers = [server.room(f"Bench {i}").room.teacher for i in range(count)]
    print(json.dumps({"url": server.url, "pid": os.getpid(), "teachers": teachers}), flush=True)
    sys.stdin.read()
    server.stop()


class Server:
    """The room server's process, started by :meth:`start`, stopped by :meth:`stop`."""

    def __init__(self, rooms: int, db: str, game: str) -> None:
        self.game = game
        self.log = open(db + ".log", "w+")
        self.process = subprocess.Popen([sys.executable, "-m", "tools.bench", "rooms", "--serve", str(rooms),
                                         "--db", db, "--game", game], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line:
            raise RuntimeError("the room server's process ended before it served")
        started = json.loads(line)
        self.url, self.pid, self.teachers = started["url"], started["pid"], started["teachers"]

    def rss_mb(self) -> float:
        """The process's resident memory (VmRSS), in MB."""
        with open(f"/proc/{self.pid}/status") as status:
            line = next(x for x in status if x.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024

    def cpu_seconds(self) -> tuple[float, float]:
        """The seconds the process's threads ran on a CPU so far, and the seconds they were ready to
        run but waited for a CPU (the run queue: other processes' work), from /proc/<pid>/task/*/schedstat."""
        ran = waited = 0
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as stat:
                    on_cpu, queued, _ = stat.read().split()
            except OSError:                     # a thread that ended meanwhile
                continue
            ran, waited = ran + int(on_cpu), waited + int(queued)
        return ran / 1e9, waited / 1e9

    def cuts(self) -> dict[int, float]:
        """The games whose frozen page the server cut, and when (the server's log: epoch seconds)."""
        self.log.seek(0)
        found = (re.match(r"([0-9.]+) cardlab rooms: a page of seat 0 of game (\d+) dropped", x) for x in self.log)
        return {int(m.group(2)): float(m.group(1)) for m in found if m}

    def add_game(self, room: int, seed: int) -> dict[str, Any]:
        """A new game of 4 people in room ``room`` (the teacher's API): its number and seats' tokens."""
        body = json.dumps({"token": self.teachers[room], "do": "add_game", "game": self.game, "seats": SEATS,
                           "seed": seed}).encode()
        request = urllib.request.Request(f"{self.url}/api/teacher", data=body,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as reply:
            return json.loads(reply.read())

    def stop(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


# --- the clients -----------------------------------------------------------------------------------
@dataclass
class Figures:
    """What the clients measured (seconds)."""

    latencies: list[float] = field(default_factory=list)     # action sent -> every seat of its room drawn
    own: list[float] = field(default_factory=list)           # action sent -> the actor's drawing
    reached: Counter = field(default_factory=Counter)        # seats that got the drawing after an action
    reconnects: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    frozen: dict[int, float] = field(default_factory=dict)   # game -> when its frozen page stopped reading (epoch)
    actions: int = 0                                         # actions answered by a drawing
    games: int = 0                                           # games finished (and dealt again)


class Client:
    """One seat's browser: a WebSocket that acts on its turn after a think time."""

    def __init__(self, room: RoomClients, number: int, token: str) -> None:
        self.room, self.number, self.token = room, number, token
        self.ws: Any = None
        self.reader: asyncio.Task | None = None
        self.seq, self.over = 0, False
        self.legal: list[str] = []                # the legal action texts of the latest drawing
        self.acted_at: float | None = None
        self.acted_on: int | None = None         # the drawing acted on (once: a later call does nothing)

    async def connect(self) -> float:
        """Open the socket and read the first drawing; returns the seconds that took."""
        import websockets

        start = time.monotonic()
        self.ws = await websockets.connect(f"{self.room.run.ws_url}/ws/{self.token}", max_size=None,
                                           open_timeout=60)
        self.receive(await self.ws.recv(), first=True)
        took = time.monotonic() - start
        self.reader = asyncio.create_task(self.read())
        return took

    async def read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for frame in self.ws:
                self.receive(frame)
        except ConnectionClosed:
            pass

    async def close(self) -> None:
        await self.ws.close()
        if self.reader is not None:
            await self.reader

    def receive(self, frame: str | bytes, first: bool = False) -> None:
        now = time.monotonic()
        message = json.loads(frame)
        kind = message["type"]
        if kind == "error":
            self.room.run.figures.errors[message["error"]] += 1
        if kind != "draw":
            return
        self.seq, self.legal, self.over = message["seq"], message["legal"], message["over"]
        if not first:
            self.room.drawn(self, now)
        if self.over:
            self.room.finished(self)
        elif self.legal and not first:
            think = self.room.run.think * self.room.run.rng.uniform(0.5, 1.5)
            asyncio.get_running_loop().call_later(think, self.act, self.seq)

    def act(self, seq: int) -> None:
        """Take one of the legal actions, unless a newer drawing came meanwhile, this one was acted
        on already or the run ended."""
        run = self.room.run
        if seq != self.seq or seq == self.acted_on or not self.legal or self.over or run.stopping or self.room.busy:
            return
        action = run.rng.choice(self.legal)
        self.acted_at, self.acted_on = time.monotonic(), seq
        self.room.sent(self.acted_at)
        asyncio.create_task(self.ws.send(json.dumps({"type": "act", "action": action, "seq": seq})))


class RoomClients:
    """The four seats of one room, and the action whose drawings they are waiting for."""

    def __init__(self, run: Run, index: int) -> None:
        self.run, self.index = run, index
        self.clients: list[Client] = []
        self.busy = True                         # connecting, dealing again or reconnecting a seat
        self.pending: tuple[float, dict[int, float]] | None = None   # (sent at, seat -> drawn at)
        self.done: set[int] = set()              # seats that saw the end of the game

    async def deal(self, seed: int) -> None:
        """A new game in this room and its four seats connected."""
        self.busy, self.pending = True, None
        for client in self.clients:
            await client.close()
        made = await asyncio.to_thread(self.run.server.add_game, self.index, seed)
        self.clients = [Client(self, n, token) for n, token in enumerate(made["seats"])]
        self.done = set()
        for client in self.clients:
            await client.connect()
        self.resume()

    def resume(self, spread: float = 1.0) -> None:
        """Play on: the seat whose turn it is acts after a think time (at most ``spread`` of one)."""
        self.busy = False
        for client in self.clients:
            if client.legal and not client.over:
                think = self.run.think * self.run.rng.uniform(0.5, 1.5) * spread
                asyncio.get_running_loop().call_later(think, client.act, client.seq)

    def sent(self, now: float) -> None:
        self.settle()
        self.pending = (now, {})

    def drawn(self, client: Client, now: float) -> None:
        if self.pending is None:
            return
        arrived = self.pending[1]
        arrived.setdefault(client.number, now)
        if len(arrived) == SEATS:
            self.settle()

    def settle(self) -> None:
        """Count the pending action: its last seat's drawing (the seats reached by then)."""
        if self.pending is None:
            return
        sent, arrived = self.pending
        self.pending = None
        actor = next((c for c in self.clients if c.acted_at == sent), None)
        if not arrived or actor is None or actor.number not in arrived:
            return
        figures = self.run.figures
        figures.actions += 1
        figures.reached[len(arrived)] += 1
        figures.latencies.append(max(arrived.values()) - sent)
        figures.own.append(arrived[actor.number] - sent)

    def finished(self, client: Client) -> None:
        self.done.add(client.number)
        if len(self.done) == SEATS and not self.busy and not self.run.stopping:
            self.busy = True
            self.run.figures.games += 1
            self.run.tasks.append(asyncio.create_task(self.deal(self.run.next_seed())))

    async def drop(self, number: int) -> None:
        """Close seat ``number``'s socket and open it again (the action under way is not counted)."""
        self.busy, self.pending = True, None
        client = self.clients[number]
        await client.close()
        self.run.figures.reconnects.append(await client.connect())
        self.resume()


class Run:
    """One run of the benchmark over a started :class:`Server`."""

    def __init__(self, server: Server, rooms: int, think_ms: float, seed: int) -> None:
        self.server, self.think, self.rng = server, think_ms / 1000, random.Random(seed)
        self.ws_url = server.url.replace("http://", "ws://")
        self.rooms = [RoomClients(self, i) for i in range(rooms)]
        self.figures = Figures()
        self.stopping = False
        self.tasks: list[asyncio.Task] = []
        self.seed = seed * 10_000
        self.lag: list[float] = []

    def next_seed(self) -> int:
        self.seed += 1
        return self.seed

    async def lag_probe(self) -> None:
        """This process's event-loop lag: how late a 10 ms sleep wakes."""
        while not self.stopping:
            start = time.monotonic()
            await asyncio.sleep(0.01)
            self.lag.append(time.monotonic() - start - 0.01)

    async def dropper(self, seconds: float, drops: int) -> None:
        """``drops`` reconnections spread over the run, each of a random seat of a quiet room."""
        for _ in range(drops):
            await asyncio.sleep(seconds / (drops + 1))
            quiet = [r for r in self.rooms if not r.busy]
            if quiet and not self.stopping:
                room = self.rng.choice(quiet)
                await room.drop(self.rng.randrange(SEATS))


# --- the report ------------------------------------------------------------------------------------
def quantiles(seconds: Sequence[float]) -> str:
    """Median, 95th percentile and max of ``seconds``, in ms."""
    if not seconds:
        return "none"
    ordered = sorted(seconds)
    return (f"median {statistics.median(ordered) * 1000:6.1f} ms, p95 {p95(ordered) * 1000:6.1f} ms, "
            f"max {ordered[-1] * 1000:6.1f} ms")


def p95(seconds: Sequence[float]) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else float("nan")


def line(name: str, value: str) -> None:
    print(f"  {name:34} {value}", flush=True)


async def bench(args: argparse.Namespace, server: Server) -> None:
    run = Run(server, args.rooms, args.think, args.seed)
    memory = {"empty rooms": server.rss_mb()}
    start = time.monotonic()
    made = []
    for room in run.rooms:                       # the games first (the teacher's API), then the seats
        made.append(await asyncio.to_thread(server.add_game, room.index, run.next_seed()))
        room.clients = [Client(room, n, t) for n, t in enumerate(made[-1]["seats"])]
    memory["games made"] = server.rss_mb()
    await asyncio.gather(*(client.connect() for room in run.rooms for client in room.clients))
    frozen = [await freeze(run, game["seats"][0], game["game"]) for game in made] if args.frozen else []
    line("set up", f"{args.rooms} games made and {args.rooms * SEATS} seats connected in "
                   f"{time.monotonic() - start:.1f} s")
    memory["every seat drawn"] = server.rss_mb()
    cpu, mine, begun = server.cpu_seconds(), time.process_time(), time.monotonic()
    for room in run.rooms:
        room.resume(spread=run.rng.random())     # the rooms' first actions spread over one think time
    probes = [asyncio.create_task(run.lag_probe()), asyncio.create_task(run.dropper(args.seconds, args.drops))]
    await asyncio.sleep(args.seconds)
    run.stopping = True
    await asyncio.sleep(0.5)                     # the last actions' drawings
    elapsed, mine = time.monotonic() - begun, time.process_time() - mine
    (ran, waited), (ran_before, waited_before) = server.cpu_seconds(), cpu
    cpu = (ran - ran_before, waited - waited_before)
    for room in run.rooms:
        room.settle()
    memory["end of the run"] = server.rss_mb()
    await asyncio.gather(*probes, *run.tasks)
    for room in run.rooms:
        for client in room.clients:
            await client.close()
    for page in frozen:
        page.transport.abort()
    report(run, elapsed, (*cpu, mine), memory, args)


async def freeze(run: Run, token: str, game: int) -> Any:
    """A second page on ``token``'s seat that reads its first drawing and then never reads again."""
    import socket

    import websockets

    host, port = run.server.url.removeprefix("http://").split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    page = await websockets.connect(f"{run.ws_url}/ws/{token}", sock=raw, max_size=None, max_queue=1,
                                    ping_interval=None,
                                    open_timeout=60)
    await page.recv()
    run.figures.frozen[game] = time.time()
    return page


def report(run: Run, elapsed: float, cpu: tuple[float, float, float], memory: dict[str, float],
           args: argparse.Namespace) -> None:
    """Print the figures; ``cpu``: the server's seconds on a CPU and waiting for one, and the
    clients' CPU seconds."""
    figures = run.figures
    server_cpu, waited, mine = cpu
    rate = figures.actions / elapsed
    reached = sum(n * k for n, k in figures.reached.items()) / max(1, figures.actions)
    line("actions held", f"{rate:.1f} actions/s ({figures.actions} actions in {elapsed:.1f} s; "
                         f"{figures.games} games finished and dealt again)")
    line("action -> last seat's drawing", quantiles(figures.latencies))
    verdict = "met" if p95(figures.latencies) * 1000 < TARGET_MS else "NOT met"
    line(f"target p95 < {TARGET_MS:.0f} ms", f"{verdict} at {args.rooms} rooms, think time {args.think:.0f} ms")
    line("seats reached per action", f"{reached:.2f} of {SEATS} (actions by seats reached: "
                                     f"{dict(sorted(figures.reached.items()))})")
    line("action -> the actor's own drawing", quantiles(figures.own))
    line("server CPU", f"{server_cpu:.1f} s: {server_cpu / elapsed:.2f} cores, {server_cpu / max(1, figures.actions) * 1000:.1f} ms "
                       f"per action; ready but waiting for a CPU {waited:.1f} s ({waited / elapsed:.0%} of the run)")
    empty = memory["empty rooms"]
    for stage, mb in memory.items():
        extra = "" if stage == "empty rooms" else f" (+{(mb - empty) / args.rooms:.2f} MB per room)"
        line(f"server memory, {stage}", f"{mb:.0f} MB{extra}")
    if args.frozen:
        cuts = run.server.cuts()
        after = [cuts[g] - t for g, t in figures.frozen.items() if g in cuts]
        line("frozen pages cut", f"{len(after)} of {len(figures.frozen)}, after they froze: {quantiles(after)}")
    line("reconnection (connect -> drawing)", f"{len(figures.reconnects)} drops: {quantiles(figures.reconnects)}")
    line("errors answered", ", ".join(f"{k} {n}" for k, n in figures.errors.items()) or "none")
    line("clients (this process)", f"CPU {mine / elapsed:.2f} cores; event-loop lag {quantiles(run.lag)}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench rooms", description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=50, help="rooms, each a game of 4 people (default 50)")
    parser.add_argument("--game", help="the game played (default the first registered game of 4 people: Kirifu)")
    parser.add_argument("--seconds", type=float, default=25.0, help="length of the measured run (default 25)")
    parser.add_argument("--think", type=float, default=2000.0,
                        help="mean think time of a seat before it acts, ms (default 2000)")
    parser.add_argument("--drops", type=int, default=20, help="reconnections during the run (default 20)")
    parser.add_argument("--frozen", action="store_true",
                        help="a page in each room that stops reading after its first drawing")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)     # the server's own process
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    game = args.game or default_game()
    if args.serve is not None:
        serve_rooms(args.serve, args.db, game)
        return 0
    print(f"rooms benchmark: {args.rooms} rooms x {SEATS} seats of {game}, {args.rooms * SEATS} WebSockets, "
          f"{args.seconds:g} s, think time {args.think / 2:.0f}-{args.think * 1.5:.0f} ms; {load()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="cardlab-bench-rooms-") as folder:
        server = Server(args.rooms, os.path.join(folder, "rooms.sqlite"), game)
        try:
            asyncio.run(bench(args, server))
        finally:
            server.stop()
    print(f"  {load()}", flush=True)
    return 0
