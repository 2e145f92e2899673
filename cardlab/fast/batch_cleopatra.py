"""Cleopatra for many games at once, in NumPy arrays: the rules of
:func:`cardlab.fast.cleopatra.simulate` (and so of the engine) with won piles (C7), reshuffles
(C9), slaps by two :class:`~cardlab.bots.cleopatra.SlapBot`-like players (C10–C12) and the loss
the moment hand and won pile are empty (C15).

- :func:`cleopatra_batch` — ``n`` games dealt and played from ``numpy.random.default_rng(seed)``;
- :func:`deal_of` — game ``i`` of a recorded batch as a deal for ``cardlab.games.cleopatra.new_game``.

As in :mod:`cardlab.fast.batch`, the games at the table advance in lockstep, one card per
iteration, with whole-array operations. At most ``window`` games are at the table (their arrays
then stay in the processor's cache); a game that ends is parked on a scratch slot, its results
stored, and its place goes to the next game of the queue within 8 cards; once the queue is
empty, parked rows are dropped every so often.

Hands are shuffled lazily: a hand is never put in order, and each card played is drawn uniformly
from the cards left in it (its place is filled with the hand's last card). Every order of a hand
is then as likely as after a shuffle and play from the top, so a deal needs no shuffle and a C9
reshuffle is only an exchange of roles between the hand's buffer and the won pile's. A draw is
``floor(u * k)`` for a uniform double ``u``: uniform to within 2**-53.

Every draw is NumPy's: the first player, the cards played, whether each player notices a pair and
how fast they slap, the coin of an exact tie. ``record=True`` keeps them per game, so
``tests/test_fast_batch_cleopatra.py`` replays games in the engine (``new_game(..., chance=...)``
and scripted slap models) and checks that they end the same way.

>>> out = cleopatra_batch(1000, seed=1)
>>> sorted(set(out["reason"].tolist())) == [REASONS.index("no cards")]
True
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..cards import Card, french_deck
from ..games.cleopatra import CLEOPATRA, Rules
from .batch import COMPACT_EVERY, FAR, HAND, REASONS
from .cleopatra import CODE

SLOT = 4 * HAND          # one game in the card buffer: two hands and two won piles, roles swapped by C9
NO_CARDS, CANNOT_PLAY, CAP = (REASONS.index(r) for r in ("no cards", "cannot play", "cap"))
HALF = np.repeat(np.arange(13, dtype=np.int8), 2)
"""One colour's 26 cards as rank codes (0..8 for 2..10, 9 J, 10 Q, 11 K, 12 A)."""
NONE = 13                # the rank code "under" an empty pile: it pairs with no card
NEVER = 1e12             # the slap time of a player who did not notice the pair
SEATS = np.array([[0], [1]])
WINDOW = 15_000          # games at the table at once: their cards (4 MB) stay in the processor's cache


def _dealt(rules: Rules, rng: np.random.Generator, n: int) -> np.ndarray:
    """C2: the cards of each hand, shape (n, 2, 26) rank codes, X's then Y's, in no particular
    order (play draws them at random)."""
    if rules.deal == "colour":                  # both colours hold the same ranks
        return np.broadcast_to(HALF, (n, 2, 26))
    return rng.permuted(np.tile(HALF, (n, 2)), axis=1).reshape(n, 26, 2).transpose(0, 2, 1)


def _payments(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """C5, C6 as tables indexed by ``owed * 13 + card`` (``owed``: cards still to pay, at most
    52, as nobody holds more): the cards owed after the card, whether the turn passes (so the
    next card starts a step), whether the card paid the last one owed (the creditor takes the pile)."""
    pay = np.array([0] * 9 + [min(v, 52) for v in rules.payments.values()])
    owed = np.arange(53)[:, None]
    honour, paying = pay > 0, owed > 0
    after = np.where(honour, pay, owed - paying).astype(np.int16)
    passes = honour | ~paying                             # C5; an honour hands the payment over
    return after.ravel(), passes.ravel(), ((owed == 1) & ~honour).ravel()


def deal_of(record: dict[str, Any], i: int, rules: Rules = CLEOPATRA) -> dict:
    """Game ``i`` of a ``record=True`` batch as ``{"hands": [cards X, cards Y], "first": seat}``,
    each hand in the order its cards were played; suits are given in pack order (by colour for a
    colour deal, C2)."""
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
                    min_ms: Sequence[int] = (150, 150), record: bool = False,
                    window: int = WINDOW) -> dict[str, Any]:
    """Deal and play ``n`` games; seat ``s`` notices a pair with probability ``attention[s]`` and
    slaps after ``max(min_ms[s], round(normal(reaction_ms[s], spread_ms[s])))`` ms (as ``SlapBot``).
    At most ``window`` games are at the table at once; a game that ends gives its place to the
    next (small arrays stay in the processor's cache).

    Returns arrays of length n: ``winner`` (-1 for none), ``reason`` (index into
    :data:`~cardlab.fast.batch.REASONS`), ``cards``, ``tricks``, ``steps``, ``first``, ``slaps``
    (n, 2): the slaps each seat won, and ``dealt`` (n, 2, 26): the rank codes dealt to each seat. With
    ``record=True`` also ``hands`` (n, 2, 26): each hand's rank codes in the order they were (or
    would have been) played, and per game ``chance`` (in order: each reshuffle as the list of
    won-pile positions in the new hand's order, each tie coin as the winning seat) and ``races``
    (per slappable pair, both seats' times, None when not noticed)."""
    if rules.captures != "won_pile" or rules.lose != "no_cards":
        raise ValueError("the batch plays Cleopatra's won piles (C7) and loss with no cards (C15)")
    if len(attention) != 2 or not all(0.0 <= a <= 1.0 for a in attention):
        raise ValueError(f"attention is a probability per seat, not {attention!r}")
    if window < 1:
        raise ValueError(f"window is at least one game, not {window!r}")
    rng = np.random.default_rng(seed)
    first = rng.integers(2, size=n) if rules.first == "random" else np.full(n, "XY".index(rules.first))
    dealt = _dealt(rules, rng, n)
    table = _Table(rules, first, dealt, rng, min(n, window), record)
    table.seat_slappers(attention, reaction_ms, spread_ms, min_ms)
    table.run()
    result = {k: v[:n] for k, v in table.out.items()}
    result["first"], result["dealt"] = first, dealt
    if record:
        orders, result["chance"], result["races"] = _per_game(table.logs, n)
        result["hands"] = np.take_along_axis(dealt, orders, axis=2)
    return result


class _Table:
    """Up to ``width`` games at the table, as arrays: a row per game, two entries per row for the
    seats (row r, seat s at 2r + s). ``run()`` plays the queue of games (``first``, ``dealt``)."""

    def __init__(self, rules: Rules, first: np.ndarray, dealt: np.ndarray, rng: np.random.Generator,
                 width: int, record: bool) -> None:
        self.rules, self.first, self.dealt, self.rng, self.record = rules, first, dealt, rng, record
        self.n = n = len(first)
        self.owing, self.flipping, self.paid = _payments(rules)
        self.out: dict[str, np.ndarray] = {
            "winner": np.full(n + 1, -1, np.int8), "reason": np.zeros(n + 1, np.int8),
            "cards": np.zeros(n + 1, np.int32), "tricks": np.zeros(n + 1, np.int32),
            "steps": np.zeros(n + 1, np.int32), "slaps": np.zeros((n + 1, 2), np.int32)}  # n: for parked rows
        self.cardbuf = np.zeros((width + 1) * SLOT, np.int8)    # a slot per row, the last one scratch
        self.ids = np.zeros_like(self.cardbuf) if record else self.cardbuf   # each card's place in its hand
        self.scratch = width * SLOT + SEATS * HAND        # (or won pile), for the record
        self.slot = np.arange(width) * SLOT
        self.gid = np.full(width, n)                      # the game at each row (n: parked)
        self.hand = np.zeros(2 * width, np.int64)         # per seat: where the hand and the won pile
        self.store = np.zeros(2 * width, np.int64)        # (C7) are, how many cards each holds, the
        self.held = np.zeros(2 * width, np.int64)         # slaps won, and where the next pile card goes:
        self.won = np.zeros(2 * width, np.int64)          # the pile is written after both won piles,
        self.slapped = np.zeros(2 * width, np.int32)      # so a capture moves nothing
        self.tails = np.zeros(2 * width, np.int64)
        self.turner = np.zeros(width, np.int64)           # per row: the seat due, whether its card starts
        self.fresh = np.zeros(width, bool)                # a step, the cards owed (C6), steps, captures,
        self.owed = np.zeros(width, np.int16)             # the iteration the game started at (parked rows
        self.step = np.zeros(width, np.int64)             # keep it: it only bounds when a cap can come),
        self.tricks = np.zeros(width, np.int64)           # and the pile's top two cards (C10, C14)
        self.born = np.zeros(width, np.int64)
        self.top = np.zeros(width, np.int8)
        self.under = np.zeros(width, np.int8)
        self.row2 = 2 * np.arange(width)
        self.queued, self.live, self.parked, self.card, self.cap_from = 0, 0, width, 0, 0
        self.slapping = False                             # until slappers are seated
        self.logs: list[tuple] = []                       # record: (kind, games, ...) in the order drawn

    def seat_slappers(self, attention: Sequence[float], reaction_ms: Sequence[float], spread_ms: Sequence[float],
                 min_ms: Sequence[int]) -> None:
        """The two seats' slap models (C10–C12), and which pairs can be slapped (C14)."""
        self.attention, self.mu, self.sd, self.floor = (
            np.asarray(v, np.float64) for v in (attention, reaction_ms, spread_ms, min_ms))
        self.slapping = self.rules.slaps != "none" and bool(self.attention.any())
        self.kind = np.arange(NONE + 1, dtype=np.int8)
        if self.rules.slaps == "same_rank_or_faces":
            self.kind[9:12] = 9                           # J Q K: one kind (C14)

    def run(self) -> None:
        """Deal and play every game of the queue."""
        self.deal(np.arange(len(self.gid)))
        while self.live or self.queued < self.n:
            self.make_room()
            self.play_card()

    def make_room(self) -> None:
        """Ended games give their rows to the next games (within 8 cards); once the queue is
        empty, their rows are dropped (within COMPACT_EVERY cards: the scratch slot's limit)."""
        if not self.parked:
            return
        if self.queued < self.n:
            if self.parked * 16 > len(self.gid) or self.card % 8 == 0:
                self.deal((self.gid == self.n).nonzero()[0])
        elif self.parked * 4 > len(self.gid) or self.card % COMPACT_EVERY == 0:
            keep = (self.gid < self.n).nonzero()[0]
            for name in ("slot", "gid", "turner", "fresh", "owed", "step", "tricks", "born", "top", "under"):
                setattr(self, name, getattr(self, name)[keep])
            for name in ("hand", "store", "held", "won", "tails", "slapped"):
                setattr(self, name, getattr(self, name).reshape(-1, 2)[keep].ravel())
            self.row2, self.parked = 2 * np.arange(len(keep)), 0

    def deal(self, rows: np.ndarray) -> None:
        """The next games of the queue at these (parked) rows: C2 the hands, C3 the first seat."""
        rows = rows[:self.n - self.queued]
        g, both = np.arange(self.queued, self.queued + len(rows)), 2 * rows + SEATS
        self.hand[both] = self.slot[rows] + SEATS * HAND
        self.store[both] = self.tails[both] = self.hand[both] + 2 * HAND
        self.held[both], self.won[both], self.slapped[both] = 26, 0, 0
        at = self.hand[both][..., None] + np.arange(26)
        self.cardbuf[at] = self.dealt[g].transpose(1, 0, 2)
        if self.record:
            self.ids[at] = np.arange(26)
        self.gid[rows], self.turner[rows], self.fresh[rows], self.owed[rows] = g, self.first[g], True, 0
        self.step[rows], self.tricks[rows], self.born[rows] = 0, 0, self.card
        self.top[rows], self.under[rows] = NONE, NONE
        self.queued, self.live, self.parked = self.queued + len(rows), self.live + len(rows), self.parked - len(rows)

    def play_card(self) -> None:
        """Every game turns a card (C4, from the shuffled hand, after C9 and the cap), then C15,
        the payments (C5, C6), slaps (C10–C12) and captures (C7, C8)."""
        due = self.row2 + self.turner
        count = self.held[due]
        if not count.all():
            self.refill((count == 0).nonzero()[0])
            count = self.held[due]
        if self.card >= self.cap_from:
            self.capped(np.arange(len(self.gid)))
            count = self.held[due]                        # parked rows hold a full hand
        seat, hand, cardbuf, tails = self.turner, self.hand[due], self.cardbuf, self.tails
        at = hand + (self.rng.random(len(count)) * count).astype(np.int64)   # a card of the hand, at random
        count -= 1
        self.held[due] = count
        c = cardbuf[at]
        cardbuf[at] = cardbuf[hand + count]
        if self.record:
            self.logs.append(("draw", self.gid.copy(), seat.copy(), self.ids[at]))
            self.ids[at] = self.ids[hand + count]
        self.step += self.fresh
        cardbuf[tails[0::2]] = c
        cardbuf[tails[1::2]] = c
        tails += 1
        self.card += 1
        if not count.all():                               # C15: out at once, nothing more resolved
            rows = (count == 0).nonzero()[0]
            rows = rows[self.won[2 * rows + seat[rows]] == 0]
            self.finish(rows, 1 - seat[rows], NO_CARDS)
        now = self.owed * 13 + c                          # C5, C6 by table
        self.owed, self.fresh, taken = self.owing.take(now), self.flipping.take(now), self.paid.take(now)
        self.turner = seat ^ self.fresh
        takers = taken.nonzero()[0]
        winners = 1 - seat[takers]                        # the creditor laid the honour
        if self.slapping:
            pair = self.pairs(c) > taken                  # a paid pile is taken before any slap
            if pair.any():
                slapped, slap_winners = self.slap(pair.nonzero()[0])
                takers, winners = np.concatenate([takers, slapped]), np.concatenate([winners, slap_winners])
        if len(takers):
            self.capture(takers, winners)

    def pairs(self, c: np.ndarray) -> np.ndarray:
        """C10, C14: where card ``c`` pairs with the card under it (or, with sandwiches, the one
        under that); ``c`` goes on top."""
        pair = self.kind.take(c) == self.kind.take(self.top)
        if self.rules.sandwich:
            pair |= c == self.under
            self.under = self.top
        self.top = c
        return pair

    def refill(self, rows: np.ndarray) -> None:
        """C9 for rows whose player due has an empty hand: the won pile becomes the hand (play
        draws from it at random) and the pile's copy moves to the empty buffer; no won pile: lost."""
        seat = self.turner[rows]
        d = 2 * rows + seat
        k = self.won[d]
        lost = k == 0
        if lost.any():
            self.finish(rows[lost], 1 - seat[lost], CANNOT_PLAY)
            rows, seat, d, k = rows[~lost], seat[~lost], d[~lost], k[~lost]
        empty, pile = self.hand[d], self.store[d]
        size = self.tails[d] - pile - k
        self.hand[d], self.store[d], self.held[d], self.won[d] = pile, empty, k, 0
        offset = np.arange(size.sum()) - np.repeat(np.cumsum(size) - size, size)   # within each pile
        self.cardbuf[np.repeat(empty, size) + offset] = self.cardbuf[np.repeat(pile + k, size) + offset]
        self.tails[d] = empty + size
        if self.record:
            self.ids[pile[:, None] + np.arange(HAND)] = np.arange(HAND)
            self.logs.append(("shuffle", self.gid[rows], seat, k))

    def capped(self, rows: np.ndarray) -> None:
        """The step cap, checked before a card that would start a new step (steps <= cards, so
        only once a game has played ``max_steps`` cards)."""
        if self.card >= self.cap_from:
            self.cap_from = int(self.born.min()) + self.rules.max_steps
        if self.card >= self.cap_from:
            cap = self.fresh[rows] & (self.step[rows] >= self.rules.max_steps)
            if cap.any():
                self.finish(rows[cap], -1, CAP)

    def slap(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """C10–C12 at rows whose top cards pair, the player due settled first (C9, the cap): each
        seat notices or not and slaps after its reaction time, the first slap wins, an exact tie
        is a coin (C11). Returns the rows slapped and who won each."""
        rows, live = rows[self.gid[rows] < self.n], self.live
        empty = self.held[2 * rows + self.turner[rows]] == 0
        if empty.any():
            self.refill(rows[empty])
        if self.card >= self.cap_from:
            self.capped(rows)
        if self.live < live:
            rows = rows[self.gid[rows] < self.n]
        noticed = self.rng.random((len(rows), 2)) < self.attention
        reaction = np.maximum(self.floor, np.rint(self.rng.standard_normal((len(rows), 2)) * self.sd + self.mu))
        times = np.where(noticed, reaction, NEVER)
        gap = times[:, 0] - times[:, 1]
        winner = (gap > 0).view(np.int8)                  # seat 1 slapped first
        hit = noticed[:, 0] | noticed[:, 1]
        tie = (gap == 0) & hit
        if self.record:
            self.logs.append(("slaps", self.gid[rows], np.where(noticed, times, -1).astype(np.int64)))
        if tie.any():
            winner[tie] = self.rng.integers(2, size=int(tie.sum()))
            if self.record:
                self.logs.append(("coin", self.gid[rows[tie]], winner[tie]))
        rows, winner = rows[hit], winner[hit]
        self.slapped[2 * rows + winner] += 1              # (each row once: no repeated index)
        return rows, winner

    def capture(self, rows: np.ndarray, seat: np.ndarray) -> None:
        """C7, C8: ``seat`` takes the pile (its copy already follows their won pile) and leads;
        the opponent may be out of cards."""
        d, both = 2 * rows + seat, 2 * rows + SEATS
        self.won[d] = self.tails[d] - self.store[d]
        self.tails[both] = self.store[both] + self.won[both]
        self.owed[rows], self.turner[rows], self.fresh[rows] = 0, seat, True
        self.top[rows], self.under[rows] = NONE, NONE
        self.tricks[rows] += 1
        beaten = (self.held[d ^ 1] == 0) & (self.won[d ^ 1] == 0)
        if beaten.any():
            self.finish(rows[beaten], seat[beaten], NO_CARDS)

    def finish(self, rows: np.ndarray, winner: np.ndarray | int, reason: int) -> None:
        """Store the results of games that end now and park them: on the scratch slot, with
        full hands, they run on harmlessly until dealt again or dropped (see ``make_room``)."""
        g, both, out = self.gid[rows], 2 * rows + SEATS, self.out
        out["winner"][g], out["reason"][g], out["cards"][g] = winner, reason, self.card - self.born[rows]
        out["tricks"][g] = self.tricks[rows] + (self.tails[2 * rows] > self.store[2 * rows] + self.won[2 * rows])
        out["steps"][g], out["slaps"][g] = self.step[rows], self.slapped[both].T
        self.gid[rows], self.step[rows] = self.n, -FAR
        self.hand[both], self.held[both], self.won[both] = self.scratch, HAND, 0
        self.store[both] = self.tails[both] = self.scratch + 2 * HAND
        self.live, self.parked = self.live - len(rows), self.parked + len(rows)


def _per_game(logs: list[tuple], n: int) -> tuple[np.ndarray, list[list], list[list]]:
    """The draws of each game in order: the order each hand of the deal was played in (n, 2, 26),
    chance (reshuffle orders, coins) and slap times. A hand's cards never played follow in place
    order."""
    chance: list[list] = [[] for _ in range(n)]
    slaps: list[list] = [[] for _ in range(n)]
    drawing = [[[], []] for _ in range(n)]                # the order being drawn, per game and seat
    orders = [(order, 26) for hands in drawing for order in hands]
    for kind, games, *draws in logs:
        for g, *draw in zip(games.tolist(), *(d.tolist() for d in draws)):
            if g == n:
                continue
            if kind == "draw":
                drawing[g][draw[0]].append(draw[1])
            elif kind == "shuffle":
                order = drawing[g][draw[0]] = []
                chance[g].append(order)
                orders.append((order, draw[1]))
            elif kind == "coin":
                chance[g].append(draw[0])
            else:
                slaps[g].append(tuple(None if t < 0 else t for t in draw[0]))
    for order, size in orders:
        order += sorted(set(range(size)) - set(order))
    return np.array([order for order, _ in orders[:2 * n]], np.int64).reshape(n, 2, 26), chance, slaps
