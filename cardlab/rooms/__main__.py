"""``python -m cardlab.rooms`` (``make room``): a room server from the command line.

    python -m cardlab.rooms                          # the rooms of cardlab-rooms.sqlite, on 127.0.0.1:8765
    python -m cardlab.rooms --game kirifu --seats Aiko,Ben,Chie,computer
    python -m cardlab.rooms --classroom              # on this machine's network addresses too

It prints each room's teacher's token and every person's seat link, then serves until Ctrl-C (or
until it is killed: the rooms are in the database, and the next start resumes them).
"""

from __future__ import annotations

import argparse
import signal
import threading

from . import DEFAULT_DB, serve


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
        room.add_game(args.game, seats, rules=args.rules, seed=args.seed)
    print(f"cardlab rooms at {server.url} (kept in {args.db})", flush=True)
    for handle in server.rooms():
        print(f"room {handle.room.name!r}: teacher's token {handle.room.teacher}", flush=True)
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
