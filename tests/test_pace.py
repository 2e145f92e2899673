"""Searches within their seconds: where the kernels run as plain Python (the site) a hint and a
computer move stop after :data:`cardlab.pace.SECONDS` of work instead of spending their
whole budget; compiled, they spend the budget, whatever the time."""

from __future__ import annotations

import math
import time

from cardlab.coach import HintSearch
from cardlab.games import trappola
from cardlab.games.trappola.table import TrappolaTable
from cardlab import pace
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


def test_spend_plays_in_one_call_without_a_limit_and_in_rounds_within_one():
    calls: list[int] = []

    def play(worlds: int) -> list[float]:
        calls.append(worlds)
        time.sleep(0.01 * worlds)
        return [1.0 * worlds, 2.0 * worlds]

    assert pace.spend(play, 40, math.inf) == [40.0, 80.0] and calls == [40]
    calls.clear()
    totals = pace.spend(play, 10**6, 0.2)
    assert calls[0] == 1 and totals == [sum(calls), 2.0 * sum(calls)] and 1 < sum(calls) < 10**6
    assert sum(calls) * 0.01 < 0.2 + 0.2 / 5 * 2 + 0.05          # a round of about a fifth of the seconds


def test_the_search_players_move_within_their_seconds_and_play_their_budget_without_a_limit():
    """The search players and the solving player (Trappola's table default)."""
    from cardlab.games import kirifu
    from cardlab.games.kirifu.bots import SearchBot as KirifuSearch
    from cardlab.games.trappola.bots import SearchBot as TrappolaSearch, SolverBot

    state = trappola.new_game(seed=4)
    while len(state.legal_actions()) < 2 or state.phase == trappola.EXCHANGE:
        state.apply(state.legal_actions()[0])
    k = kirifu.new_game(seed=3)
    for bot_class, position in ((TrappolaSearch, state), (KirifuSearch, k)):
        assert bot_class(1).choose(position) == bot_class(1, seconds=math.inf).choose(position)
        started = time.perf_counter()
        bot_class(1, budget=10**7, seconds=0.2).choose(position)
        assert time.perf_counter() - started < 1.0
    assert SolverBot(1).choose(state) == SolverBot(1, seconds=math.inf).choose(state)
    started = time.perf_counter()
    SolverBot(1, worlds=10**7, seconds=0.2).choose(state)        # the worlds solved one at a time
    assert time.perf_counter() - started < 1.0
