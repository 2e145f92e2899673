"""The Cleopatra family compiled: Cleopatra, Beggar-my-neighbour, Egyptian Ratscrew and every
:class:`~cardlab.games.cleopatra.Rules` variant, one game per seed, as the engine plays it.

:func:`play_games` plays games ``start .. stop - 1`` of a run: game ``i`` is dealt and played from
its own seed ``game_seed(run_seed, i)`` (:mod:`.rng`), so a row never depends on which other games
were played with it, on which thread or on which machine. Each preset gets its own compiled kernel
with its fields as constants (:func:`kernel`, cached on disk); other variants share one kernel that
reads them at run time. Games are spread over threads with ``prange``. The same source runs as
plain Python under the plain path of :mod:`cardlab.kernels.jit`.

The rules, in the engine's order (docs/rules/cleopatra.md): a card is turned (C4) and may end the
game (C15); an honour starts a payment (C6); a payment's last card makes the creditor collect, at
once, or when play goes on if that card made a pair, which either player may slap first (C10);
slaps are raced by the players' reaction models (C11, coins from the chance stream); a false slap
may burn a card (C13); a player due without any card loses (unless the pile waits for them); the
step cap; the next card turned first settles a waiting collection and the C9 reshuffle (chance
stream); loops of the deterministic rules
(Brent's cycle check, then an exact pass that finds the engine's first repeated position).
:mod:`.replay` replays any game in the engine from its seed. The deterministic rules
(Beggar-my-neighbour: captures under the hand, no slaps) play their rows without the detail
columns on bit-word hands instead, a run of number cards at a time (:mod:`.kernel_bits`, the same
rows; not where false slaps burn cards); :func:`fill` chooses.

>>> from cardlab.games.cleopatra import BEGGAR_MY_NEIGHBOUR
>>> rows = play_games(BEGGAR_MY_NEIGHBOUR, run_seed=0, start=0, stop=1000)
>>> sorted(set(REASONS[r] for r in rows["reason"]))
['cannot play', 'no cards']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from cardlab.kernels.jit import njit, np, prange, set_parallel_chunksize

from cardlab.cards import french_deck
from cardlab.errors import RecordError
from .engine import PRESETS
from .patterns import read_deal
from cardlab.kernels.rng import CHANCE, DEAL, SEAT, STREAMS, below, game_seed, normal, seed_streams, shuffle, uniform

REASONS = ("no cards", "cannot play", "loop", "cap")
"""Why a game ended: ``reason`` is an index into this tuple."""
NO_CARDS, CANNOT_PLAY, LOOP, CAP = range(4)
COLUMNS = ("winner", "reason", "cards", "tricks", "steps", "first",
           "js_0", "js_1", "qs_0", "qs_1", "ks_0", "ks_1", "as_0", "as_1", "slaps_0", "slaps_1")
"""The columns of a row (``winner`` -1 for none); ``js_0`` … ``as_1``: honours dealt to each seat."""
DETAIL = ("opp_js_taken_0", "opp_js_taken_1", "first_opp_j_taker")
"""The columns ``detail=True`` adds: how many of the opponent's Js (as dealt) each seat ever
captured (C7, C10), and the seat that captured one first (-1 for none)."""
MODEL = ("attention", "reaction_ms", "spread_ms", "min_ms", "blunder")
"""A seat's slap model (as :class:`~cardlab.games.cleopatra.bots.SlapBot`): the chance of noticing a pair,
the reaction time's mean, spread and floor (ms), and the chance of a false slap after a card that
makes no pair (only where the rules burn a card for it, C13)."""
QUIET = (0.0, 350.0, 90.0, 150.0, 0.0)
"""A seat that never slaps."""
NEVER = 1e18
RING = 64
"""A seat's ring of cards: their hand, then their won pile. They hold at most 52 cards, so the
ring has room for the 7 cards past their end that :func:`take_pile` may write."""
PILE = 64                # the pile's buffer (at most 52 cards)
FIRST_MARK = 256
"""The trick start at which Brent's loop check saves its first position (then at each power of
two): a game that loops is caught later, and :func:`first_loop` then finds the engine's first
repetition, so a check in the short games that almost all are costs nothing."""


def constants(rules: Any, detail: bool = False) -> tuple[int, ...]:
    """The rule set as the kernel's constants, all but the cap (payments capped at 52: nobody
    holds more), and whether to follow the Js for the :data:`DETAIL` columns."""
    return (min(rules.jack, 52), min(rules.queen, 52), min(rules.king, 52), min(rules.ace, 52),
            int(rules.captures == "under_hand"), int(rules.lose == "no_cards"),
            ("none", "same_rank", "same_rank_or_faces").index(rules.slaps), int(rules.sandwich),
            int(rules.false_slap == "burn"), int(rules.deal == "colour"), "XY".find(rules.first),
            int(rules.first_colour == "red"), int(rules.deterministic), int(detail))


SPECIALISED = frozenset(constants(rules) for rules in PRESETS.values())
"""The rule sets with a kernel of their own (the presets without the detail); other variants share
:func:`any_rules`."""


# --- the deal -----------------------------------------------------------------------------------
@njit(cache=True)
def deal_ids(streams: np.ndarray, colour: int, first_rule: int, red_first: int, deck: np.ndarray,
             ids: np.ndarray) -> int:
    """C3 then C2 from the deal stream: the first seat (returned) and each seat's 26 cards as pack
    indices (``french_deck()[id]``, rank ``id % 13``) into ``ids`` (52: seat 0's, then seat 1's),
    top card first."""
    first = below(streams, DEAL, 2) if first_rule < 0 else first_rule
    if colour:                                   # hearts and diamonds, then spades and clubs
        for k in range(26):
            ids[k] = 13 + k
            ids[26 + k] = k if k < 13 else 26 + k
        shuffle(streams, DEAL, ids, 0, 26)
        shuffle(streams, DEAL, ids, 26, 26)
        if (first == 0) != (red_first == 1):    # seat 0 holds black
            for k in range(26):
                ids[k], ids[26 + k] = ids[26 + k], ids[k]
    else:                                        # one pack, dealt alternately
        for k in range(52):
            deck[k] = k
        shuffle(streams, DEAL, deck, 0, 52)
        for k in range(26):
            ids[k] = deck[2 * k]
            ids[26 + k] = deck[2 * k + 1]
    return first


@njit(cache=True, inline="always")
def start_game(rules: tuple, seed: int, dealt: np.ndarray, g: int, streams: np.ndarray, deck: np.ndarray,
               ids: np.ndarray) -> int:
    """Seed the streams of the game seeded ``seed`` and deal it into ``ids`` (as :func:`deal_ids`):
    row ``g`` of the deals ``dealt`` if it has rows, else from the deal stream. Returns the first
    seat."""
    seed_streams(streams, seed)
    if dealt.shape[0]:
        for k in range(52):
            ids[k] = dealt[g, k]
        return dealt[g, 52]
    return deal_ids(streams, rules[9], rules[10], rules[11], deck, ids)


# --- small steps of play --------------------------------------------------------------------------
# (those called with arrays in the middle of a game are inlined: a call of a compiled function that
# passes arrays costs atomic reference counts, which inlining lets numba drop)
@njit(cache=True)
def owed_for(card: int, jack: int, queen: int, king: int, ace: int) -> int:
    """C6: cards owed for a card of rank code ``card`` (0..8 number cards, 9 J … 12 A), without a
    jump: the payments (at most 52 each) are bytes 1 to 4 of one word, read at the card's honour
    code (J Q K A: 1 2 3 4, other cards 0: byte 0, nothing owed)."""
    payments = jack << 8 | queen << 16 | king << 24 | ace << 32
    honour = card - 8
    honour &= ~(honour >> 63)                       # negative (a number card): 0
    return (payments >> (8 * honour)) & 255


@njit(cache=True)
def rank(card: int, detail: int) -> int:
    """A card's rank code: the buffers hold rank codes, or with ``detail`` pack indices (the Js
    are told apart: J of suit ``s`` is ``13 * s + 9``)."""
    return card % 13 if detail else card


@njit(cache=True)
def pair_on_top(pile: np.ndarray, n: int, slaps: int, sandwich: int, detail: int) -> bool:
    """C10, C14: the top two cards pair (``slaps`` 1 same rank, 2 also any two of J Q K), or with
    sandwiches the top card pairs with the one under the one below it."""
    if slaps == 0 or n < 2:
        return False
    a, b = rank(pile[n - 2], detail), rank(pile[n - 1], detail)
    if a == b or (slaps == 2 and 9 <= a <= 11 and 9 <= b <= 11):
        return True
    return sandwich == 1 and n >= 3 and rank(pile[n - 3], detail) == b


@njit(cache=True)
def pick(pair: tuple, seat: int) -> int:
    """``pair[seat]`` of a per-seat pair, without a jump on the seat (it alternates unpredictably)."""
    return pair[1] if seat else pair[0]


@njit(cache=True)
def put(pair: tuple, seat: int, value: int) -> tuple:
    """A copy of the per-seat pair with ``seat``'s entry set to ``value`` (no jump on the seat)."""
    return (pair[0] if seat else value, value if seat else pair[1])


@njit(cache=True, inline="always")
def take_pile(seat: int, under_hand: int, rings: np.ndarray, tail: tuple, end: tuple,
              pile: np.ndarray, n: int, burnt: np.ndarray, m: int) -> tuple:
    """C7: the burnt cards (the last burnt at the bottom) then the pile, bottom card first, go
    to the end of ``seat``'s cards in their ring (``rings``: seat ``s``'s from ``s * RING``):
    under their hand, or onto their won pile. ``tail``, ``end``: per seat, where the hand ends
    (the won pile starts) and where the won pile ends. Returns the new ``tail`` and ``end``."""
    at = pick(end, seat)
    for k in range(m):
        rings[seat * RING + ((at + k) & (RING - 1))] = burnt[m - 1 - k]
    for k in range(0, n, 8):                    # the pile in blocks of 8, a loop end less often
        for c in range(k, k + 8):               # mispredicted (what lies past its top lands past
            rings[seat * RING + ((at + m + c) & (RING - 1))] = pile[c & (PILE - 1)]   # the seat's cards)
    end = put(end, seat, at + m + n)
    return (end if under_hand else tail), end


@njit(cache=True)
def opponent_js(seat: int, owners: int, pile: np.ndarray, n: int, burnt: np.ndarray, m: int) -> int:
    """The opponent's Js among the ``m`` burnt cards and the ``n`` on the pile (pack indices) that
    ``seat`` takes, as bits by suit; ``owners``: bit ``s`` set if seat 1 was dealt the J of suit ``s``."""
    taken = 0
    for k in range(m + n):
        card = burnt[k] if k < m else pile[k - m]
        if card % 13 == 9 and (owners >> (card // 13) & 1) != seat:
            taken |= 1 << (card // 13)
    return taken


@njit(cache=True, inline="always")
def reshuffle(seat: int, streams: np.ndarray, rings: np.ndarray, start: int, n: int) -> None:
    """C9: ``seat``'s won pile, the ``n`` cards from ``start`` in their ring, shuffled in place by
    the chance stream: their new hand."""
    shuffle(streams, CHANCE, rings, start, n, seat * RING, RING - 1)


@njit(cache=True, inline="always")
def reaction(streams: np.ndarray, seat: int, models: np.ndarray) -> float:
    """C11: seat's slap time for the pair on top in ms (``models[seat]``), or NEVER if they do not
    notice it (a draw only when they may notice: attention > 0)."""
    if models[seat, 0] <= 0.0 or uniform(streams, SEAT + seat) >= models[seat, 0]:
        return NEVER
    return max(models[seat, 3], np.rint(models[seat, 1] + models[seat, 2] * normal(streams, SEAT + seat)))


@njit(cache=True, inline="always")
def blunders(streams: np.ndarray, seat: int, models: np.ndarray) -> bool:
    """C13 variant: seat slaps a card that makes no pair (a draw only when blunder > 0)."""
    return models[seat, 4] > 0.0 and uniform(streams, SEAT + seat) < models[seat, 4]


@njit(cache=True)
def same_position(turner: int, rings: np.ndarray, head: tuple, tail: tuple, mark: np.ndarray, detail: int) -> bool:
    """The trick-start position (the seat to lead, both hands' honour patterns) equals ``mark``
    (as :func:`write_position` wrote it)."""
    if mark[0] != turner or mark[1] != tail[0] - head[0] or mark[2] != tail[1] - head[1]:
        return False
    at = 3
    for seat in range(2):
        for k in range(pick(tail, seat) - pick(head, seat)):
            card = rank(rings[seat * RING + ((pick(head, seat) + k) & (RING - 1))], detail)
            if mark[at] != (card - 8 if card > 8 else 0):
                return False
            at += 1
    return True


@njit(cache=True)
def write_position(turner: int, rings: np.ndarray, head: tuple, tail: tuple, mark: np.ndarray, detail: int) -> None:
    """The position as the engine's loop check sees it: seat to lead, hand sizes, honour codes."""
    mark.fill(0)
    mark[0], mark[1], mark[2] = turner, tail[0] - head[0], tail[1] - head[1]
    at = 3
    for seat in range(2):
        for k in range(pick(tail, seat) - pick(head, seat)):
            card = rank(rings[seat * RING + ((pick(head, seat) + k) & (RING - 1))], detail)
            mark[at] = card - 8 if card > 8 else 0
            at += 1


@njit(cache=True)
def first_repeat(positions: np.ndarray, n: int) -> int:
    """The first index whose position occurred before among ``positions[:n]``, or -1."""
    hashes = np.empty(n, np.uint64)
    for t in range(n):
        h = np.uint64(14695981039346656037)
        for b in positions[t]:
            h = (h ^ np.uint64(b)) * np.uint64(1099511628211)
        hashes[t] = h
    order = np.argsort(hashes, kind="mergesort")       # equal hashes stay in order of index
    best = -1
    start = 0
    for end in range(1, n + 1):
        if end < n and hashes[order[end]] == hashes[order[start]]:
            continue
        for i in range(start + 1, end):                 # a group of equal hashes
            for j in range(start, i):
                if (positions[order[i]] == positions[order[j]]).all():
                    if best < 0 or order[i] < best:
                        best = order[i]
                    break
        start = end
    return best


# --- one game -------------------------------------------------------------------------------------
STATS = 55
"""Where a recorded position's cards, tricks, steps and detail (the Js each seat took, as bits,
and the first to take one) start, after the seat, two sizes and 52 codes."""
RECORD = STATS + 6


@njit(cache=True)
def write_detail(row: np.ndarray, taken: tuple, first_taker: int) -> None:
    """The :data:`DETAIL` fields of a game's ``row``: the opponent's Js each seat took (bits by
    suit, ``taken``) counted, and the first seat to take one."""
    for seat in range(2):
        row[len(COLUMNS) + seat] = 0
        for suit in range(4):
            row[len(COLUMNS) + seat] += pick(taken, seat) >> suit & 1
    row[len(COLUMNS) + 2] = first_taker


@njit(cache=True, inline="always")
def play(rules: tuple, max_steps: int, seed: int, models: np.ndarray, work: tuple, dealt: np.ndarray, g: int,
         positions: np.ndarray) -> int:
    """Deal and play the game seeded ``seed`` under ``rules`` (:func:`constants`) and the cap
    ``max_steps`` with the seats' slap ``models`` (2, 5), writing its :data:`COLUMNS` (and
    :data:`DETAIL`) into the ``row`` of ``work``, the buffers of :func:`workspace`. ``dealt``: the
    deals to play (:func:`deal_rows`; row ``g``), or an empty array to draw the deal from the seed.

    Deterministic rules only: returns the number of trick starts if the game ended by a loop or
    the cap (the loop check then needs an exact pass: call again with ``positions`` of that many
    rows + 1, which records each trick-start position, its cards, tricks and steps, and stops
    when they are full; returns the rows written). Otherwise returns 0."""
    jack, queen, king, ace, under_hand, no_cards, slaps, sandwich, burn, colour, first_rule, red_first, \
        deterministic, detail = rules
    streams, deck, ids, rings, pile, burnt, mark, dealt_ranks, row = work
    record = positions.shape[0] > 0
    first = start_game(rules, seed, dealt, g, streams, deck, ids)
    row.fill(0)
    row[5] = first
    owners, first_taker = 0, -1                                # detail: the Js' seats (bits by suit),
    taken = (0, 0)                                              # the opponent's Js each seat took
    dealt_ranks.fill(0)
    for seat in range(2):
        for k in range(26):
            card = ids[26 * seat + k] % 13
            rings[seat * RING + k] = ids[26 * seat + k] if detail else card
            dealt_ranks[13 * seat + card] += 1                 # counted without a jump on the rank
            if detail and card == 9:
                owners |= seat << (ids[26 * seat + k] // 13)
        for honour in range(4):                                 # honours dealt: js_0, js_1, qs_0 …
            row[6 + 2 * honour + seat] = dealt_ranks[13 * seat + 9 + honour]
    head = (0, 0)                                               # per seat, counted from the ring's start (masked
    tail = (26, 26)                                             # when read): where the hand starts, where it ends
    end = (26, 26)                                              # and the won pile starts, where the won pile ends
    turner, owed, waiting = first, 0, False                     # waiting: the creditor collects when play goes on
    step, last, fresh, cards, tricks, n, m = 0, -1, True, 0, 0, 0, 0   # n cards on the pile, m burnt under it
    winner, reason, taker, turned, raced, burns = -1, -1, -1, False, False, 0   # turned: a card was the last action
    starts, power = 0, FIRST_MARK                               # trick starts; when Brent's check saves a mark
    check = deterministic == 1                                  # a trick starts: the loop check
    while True:
        if taker >= 0:                                          # C7, C8: taker takes the pile and leads
            if detail:
                js = opponent_js(taker, owners, pile, n, burnt, m)
                taken = put(taken, taker, pick(taken, taker) | js)
                first_taker = taker if first_taker < 0 and js else first_taker
            tail, end = take_pile(taker, under_hand, rings, tail, end, pile, n, burnt, m)
            n, m, tricks, owed, waiting, turner, fresh = 0, 0, tricks + 1, 0, False, taker, True
            if pick(end, 1 - taker) == pick(head, 1 - taker):
                winner, reason = taker, NO_CARDS
                break
            taker, check = -1, deterministic == 1
        if check:
            check = False
            if record:
                if starts == positions.shape[0]:
                    break
                write_position(turner, rings, head, tail, positions[starts], detail)
                positions[starts, STATS], positions[starts, STATS + 1] = cards, tricks
                positions[starts, STATS + 2] = step
                positions[starts, STATS + 3], positions[starts, STATS + 4] = taken
                positions[starts, STATS + 5] = first_taker
            elif starts > FIRST_MARK and mark[0] == turner and same_position(
                    turner, rings, head, tail, mark, detail):
                winner, reason = -1, LOOP
                break
            starts += 1
            if not record and starts == power:
                write_position(turner, rings, head, tail, mark, detail)
                power *= 2
        # settle, after every action: the player due loses if they have no card at all (unless
        # the pile waits for them, C10), then the cap
        if pick(end, turner) == pick(head, turner) and not waiting:
            winner, reason = 1 - turner, CANNOT_PLAY
            break
        if (fresh or turner != last) and step >= max_steps:
            winner, reason = -1, CAP
            break
        # the next action: a race for a pair on top, false slaps after a card, else a card
        if not raced and pair_on_top(pile, n, slaps, sandwich, detail):
            raced, turned = True, False
            t0, t1 = reaction(streams, 0, models), reaction(streams, 1, models)
            if t0 < NEVER or t1 < NEVER:                        # C11: the first slap wins; a tie, a coin
                taker = 0 if t0 < t1 else 1 if t1 < t0 else below(streams, CHANCE, 2)
                row[14 + taker] += 1
            continue
        if burn and turned and n > 0:                           # C13 variant: false slaps burn a card
            burns = int(blunders(streams, 0, models)) + 2 * int(blunders(streams, 1, models))
        turned = False
        if burns:
            seat = 0 if burns & 1 else 1
            burns -= 1 << seat
            if pick(tail, seat) != pick(head, seat):
                burnt[m] = rings[seat * RING + (pick(head, seat) & (RING - 1))]
                m += 1
                head = put(head, seat, pick(head, seat) + 1)
                if no_cards and pick(end, seat) == pick(head, seat):
                    winner, reason = 1 - seat, NO_CARDS
                    break
            continue
        seat, turned, raced = turner, True, False               # C4: turn the top card, after
        if waiting:                                             # C10: nobody slapped, the creditor collects
            if detail:
                js = opponent_js(seat, owners, pile, n, burnt, m)
                taken = put(taken, seat, pick(taken, seat) | js)
                first_taker = seat if first_taker < 0 and js else first_taker
            tail, end = take_pile(seat, under_hand, rings, tail, end, pile, n, burnt, m)
            n, m, tricks, owed, waiting, fresh = 0, 0, tricks + 1, 0, False, True
            if pick(end, 1 - seat) == pick(head, 1 - seat):
                winner, reason = seat, NO_CARDS
                break
        if pick(tail, seat) == pick(head, seat):                # C9: the won pile becomes the hand
            reshuffle(seat, streams, rings, pick(head, seat), pick(end, seat) - pick(head, seat))
            tail = put(tail, seat, pick(end, seat))
        n0 = n
        if fresh or seat != last:                               # a new step (then at each change of seat)
            step += 1
        while True:                                             # C4-C6: card after card, while nothing else can come next
            card = rings[(seat * RING + (pick(head, seat) & (RING - 1))) & (2 * RING - 1)]   # masked indices:
            head = put(head, seat, pick(head, seat) + 1)
            pile[n & (PILE - 1)] = card                         # known >= 0, so no check for a negative one
            n += 1
            if no_cards and pick(end, seat) == pick(head, seat):
                winner, reason = 1 - seat, NO_CARDS             # C15: out at once
                break
            pay = owed_for(rank(card, detail), jack, queen, king, ace)
            if pay:                                             # C6: the opponent pays
                owed, turner = pay, 1 - seat
            elif owed:                                          # seat pays: the creditor is the other
                owed -= 1
                if owed == 0:                                   # paid: the creditor takes the pile,
                    turner = 1 - seat                           # or waits if a pair may be slapped (C10)
                    if pair_on_top(pile, n, slaps, sandwich, detail):
                        waiting = True
                    else:
                        taker = 1 - seat
            else:                                               # C5
                turner = 1 - seat
            if taker >= 0 or waiting or burn or step >= max_steps or pick(tail, turner) == pick(head, turner) or \
                    pair_on_top(pile, n, slaps, sandwich, detail):  # slaps, the cap, a reshuffle: the outer loop
                break
            step += turner != seat
            seat = turner
        last, fresh = seat, False
        cards += n - n0                                         # the cards turned in the loop
        if reason >= 0:
            break
    row[0], row[1], row[2], row[3], row[4] = winner, reason, cards, tricks + (n > 0), step
    if detail:
        write_detail(row, taken, first_taker)
    if record:
        return starts
    return starts if deterministic and reason in (LOOP, CAP) else 0


@njit(cache=True)
def first_loop(rules: tuple, max_steps: int, seed: int, models: np.ndarray, work: tuple, dealt: np.ndarray,
               rows: np.ndarray, g: int, starts: int) -> None:
    """The exact loop check of a deterministic game that :func:`play` ended by a loop (Brent's
    check, later than the engine) or the cap after ``starts`` trick starts: play it again
    recording every trick-start position; if one repeats, the game ends as a loop at the first
    repetition, as in the engine (``rows[:, g]`` otherwise stays as it was)."""
    positions = np.zeros((starts + 1, RECORD), np.int64)
    k = play(rules, max_steps, seed, models, work, dealt, g, positions)
    t = first_repeat(positions[:k, :STATS], k)
    if t >= 0:
        rows[0, g], rows[1, g] = -1, LOOP
        for j in range(3):
            rows[2 + j, g] = positions[t, STATS + j]
        if rules[-1]:                                    # detail
            row = work[-1]
            write_detail(row, (positions[t, STATS + 3], positions[t, STATS + 4]), positions[t, STATS + 5])
            rows[len(COLUMNS):, g] = row[len(COLUMNS):rows.shape[0]]


@njit(cache=True)
def workspace() -> tuple:
    """The buffers one thread plays its games in (see :func:`play`): the streams, the shuffled
    pack, the deal, both seats' rings (hand and won pile), the pile, the burnt cards, the loop
    check's mark, the cards of each rank dealt to each seat and the game's row. All are flat, a
    seat's part at a fixed offset (an index is a shift and an add, not a multiplication by a stride)."""
    return (np.zeros(STREAMS, np.uint64), np.zeros(52, np.int64), np.zeros(52, np.int64),
            np.zeros(2 * RING, np.int64), np.zeros(PILE, np.int64), np.zeros(52, np.int64),
            np.zeros(RECORD, np.int64), np.zeros(26, np.int64),
            np.zeros(len(COLUMNS) + len(DETAIL), np.int64))


# --- many games -------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def games(rules: tuple, max_steps: int, run_seed: int, first: int, models: np.ndarray, dealt: np.ndarray,
          seeds: np.ndarray, rows: np.ndarray, lo: int, hi: int) -> None:
    """Games ``first + lo .. first + hi - 1`` of the run (on the deals ``dealt`` if any, row
    ``g`` for game ``first + g``): each game's seed into ``seeds[g]`` and its row into
    ``rows[:, g]``. Threads share the games out in blocks, each with its own buffers, a block at
    a time (:func:`fill`), so a thread slowed by other work takes fewer."""
    n = hi - lo
    blocks = min(n, 256)
    for b in prange(blocks):
        work, none = workspace(), np.zeros((0, RECORD), np.int64)
        for g in range(lo + b * n // blocks, lo + (b + 1) * n // blocks):
            seeds[g] = game_seed(run_seed, first + g)
            k = play(rules, max_steps, seeds[g], models, work, dealt, g, none)
            rows[:, g] = work[-1][:rows.shape[0]]
            if k:                                        # a loop or the cap: the exact loop check
                first_loop(rules, max_steps, seeds[g], models, work, dealt, rows, g, k)


@njit(cache=True, parallel=True)
def any_rules(rules: tuple, max_steps: int, run_seed: int, first: int, models: np.ndarray, dealt: np.ndarray,
              seeds: np.ndarray, rows: np.ndarray, lo: int, hi: int) -> None:
    """:func:`games` for any rule set, its fields read at run time (one compilation for all)."""
    games(rules, max_steps, run_seed, first, models, dealt, seeds, rows, lo, hi)


@lru_cache(maxsize=None)
def kernel(rules: tuple) -> Any:
    """The kernel compiled for one rule set (:func:`constants`), its fields constants:
    ``run(max_steps, run_seed, first, models, dealt, seeds, rows, lo, hi)`` as :func:`games`."""

    @njit(cache=True, parallel=True)
    def run(max_steps: int, run_seed: int, first: int, models: np.ndarray, dealt: np.ndarray, seeds: np.ndarray,
            rows: np.ndarray, lo: int, hi: int) -> None:
        games(rules, max_steps, run_seed, first, models, dealt, seeds, rows, lo, hi)

    return run


def models_array(models: Sequence[Sequence[float]] | None) -> np.ndarray:
    """The two seats' slap models as a (2, 5) array (see :data:`MODEL`; None: nobody slaps)."""
    array = np.array(models if models is not None else (QUIET, QUIET), np.float64)
    if array.shape != (2, len(MODEL)) or not all(0 <= array[seat, k] <= 1 for seat in range(2) for k in (0, 4)):
        raise ValueError(f"models: two seats of {', '.join(MODEL)} (attention and blunder in [0, 1]), "
                         f"not {models!r}")
    return array


def columns(detail: bool = False) -> tuple[str, ...]:
    """The fields of a row: the :data:`COLUMNS`, and the :data:`DETAIL` columns if ``detail``."""
    return COLUMNS + DETAIL if detail else COLUMNS


def new_rows(n: int, detail: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Room for ``n`` games: their seeds, and their rows as a field-by-game array (one row per
    :func:`columns` field, so each field is contiguous, as a DataFrame keeps it)."""
    return np.zeros(n, np.int64), np.zeros((len(columns(detail)), n), np.int64)


def fill(rules: Any, run_seed: int, first: int, seeds: np.ndarray, rows: np.ndarray, lo: int, hi: int,
         models: Sequence[Sequence[float]] | None = None, dealt: np.ndarray | None = None) -> None:
    """Play games ``first + lo .. first + hi - 1`` of the run seeded ``run_seed`` into
    ``seeds[lo:hi]`` and ``rows[:, lo:hi]`` (from :func:`new_rows`; the :data:`DETAIL` columns if
    ``rows`` has them) with the seats' slap ``models``; ``dealt``: the deals of games ``first +
    g`` as rows ``g`` of :func:`deal_rows`, or None to deal from the seeds."""
    if not 0 <= lo <= hi <= rows.shape[1] or run_seed < 0 or first < 0:
        raise ValueError(f"games {lo}..{hi} of {rows.shape[1]} from game {first} with a seed >= 0, not {run_seed}")
    if hi == lo:
        return
    detail = rows.shape[0] == len(columns(True))
    dealt = np.zeros((0, 53), np.int64) if dealt is None else dealt
    chunks = set_parallel_chunksize(1)          # blocks handed out as threads get free
    try:
        with np.errstate(over="ignore"):
            array = models_array(models)
            args = (rules.max_steps, run_seed, first, array, dealt, seeds, rows, lo, hi)
            consts = constants(rules, detail)
            if rules.deterministic and not detail and not (rules.false_slap == "burn" and (array[0, 4] or array[1, 4])):
                from .kernel_bits import run                  # here: it builds on this module
                run(consts, rules.max_steps, run_seed, first, dealt, seeds, rows, lo, hi)   # only C4 moves a card
            elif consts in SPECIALISED:
                kernel(consts)(*args)
            else:
                any_rules(consts, *args)
    finally:
        set_parallel_chunksize(chunks)


def play_games(rules: Any, run_seed: int, start: int, stop: int,
               models: Sequence[Sequence[float]] | None = None, deals: np.ndarray | None = None,
               detail: bool = False) -> dict[str, np.ndarray]:
    """Games ``start .. stop - 1`` of the run seeded ``run_seed`` (>= 0) under ``rules`` with the
    seats' slap ``models`` (:data:`MODEL` values per seat; None: nobody slaps): a dict of arrays,
    ``seed`` (each game's own, :func:`~.rng.game_seed`) and the :data:`COLUMNS` (and the
    :data:`DETAIL` columns if ``detail``). ``deals``: the games' deals (``stop - start`` rows of
    :func:`deal_rows`) instead of deals drawn from the seeds."""
    if not 0 <= start <= stop or run_seed < 0:
        raise ValueError(f"games start..stop with 0 <= start <= stop and a seed >= 0, not {start}..{stop}, {run_seed}")
    dealt = None if deals is None else np.ascontiguousarray(deals, np.int64)
    if dealt is not None and dealt.shape != (stop - start, 53):
        raise ValueError(f"deals: one row of 52 pack indices and the first seat per game, not shape {dealt.shape}")
    seeds, rows = new_rows(stop - start, detail)
    fill(rules, run_seed, start, seeds, rows, 0, stop - start, models, dealt)
    return {"seed": seeds, **dict(zip(columns(detail), rows))}


def deal_rows(deals: Sequence[dict]) -> np.ndarray:
    """Deals (``{"hands": [X, Y], "first": seat}``, card lists or pattern strings of 26 cards
    each) as kernel rows: X's then Y's cards as pack indices (``french_deck()`` order), then the
    first seat."""
    index = {card: i for i, card in enumerate(french_deck())}
    rows = np.zeros((len(deals), 53), np.int64)
    for r, deal in enumerate(deals):
        hands, first = read_deal(deal)
        if [len(h) for h in hands] != [26, 26]:
            raise RecordError("hands", "the kernel plays two hands of 26 cards")
        rows[r, :52] = [index[card] for hand in hands for card in hand]
        rows[r, 52] = first
    return rows
