"""A spectator's table (a projector's link): the game drawn from its public view only.

It has what a seat's table offers the server (:attr:`view` with the drawing, its number and the
message; :meth:`panes`; :meth:`refresh`), but no input: it draws ``state.public_view()`` with the
game's drawing part, which shows no card that any player may not see, and every hand once the
game is over.
"""

from __future__ import annotations

from typing import Any

from ..draw.svg import layout_for
from ..words import TABLE, Words

WATCH = Words(
    en={"watching": "Watching {title}: {players}.", "over": "Game over: {winner} won.", "no_winner": "Game over: no winner.",
        "ended": "The teacher ended this game.", "label": "card table, watched (no input)"},
    ja={"watching": "{title}を観戦中：{players}。", "over": "ゲーム終了：{winner}さんの勝ちです。", "no_winner": "ゲーム終了：勝者なし。",
        "ended": "先生がこのゲームを終えました。", "label": "カードの台（観戦のみ）"},
)


class Shown:
    """The drawing, its number and the message, as a seat's ``TableView`` holds them; setting
    ``width`` redraws through ``on_width``."""

    def __init__(self, lang: str, on_width: Any) -> None:
        self.svg, self.seq, self.status, self.focus, self.lang = "", 0, "", "", lang
        self.label = WATCH.say(lang, "label")
        self.focus_label = TABLE.say(lang, "view_on", name="{name}")
        self._width, self._on_width = 0, on_width

    @property
    def width(self) -> int:
        return self._width

    @width.setter
    def width(self, value: int) -> None:
        self._width = value
        self._on_width()

    def draw(self, svg: str, status: str) -> None:
        if svg != self.svg:
            self.seq += 1
        self.svg, self.status = svg, status


class SpectatorTable:
    """The public table of ``game`` (a :class:`~cardlab.rooms.room.RoomGame`) in ``lang``."""

    def __init__(self, game: Any, lang: str) -> None:
        self.game, self.lang = game, lang
        self.drawing = game.info.part("draw")
        self.view = Shown(lang, lambda: self.refresh(0))
        self.refresh(0)

    def refresh(self, _start: int) -> None:
        """Draw the game as it is now."""
        state, draw = self.game.state, self.drawing
        layout = layout_for(self.view.width, draw.WIDE_WIDTH, getattr(draw, "NARROW_WIDTH", None))
        self.view.draw(draw.table_svg(state.public_view(), layout=layout, lang=self.lang), self._status())

    def _status(self) -> str:
        state, say = self.game.state, lambda key, **f: WATCH.say(self.lang, key, **f)
        if not self.game.on:
            return say("ended")
        if state.is_over:
            winner = state.outcome.winner
            return say("no_winner") if winner is None else say("over", winner=state.players[winner])
        return say("watching", title=self.game.info.title, players=", ".join(state.players))

    def panes(self) -> list[str]:
        return []
