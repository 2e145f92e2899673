"""Cleopatra for many games at once, in NumPy arrays: the rules of
:func:`cardlab.fast.cleopatra.simulate` (and so of the engine) with won piles (C7), reshuffles
(C9), slaps by two :class:`~cardlab.bots.cleopatra.SlapBot`-like players (C10–C12) and the loss
the moment hand and won pile are empty (C15).

- :func:`cleopatra_batch` — ``n`` games dealt and played from ``numpy.random.default_rng(seed)``;
- :func:`deal_of` — game ``i`` of a recorded batch as a deal for ``cardlab.games.cleopatra.new_game``.

As in :mod:`cardlab.fast.batch`, all games advance in lockstep, one card per iteration, and a game
that ends is parked on a scratch slot (its results stored) until the rows are compacted. Every
draw is NumPy's: the deal, the first player, each reshuffle's permutation, whether each player
notices a pair and how fast they slap, the coin of an exact tie. ``record=True`` keeps them per
game, so ``tests/test_fast_batch_cleopatra.py`` replays games in the engine (``new_game(...,
chance=...)`` and scripted slap models) and checks that they end the same way.

>>> out = cleopatra_batch(1000, seed=1)
>>> sorted(set(out["reason"].tolist())) == [REASONS.index("no cards")]
True
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..cards import Card, french_deck
from ..games.cleopatra import CLEOPATRA, Rules
from .batch import COMPACT_EVERY, FAR, HAND, REASONS, SHIFT
from .cleopatra import CODE

WON = 2 * HAND   # in a game's slot: hand X, hand Y, then the won piles X and Y
SLOT = 4 * HAND
NO_CARDS, CANNOT_PLAY, CAP = (REASONS.index(r) for r in ("no cards", "cannot play", "cap"))
HALF = np.repeat(np.arange(13, dtype=np.int8), 2)
"""One colour's 26 cards as rank codes (0..8 for 2..10, 9 J, 10 Q, 11 K, 12 A)."""


def _pack(rules: Rules, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """C3 the first seats, then C2 the hands: shape (n, 2, 26) rank codes, X's then Y's."""
    first = rng.integers(2, size=n) if rules.first == "random" else np.full(n, "XY".index(rules.first))
    if rules.deal == "colour":                  # both colours hold the same ranks: only the order differs
        hands = rng.permuted(np.tile(HALF, (2 * n, 1)), axis=1).reshape(n, 2, 26)
    else:
        hands = rng.permuted(np.tile(HALF, (n, 2)), axis=1).reshape(n, 26, 2).transpose(0, 2, 1)
    return np.ascontiguousarray(hands), first


def deal_of(record: dict[str, Any], i: int, rules: Rules = CLEOPATRA) -> dict:
    """Game ``i`` of a ``record=True`` batch as ``{"hands": [cards X, cards Y], "first": seat}``;
    suits are given in pack order (by colour for a colour deal, C2)."""
    first = int(record["first"][i])
    red_seat = first if rules.first_colour == "red" else 1 - first
    free: dict[tuple[int, bool], list[Card]] = {}
    for card in french_deck():
        free.setdefault((CODE[card.rank], rules.deal == "shuffle" or card.color == "red"), []).append(card)
    hands = [[free[(int(c), rules.deal == "shuffle" or seat == red_seat)].pop(0) for c in record["hands"][i][seat]]
             for seat in (0, 1)]
    return {"hands": hands, "first": first}


def cleopatra_batch(n: int, seed: int, rules: Rules = CLEOPATRA, attention: Sequence[float] = (0.8, 0.8),
                    reaction_ms: Sequence[float] = (350, 350), spread_ms: Sequence[float] = (90, 90),
                    min_ms: int = 150, record: bool = False) -> dict[str, Any]:
    """Deal and play ``n`` games; seat ``s`` notices a pair with probability ``attention[s]`` and
    slaps after ``max(min_ms, round(normal(reaction_ms[s], spread_ms[s])))`` ms (as ``SlapBot``).

    Returns arrays of length n: ``winner`` (-1 for none), ``reason`` (index into
    :data:`~cardlab.fast.batch.REASONS`), ``cards``, ``tricks``, ``steps``, ``first``. With
    ``record=True`` also ``hands`` (n, 2, 26) rank codes and, per game, ``chance`` (in order: each
    reshuffle as the list of won-pile positions in the new hand's order, each tie coin as the
    winning seat) and ``slaps`` (per slappable pair, both seats' times, None when not noticed)."""
    if rules.captures != "won_pile" or rules.lose != "no_cards":
        raise ValueError("the batch plays Cleopatra's won piles (C7) and loss with no cards (C15)")
    if len(attention) != 2 or not all(0.0 <= a <= 1.0 for a in attention):
        raise ValueError(f"attention is a probability per seat, not {attention!r}")
    rng = np.random.default_rng(seed)
    hands, first = _pack(rules, rng, n)
    pay = np.array([0] * 9 + [rules.jack, rules.queen, rules.king, rules.ace], np.int64)
    faces = rules.slaps == "same_rank_or_faces"
    cls = np.arange(13, dtype=np.int8)
    cls[9:12] = 9                                         # J Q K: one class where faces pair (C14)
    att, mu, sd = (np.asarray(v, np.float64) for v in (attention, reaction_ms, spread_ms))
    slapping = rules.slaps != "none" and bool(att.any())
    out: dict[str, Any] = {"winner": np.full(n + 1, -1, np.int8), "reason": np.zeros(n + 1, np.int8),
                           "cards": np.zeros(n + 1, np.int32), "tricks": np.zeros(n + 1, np.int32),
                           "steps": np.zeros(n + 1, np.int32)}    # slot n: where parked rows write
    cardbuf = np.zeros((n + 1) * SLOT, np.int8)           # hands stored bottom card first
    cardbuf[:n * SLOT].reshape(n, SLOT)[:, :WON].reshape(n, 2, HAND)[:, :, :26] = hands[:, :, ::-1]
    gid = np.arange(n)
    base = gid * SLOT
    turner = first.astype(np.int64)
    last = np.full(n, -1, np.int64)                       # -1: the next card starts a step
    owed = np.zeros(n, np.int64)
    creditor = np.zeros(n, np.int64)
    step = np.zeros(n, np.int64)
    tricks = np.zeros(n, np.int64)
    plen = np.zeros(n, np.int64)                          # cards on the pile
    held = np.full(2 * n, 26, np.int64)                   # cards in hand: row r, seat s at 2r + s
    won = np.zeros((n, 2), np.int64)                      # cards in the won piles
    row2 = 2 * gid
    live, parked, card = n, 0, 0
    logs: list[tuple[str, np.ndarray, Any]] = []          # (kind, games, draws) in the order drawn

    def finish(rows: np.ndarray, winner: np.ndarray | int, reason: int) -> None:
        """Store the results of games that end now and park them: on the scratch slot, with a
        full hand, they run on harmlessly until the next compaction (within COMPACT_EVERY cards)."""
        nonlocal live, parked
        g = gid[rows]
        out["winner"][g], out["reason"][g], out["cards"][g] = winner, reason, card
        out["tricks"][g], out["steps"][g] = tricks[rows] + (plen[rows] > 0), step[rows]
        gid[rows], base[rows], step[rows], plen[rows], won[rows] = n, n * SLOT, -FAR, 0, 0
        held[2 * rows], held[2 * rows + 1] = HAND, HAND
        live, parked = live - len(rows), parked + len(rows)

    def refill(rows: np.ndarray) -> None:
        """C9 for rows whose player due has an empty hand: the won pile, shuffled; none: lost."""
        seat = turner[rows]
        k = won[rows, seat]
        lost = k == 0
        if lost.any():
            finish(rows[lost], 1 - seat[lost], CANNOT_PLAY)
            rows, seat, k = rows[~lost], seat[~lost], k[~lost]
        width = int(k.max(initial=0))     # the cards < k of a random order of 0..width-1: a random order of 0..k-1
        order = rng.permuted(np.tile(np.arange(width), (len(k), 1)), axis=1)
        order = order[order < k[:, None]]
        start = np.repeat(np.cumsum(k) - k, k)
        at = np.repeat(base[rows] + (seat << SHIFT), k)   # the hand; its won pile is WON further on
        cardbuf[at + np.repeat(k - 1, k) - (np.arange(len(order)) - start)] = cardbuf[at + WON + order]
        size = plen[rows]                                 # the pile's copy moves to the won pile's start
        offset = np.arange(size.sum()) - np.repeat(np.cumsum(size) - size, size)
        at = np.repeat(base[rows] + WON + (seat << SHIFT), size) + offset
        cardbuf[at] = cardbuf[at + np.repeat(k, size)]
        held[2 * rows + seat], won[rows, seat] = k, 0
        if record:
            logs.append(("shuffle", gid[rows], np.split(order, np.cumsum(k)[:-1])))

    def capped(rows: np.ndarray) -> None:
        """The step cap, checked before a card that would start a new step."""
        cap = (turner[rows] != last[rows]) & (step[rows] >= rules.max_steps)
        if cap.any():
            finish(rows[cap], -1, CAP)

    def capture(rows: np.ndarray, seat: np.ndarray) -> None:
        """C7, C8: ``seat`` takes the pile (already copied after its won pile) and leads; the
        opponent may be out of cards."""
        won[rows, seat] += plen[rows]
        plen[rows], owed[rows], turner[rows], last[rows] = 0, 0, seat, -1
        tricks[rows] += 1
        beaten = (held[2 * rows + 1 - seat] == 0) & (won[rows, 1 - seat] == 0)
        if beaten.any():
            finish(rows[beaten], seat[beaten], NO_CARDS)

    while live > 0:
        if parked and (parked * 4 > len(gid) or card % COMPACT_EVERY == 0):
            keep = (gid < n).nonzero()[0]
            gid, base, turner, last, owed, creditor, step, tricks, plen, won = (
                a[keep] for a in (gid, base, turner, last, owed, creditor, step, tricks, plen, won))
            held = held.reshape(-1, 2)[keep].ravel()
            row2, parked = 2 * np.arange(len(gid)), 0
        due = row2 + turner
        count = held[due]
        if not count.all():
            refill((count == 0).nonzero()[0])
            count = held[due]
        if card >= rules.max_steps:                        # steps <= cards
            capped(np.arange(len(gid)))
            count = held[due]                              # parked rows hold a full hand
        seat = turner
        count -= 1
        held[due] = count
        c = cardbuf[base + (seat << SHIFT) + count]
        step += seat != last
        last = seat
        at = base + WON + plen + won[:, 0]                 # the pile is kept after both won piles
        cardbuf[at] = c
        cardbuf[base + (WON + HAND) + plen + won[:, 1]] = c
        plen += 1
        card += 1
        if not count.all():                                # C15: out at once, nothing more resolved
            rows = (count == 0).nonzero()[0]
            rows = rows[won[rows, seat[rows]] == 0]
            finish(rows, 1 - seat[rows], NO_CARDS)
        p = pay[c]
        honour = p > 0
        paying = owed > 0
        taken = (owed == 1) & ~honour                      # C6: the last card owed is paid
        owed = np.where(honour, p, owed - paying)
        creditor = np.where(honour, seat, creditor)
        turner = seat ^ (honour | ~paying)                 # C5: turns alternate unless paying
        if taken.any():
            rows = taken.nonzero()[0]
            capture(rows, creditor[rows])
        if not slapping:
            continue
        below = cardbuf[at - 1]
        pair = (cls[below] == cls[c]) if faces else (below == c)
        if rules.sandwich:
            pair |= (plen >= 3) & (cardbuf[at - 2] == c)
        pair &= plen >= 2
        rows = pair.nonzero()[0]
        rows = rows[gid[rows] < n]
        if not len(rows):
            continue
        d = 2 * rows + turner[rows]                        # the player due is settled first (C9, cap)
        empty = held[d] == 0
        if empty.any():
            refill(rows[empty])
        if card >= rules.max_steps:
            capped(rows)
        rows = rows[gid[rows] < n]
        noticed = rng.random((len(rows), 2)) < att
        times = np.maximum(min_ms, np.rint(rng.normal(mu, sd, (len(rows), 2)))).astype(np.int64)
        first_wins = noticed[:, 0] & (~noticed[:, 1] | (times[:, 0] < times[:, 1]))
        winner = np.where(first_wins, 0, 1)
        tie = noticed.all(axis=1) & (times[:, 0] == times[:, 1])
        if record:
            logs.append(("slaps", gid[rows], np.where(noticed, times, -1)))
        if tie.any():                                      # C11: an exact tie is a coin
            winner[tie] = rng.integers(2, size=int(tie.sum()))
            if record:
                logs.append(("coin", gid[rows[tie]], winner[tie]))
        hit = noticed.any(axis=1)
        if hit.any():
            capture(rows[hit], winner[hit])
    result = {k: v[:n] for k, v in out.items()}
    result["first"] = first
    if record:
        result["hands"] = hands
        result["chance"], result["slaps"] = _per_game(logs, n)
    return result


def _per_game(logs: list[tuple[str, np.ndarray, Any]], n: int) -> tuple[list[list], list[list]]:
    """The draws of each game in order: chance (reshuffle orders, coins) and slap times."""
    chance: list[list] = [[] for _ in range(n)]
    slaps: list[list] = [[] for _ in range(n)]
    for kind, games, draws in logs:
        for g, draw in zip(games.tolist(), draws if kind == "shuffle" else draws.tolist()):
            if kind == "slaps":
                slaps[g].append(tuple(None if t < 0 else t for t in draw))
            else:
                chance[g].append(draw.tolist() if kind == "shuffle" else draw)
    return chance, slaps
