"""The coach at the notebook's table (Trappola, Kirifu): the *coach* switch as a widget, and a
*review* of the game so far, over the table's :class:`~cardlab.tables.coach.CoachStrip` (the hints
on the drawing and the strip under it).

*Review* searches every decision of the reader since the last review (:func:`cardlab.coach.review`)
and lists those clearly worse than the best choice; *replay* opens the game at such a step.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..coach import review
from ..records import record_of
from ..tables.coach import CoachStrip
from ..tables.controls import link
from ..words.coach import amount, figure
from .replay import replay

if TYPE_CHECKING:
    from ..tables.controller import TableController


class TableCoach(CoachStrip):
    """The coach of ``table`` with its widgets: the switch (linked to :attr:`CoachStrip.switch`),
    *review*, its report, and the replay of a reviewed step (:attr:`panel`). The arguments are
    :class:`CoachStrip`'s."""

    def __init__(self, table: "TableController[Any]", on: bool = False, seed: int = 0, budget: int | None = None,
                 target_of: Callable[[str], str | list[str]] = str) -> None:
        super().__init__(table, on=on, seed=seed, budget=budget, target_of=target_of)
        self.reviewed = 0
        say = self.say
        self.switch = link(w.ToggleButton(description=say("switch"), icon="lightbulb-o",
                                          tooltip=say("switch_tip")), self.switch)
        self.switch.add_class("cardlab-coach")
        self.review_button = w.Button(description=say("review"), icon="search", tooltip=say("review_tip"))
        self.review_button.add_class("cardlab-coach-review")
        self.review_button.on_click(lambda _button: self.show_review())
        self.report = w.HTML()
        self.report.add_class("cardlab-coach-report")
        self.steps = w.Dropdown(description=say("replay_at"), options=[])
        self.replay_button = w.Button(description=say("replay"), icon="play")
        self.replay_button.add_class("cardlab-coach-replay")
        self.replay_button.on_click(lambda _button: self.show_replay())
        self.replayer = w.VBox()
        self.panel = w.VBox([w.HBox([self.review_button]), self.report, self.replayer])

    # --- the review ---------------------------------------------------------------------------
    def show_review(self) -> None:
        """Review the reader's decisions since the last review; list the clearly worse ones."""
        state = self.table.state
        self.record = record_of(state, players=list(state.players))
        frame = review(self.record, player=self.table.you, budget=self.budget, seed=self.seed,
                       start=self.reviewed, lang=self.table.lang, progress=False)
        self.reviewed = len(state.history)
        if frame.empty:
            self.report.value = f"<p>{html.escape(self.say('nothing_worse'))}</p>"
            self.steps.options = []
            self.panel.children = [w.HBox([self.review_button]), self.report, self.replayer]
            return
        rows = "".join(f"<tr><td>{r.step}</td><td>{html.escape(r.chosen)}</td><td>{html.escape(r.best)}</td>"
                       f"<td>{html.escape(figure(self.table.lang, r.unit, r.loss))}"
                       f" {self.say('interval', low=amount(r.unit, r.loss_low), high=amount(r.unit, r.loss_high))}</td>"
                       f"<td>{html.escape(r.why)}</td></tr>" for r in frame.itertuples())
        head = "".join(f"<th>{html.escape(self.say(key))}</th>"
                       for key in ("col_step", "col_chosen", "col_best", "col_loss", "col_why"))
        self.report.value = f"<table class='cardlab-review'><tr>{head}</tr>{rows}</table>"
        self.steps.options = [(self.say("step", n=s), s) for s in frame["step"]]
        self.panel.children = [w.HBox([self.review_button, self.steps, self.replay_button]), self.report,
                               self.replayer]

    def show_replay(self) -> None:
        """The recorded game at the chosen step (the position before the reviewed decision) and
        after it, seen by the reader."""
        step = self.steps.value
        if step is not None:
            self.replayer.children = [replay(self.record, player=self.table.you, at=[step, step + 1])]

