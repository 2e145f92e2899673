"""Kirifu at the notebook table: :class:`~cardlab.games.kirifu.controller.KirifuController` as a
widget (the sort switch, the log, the places sheet and the coach's switch and review as widgets),
or the replay of a record (:func:`replay`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from . import engine as kirifu
from .controller import KirifuController
from .words import say
from cardlab.tables.controls import link
from cardlab.widgets.coach import TableCoach
from cardlab.widgets.replay import replay
from cardlab.widgets.table import GameTable, linked_html

__all__ = ["KirifuTable", "replay"]


class KirifuTable(KirifuController, GameTable[kirifu.State]):
    """You (seat 0) against computer players in a notebook; the arguments are
    :class:`~cardlab.games.kirifu.controller.KirifuController`'s (``computers``, ``rules``,
    ``seed``, ``bot``, ``coach``, ``lang``)."""

    coach_class = TableCoach
    coach: TableCoach

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        KirifuController.__init__(self, *args, **kwargs)
        sorting = link(w.ToggleButton(icon="sort-amount-asc", description=say(self.lang, "sorted"),
                                      tooltip=say(self.lang, "sorted_tip")), self.sorting)
        sorting.add_class("cardlab-kirifu-sort")
        self.sorting = sorting
        self.log_panel = linked_html(self.log_panel, "cardlab-kirifu-log")
        self.sheet = linked_html(self.sheet, "cardlab-kirifu-sheet")
        switches = w.HBox([self.coach.switch, sorting], layout=w.Layout(flex_flow="row wrap"))
        self.show(settings=[switches], below=[self.sheet, self.log_panel, self.coach.panel])
        self.add_class("cardlab-kirifu")
