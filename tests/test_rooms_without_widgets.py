"""A room server needs no widget library (issue 37): its seats are the games' table controllers
(:mod:`cardlab.tables`) on plain screens, never ipywidgets tables. In a fresh interpreter where
ipywidgets, anywidget and traitlets cannot be imported (a meta-path finder refuses them, as if
they were not installed), a server starts and every game is played at it over real WebSockets:
clicks and keys routed by the controllers, actions, stale drawings refused, the other seat
redrawn."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cardlab.games import BUILTIN

TESTS = Path(__file__).parent
BLOCKED = ("ipywidgets", "anywidget", "traitlets")

SCRIPT = r'''
import json, sys

class NotInstalled:
    """Refuses the widget libraries, as an interpreter without them would."""
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)", name=name)
        return None

BLOCKED = tuple(json.loads(sys.argv[1]))
sys.meta_path.insert(0, NotInstalled())
try:
    import ipywidgets  # noqa: F401
    sys.exit("the blocker let ipywidgets through")
except ModuleNotFoundError:
    pass

import cardlab.rooms
from cardlab.registry import game_info
from rooms_clients import SeatClient, wait_for_mover

server = cardlab.rooms.serve(":memory:")
played = {}
try:
    room = server.room("no widgets")
    for name in json.loads(sys.argv[2]):
        rules = next(iter(game_info(name).presets.values()))
        game = room.add_game(name, getattr(rules, "players", 2), seed=3)
        clients = [SeatClient(server.url, seat.token) for seat in game.seats]
        first = clients[0].draw
        # a click on a drawing no longer shown is dropped by the seat's controller (nothing changes)
        stale = clients[0].ask({"type": "click", "target": "x", "seq": first["seq"] - 1, "t": 1})
        assert stale == {"type": "ok", "seq": first["seq"]} and game.state.history == [], stale
        # a key routed by the controller: the arrow moves the keyboard's focus (no action)
        mover = game.state.current_player
        clients[mover].ask({"type": "key", "key": "ArrowRight", "seq": clients[mover].draw["seq"], "t": 1})
        for _ in range(4):
            client = wait_for_mover(clients)
            if client is None:
                break
            answer = client.ask({"type": "act", "action": client.draw["legal"][0], "seq": client.draw["seq"]})
            assert answer["type"] == "draw", answer
        others = [c for i, c in enumerate(clients) if c.draw["seq"] != first["seq"]]
        played[name] = {"actions": len(game.state.history), "redrawn": len(others), "seats": len(clients)}
        for client in clients:
            client.close()
finally:
    server.stop()
print(json.dumps({"played": played, "loaded": sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED)}))
'''


def test_a_room_server_plays_every_game_with_no_widget_library_installed():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(BLOCKED), json.dumps(BUILTIN)],
                          capture_output=True, text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["loaded"] == []
    assert sorted(report["played"]) == sorted(BUILTIN)
    for name, game in report["played"].items():
        assert game["actions"] >= 1, name               # the seats' actions went through
        assert game["redrawn"] == game["seats"], name  # every seat's page got a new drawing
