"""Trappola at the notebook table: :class:`~cardlab.games.trappola.controller.TrappolaController`
as a widget (its score sheet, its log and the coach's switch and review as widgets), or the
replay of a record (:func:`replay`)::

    >>> table = TrappolaTable(seed=5, lang="ja")
    >>> table.choices()
    ['exchange', 'keep']
"""

from __future__ import annotations

from typing import Any

from . import engine as trappola
from .controller import TrappolaController
from cardlab.widgets.coach import TableCoach
from cardlab.widgets.replay import replay
from cardlab.widgets.table import GameTable, linked_html

__all__ = ["TrappolaTable", "replay"]


class TrappolaTable(TrappolaController, GameTable[trappola.State]):
    """You (seat ``you``) against the computer in a notebook; the arguments are
    :class:`~cardlab.games.trappola.controller.TrappolaController`'s (``rules``, ``seed``, ``bot``,
    ``you``, ``names``, ``coach``, ``lang``, ``sort``)."""

    coach_class = TableCoach
    coach: TableCoach

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        TrappolaController.__init__(self, *args, **kwargs)
        self.sheet = linked_html(self.sheet, "cardlab-sheet")
        self.game_log = linked_html(self.game_log, "cardlab-log")
        self.show(settings=[self.coach.switch], below=[self.sheet, self.game_log, self.coach.panel])
        self.add_class("cardlab-trappola")
