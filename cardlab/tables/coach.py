"""The coach at the table (Trappola, Kirifu), without widgets: hints drawn on every legal choice,
refined by timers, and the strip under the drawing that says what they mean.

When the coach is on and it is the reader's turn, a :class:`~cardlab.coach.HintSearch` of the
position starts. Each timer ``coach`` (:meth:`TableController.request_timer`) refines it by a
small step and the table redraws, until the budget is spent; the kernel is never busy for more
than a step, and the reader may move at any time (the search of a position that is gone is
dropped). The coach only computes what to show; the game's drawing shows it
(:meth:`CoachStrip.annotations`, handed to its ``table_svg`` as ``annotations``: see
:class:`cardlab.draw.svg.Annotations`): every legal choice with an element of its own in the
drawing (a card, a button) is marked there by a badge with its estimate and interval, the best in
gold; a strip under the table says what the figures measure and lists the best choices (how many
of all, when not all) with the rule behind them (choices with no element of their own, such as an
osoroi group, appear there only).

The coach speaks the table's ``lang`` (:mod:`cardlab.words.coach`): the choices are named as the
game's table names them (``play the 2 of cups``, ``cut 9♥ with 10♥``) and the reasons behind them
(citing rule IDs) are in the same language; the action texts (``play 2C``) stay in the data only
(the badges' ``data-hint``). The notebook's coach (:class:`cardlab.widgets.coach.TableCoach`) adds
its switch as a widget and the review of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..coach import Estimate, HintSearch
from ..draw import svg
from .. import pace
from ..words.coach import WORDS
from .controls import Setting

if TYPE_CHECKING:
    from .controller import TableController

STEPS = 6            # a search reaches its budget in this many timer steps
SHOWN = 5            # the strip lists the best choices, this many at most
STRIP_ROOM = 2 + 2 * SHOWN  # the strip's lines the drawing keeps room for: its head and SHOWN choices, two lines each
DELAY_MS = 40        # between two steps: the browser answers, the kernel stays free for clicks


class CoachStrip:
    """The coach of ``table`` (a :class:`~cardlab.tables.controller.TableController`). ``target_of`` maps
    an action text to the ``data-target`` of its element in the drawing (default: the same text)
    or to a list of targets, the first its own, the others of elements that stand for several
    choices (Kirifu's passed card: its cuts and its taking in), marked with the best of them;
    ``on``: the first value of :attr:`switch` (the coach on); ``seed``: the searches' (plus the
    number of actions so far). The words are in ``table.lang``, which the table sets before it
    makes its coach."""

    def __init__(self, table: "TableController[Any]", on: bool = False, seed: int = 0, budget: int | None = None,
                 target_of: Callable[[str], str | list[str]] = str) -> None:
        self.table, self.seed, self.budget, self.target_of = table, seed, budget, target_of
        self.search: HintSearch | None = None
        self.position: tuple[int, int] | None = None
        self.clock = pace.Pace()            # the seconds the search of the position has spent
        self.switch: Any = Setting(on)
        self.switch.observe(self._toggled, names="value")

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
        assert self.search is not None
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
