"""The deterministic games of the Cleopatra family compiled on bit-word hands: Beggar-my-neighbour
and every variant whose captures go under the hand and where nobody slaps, a run of number cards
at a time. :func:`~.kernel.fill` plays their rows here (without the J detail, which follows each
J by suit: :mod:`.kernel`); the rows are :mod:`.kernel`'s, game for game.

In these games only the honours matter (C6), and the engine's loop check sees a hand as its
pattern of honours. So a hand is two 64-bit words: ``honours``, bit ``k`` set if the ``k``-th card
from the top is J, Q, K or A, with one more bit set at the hand's length (a sentinel), and
``codes``, the honours' codes (J Q K A: 0 1 2 3), two bits each in the hand's order. A number card
is all zero bits, so the next honour in a hand is one count of trailing zeros (:func:`ctz`, an
LLVM ``cttz``), which finds the hand's end too; its length is one count of leading zeros
(:func:`top`). Then

- a lead (C5: both hands turn in turn) ends at the earlier of the two hands' next honours, the
  leader's ``k``-th card being turned ``2k``-th and the other's ``(2k+1)``-th;
- a payment (C6) ends at the payer's next honour, or after the cards owed;
- the number cards turned meanwhile only lengthen the pile, whose words get the honour's bit and
  code; and a capture (C7) is a few shifts and ORs onto the end of the taker's words.

A random Beggar-my-neighbour game of about 255 cards takes about 36 leads and 80 payments. Loops
(possible in these games only) are caught as in :mod:`.kernel`: Brent's check on the trick-start
positions, here five words (the seat to lead and both hands' words), then an exact pass that finds
the engine's first repeated position. The same source runs as plain Python under
the plain path of :mod:`cardlab.kernels.jit` (:func:`ctz`, :func:`top` and :func:`popcount` are Python there).
"""

from __future__ import annotations

from typing import Any

from cardlab.kernels.jit import PLAIN, leading_zeros, njit, np, prange, trailing_zeros
from cardlab.kernels.rng import DEAL, STREAMS, below, game_seed, seed_streams, shuffle

from .kernel import (
    CANNOT_PLAY,
    CAP,
    COLUMNS,
    FIRST_MARK,
    LOOP,
    NO_CARDS,
    first_repeat,
    start_game,
)


# --- bits -------------------------------------------------------------------------------------------
def ctz(x: int) -> int:
    """The index of the lowest set bit of ``x`` > 0 (its trailing zero bits)."""
    return (int(x) & -int(x)).bit_length() - 1


def top(x: int) -> int:
    """The index of the highest set bit of ``x`` > 0."""
    return int(x).bit_length() - 1


def popcount(x: int) -> int:
    """The set bits of ``x`` >= 0."""
    return int(x).bit_count()


if not PLAIN:                                       # the compiled versions
    from numba.extending import intrinsic, overload

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> tuple:
        """LLVM's ``ctpop`` of an integer (``popcnt``)."""
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])
        return x(x), codegen

    # (their parameters as the implementations', which numba compares)
    @overload(ctz)
    def _ctz(x):
        return lambda x: trailing_zeros(x)

    @overload(top)
    def _top(x):
        return lambda x: 63 - leading_zeros(x)

    @overload(popcount)
    def _popcount(x):
        return lambda x: _ctpop(x)


# --- the deal ---------------------------------------------------------------------------------------
KIND = np.array([1 | (i % 13 - 9) << 1 if i % 13 >= 9 and i < 52 else 0 for i in range(64)], np.int64)
"""Each pack index's bits (64 entries, so a masked index needs no check): 1 for an honour, its code
above (J Q K A: 0 1 2 3); 0 for a number card."""
POSITION = 5
"""A trick-start position: the seat to lead, then the leader's and the other's ``honours`` and ``codes``."""
RECORD = POSITION + 3
"""A recorded position, then the cards, tricks and steps at it."""


@njit(cache=True, inline="always")
def hand_of(kinds: np.ndarray, start: int, stride: int) -> tuple:
    """The words of a hand of 26 cards, top card first, given by their bits (:data:`KIND`) at
    ``kinds[start]``, ``kinds[start + stride]`` …: ``honours`` (with the sentinel at 26) and
    ``codes``."""
    honours, codes, k = 0, 0, 0
    for c in range(26):
        kind = kinds[start + stride * c]
        honours |= (kind & 1) << c
        codes |= (kind >> 1) << (2 * k)
        k += kind & 1
    return honours | 1 << 26, codes


@njit(cache=True, inline="always")
def deal_words(rules: tuple, seed: int, dealt: np.ndarray, g: int, streams: np.ndarray, deck: np.ndarray,
               ids: np.ndarray) -> tuple:
    """Seed and deal the game seeded ``seed`` as :func:`~.kernel.start_game` does, into words: the
    first seat, then its hand's ``honours`` and ``codes`` and the other's. The one-pack deal (C2)
    shuffles the cards' bits instead of their pack indices (the same draws, so the same
    permutation) and reads the hands off the pack, every other card; given deals and the colour
    deal (C3) are dealt as pack indices, then turned into bits."""
    if dealt.shape[0] or rules[9]:
        first = start_game(rules, seed, dealt, g, streams, deck, ids)
        for k in range(52):
            deck[k] = KIND[ids[k] & 63]
        a, b, stride = 26 * first, 26 - 26 * first, 1    # seat 0's cards, then seat 1's
    else:
        seed_streams(streams, seed)
        first = below(streams, DEAL, 2) if rules[10] < 0 else rules[10]
        for k in range(52):
            deck[k] = KIND[k]
        shuffle(streams, DEAL, deck, 0, 52)
        a, b, stride = first, 1 - first, 2                # dealt alternately
    ah, ac = hand_of(deck, a, stride)
    bh, bc = hand_of(deck, b, stride)
    return first, ah, ac, bh, bc


@njit(cache=True, inline="always")
def honours_dealt(honours: int, codes: int, seat: int) -> int:
    """The honours of a hand dealt to ``seat``, counted in the bytes of their columns (byte ``2 *
    code + seat``: ``js_0``, ``js_1``, ``qs_0`` … ``as_1``)."""
    counts = 0
    for k in range(popcount(honours) - 1):
        counts += 1 << (8 * (2 * (codes >> (2 * k) & 3) + seat))
    return counts


# --- one game -----------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def play(rules: tuple, max_steps: int, seed: int, work: tuple, dealt: np.ndarray, g: int,
         positions: np.ndarray) -> tuple:
    """Deal and play the game seeded ``seed`` (on ``dealt[g]`` if ``dealt`` has rows) under
    ``rules`` (:func:`~.kernel.constants`, deterministic) and the cap ``max_steps``, in the buffers
    ``work`` (:func:`workspace`). Returns the trick starts, the game's winner, reason, cards,
    tricks, steps and first seat, and the honours dealt (:func:`honours_dealt`).

    With ``positions`` rows, records each trick-start position (:data:`RECORD`) and stops when
    they are full: the exact pass of :func:`first_loop`."""
    jack, queen, king, ace, no_cards = rules[0], rules[1], rules[2], rules[3], rules[5]
    streams, deck, ids, mark = work
    record = positions.shape[0] > 0
    first, ah, ac, bh, bc = deal_words(rules, seed, dealt, g, streams, deck, ids)   # a: the seat to act
    counts = honours_dealt(ah, ac, first) + honours_dealt(bh, bc, 1 - first)
    payments = jack | queen << 8 | king << 16 | ace << 24   # C6: cards owed for code c, byte c
    seat, owed, ph, pc, n = first, 0, 0, 0, 0    # the pile: honours (no sentinel), codes, length
    cards, tricks, room, winner, reason = 0, 0, max_steps, -1, -1   # cards of the tricks taken; steps left
    starts, power = 0, FIRST_MARK
    while True:
        if owed == 0:                                         # a trick starts: a leads
            if record or starts >= FIRST_MARK - 1:            # the loop check
                if record:
                    if starts == positions.shape[0]:
                        break
                    at = positions[starts]
                    at[0], at[1], at[2], at[3], at[4] = seat, ah, ac, bh, bc
                    at[POSITION], at[POSITION + 1], at[POSITION + 2] = cards, tricks, max_steps - room
                elif starts > FIRST_MARK and mark[0] == seat and mark[1] == ah and mark[2] == ac and \
                        mark[3] == bh and mark[4] == bc:
                    winner, reason = -1, LOOP
                    break
                if not record and starts + 1 == power:
                    mark[0], mark[1], mark[2], mark[3], mark[4], power = seat, ah, ac, bh, bc, 2 * power
            starts += 1
            last_a, last_b = top(ah) - no_cards, top(bh) - no_cards   # where a hand runs out (C15: at
            i = ctz(ah | 1 << last_a)                                # its last card; else after it)
            j = ctz(bh | 1 << last_b)
            if i <= j:                                        # C5: a's i-th card is the 2i-th turned
                p, out = 2 * i, i == last_a
            else:
                p, out = 2 * j + 1, j == last_b
            need = p + no_cards if out else p + 1             # cards turned, each a step
            if need > room:                                   # the cap
                winner, reason, n, room = -1, CAP, room, 0
                break
            room -= need
            if out:
                winner, reason, n = seat ^ 1 ^ (p & 1), NO_CARDS if no_cards else CANNOT_PLAY, need
                break
            if p & 1 == 0:                                    # a's honour: b pays
                code = ac & 3
                ah, ac, bh = ah >> (p // 2 + 1), ac >> 2, bh >> (p // 2)
                ah, ac, bh, bc, seat = bh, bc, ah, ac, seat ^ 1
            else:                                             # b's honour: a pays
                code = bc & 3
                ah, bh, bc = ah >> (p // 2 + 1), bh >> (p // 2 + 1), bc >> 2
            ph, pc, n = 1 << p, code, p + 1
            owed = (payments >> (8 * code)) & 255
        else:                                                 # a pays b (C6), a step
            if ah == 1:                                       # without a card: a cannot play
                winner, reason = seat ^ 1, CANNOT_PLAY
                break
            if room <= 0:
                winner, reason = -1, CAP
                break
            room -= 1
            last = top(ah) - no_cards
            i = ctz(ah | 1 << last)
            if i >= owed:                                     # paid: b takes the pile under their hand (C7)
                ah, n = ah >> owed, n + owed
                length = top(bh)
                bc |= pc << (2 * popcount(bh) - 2)
                bh = bh ^ 1 << length | (ph | 1 << n) << length
                cards, tricks, owed, ph, pc, n = cards + n, tricks + 1, 0, 0, 0, 0
                if ah == 1:                                   # a has no card left
                    winner, reason = seat ^ 1, NO_CARDS
                    break
                ah, ac, bh, bc, seat = bh, bc, ah, ac, seat ^ 1   # C8: b leads
            elif i < last:                                    # an honour: b pays for it
                code = ac & 3
                pc |= code << (2 * popcount(ph))
                ph |= 1 << (n + i)
                ah, ac, n = ah >> (i + 1), ac >> 2, n + i + 1
                owed = (payments >> (8 * code)) & 255
                ah, ac, bh, bc, seat = bh, bc, ah, ac, seat ^ 1
            else:                                             # a runs out of cards
                winner, reason, n = seat ^ 1, NO_CARDS if no_cards else CANNOT_PLAY, n + last + no_cards
                break
    return starts, winner, reason, cards + n, tricks + (n > 0), max_steps - room, first, counts


@njit(cache=True, inline="always")
def write_row(rows: np.ndarray, g: int, result: tuple) -> None:
    """A game's :data:`~.kernel.COLUMNS` into ``rows[:, g]`` from the ``result`` of :func:`play`."""
    for k in range(6):
        rows[k, g] = result[1 + k]
    for k in range(8):
        rows[6 + k, g] = result[7] >> (8 * k) & 255
    rows[len(COLUMNS) - 2, g], rows[len(COLUMNS) - 1, g] = 0, 0          # nobody slaps


@njit(cache=True)
def first_loop(rules: tuple, max_steps: int, seed: int, work: tuple, dealt: np.ndarray, g: int, rows: np.ndarray,
               starts: int) -> None:
    """The exact loop check of a game that :func:`play` ended by a loop (Brent's check, later than
    the engine) or the cap after ``starts`` trick starts: play it again recording every trick-start
    position; if one repeats, the game ends as a loop at the first repetition, as in the engine
    (``rows[:, g]`` otherwise stays as it was)."""
    positions = np.zeros((starts + 1, RECORD), np.int64)
    k = play(rules, max_steps, seed, work, dealt, g, positions)[0]
    t = first_repeat(positions[:k, :POSITION], k)
    if t >= 0:
        rows[0, g], rows[1, g] = -1, LOOP
        for j in range(3):
            rows[2 + j, g] = positions[t, POSITION + j]


@njit(cache=True)
def workspace() -> tuple:
    """The buffers one thread plays its games in: the streams, the shuffled pack, the deal and
    Brent's saved position."""
    return np.zeros(STREAMS, np.uint64), np.zeros(52, np.int64), np.zeros(52, np.int64), np.zeros(POSITION, np.int64)


@njit(cache=True)
def block(rules: tuple, max_steps: int, run_seed: int, first: int, dealt: np.ndarray, seeds: np.ndarray,
          rows: np.ndarray, lo: int, hi: int) -> None:
    """Games ``first + lo .. first + hi - 1`` of the run on one thread (see :func:`run`)."""
    work, none = workspace(), np.zeros((0, RECORD), np.int64)
    for g in range(lo, hi):
        seeds[g] = game_seed(run_seed, first + g)
        result = play(rules, max_steps, seeds[g], work, dealt, g, none)
        write_row(rows, g, result)
        if result[2] == LOOP or result[2] == CAP:
            first_loop(rules, max_steps, seeds[g], work, dealt, g, rows, result[0])


@njit(cache=True, parallel=True)
def run(rules: tuple, max_steps: int, run_seed: int, first: int, dealt: np.ndarray, seeds: np.ndarray,
        rows: np.ndarray, lo: int, hi: int) -> None:
    """Games ``first + lo .. first + hi - 1`` of the run seeded ``run_seed`` under deterministic
    ``rules`` (:func:`~.kernel.constants`, read at run time: one compilation for them all), as
    :func:`~.kernel.games`: each game's seed into ``seeds[g]`` and its :data:`~.kernel.COLUMNS`
    into ``rows[:, g]`` (on the deals ``dealt`` if any, row ``g`` for game ``first + g``), the
    games shared out over the threads in blocks."""
    n = hi - lo
    blocks = min(n, 256)
    for b in prange(blocks):
        block(rules, max_steps, run_seed, first, dealt, seeds, rows, lo + b * n // blocks, lo + (b + 1) * n // blocks)
