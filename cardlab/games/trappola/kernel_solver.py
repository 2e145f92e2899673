"""Trappola's card play solved exactly with both hands known (double dummy): alpha-beta with a
transposition table, move ordering and equivalent cards merged, compiled like the other kernels
and run as plain Python on the site (:mod:`cardlab.kernels.jit`).

Cards are the ints of :mod:`.kernel` (``suit * 9 + r``, ``r`` 0 the ace … 8 the 2); a hand is a
bit mask (bit ``c`` for card ``c``), so the cards of a suit above a card are its lower bits.

A node is the start of a trick: both hands, who leads, and the closing-streak state (T14) — who
won the last tricks in a row with a 2, and how many (capped at the longest streak scored). Its
value is the points the rest of the deal adds, the leader's minus the follower's: card points
(T2, T15), 10 for a trick won with a 2 (T12), 6 for the last trick (T13), or instead the
streak's 26/52/78 (T14), which also takes back the 10s of the streak's earlier tricks, already
counted when they were won. Declarations (T7–T9) are not in the search: see
:mod:`cardlab.games.trappola.solver`.

Equivalent cards (bridge solvers' "rank equivalence"): two cards of a suit in one hand with no
card of the other hand ranked between them (cards already played are gone), the same points and
neither a 2, win and lose the same tricks and score the same: only one is searched.

>>> import numpy
>>> table = new_table(1 << 10)
>>> out = numpy.zeros(36, numpy.int64)
>>> hands = (1 << 0) | (1 << 8), (1 << 1) | (1 << 9)     # A and 2 of swords / R and A of batons
>>> int(root_values(hands[0], hands[1], 0, -1, -1, 0, 3, table, out))
43
>>> [int(v) for v in out[[0, 8]]]
[43, -23]

(The ace first: 11 points, then the 2 wins the last trick against the void, a streak of one:
26 and the ace of batons, 32. The 2 first loses it to the king, and the ace of batons takes the
last trick: 5 + 6 + 6 + 6.)
"""

from __future__ import annotations

from cardlab.kernels.jit import njit, np

from .scoring import LAST_TRICK, RANK_POINTS, STREAK_VALUES, TWO_BONUS, TWO_INDEX

PTS = np.array(RANK_POINTS, np.int64)                                        # T2, by r
STREAK = np.array([0] + [STREAK_VALUES[n] for n in (1, 2, 3, 4)], np.int64)  # T14, by length
TWO = TWO_INDEX
SUIT = 0x1FF                                     # the nine bits of suit 0
TWOS = (1 << 8) | (1 << 17) | (1 << 26) | (1 << 35)
INF = 1 << 20
KEY, LOWER, UPPER, MOVE = 0, 3, 4, 5             # a table row: h0, h1, meta, lower, upper, best lead


@njit(cache=True)
def new_table(size: int) -> np.ndarray:
    """An empty transposition table of ``size`` rows (a power of 2); a row's meta -1 is empty."""
    table = np.zeros((size, 6), np.int64)
    for i in range(size):
        table[i, 2] = -1
    return table


@njit(cache=True)
def _slot(h0: int, h1: int, meta: int, mask: int) -> int:
    return (h0 ^ (h0 >> 13) ^ (h1 << 3) ^ (h1 >> 19) ^ (meta * 40503) ^ (h1 >> 31)) & mask


@njit(cache=True)
def _moves(mine: int, other: int, lead: int, out: np.ndarray) -> int:
    """The cards of ``mine`` worth searching into ``out``, best-looking first; returns how many.
    Leading (``lead`` -1): every card, one of each run of equivalent cards. Following: the cards of
    the suit led if any (T11), else all; ``other`` is the leader's hand with the card led in it."""
    cards = mine
    if lead >= 0 and mine & (SUIT << (lead // 9 * 9)):
        cards = mine & (SUIT << (lead // 9 * 9))
    keys = np.zeros(9, np.int64)
    m = 0
    for s in range(4):
        prev = -1
        for r in range(9):
            c = s * 9 + r
            if not (cards >> c) & 1:
                continue
            if prev >= 0 and PTS[r] == PTS[prev % 9] and r != TWO and \
                    (other >> (prev + 1)) & ((1 << (c - prev - 1)) - 1) == 0:
                prev = c                         # equivalent to the last one kept: skip it
                continue
            prev = c
            higher = other & (((1 << r) - 1) << (s * 9))
            if lead < 0:                         # a sure winner with points first, low cards last
                key = (100 if higher == 0 else 0) + PTS[r] * 4 - r
            elif c // 9 == lead // 9 and c < lead:   # the cheapest winning card first
                key = 200 + r
            else:                                # then the cheapest loser (a 2 kept)
                key = 100 - PTS[r] * 4 - (30 if r == TWO else 0) + r
            k = m
            while k > 0 and keys[k - 1] < key:   # insertion: highest key first
                keys[k] = keys[k - 1]
                out[k] = out[k - 1]
                k -= 1
            keys[k] = key
            out[k] = c
            m += 1
    return m


@njit(cache=True)
def trick_outcome(lead: int, card: int, leader: int, owner: int, run: int, longest: int,
           last: bool) -> tuple[int, int, int, int]:
    """The trick ``lead`` (by ``leader``), ``card``: ``(winner, points to the winner, streak owner,
    streak length)`` after it (T11–T14); ``last``: it is the deal's last trick."""
    winner = 1 - leader if card // 9 == lead // 9 and card < lead else leader
    two = (card if winner != leader else lead) % 9 == TWO
    points = PTS[lead % 9] + PTS[card % 9]
    if two:
        run = min(run + 1, longest) if owner == winner else 1
        owner = winner
        points += STREAK[run] - TWO_BONUS * (run - 1) if last else TWO_BONUS
    else:
        owner, run = -1, 0
        if last:
            points += LAST_TRICK
    return winner, points, owner, run


# a frame of the search's stack (numba cannot cache a recursive function): the node's hands, leader,
# streak state and window, its table slot and bounds, its leads (``N``, the one tried ``K``) and
# the answers to it (``M``, the next ``J``), the best so far, and the trick whose child is searched
(H0, H1, LEADER, OWNER, RUN, ALPHA, BETA, START, SLOT, META, LOW, HIGH, N, K, M, J, FLOOR, WORST,
 BEST, BEST_LEAD, LAST, WINNER, GAIN) = range(23)
DEPTH = 10


@njit(cache=True)
def _enter(frames: np.ndarray, leads: np.ndarray, follows: np.ndarray, d: int, h0: int, h1: int,
           leader: int, owner: int, run: int, alpha: int, beta: int,
           table: np.ndarray) -> tuple[bool, int]:
    """Open the node at depth ``d``: ``(True, value)`` if it is settled at once (no cards left, or
    the table's bounds decide it), else ``(False, 0)`` with its first lead set up."""
    if h0 == 0:
        return True, 0
    if (h0 | h1) & TWOS == 0:                    # no 2 left: the streak state cannot matter
        owner, run = -1, 0
    meta = leader + 2 * (owner + 1) + 8 * run
    i = _slot(h0, h1, meta, len(table) - 1)
    first = -1
    lower, upper = -INF, INF
    if table[i, 0] == h0 and table[i, 1] == h1 and table[i, 2] == meta:
        lower, upper = table[i, LOWER], table[i, UPPER]
        if lower >= beta or lower == upper:
            return True, lower
        if upper <= alpha:
            return True, upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        first = table[i, MOVE]
    f = frames[d]
    f[H0], f[H1], f[LEADER], f[OWNER], f[RUN] = h0, h1, leader, owner, run
    f[ALPHA], f[BETA], f[START], f[SLOT], f[META], f[LOW], f[HIGH] = alpha, beta, alpha, i, meta, lower, upper
    mine, theirs = (h0, h1) if leader == 0 else (h1, h0)
    f[LAST] = mine & (mine - 1) == 0
    n = _moves(mine, theirs, -1, leads[d])
    for k in range(n):                           # the table's best lead first
        if leads[d, k] == first:
            for j in range(k, 0, -1):
                leads[d, j] = leads[d, j - 1]
            leads[d, 0] = first
            break
    f[N], f[K], f[BEST], f[BEST_LEAD] = n, 0, -INF, leads[d, 0]
    _next_lead(frames, leads, follows, d)
    return False, 0


@njit(cache=True)
def _next_lead(frames: np.ndarray, leads: np.ndarray, follows: np.ndarray, d: int) -> None:
    """Set up the answers to the lead ``K`` of the node at depth ``d``."""
    f = frames[d]
    mine, theirs = (f[H0], f[H1]) if f[LEADER] == 0 else (f[H1], f[H0])
    f[M] = _moves(theirs, mine, leads[d, f[K]], follows[d])
    f[J], f[FLOOR], f[WORST] = 0, max(f[ALPHA], f[BEST]), INF


@njit(cache=True)
def search(h0: int, h1: int, leader: int, owner: int, run: int, alpha: int, beta: int,
           longest: int, table: np.ndarray) -> int:
    """The value of the trick-start node (see the module), or a bound of it outside
    ``(alpha, beta)`` (fail-soft alpha-beta with the table's bounds), on a stack of frames."""
    frames = np.zeros((DEPTH, 23), np.int64)
    leads = np.zeros((DEPTH, 9), np.int64)
    follows = np.zeros((DEPTH, 9), np.int64)
    done, value = _enter(frames, leads, follows, 0, h0, h1, leader, owner, run, alpha, beta, table)
    if done:
        return value
    d = 0
    returned = False                             # a child's value has come back to frame d
    while True:
        f = frames[d]
        settled = False
        v = 0
        if returned:
            returned = False
            v = f[GAIN] + value if f[WINNER] == f[LEADER] else -f[GAIN] - value
            settled = True
        elif f[J] < f[M]:
            lead, card = leads[d, f[K]], follows[d, f[J]]
            f[J] += 1
            winner, points, o, r = trick_outcome(lead, card, f[LEADER], f[OWNER], f[RUN], longest, f[LAST] != 0)
            if f[LAST]:
                v = points if winner == f[LEADER] else -points
                settled = True
            else:
                a0 = f[H0] & ~((1 << lead) | (1 << card))
                a1 = f[H1] & ~((1 << lead) | (1 << card))
                floor, ceiling = f[FLOOR], min(f[BETA], f[WORST])
                if winner == f[LEADER]:
                    lo, hi = floor - points, ceiling - points
                else:
                    lo, hi = -ceiling - points, -floor - points
                f[WINNER], f[GAIN] = winner, points
                done, value = _enter(frames, leads, follows, d + 1, a0, a1, winner, o, r, lo, hi, table)
                if not done:
                    d += 1
                    continue
                returned = True
                continue
        if settled and v < f[WORST]:
            f[WORST] = v
            if v <= f[FLOOR]:
                f[J] = f[M]                      # this lead is no better than one found
        if f[J] < f[M]:
            continue
        if f[WORST] > f[BEST]:                   # the lead's value is its follower's best answer
            f[BEST], f[BEST_LEAD] = f[WORST], leads[d, f[K]]
        f[K] += 1
        if f[BEST] < f[BETA] and f[K] < f[N]:
            _next_lead(frames, leads, follows, d)
            continue
        best = f[BEST]
        lower, upper = f[LOW], f[HIGH]
        if best <= f[START]:
            upper = best
        elif best >= f[BETA]:
            lower = best
        else:
            lower = upper = best
        i = f[SLOT]
        table[i, 0], table[i, 1], table[i, 2] = f[H0], f[H1], f[META]
        table[i, LOWER], table[i, UPPER], table[i, MOVE] = lower, upper, f[BEST_LEAD]
        if d == 0:
            return best
        d -= 1
        value = best
        returned = True


@njit(cache=True)
def root_values(h0: int, h1: int, mover: int, lead: int, owner: int, run: int, longest: int,
                table: np.ndarray, out: np.ndarray) -> int:
    """The exact value of every card ``mover`` may play into ``out[card]`` (others untouched): the
    points the rest of the deal adds, ``mover``'s minus the opponent's, both playing perfectly
    after it. ``lead``: the card led to the trick in progress (-1: ``mover`` leads); ``owner`` and
    ``run``: the closing-streak state of the tricks so far. Returns the best value."""
    mine, theirs = (h0, h1) if mover == 0 else (h1, h0)
    best = -INF
    if lead < 0:
        last = mine & (mine - 1) == 0
        for card in range(36):
            if not (mine >> card) & 1:
                continue
            follows = np.zeros(9, np.int64)
            m = _moves(theirs, mine, card, follows)
            worst = INF
            for j in range(m):
                answer = follows[j]
                winner, points, o, r = trick_outcome(card, answer, mover, owner, run, longest, last)
                a0 = h0 & ~((1 << card) | (1 << answer))
                a1 = h1 & ~((1 << card) | (1 << answer))
                child = 0 if last else search(a0, a1, winner, o, r, -INF, INF, longest, table)
                v = points + child if winner == mover else -points - child
                worst = min(worst, v)
            out[card] = worst
            best = max(best, worst)
        return best
    led = (SUIT << (lead // 9 * 9)) & mine
    cards = led if led else mine
    last = theirs == 0 and mine & (mine - 1) == 0
    for card in range(36):
        if not (cards >> card) & 1:
            continue
        winner, points, o, r = trick_outcome(lead, card, 1 - mover, owner, run, longest, last)
        a0 = h0 & ~(1 << card)
        a1 = h1 & ~(1 << card)
        child = 0 if last else search(a0, a1, winner, o, r, -INF, INF, longest, table)
        v = points + child if winner == mover else -points - child
        out[card] = v
        best = max(best, v)
    return best
