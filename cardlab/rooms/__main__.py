"""``python -m cardlab.rooms`` (``make room``): a room server from the command line.

    python -m cardlab.rooms                          # the rooms of cardlab-rooms.sqlite, on 127.0.0.1:8765
    python -m cardlab.rooms --game kirifu --seats Aiko,Ben,Chie,computer
    python -m cardlab.rooms --classroom              # on this machine's network addresses too

It prints the address of each room's teacher's page (make games, see who is connected, print the
join links' QR codes, end or restart a game, download the records: :mod:`cardlab.rooms.teacher`),
its teacher's token, every person's seat link and the spectators' links, then serves until Ctrl-C
(or until it is killed: the rooms are in the database, and the next start resumes them). Started
again the same way, it adds no second game: ``--game`` adds one only if the room has no game of
that game, rules and seats (and seed, if given) yet.
"""

from __future__ import annotations

import argparse
import signal
import threading

from . import COMPUTER, DEFAULT_DB, RoomHandle, serve


def same_game(handle: RoomHandle, game: str, seats: int | list[str], rules: str | None, seed: int | None) -> int | None:
    """The number of a game of ``handle``'s room made from the same options, else None."""
    with handle.server.lobby.lock:
        for made in handle.room.games:
            names = [s.name if s.kind != COMPUTER else COMPUTER for s in made.seats]
            wanted = [f"Player {i + 1}" for i in range(seats)] if isinstance(seats, int) else list(seats)
            if (made.info.name == game and names == wanted and (rules is None or made.state.rules.name == rules)
                    and (seed is None or made.state.seed == seed)):
                return made.id
    return None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardlab.rooms", description="A cardlab room server.")
    parser.add_argument("--db", default=DEFAULT_DB, help=f"the SQLite file of the rooms (default {DEFAULT_DB})")
    parser.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0: a free one)")
    parser.add_argument("--classroom", action="store_true", help="listen on the network too, not only 127.0.0.1")
    parser.add_argument("--room", default="Class", help="the room to open (made if new; default 'Class')")
    parser.add_argument("--game", help="add a game of this game to the room (cleopatra, trappola, kirifu …)")
    parser.add_argument("--seats", default="2", help="its seats: a number of people, or names and 'computer', "
                                                     "comma-separated")
    parser.add_argument("--rules", help="its rules preset (default the game's first)")
    parser.add_argument("--seed", type=int, help="its deal's seed (default random)")
    args = parser.parse_args(argv)
    server = serve(args.db, port=args.port, classroom=args.classroom)
    room = server.room(args.room)
    if args.game:
        seats = int(args.seats) if args.seats.isdigit() else args.seats.split(",")
        same = same_game(room, args.game, seats, args.rules, args.seed)
        if same is None:
            room.add_game(args.game, seats, rules=args.rules, seed=args.seed)
        else:
            print(f"room {args.room!r} has that game already (game {same}): not added again", flush=True)
    print(f"cardlab rooms at {server.url} (kept in {args.db})", flush=True)
    for handle in server.rooms():
        print(f"room {handle.room.name!r}: teacher's token {handle.room.teacher}", flush=True)
        print(f"  teacher's page: {handle.page()}", flush=True)
        for (game, seat), link in handle.links().items():
            print(f"  game {game} seat {seat}: {link}", flush=True)
        for made in handle.room.games:
            print(f"  game {made.id} spectators: {handle.watch_link(made)}", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    server.stop()


if __name__ == "__main__":
    main()
