"""``GameTable``: a table's controller in a notebook, as a widget.

:class:`~cardlab.tables.controller.TableController` owns what a table does between a drawing and
an action (numbered drawings, stale clicks, keys, timers, messages, the computer's moves). This
is its notebook transport: it draws on a :class:`~cardlab.widgets.view.TableView`, which the
browser updates and reports to, and puts the table in a ``VBox`` with the widgets of its settings
above, those of its panes below and the *New game* button. A game's table subclasses its own
controller and this (``class KirifuTable(KirifuController, GameTable)``): it links real widgets
to the controller's settings and panes (:func:`cardlab.tables.controls.link`) and calls
:meth:`GameTable.show`. A table made in a notebook with no controller of its own (a reader's game)
subclasses ``GameTable`` alone, whose ``__init__`` makes both.
"""

from __future__ import annotations

from typing import Any, Iterable

import ipywidgets as w

from ..game import S
from ..tables.controller import TableController
from ..tables.controls import link
from ..words import TABLE
from .stored import StoredLine
from .view import TableView

__all__ = ["GameTable", "linked_html"]


class GameTable(StoredLine, TableController[S], w.VBox):
    """A game against computer players in a notebook (see :class:`TableController`).

    ``settings``: widgets shown above the table (rules, seed …); ``below``: widgets shown between
    the table and the New game button (a score sheet …). Subclasses call :meth:`new_game` at the
    end of their ``__init__``.
    """

    def __init__(self, settings: Iterable[w.Widget] = (), below: Iterable[w.Widget] = (),
                 lang: str = "en") -> None:
        TableController.__init__(self, lang=lang)
        self.show(settings, below)

    def make_screen(self) -> TableView:
        return TableView(lang=self.lang)

    def show(self, settings: Iterable[w.Widget] = (), below: Iterable[w.Widget] = ()) -> None:
        """Make the widget: ``settings`` above the table's view, ``below`` under it, then New game."""
        label = TABLE.say(self.lang, "new_game")
        self.new_button = w.Button(description=TABLE.say(self.lang, "new_game_key"), icon="refresh", tooltip=label,
                                   layout=w.Layout(width="auto"))     # its words decide its width, in every language
        self.new_button.add_class("cardlab-new-game")
        self.new_button.on_click(lambda _button: self.new_game())
        self.below = list(below)
        w.VBox.__init__(self, [*settings, self.view, *self.below, self.new_button])
        self.add_class("cardlab-table-root")

    def _reword(self, change: dict[str, Any]) -> None:
        """The page's pointer became known: the New game button names its key N only where there
        is a keyboard, as the table's words do."""
        self.new_button.description = TABLE.say_touch(self.lang, "new_game_key", self.touch)
        super()._reword(change)


def linked_html(pane: Any, css_class: str) -> w.HTML:
    """An HTML widget showing ``pane`` (a controller's pane, kept equal to it), with ``css_class``."""
    widget = link(w.HTML(), pane)
    widget.add_class(css_class)
    return widget
