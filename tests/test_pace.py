"""Searches within their seconds: where the kernels run as plain Python (the site) a hint and a
computer move stop after :data:`cardlab.kernels.pace.SECONDS` of work instead of spending their
whole budget; compiled, they spend the budget, whatever the time."""

from __future__ import annotations

import math
import time

from cardlab.coach import HintSearch
from cardlab.games import trappola
from cardlab.games.trappola.table import TrappolaTable
from cardlab.kernels import pace
from test_coach_widgets import answer_timers


def _position() -> trappola.State:
    state = trappola.new_game(seed=4)
    state.apply(state.legal_actions()[0])
    return state


def test_a_hint_stops_once_its_seconds_are_spent():
    state = _position()
    started = time.perf_counter()
    one = HintSearch(state, seed=1).run(budget=len(state.legal_actions()))   # one playout a choice
    step = time.perf_counter() - started
    started = time.perf_counter()
    search = HintSearch(state, seed=1).run(budget=10**7, seconds=0.3)
    took = time.perf_counter() - started
    assert 1 <= search.done < 10**7 // len(search.actions)
    assert 0.3 <= took < 0.3 + 5 * step + 0.1                # it stops after the step that spends them
    assert search.series(0)[:1] == one.series(0)     # the same playouts, stopped early


def test_without_a_limit_a_hint_spends_its_budget_and_depends_on_its_seed_alone():
    state = _position()
    a = HintSearch(state, seed=2).run(budget=60, seconds=math.inf)
    b = HintSearch(state, seed=2).run(budget=60)               # compiled: no limit by default
    assert pace.SECONDS is None and a.done == b.done == 60 // len(a.actions)
    assert [e.mean for e in a.estimates()] == [e.mean for e in b.estimates()]


def test_the_coach_at_the_table_ends_its_hint_when_its_seconds_are_spent(monkeypatch):
    monkeypatch.setattr(pace, "SECONDS", 0.05)                # as on the plain path, only sooner
    table = TrappolaTable(seed=4, coach=True)
    table.coach.budget, table.coach.position = 10**6, None
    table.coach.refresh()
    answer_timers(table, "coach", limit=400)
    coach = table.coach
    assert coach.ready and 1 <= coach.search.done < 10**6 // len(coach.search.actions)
    assert coach.clock.spent >= 0.05 and "cardlab-hint" in table.view.svg
