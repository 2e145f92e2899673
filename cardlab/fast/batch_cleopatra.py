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
    owing, flipping, paid = _payments(rules)
    faces, sandwich = rules.slaps == "same_rank_or_faces", rules.sandwich
    kind = np.arange(NONE + 1, dtype=np.int8)
    kind[9:12] = 9                                        # J Q K: one kind where faces pair (C14)
    att, mu, sd, floor = (np.asarray(v, np.float64) for v in (attention, reaction_ms, spread_ms, min_ms))
    slapping = rules.slaps != "none" and bool(att.any())
    out: dict[str, Any] = {"winner": np.full(n + 1, -1, np.int8), "reason": np.zeros(n + 1, np.int8),
                           "cards": np.zeros(n + 1, np.int32), "tricks": np.zeros(n + 1, np.int32),
                           "steps": np.zeros(n + 1, np.int32), "slaps": np.zeros((n + 1, 2), np.int32)}
                                                          # row n: where parked rows write
    m = min(n, window)
    cardbuf = np.zeros((m + 1) * SLOT, np.int8)           # a slot per row, the last one scratch
    ids = np.zeros_like(cardbuf) if record else cardbuf   # record: each card's place in its hand or won pile
    regions = np.array([[0], [HAND]])                     # the two seats' first buffers in a slot
    scratch = m * SLOT + regions                          # parked rows' hands
    slot = np.arange(m) * SLOT
    gid = np.full(m, n)                                   # the game at each row (n: parked)
    hand = np.zeros(2 * m, np.int64)                      # per seat (row r, seat s at 2r + s): where
    store = np.zeros(2 * m, np.int64)                     # the hand and the won pile (C7) are,
    held = np.zeros(2 * m, np.int64)                      # how many cards each holds,
    won = np.zeros(2 * m, np.int64)
    slapped = np.zeros(2 * m, np.int32)                   # the slaps won, and where the next pile card
    tails = np.zeros(2 * m, np.int64)                     # goes: the pile is written after both won
    turner = np.zeros(m, np.int64)                        # piles, so a capture moves nothing.
    fresh = np.zeros(m, bool)                             # Per row: the seat due, whether its card
    owed = np.zeros(m, np.int16)                          # starts a step, the cards owed (C6),
    step = np.zeros(m, np.int64)
    tricks = np.zeros(m, np.int64)
    born = np.zeros(m, np.int64)                          # the iteration the game started at (parked
                                                          # rows keep it: it only bounds when a cap can come)
    top = np.zeros(m, np.int8)                            # the pile's top two cards, for C10/C14
    under = np.zeros(m, np.int8)
    row2 = 2 * np.arange(m)
    queued, live, parked, card, cap_from = 0, 0, m, 0, 0
    logs: list[tuple] = []                                # record: (kind, games, ...) in the order drawn

    def seats_of(rows: np.ndarray) -> np.ndarray:
        """Both seats' indexes of ``rows`` in the per-seat arrays, shape (2, len(rows))."""
        return 2 * rows + SEATS

    def deal(rows: np.ndarray) -> int:
        """The next games of the queue at these (parked) rows: C2 the hands, C3 the first seat."""
        nonlocal queued, live, parked
        rows = rows[:n - queued]
        g, both = np.arange(queued, queued + len(rows)), seats_of(rows)
        hand[both] = slot[rows] + regions
        store[both] = tails[both] = hand[both] + 2 * HAND
        held[both], won[both], slapped[both] = 26, 0, 0
        at = hand[both][..., None] + np.arange(26)
        cardbuf[at] = dealt[g].transpose(1, 0, 2)
        if record:
            ids[at] = np.arange(26)
        gid[rows], turner[rows], fresh[rows], owed[rows], step[rows], tricks[rows] = g, first[g], True, 0, 0, 0
        born[rows], top[rows], under[rows] = card, NONE, NONE
        queued, live, parked = queued + len(rows), live + len(rows), parked - len(rows)
        return len(rows)

    def finish(rows: np.ndarray, winner: np.ndarray | int, reason: int) -> None:
        """Store the results of games that end now and park them: on the scratch slot, with
        full hands, they run on harmlessly until dealt again or compacted (within COMPACT_EVERY cards)."""
        nonlocal live, parked
        g, both = gid[rows], seats_of(rows)
        out["winner"][g], out["reason"][g], out["cards"][g] = winner, reason, card - born[rows]
        out["tricks"][g] = tricks[rows] + (tails[2 * rows] > store[2 * rows] + won[2 * rows])
        out["steps"][g], out["slaps"][g] = step[rows], slapped[both].T
        gid[rows], step[rows] = n, -FAR
        hand[both], held[both], won[both] = scratch, HAND, 0
        store[both] = tails[both] = scratch + 2 * HAND
        live, parked = live - len(rows), parked + len(rows)

    def refill(rows: np.ndarray) -> None:
        """C9 for rows whose player due has an empty hand: the won pile becomes the hand (play
        draws from it at random) and the pile's copy moves to the empty buffer; no won pile: lost."""
        seat = turner[rows]
        d = 2 * rows + seat
        k = won[d]
        lost = k == 0
        if lost.any():
            finish(rows[lost], 1 - seat[lost], CANNOT_PLAY)
            rows, seat, d, k = rows[~lost], seat[~lost], d[~lost], k[~lost]
        empty, pile = hand[d], store[d]
        size = tails[d] - pile - k
        hand[d], store[d], held[d], won[d] = pile, empty, k, 0
        offset = np.arange(size.sum()) - np.repeat(np.cumsum(size) - size, size)   # within each pile
        cardbuf[np.repeat(empty, size) + offset] = cardbuf[np.repeat(pile + k, size) + offset]
        tails[d] = empty + size
        if record:
            ids[pile[:, None] + np.arange(HAND)] = np.arange(HAND)
            logs.append(("shuffle", gid[rows], seat, k))

    def capped(rows: np.ndarray) -> None:
        """The step cap, checked before a card that would start a new step (steps <= cards, so
        only once a game has played ``max_steps`` cards)."""
        nonlocal cap_from
        if card >= cap_from:
            cap_from = int(born.min()) + rules.max_steps
        if card >= cap_from:
            cap = fresh[rows] & (step[rows] >= rules.max_steps)
            if cap.any():
                finish(rows[cap], -1, CAP)

    def capture(rows: np.ndarray, seat: np.ndarray) -> None:
        """C7, C8: ``seat`` takes the pile (its copy already follows their won pile) and leads;
        the opponent may be out of cards."""
        d, both = 2 * rows + seat, seats_of(rows)
        won[d] = tails[d] - store[d]
        tails[both] = store[both] + won[both]
        owed[rows], turner[rows], fresh[rows], top[rows], under[rows] = 0, seat, True, NONE, NONE
        tricks[rows] += 1
        beaten = (held[d ^ 1] == 0) & (won[d ^ 1] == 0)
        if beaten.any():
            finish(rows[beaten], seat[beaten], NO_CARDS)

    def slap(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """C10–C12 at rows whose top cards pair, the player due settled first (C9, the cap): each
        seat notices or not and slaps after its reaction time, the first slap wins, an exact tie
        is a coin (C11). Returns the rows slapped and who won each."""
        rows, before = rows[gid[rows] < n], live
        empty = held[2 * rows + turner[rows]] == 0
        if empty.any():
            refill(rows[empty])
        if card >= cap_from:
            capped(rows)
        if live < before:
            rows = rows[gid[rows] < n]
        noticed = rng.random((len(rows), 2)) < att
        times = np.where(noticed, np.maximum(floor, np.rint(rng.standard_normal((len(rows), 2)) * sd + mu)), NEVER)
        gap = times[:, 0] - times[:, 1]
        winner = (gap > 0).view(np.int8)                  # seat 1 slapped first
        hit = noticed[:, 0] | noticed[:, 1]
        tie = (gap == 0) & hit
        if record:
            logs.append(("slaps", gid[rows], np.where(noticed, times, -1).astype(np.int64)))
        if tie.any():
            winner[tie] = rng.integers(2, size=int(tie.sum()))
            if record:
                logs.append(("coin", gid[rows[tie]], winner[tie]))
        rows, winner = rows[hit], winner[hit]
        slapped[2 * rows + winner] += 1                   # (each row once: no repeated index)
        return rows, winner

    deal(np.arange(m))
    while live or queued < n:
        if parked and queued < n:                          # ended games wait up to 8 cards for the next
            if parked * 16 > len(gid) or card % 8 == 0:
                deal((gid == n).nonzero()[0])
        elif parked and (parked * 4 > len(gid) or card % COMPACT_EVERY == 0):
            keep = (gid < n).nonzero()[0]
            slot, gid, turner, fresh, owed, step, tricks, born, top, under = (
                a[keep] for a in (slot, gid, turner, fresh, owed, step, tricks, born, top, under))
            hand, store, held, won, tails, slapped = (a.reshape(-1, 2)[keep].ravel()
                                                      for a in (hand, store, held, won, tails, slapped))
            row2, parked = 2 * np.arange(len(gid)), 0
        due = row2 + turner
        count = held[due]
        if not count.all():
            refill((count == 0).nonzero()[0])
            count = held[due]
        if card >= cap_from:
            capped(np.arange(len(gid)))
            count = held[due]                              # parked rows hold a full hand
        seat = turner
        h = hand[due]
        at = h + (rng.random(len(count)) * count).astype(np.int64)   # C4: a card of the shuffled hand
        count -= 1
        held[due] = count
        c = cardbuf[at]
        cardbuf[at] = cardbuf[h + count]
        if record:
            logs.append(("draw", gid.copy(), seat.copy(), ids[at]))
            ids[at] = ids[h + count]
        step += fresh
        cardbuf[tails[0::2]] = c
        cardbuf[tails[1::2]] = c
        tails += 1
        card += 1
        if not count.all():                                # C15: out at once, nothing more resolved
            rows = (count == 0).nonzero()[0]
            rows = rows[won[2 * rows + seat[rows]] == 0]
            finish(rows, 1 - seat[rows], NO_CARDS)
        now = owed * 13 + c                                # C5, C6 by table
        owed, fresh, taken = owing.take(now), flipping.take(now), paid.take(now)
        turner = seat ^ fresh
        takers = taken.nonzero()[0]
        winners = 1 - seat[takers]                         # the creditor laid the honour
        if slapping:
            pair = kind.take(c) == kind.take(top) if faces else c == top
            if sandwich:
                pair |= c == under
                under = top
            top = c
            pair = pair > taken                            # a paid pile is taken before any slap
            if pair.any():
                slappers, slap_winners = slap(pair.nonzero()[0])
                takers, winners = np.concatenate([takers, slappers]), np.concatenate([winners, slap_winners])
        if len(takers):
            capture(takers, winners)
    result = {k: v[:n] for k, v in out.items()}
    result["first"], result["dealt"] = first, dealt
    if record:
        orders, result["chance"], result["races"] = _per_game(logs, n)
        result["hands"] = np.take_along_axis(dealt, orders, axis=2)
    return result


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
