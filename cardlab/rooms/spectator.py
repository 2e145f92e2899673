"""A spectator's table (a projector's link): the game drawn from its public view only.

It has what a seat's table offers the server (:attr:`view`, a plain
:class:`~cardlab.tables.screen.Screen` with the drawing, its number and the message; :meth:`panes`;
:meth:`refresh`), but no input: it draws ``state.public_view()`` with the
game's drawing part, which shows no card that any player may not see, and every hand once the
game is over.
"""

from __future__ import annotations

from typing import Any

from ..draw.svg import layout_for
from ..tables.screen import Screen
from ..words import Words

WATCH = Words(
    en={"watching": "Watching {title}: {players}.", "over": "Game over: {winner} won.", "no_winner": "Game over: no winner.",
        "ended": "The teacher ended this game.", "label": "card table, watched (no input)"},
    ja={"watching": "{title}を観戦中：{players}。", "over": "ゲーム終了：{winner}の勝ちです。", "no_winner": "ゲーム終了：勝者なし。",
        "ended": "先生がこのゲームを終えました。", "label": "カードの台（観戦のみ）"},
)


class SpectatorTable:
    """The public table of ``game`` (a :class:`~cardlab.rooms.room.RoomGame`) in ``lang``."""

    def __init__(self, game: Any, lang: str) -> None:
        self.game, self.lang = game, lang
        self.drawing = game.info.part("draw")
        self.view = Screen(lang=lang)
        self.view.label = WATCH.say(lang, "label")
        self.view.observe(lambda _change: self.refresh(0), names="width")
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
        return say("watching", title=self.game.info.title_in(self.lang), players=", ".join(state.players))

    def panes(self) -> list[str]:
        return []
