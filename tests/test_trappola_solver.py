"""The exact Trappola solver (cardlab.games.trappola.solver) equals a minimax over the engine itself:
every legal card's value, on random positions of every size, with a trick open or not, under the
card points (T2, T15), the 2s (T12), the last trick (T13), the closing streak (T14) and the
declarations (T7–T9, decided apart: declaring at once is dominant); the compiled and plain paths
agree; the engine scores the solver's line as the solver said."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import numpy as np

from cardlab.games.trappola import solver
from cardlab.games.trappola.engine import (EXCHANGE, FOUR_TWOS_104, OVER, SINGLE_DEAL, State, make_deal,
                                           new_game)
from cardlab.games.trappola.kernel_search import INDEX
from cardlab.games.trappola.kernel_solver import new_table, root_values
from cardlab.games.trappola.scoring import DECLARABLE
from cardlab.sim import quick
from engine_checks import plain_python_result


def random_position(seed: int, size: int, open_trick: bool, rules=SINGLE_DEAL) -> State:
    """A deal played at random to ``size`` cards a hand (one more led, with ``open_trick``); the
    seats declare at random, but a leader of the open trick has declared all it could (T7)."""
    rng = random.Random(seed)
    g = new_game(rules, seed=seed)
    while g.phase == EXCHANGE:
        g.apply(rng.choice(g.legal_actions()))
    target = 2 * (9 - size) + open_trick
    played = 0
    while played < target:
        declare = [a for a in g.legal_actions() if a.startswith("declare")]
        if declare and (rng.random() < 0.5 or (played == target - 1 and not g.trick)):
            g.apply(declare[0])
            continue
        g.apply(rng.choice([a for a in g.legal_actions() if a.startswith("play")]))
        played += 1
    return g


def banked(g: State) -> int:
    """Seat 0's points of the deal so far minus seat 1's: tricks (T2, T12) and declarations made."""
    pts = list(g.deal_points())
    for d in g.declared:
        pts[d.player] += d.value
    return pts[0] - pts[1]


def key(g: State) -> tuple:
    """Everything the rules read of the position and its past: hands, trick, turn, the last
    tricks' winners and 2s (T14), and for each rank a seat may still declare (three or more held,
    not declared): whether the seat has played one (T7) and which seats took one (T8)."""
    open_ranks = {(p, r) for p in (0, 1) for r in DECLARABLE
                  if sum(c.rank == r for c in g.hands[p]) >= 3
                  and not any(d.player == p and d.rank == r for d in g.declared)}
    past = frozenset((p, r, any(t.card_of(p).rank == r for t in g.tricks),
                      frozenset(t.winner for t in g.tricks for c in t.cards if c.rank == r))
                     for p, r in open_ranks)
    return (frozenset(g.hands[0]), frozenset(g.hands[1]), tuple(g.trick), g.to_move, past,
            tuple((t.winner, t.winning_card.rank == "2") for t in g.tricks[-4:]))


def final(g: State, memo: dict) -> int:
    """Seat 0's deal total minus seat 1's with best play by both from ``g`` (every action,
    declaring or not), by apply/undo in the engine."""
    if g.phase == OVER:
        return g.scores[0] - g.scores[1]
    k, now = key(g), banked(g)
    if k not in memo:
        values = []
        for action in g.legal_actions():
            g.apply(action)
            values.append(final(g, memo))
            g.undo()
        memo[k] = (max(values) if g.to_move == 0 else min(values)) - now
    return now + memo[k]


def engine_values(g: State) -> tuple[dict, int]:
    """By the engine: each card's value (the mover declares all it may, then plays it) and the
    position's value over every action, from the mover's side, as the solver counts them."""
    memo: dict = {}
    sign = 1 if g.to_move == 0 else -1
    start = banked(g)
    best = sign * (final(g, memo) - start)
    values = {}
    for action in [a for a in g.legal_actions() if a.startswith("play")]:
        done = 0
        for a in [a for a in g.legal_actions() if a.startswith("declare")]:
            g.apply(a)
            done += 1
        g.apply(action)
        values[action] = sign * (final(g, memo) - start)
        for _ in range(done + 1):
            g.undo()
    return values, best


def check(g: State) -> None:
    values, best = engine_values(g)
    mine = solver.card_values(g)
    assert {f"play {c.ascii()}": v for c, v in mine.items()} == values, (g.history_text(), g.hands)
    assert max(mine.values()) == best       # declaring at once is dominant (T7, T8)


SIZES = [(1, 40), (2, 40), (3, 30), (4, 20), (5, 6)]
"""(cards a hand, positions) checked in every run: the minimax over the engine grows fast."""
LARGE = [(5, 40), (6, 12), (7, 4), (8, 2), (9, 1)]
"""Larger ones (minutes) outside the quick suite."""


@pytest.mark.parametrize("size,count", SIZES)
def test_every_card_is_valued_as_the_engine_minimax(size, count):
    """T2, T7–T15: random positions of ``size`` cards a hand, half with a trick open."""
    for seed in range(count):
        check(random_position(1000 * size + seed, size, open_trick=seed % 2 == 1))


@pytest.mark.slow
@pytest.mark.skipif(quick(), reason="minutes of engine minimax: outside the quick suite")
@pytest.mark.parametrize("size,count", LARGE)
def test_larger_positions_are_valued_as_the_engine_minimax(size, count):
    """As above on positions up to whole deals."""
    for seed in range(count):
        check(random_position(7000 + 1000 * size + seed, size, open_trick=seed % 2 == 1))


def test_the_streak_of_four_variant():
    """T14 variant ``four_twos_104``: the streak runs on to four."""
    for seed in range(30):
        check(random_position(seed, 1 + seed % 4, seed % 2 == 1, replace(FOUR_TWOS_104, target=None)))


def test_declarations_add_a_constant():
    """T7–T9: the mover holding four 2s (20) and the opponent nothing to declare: every card's
    value is its card-play value plus 20; the engine's minimax agrees on smaller hands (``check``)."""
    g = new_game(SINGLE_DEAL, deal=make_deal(["2S 2B 2C 2D AB RB CB FB 10B",
                                              "AS RS CS FS 10S 9S 8S 7S AC"], dealer=1))
    g.apply("keep")
    g.apply("keep")
    assert "declare 2" in g.legal_actions()
    assert solver.declarations_ahead(g) == 20
    plain = solver.view_values(g.view(None), g.hands)
    assert {c: v + 20 for c, v in plain.items()} == solver.card_values(g)


def test_the_engine_scores_the_solvers_line():
    """Both seats play the solver's best card (declaring at once) to the end: the deal's totals
    differ by the value the solver gave at the start."""
    for seed in range(8):
        g = random_position(seed, 9, False)
        start, mover = banked(g), g.to_move
        expected = max(solver.card_values(g).values())
        while g.phase != OVER:
            declare = [a for a in g.legal_actions() if a.startswith("declare")]
            if declare:
                g.apply(declare[0])
                continue
            values = solver.card_values(g)
            g.apply(f"play {max(values, key=values.get).ascii()}")
        assert (1 if mover == 0 else -1) * (g.scores[0] - g.scores[1] - start) == expected


def test_the_plain_path_agrees():
    """The same solver source as plain Python (the site) values every card as compiled."""
    roots = []
    for seed, size in [(1, 3), (2, 5), (3, 6), (4, 4), (5, 5)]:
        g = random_position(seed, size, seed % 2 == 1)
        owner, run = solver.streak_state(g.tricks, 3)
        lead = INDEX[g.trick[0]] if g.trick else -1
        roots.append((solver.mask(g.hands[0]), solver.mask(g.hands[1]), g.to_move, lead, owner, run))
    script = ("from cardlab.games.trappola.kernel_solver import new_table, root_values\n"
              "from cardlab.kernels.jit import np\n"
              f"result = []\nfor root in {roots!r}:\n"
              "    out = np.zeros(36, np.int64)\n"
              "    best = root_values(*root, 3, new_table(1 << 10), out)\n"
              "    result.append([int(best)] + [int(v) for v in out])\n")
    compiled = []
    for root in roots:
        out = np.zeros(36, np.int64)
        best = root_values(*root, 3, new_table(1 << 18), out)
        compiled.append([int(best)] + [int(v) for v in out])
    assert plain_python_result(script) == compiled


def test_the_random_positions_reach_declarations():
    """The random positions hold declarations to make or made (so the constant is tested, T7)."""
    found = sum(any(g.declarable(p) for p in (0, 1)) or bool(g.declared)
                for g in (random_position(seed, 5, False) for seed in range(100)))
    assert found > 0
