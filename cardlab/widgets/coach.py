"""The coach at the table (Trappola, Kirifu): a *coach* switch, hints drawn on every legal
choice, refined by browser timers, and a *review* of the game so far.

When the switch is on and it is the reader's turn, a :class:`~cardlab.coach.HintSearch` of the
position starts. Each browser timer ``coach`` (:meth:`GameTable.request_timer`) refines it by a
small step and the table redraws, until the budget is spent; the kernel is never busy for more
than a step, and the reader may move at any time (the search of a position that is gone is
dropped). The coach only computes what to show; the game's drawing shows it
(:meth:`TableCoach.annotations`, handed to its ``table_svg`` as ``annotations``: see
:class:`cardlab.draw.svg.Annotations`): every legal choice with an element of its own in the
drawing (a card, a button) is marked there by a badge with its estimate and interval, the best in
gold; a strip under the table says what the figures measure and lists the best choices (how many
of all, when not all) with the rule behind them (choices with no element of their own, such as an
osoroi group, appear there only).

*Review* searches every decision of the reader since the last review (:func:`cardlab.coach.review`)
and lists those clearly worse than the best choice; *replay* opens the game at such a step.

The coach speaks the table's ``lang`` (:mod:`cardlab.words.coach`): the choices are named as the
game's table names them (``play the 2 of cups``, ``cut 9♥ with 10♥``) and the reasons behind them
(citing rule IDs) are in the same language; the action texts (``play 2C``) stay in the data only
(the badges' ``data-hint``).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Callable

import ipywidgets as w

from ..coach import Estimate, HintSearch, review
from ..draw import svg
from .. import pace
from ..records import record_of
from ..words.coach import WORDS, amount, figure
from .replay import replay

if TYPE_CHECKING:
    from .table import GameTable

STEPS = 6            # a search reaches its budget in this many timer steps
SHOWN = 5            # the strip lists the best choices, this many at most
STRIP_ROOM = 2 + 2 * SHOWN  # the strip's lines the drawing keeps room for: its head and SHOWN choices, two lines each
DELAY_MS = 40        # between two steps: the browser answers, the kernel stays free for clicks


class TableCoach:
    """The coach of ``table`` (a :class:`~cardlab.widgets.table.GameTable`). ``target_of`` maps
    an action text to the ``data-target`` of its element in the drawing (default: the same text)
    or to a list of targets, the first its own, the others of elements that stand for several
    choices (Kirifu's passed card: its cuts and its taking in), marked with the best of them;
    ``on``: the switch's first position; ``seed``: the searches' (plus the number of actions so far).
    The words are in ``table.lang``, which the table sets before it makes its coach."""

    def __init__(self, table: "GameTable", on: bool = False, seed: int = 0, budget: int | None = None,
                 target_of: Callable[[str], str | list[str]] = str) -> None:
        self.table, self.seed, self.budget, self.target_of = table, seed, budget, target_of
        self.search: HintSearch | None = None
        self.position: tuple[int, int] | None = None
        self.clock = pace.Pace()            # the seconds the search of the position has spent
        self.reviewed = 0
        say = self.say
        self.switch = w.ToggleButton(value=on, description=say("switch"), icon="lightbulb-o",
                                     tooltip=say("switch_tip"))
        self.switch.add_class("cardlab-coach")
        self.switch.observe(self._toggled, names="value")
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

    def say(self, key: str, **fields: object) -> str:
        """The coach's text ``key`` in the table's language."""
        return WORDS.say(self.table.lang, key, **fields)

    # --- the search ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """After a move or a new game: start a search of the reader's position (coach on), or
        forget the search of a position that is gone."""
        table, state = self.table, self.table.state
        key = (table.games, len(state.history))
        if not self.switch.value or state.is_over or state.current_player != table.you:
            self.search, self.position = None, None
            table.cancel_timers("coach")
            return
        if key == self.position:
            return
        table.cancel_timers("coach")
        self.position = key
        self.search = HintSearch(state, seed=self.seed + len(state.history))
        total = self.search.playouts.default_budget if self.budget is None else self.budget
        self.target = max(1, total // len(self.search.actions))
        self.clock = pace.Pace()
        self.step_size = 1 if self.clock.seconds else max(1, -(-self.target // STEPS))
        table.request_timer(DELAY_MS, "coach")

    def on_timer(self) -> None:
        """A ``coach`` timer: one more step of the search (the table redraws after it)."""
        if self.search is None or self.position != (self.table.games, len(self.table.state.history)):
            return
        with self.clock.timing():
            self.search.step(min(self.step_size, self.target - self.search.done))
        if self.clock.seconds:            # plain Python (the site): a hint within its seconds,
            rate = self.search.done / max(self.clock.spent, 1e-6)        # in steps sized to its pace
            self.step_size = max(1, int(rate * self.clock.seconds / STEPS))
            if self.clock.over:
                self.target = self.search.done
        if self.search.done < self.target:
            self.table.request_timer(DELAY_MS, "coach")

    @property
    def ready(self) -> bool:
        """Whether the search of the position shown has spent its budget."""
        return self.search is not None and self.search.done >= self.target

    def _toggled(self, _change: object) -> None:
        self.refresh()
        self.table.redraw()

    # --- what the drawing shows ----------------------------------------------------------------
    def annotations(self) -> svg.Annotations | None:
        """What the table's drawing marks, for its ``annotations`` argument: None with the coach
        off; else a badge by target (each choice's estimate and interval on its element, the best
        choice of an element when it stands for several, the best of all in gold) and the strip of
        the best choices, both empty until the search has made its first step (the drawing leaves
        room for the badges and the strip's lines all the same)."""
        if not self.switch.value:
            return None
        if self.search is None or not self.search.done:
            return svg.Annotations(room=STRIP_ROOM)
        estimates = self.search.estimates()
        best = self.search.best()
        sign = 1 if best.higher_is_better else -1
        badges: dict[str, svg.Badge] = {}
        for e in sorted(estimates, key=lambda e: -sign * e.mean):  # the best choice of an element first
            mean, half = e.label().split(" ")
            if e.exact:
                half = self.say("exact")
            badge = svg.Badge(e.text, (mean, half), best=e.action == best.action)
            targets = self.target_of(e.text)
            for target in [targets] if isinstance(targets, str) else targets:
                badges.setdefault(target, badge)
        return svg.Annotations(badges, tuple(self._strip(estimates, best)), room=STRIP_ROOM)

    def _strip(self, estimates: list[Estimate], best: Estimate) -> list[str]:
        sign = 1 if best.higher_is_better else -1
        ranked = sorted(estimates, key=lambda e: -sign * e.mean)[:SHOWN]
        lang = self.table.lang
        shown = self.say("shown", k=len(ranked), n=len(estimates)) if len(ranked) < len(estimates) else ""
        lines = [self.say(f"strip:{self.search.playouts.method}", measure=self.say(f"measure:{best.unit}"),
                          n=self.search.done, shown=shown, refining="" if self.ready else self.say("refining"))]
        for e in ranked:
            mean, low, high = e.figures()
            lines.append(self.say("line", mark="★" if e.action == best.action else "·", choice=e.words.say(lang),
                                  mean=mean, interval=self.say("exact") if e.exact else
                                  self.say("interval", low=low, high=high),
                                  why=self.say("why", reason=e.reasons[0].say(lang)) if e.reasons else ""))
        return lines

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

