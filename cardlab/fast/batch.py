"""Beggar-my-neighbour for many deals at once, in NumPy arrays: the rules of
:func:`cardlab.fast.cleopatra.beggar` (and so of the engine), with identical results.

- :func:`deals` — ``n`` shuffled packs from ``numpy.random.default_rng(seed)``, as honour codes;
- :func:`deal_dict` — one of them as a deal for ``cardlab.games.cleopatra.new_game``, and
  :func:`row_of` the other way;
- :func:`beggar_batch` — every game played out: winner, reason, cards, tricks and steps.

All games advance in lockstep, one card per iteration, with whole-array operations. Hands are
circular buffers of :data:`HAND` cards (head and tail counters), the pile a position in the
same buffer, and cards are stored as what they demand (``pay[code]``). A game that ends is
parked (it keeps running harmlessly on a scratch slot, its results already stored) and parked
rows are dropped every so often. The arrays do not look for loops: a loop never ends, so a game
that reaches the step cap, or that is among the last ``tail`` still running, is played again by
the scalar path (:func:`~cardlab.fast.cleopatra.beggar_checked`, whose loop check is exact).
``tests/test_fast_batch.py`` checks the results against ``beggar`` and the engine.

>>> mann_wu = row_of({"hands": ["K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"]})
>>> out = beggar_batch(np.vstack([deals(seed=1, n=999), mann_wu]))
>>> result(out, 999)
Result(winner=1, reason='no cards', cards=7157, tricks=1007, steps=5281)
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..games.cleopatra_patterns import PATTERN_CHARS
from .cleopatra import Result, beggar, beggar_checked

PACK = np.array([0] * 36 + [1, 2, 3, 4] * 4, dtype=np.int8)
"""One pack as honour codes: 36 number cards (0), then J Q K A (1–4) of each suit."""
REASONS = ("no cards", "cannot play", "loop", "cap")
"""``reason`` codes of :func:`beggar_batch`: an index into this tuple."""
SHIFT = 6
HAND = 1 << SHIFT        # a hand's circular buffer (a hand holds at most 52 cards)
SLOT = 3 * HAND          # one game in the card buffer: hand X, hand Y, pile
FAR = 1 << 40            # a parked row's tail and negative steps: it never runs out nor reaches the cap
TAIL = 200       # the last games running go to the scalar path (cheaper than near-empty arrays)
COMPACT_EVERY = 32       # parked rows stay at most this many iterations (their pile stays < HAND)


def deals(seed: int, n: int) -> np.ndarray:
    """``n`` packs shuffled by ``numpy.random.default_rng(seed)``: shape (n, 52), honour codes
    (0 number card, 1 J, 2 Q, 3 K, 4 A). Dealt alternately: X holds ``[:, 0::2]``, Y ``[:, 1::2]``.
    Row ``i`` does not depend on ``n``: ``deals(seed, n)[:k]`` is ``deals(seed, k)``."""
    return np.random.default_rng(seed).permuted(np.tile(PACK, (n, 1)), axis=1)


def deal_dict(row: Sequence[int], first: int = 0) -> dict:
    """A row of :func:`deals` as ``{"hands": [pattern X, pattern Y], "first": first}``."""
    text = "".join(PATTERN_CHARS[c] for c in row)
    return {"hands": [text[0::2], text[1::2]], "first": first}


def row_of(deal: dict) -> np.ndarray:
    """The row of :func:`deals` for a deal of two 26-card pattern strings (X leads)."""
    x, y = deal["hands"]
    if len(x) != 26 or len(y) != 26:
        raise ValueError("a row holds two 26-card hands")
    return np.array([PATTERN_CHARS.index(c) for pair in zip(x, y) for c in pair], dtype=np.int8)


def result(batch: dict[str, np.ndarray], i: int) -> Result:
    """Game ``i`` of a :func:`beggar_batch` answer as the scalar path's ``Result``."""
    winner = int(batch["winner"][i])
    return Result(None if winner < 0 else winner, REASONS[batch["reason"][i]], int(batch["cards"][i]),
                  int(batch["tricks"][i]), int(batch["steps"][i]))


def beggar_batch(hands: np.ndarray, first: int = 0, pay: Sequence[int] = (0, 1, 2, 3, 4),
                 max_steps: int = 20000, loop_check: bool = True, tail: int = TAIL) -> dict[str, np.ndarray]:
    """Play every deal of ``hands`` (shape (n, 52) as from :func:`deals`; X holds the even columns)
    as :func:`cardlab.fast.cleopatra.beggar` with these arguments would.

    Returns arrays of length n: ``winner`` (-1 for none), ``reason`` (index into :data:`REASONS`),
    ``cards``, ``tricks``, ``steps``. Games still running when ``tail`` or fewer are left are
    finished by the scalar path (``tail=0``: arrays until every game ends or reaches the cap)."""
    hands = np.asarray(hands, dtype=np.int8)
    if hands.ndim != 2 or hands.shape[1] != 52 or (hands.size and (hands.min() < 0 or hands.max() > 4)):
        raise ValueError("hands must have shape (n, 52) and honour codes 0..4")
    if len(pay) != 5 or pay[0] != 0 or min(pay[1:]) < 1 or max_steps < 1 or first not in (0, 1):
        raise ValueError("pay is 0 then a positive count per honour; max_steps >= 1; first is 0 or 1")
    n = len(hands)
    out = {"winner": np.full(n + 1, -1, np.int8), "reason": np.zeros(n + 1, np.int8),
           "cards": np.zeros(n + 1, np.int32), "tricks": np.zeros(n + 1, np.int32),
           "steps": np.zeros(n + 1, np.int32)}            # slot n: where parked rows write
    cardbuf = np.zeros((n + 1) * SLOT, np.int8)           # cards as what they demand (pay[code]);
    games = cardbuf[:n * SLOT].reshape(n, SLOT)           # slot n: scratch for parked rows
    paid = np.asarray(pay, dtype=np.int8)[hands]
    games[:, :26], games[:, HAND:HAND + 26] = paid[:, 0::2], paid[:, 1::2]
    gid = np.arange(n)
    base = gid * SLOT
    pile = base + 2 * HAND                                # where the next card goes on the pile
    turn = np.full(n, first, np.int64)                    # the seat due to play
    last = np.full(n, -1, np.int64)                       # the seat of the last card
    owed = np.zeros(n, np.int64)
    steps = np.zeros(n, np.int64)
    tricks = np.zeros(n, np.int64)
    heads = np.zeros(2 * n, np.int64)                     # row r, seat s at 2r + s
    ends = np.full(2 * n, 26, np.int64)
    row2 = 2 * gid
    live, parked, card = n, 0, 0                          # card: cards each live game has played

    def finish(rows: np.ndarray, winner: np.ndarray | int, reason: int) -> None:
        """Store the results of games that end now (before the next card)."""
        g = gid[rows]
        out["winner"][g], out["reason"][g], out["cards"][g] = winner, reason, card
        out["tricks"][g] = tricks[rows] + (pile[rows] > base[rows] + 2 * HAND)
        out["steps"][g] = steps[rows]

    def park(rows: np.ndarray) -> None:
        """Take rows out of play: they run on, on the scratch slot, never ending again."""
        nonlocal live, parked
        gid[rows], base[rows], pile[rows], steps[rows] = n, n * SLOT, n * SLOT + 2 * HAND, -FAR
        heads[2 * rows], heads[2 * rows + 1], ends[2 * rows], ends[2 * rows + 1] = 0, 0, FAR, FAR
        live, parked = live - len(rows), parked + len(rows)

    scalar: list[np.ndarray] = []
    while live > tail:
        if parked and (parked * 4 > len(gid) or card % COMPACT_EVERY == 0):
            keep = (gid < n).nonzero()[0]
            gid, base, pile, turn, last, owed, steps, tricks = (
                a[keep] for a in (gid, base, pile, turn, last, owed, steps, tricks))
            heads, ends = (a.reshape(-1, 2)[keep].ravel() for a in (heads, ends))
            row2, parked = 2 * np.arange(len(gid)), 0
        due = row2 + turn
        top = heads[due]
        empty = top == ends[due]
        stop = empty | (steps >= max_steps) if card >= max_steps else empty   # steps <= cards
        if stop.any():
            rows = stop.nonzero()[0]
            lost = empty[rows]
            finish(rows[lost], 1 - turn[rows[lost]], REASONS.index("cannot play"))
            scalar.append(gid[rows[~lost]])                # at or near the cap: maybe a loop first
            park(rows)
        c = cardbuf[base + (turn << SHIFT) + (top & (HAND - 1))]   # pay[code]: 0 for a number card
        heads[due] = top + 1
        cardbuf[pile] = c
        pile += 1
        steps += turn != last
        number = c == 0
        before = owed
        taken = (before == 1) & number                     # the last card owed: paid in full
        owed = c + (before - (before > 0)) * number
        last, turn = turn, turn ^ ((before == 0) | ~number)
        card += 1
        if taken.any():                                    # the creditor takes the pile under the hand
            rows = taken.nonzero()[0]
            seat = 1 - turn[rows]
            own = row2[rows] + seat
            end, at = ends[own], base[rows]
            size = pile[rows] - at - 2 * HAND
            offset = np.arange(size.sum()) - np.repeat(np.cumsum(size) - size, size)
            cardbuf[np.repeat(at + (seat << SHIFT), size) + ((np.repeat(end, size) + offset) & (HAND - 1))] = \
                cardbuf[np.repeat(at + 2 * HAND, size) + offset]
            ends[own] = end + size
            pile[rows], turn[rows] = at + 2 * HAND, seat
            tricks[rows] += 1
            beaten = heads[own ^ 1] == ends[own ^ 1]
            if beaten.any():
                finish(rows[beaten], seat[beaten], REASONS.index("no cards"))
                park(rows[beaten])
    scalar.append(gid[gid < n])
    play = beggar_checked if loop_check else beggar
    for g in np.concatenate(scalar).tolist():
        res = play(hands[g, 0::2].tolist(), hands[g, 1::2].tolist(), first, pay, max_steps)
        out["winner"][g] = -1 if res.winner is None else res.winner
        out["reason"][g] = REASONS.index(res.reason)
        out["cards"][g], out["tricks"][g], out["steps"][g] = res.cards, res.tricks, res.steps
    return {k: v[:n] for k, v in out.items()}
