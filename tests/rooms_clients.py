"""WebSocket clients of a room server for its tests (the ``websockets`` package's own client):
a seat's connection that keeps the seat's latest drawing, and the moves of a game driven by them.
Each waits for a message; its time limit is only how long to wait before failing (generous: a
loaded machine is slow, not wrong)."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import connect

ANSWERS = ("draw", "ok", "error")     # every frame is answered by one of these (timers come besides)


def ws_url(http_url: str, token: str, lang: str = "en") -> str:
    """The seat socket of ``token`` on the server at ``http_url``."""
    return http_url.replace("http://", "ws://", 1) + f"/ws/{token}" + ("?lang=ja" if lang == "ja" else "")


class SeatClient:
    """One connection on one seat: every message it got (``raw``: the frames' text as sent), and
    the seat's latest drawing (``draw``)."""

    def __init__(self, http_url: str, token: str, lang: str = "en") -> None:
        self.url = ws_url(http_url, token, lang)
        self.raw: list[str] = []
        self.draw: dict[str, Any] | None = None
        self.ws = connect(self.url, open_timeout=60, max_size=2**24, legacy=True)
        self.draw = self.expect("draw")

    def recv(self, timeout: float = 60.0) -> dict[str, Any]:
        """The next message (a drawing is kept as the latest); ``TimeoutError`` if none comes."""
        text = self.ws.recv(timeout=timeout)
        self.raw.append(text)
        message = json.loads(text)
        if message["type"] == "draw":
            self.draw = message
        return message

    def answer(self, timeout: float = 60.0) -> dict[str, Any]:
        """The next answer to a frame (timers the table asked for are skipped)."""
        while True:
            message = self.recv(timeout)
            if message["type"] in ANSWERS:
                return message

    def expect(self, kind: str, timeout: float = 60.0) -> dict[str, Any]:
        message = self.answer(timeout)
        assert message["type"] == kind, message
        return message

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def ask(self, message: dict[str, Any] | str | bytes) -> dict[str, Any]:
        """Send one frame and return its answer."""
        self.send(message)
        return self.answer()

    def act(self, action: str) -> dict[str, Any]:
        """Take ``action`` (its record text) on the drawing shown; the answer."""
        assert self.draw is not None
        return self.ask({"type": "act", "action": action, "seq": self.draw["seq"]})

    def drain(self) -> None:
        """Read what has arrived already."""
        try:
            while True:
                self.recv(timeout=0)
        except TimeoutError:
            pass

    @property
    def to_move(self) -> bool:
        return bool(self.draw and self.draw["legal"] and not self.draw["over"])

    def close(self) -> None:
        self.ws.close()


def wait_for_mover(clients: list[SeatClient], timeout: float = 120.0) -> SeatClient | None:
    """The client of a game whose seat is to move, once its drawing says so (the other seats'
    drawings arrive after the actor's answer); None when the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for client in clients:
            client.drain()
        movers = [c for c in clients if c.to_move]
        if movers:
            assert len(movers) == 1, "two seats are told it is their turn"
            return movers[0]
        if any(c.draw and c.draw["over"] for c in clients):
            return None
        time.sleep(0.005)
    raise TimeoutError("no seat of the game was told it is its turn")
