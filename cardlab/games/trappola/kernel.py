"""Trappola compiled: whole games between random and rule-of-thumb players, and the card play the
playouts of the search player and the coach run on (:mod:`.kernel_search`).

Cards are ints ``suit * 9 + r`` (``r`` 0 for the ace … 8 for the 2: a lower ``r`` is stronger),
so ``italian_deck()[c]`` is card ``c``. A hand is a row of a ``(2, 9)`` array kept in the engine's
order (a played card is taken out and the rest close up), because a random player picks by
position among the legal actions.

:func:`play_games` plays one game per seed exactly as :func:`cardlab.games.trappola.sim.play_one`
plays it in the engine: the deal from ``random.Random(seed)`` (``new_game``), each seat's bot
seeded ``bot_seed(seed, seat)``; a random player draws among the legal actions in the engine's
order (declarations, then cards) with the Mersenne Twister of :mod:`.mersenne`, the same
draws as :class:`cardlab.bots.RandomBot`; a rule-of-thumb player decides as
:class:`cardlab.games.trappola.bots.RuleOfThumbBot`. ``tests/test_kernels_trappola.py`` checks the rows
against the engine over thousands of games. The same source runs as plain Python under
the plain path of :mod:`cardlab.kernels.jit`.

>>> from cardlab.games.trappola import SINGLE_DEAL
>>> rows = play_games(np.arange(3), SINGLE_DEAL, (RANDOM, THUMB))
>>> rows.shape, [int(t) for t in rows[:, COLUMNS.index("tricks")]]
((3, 16), [9, 9, 9])
"""

from __future__ import annotations

from typing import Any, Sequence

from cardlab.kernels.jit import njit, np

from .scoring import (DECLARATION_VALUES, LAST_TRICK, RANK_POINTS, STREAK_VALUES,
                                        TRICKS_PER_DEAL, TWO_BONUS, TWO_INDEX)
from cardlab.kernels.mersenne import SIZE, randbelow, seed, shuffle

RANDOM, THUMB = 0, 1
"""The players the kernel knows: uniformly random, and the rule of thumb."""
COLUMNS = ("winner", "points_0", "points_1", "deals", "dealer", "exchanges_0", "exchanges_1",
           "declarations_0", "declarations_1", "declaration_points_0", "declaration_points_1",
           "twos_won_0", "twos_won_1", "streaks", "tricks", "actions")
"""A row of :func:`play_games` (``winner`` -1 for a tie), the columns of
:func:`cardlab.games.trappola.sim.engine_row`."""
(WINNER, POINTS, DEALS, DEALER, EXCHANGES, DECLARATIONS, DECLARATION_POINTS, TWOS_WON, STREAKS,
 TRICKS, ACTIONS) = (0, 1, 3, 4, 5, 7, 9, 11, 13, 14, 15)
PTS = np.array(RANK_POINTS, np.int64)                  # T2, by r
DECLARABLE_R = np.array([0, 1, 2, 3, TWO_INDEX], np.int64)  # A R C F 2, in the engine's order (T7)
DECL_VALUE = np.zeros((9, 2), np.int64)                # T9: three, four, by r
for _r, _rank in zip(DECLARABLE_R, ("A", "R", "C", "F", "2")):
    DECL_VALUE[_r] = DECLARATION_VALUES[_rank]
STREAK = np.array([0] + [STREAK_VALUES[n] for n in (1, 2, 3, 4)], np.int64)  # T14, by length
TWO = TWO_INDEX


# --- the card play, shared with the playouts (kernel_search) ------------------------------------
@njit(cache=True)
def legal_cards(hands: np.ndarray, sizes: np.ndarray, p: int, lead: int, out: np.ndarray) -> int:
    """T11: the cards ``p`` may play into ``out``, in hand order (``lead`` -1 when leading);
    returns how many."""
    m = 0
    if lead >= 0:
        for k in range(sizes[p]):
            if hands[p, k] // 9 == lead // 9:
                out[m] = hands[p, k]
                m += 1
    if m == 0:
        for k in range(sizes[p]):
            out[k] = hands[p, k]
        m = sizes[p]
    return m


@njit(cache=True)
def take_out(hands: np.ndarray, sizes: np.ndarray, p: int, card: int) -> None:
    """Take ``card`` out of ``p``'s hand, the cards after it closing up (``list.remove``)."""
    k = 0
    while hands[p, k] != card:
        k += 1
    for j in range(k, sizes[p] - 1):
        hands[p, j] = hands[p, j + 1]
    sizes[p] -= 1


@njit(cache=True)
def trick_winner(lead: int, card: int, leader: int) -> int:
    """T11: who wins the trick ``lead`` (by ``leader``), ``card``: only a higher card of the suit led."""
    return 1 - leader if card // 9 == lead // 9 and card < lead else leader


@njit(cache=True)
def play_card(hands: np.ndarray, sizes: np.ndarray, p: int, lead: int, card: int, score: np.ndarray,
              winners: np.ndarray, twos: np.ndarray, n: int) -> tuple[int, int, int]:
    """``p`` plays ``card`` to the trick ``lead`` (-1: ``p`` leads it); a second card settles the
    trick (T11), adding its card points and 10 for a winning 2 to ``score`` (T2, T12) and keeping
    its winner and whether a 2 won it at ``winners[n]`` and ``twos[n]``. Returns who is to move,
    the card led to the open trick (-1: none open) and the number of tricks played."""
    take_out(hands, sizes, p, card)
    if lead < 0:
        return 1 - p, card, n
    winner = trick_winner(lead, card, 1 - p)
    two = (card if winner == p else lead) % 9 == TWO
    score[winner] += PTS[lead % 9] + PTS[card % 9] + (TWO_BONUS if two else 0)
    winners[n], twos[n] = winner, two
    return winner, -1, n + 1


@njit(cache=True)
def last_tricks(score: np.ndarray, winners: np.ndarray, twos: np.ndarray, n: int, longest: int) -> int:
    """T13/T14 after ``n`` tricks: 6 for the last trick, or the closing streak of 2s (26, 52, 78
    or 104 with ``longest`` 4) instead of those tricks' 10s; adds to ``score``, returns the length
    of the streak (0 for none)."""
    w = winners[n - 1]
    if not twos[n - 1]:
        score[w] += LAST_TRICK
        return 0
    length = 0
    t = n - 1
    while t >= 0 and length < longest and winners[t] == w and twos[t]:
        length += 1
        t -= 1
    score[w] += STREAK[length] - TWO_BONUS * length
    return length


@njit(cache=True)
def quick_card(g: np.ndarray, cards: np.ndarray, m: int, lead: int) -> int:
    """The playout policy (the search player's and the coach's): a random lead; follow by
    winning as cheaply as possible, else give the least; a void discards its least valuable
    card, keeping 2s (ties: the higher ``suit * 9 + r``)."""
    if lead < 0:
        return cards[randbelow(g, m)]
    best = -1
    if cards[0] // 9 == lead // 9:
        for k in range(m):                       # the weakest card that wins
            if cards[k] < lead and cards[k] > best:
                best = cards[k]
        if best >= 0:
            return best
        key = 1 << 30
        for k in range(m):                       # fewest points, then the weakest
            c = cards[k]
            if PTS[c % 9] * 64 - c <= key:
                key, best = PTS[c % 9] * 64 - c, c
        return best
    key = 1 << 30
    for k in range(m):
        c = cards[k]
        value = (PTS[c % 9] + (20 if c % 9 == TWO else 0)) * 64 - c
        if value < key:
            key, best = value, c
    return best


# --- the rule of thumb (RuleOfThumbBot) ----------------------------------------------------------
@njit(cache=True)
def hand_value(hands: np.ndarray, sizes: np.ndarray, p: int) -> int:
    """A rough worth of a hand: card points, declarable sets (T9) and 5 per 2."""
    counts = np.zeros(9, np.int64)
    value = 0
    for k in range(sizes[p]):
        r = hands[p, k] % 9
        counts[r] += 1
        value += PTS[r]
    for r in DECLARABLE_R:
        if counts[r] >= 3:
            value += DECL_VALUE[r, counts[r] - 3]
    return value + 5 * counts[TWO]


@njit(cache=True)
def thumb_follow(cards: np.ndarray, m: int, lead: int) -> int:
    """Win with the cheapest card that does, else give the least (2s kept when void)."""
    best = -1
    key = 1 << 30
    if cards[0] // 9 == lead // 9:
        for k in range(m):
            if cards[k] < lead and cards[k] > best:
                best = cards[k]
        if best >= 0:
            return best
        for k in range(m):                       # fewest points, then the weakest
            c = cards[k]
            if PTS[c % 9] * 16 + (9 - c % 9) < key:
                key, best = PTS[c % 9] * 16 + (9 - c % 9), c
        return best
    for k in range(m):                           # fewest points (a 2 counts 20), then the weakest
        c = cards[k]
        value = (PTS[c % 9] + (20 if c % 9 == TWO else 0)) * 16 + (9 - c % 9)
        if value < key:
            key, best = value, c
    return best


@njit(cache=True)
def thumb_lead(cards: np.ndarray, m: int, void: np.ndarray, seen: np.ndarray) -> int:
    """Lead a 2 the opponent cannot follow only when nothing else is left; else a sure winner
    (the opponent void in its suit, or no unseen card above it), the most valuable; else a low
    card from a long suit. ``void[suit]``: the opponent has shown void; ``seen[c]``: card ``c`` is
    in my hand, in a trick or in a discarded hand."""
    sure = 0
    for k in range(m):
        if cards[k] % 9 == TWO and void[cards[k] // 9]:
            sure += 1
    if sure == m:
        return cards[0]
    best, key = -1, -1
    by_suit = np.zeros(4, np.int64)
    for k in range(m):
        c = cards[k]
        if c % 9 == TWO and void[c // 9]:
            continue
        by_suit[c // 9] += 1
        master = void[c // 9]
        if not master:
            master = True
            for u in range(c // 9 * 9, c):       # the stronger cards of its suit
                if not seen[u]:
                    master = False
        if master and PTS[c % 9] * 16 + (9 - c % 9) > key:
            key, best = PTS[c % 9] * 16 + (9 - c % 9), c
    if best >= 0:
        return best
    key = 1 << 30
    for k in range(m):
        c = cards[k]
        if c % 9 == TWO and void[c // 9]:
            continue
        value = ((c % 9 == TWO) * 100 + PTS[c % 9]) * 1000 + (10 - by_suit[c // 9]) * 16 + (9 - c % 9)
        if value < key:
            key, best = value, c
    return best


# --- whole games -------------------------------------------------------------------------------
@njit(cache=True)
def play_deal(order: np.ndarray, dealer: int, kinds: np.ndarray, thresholds: np.ndarray,
              bots: np.ndarray, anyone: bool, longest: int, row: np.ndarray) -> None:
    """One deal (T3–T15) from the shuffled ``order``: adds its points and counts to ``row``."""
    first = 1 - dealer
    hands = np.zeros((2, 9), np.int64)
    sizes = np.full(2, 9, np.int64)
    for k in range(9):
        hands[first, k] = order[k] if k < 4 else order[k + 4]
        hands[dealer, k] = order[k + 4] if k < 4 else order[k + 9]
    seen = np.zeros((2, 36), np.bool_)           # what each seat has seen: discards, tricks
    stock = 18
    # T4, T5: the non-dealer may exchange twice, then the dealer while 9 cards remain
    p, discarded = first, 0
    while True:
        row[ACTIONS] += 1
        may = stock + 9 <= 36
        if kinds[p] == RANDOM:
            swap = randbelow(bots[p], 2 if may else 1) == 0 and may
        else:
            swap = may and hand_value(hands, sizes, p) < thresholds[p]
        if swap:
            row[EXCHANGES + p] += 1
            for k in range(9):
                seen[0, hands[p, k]] = seen[1, hands[p, k]] = True     # T6: face up
                hands[p, k] = order[stock + k]
            stock += 9
            if p != dealer:
                discarded += 1
            if stock < 36 and (p == dealer or discarded < 2):
                continue
        if p == dealer or stock == 36:
            break
        p = dealer
    # T7–T15
    to_move, lead = first, -1
    played = np.zeros((2, 9), np.bool_)          # ranks each seat has played to finished tricks
    taken = np.zeros((2, 9), np.bool_)           # ranks in the tricks each seat has won
    declared = np.zeros((2, 9), np.bool_)
    void = np.zeros((2, 4), np.bool_)            # void[p, s]: p did not follow suit s
    winners = np.zeros(TRICKS_PER_DEAL, np.int64)
    twos = np.zeros(TRICKS_PER_DEAL, np.bool_)
    score = np.zeros(2, np.int64)
    declared_points = np.zeros(2, np.int64)
    counts = np.zeros(9, np.int64)
    options = np.zeros(5, np.int64)
    cards = np.zeros(9, np.int64)
    n = 0
    while sizes[0] or sizes[1]:
        p = to_move
        counts.fill(0)
        for k in range(sizes[p]):
            counts[hands[p, k] % 9] += 1
        said = 0                                 # T7, T8: the ranks p may declare now
        for r in DECLARABLE_R:
            if played[p, r] or declared[p, r]:
                continue
            gone = (taken[0, r] or taken[1, r]) if anyone else taken[p, r]
            if counts[r] == 4 or (counts[r] == 3 and not gone):
                options[said] = r
                said += 1
        m = legal_cards(hands, sizes, p, lead, cards)
        row[ACTIONS] += 1
        if kinds[p] == RANDOM:
            pick = randbelow(bots[p], said + m)
        elif said:
            pick = 0
        elif lead >= 0:
            pick = said + _index(cards, m, thumb_follow(cards, m, lead))
        else:
            for k in range(sizes[p]):
                seen[p, hands[p, k]] = True
            pick = said + _index(cards, m, thumb_lead(cards, m, void[1 - p], seen[p]))
        if pick < said:
            r = options[pick]
            declared[p, r] = True
            row[DECLARATIONS + p] += 1
            declared_points[p] += DECL_VALUE[r, counts[r] - 3]
            continue
        card = cards[pick - said]
        to_move, led, n = play_card(hands, sizes, p, lead, card, score, winners, twos, n)
        if led >= 0:
            lead = led
            continue
        leader, winner = 1 - p, to_move
        row[TWOS_WON + winner] += twos[n - 1]
        played[leader, lead % 9] = played[p, card % 9] = True
        taken[winner, lead % 9] = taken[winner, card % 9] = True
        if card // 9 != lead // 9:
            void[p, lead // 9] = True
        for q in range(2):
            seen[q, lead] = seen[q, card] = True
        lead = -1
    row[TRICKS] += n
    if last_tricks(score, winners, twos, n, longest):
        row[STREAKS] += 1
    for q in range(2):                           # T15: the declarations after the play
        row[POINTS + q] += score[q] + declared_points[q]
        row[DECLARATION_POINTS + q] += declared_points[q]


@njit(cache=True)
def _index(cards: np.ndarray, m: int, card: int) -> int:
    k = 0
    while k < m and cards[k] != card:
        k += 1
    return k


@njit(cache=True)
def play_game(game_seed: int, kinds: np.ndarray, thresholds: np.ndarray, target: int, anyone: bool,
              longest: int, row: np.ndarray) -> None:
    """The game seeded ``game_seed`` into ``row`` (zeros): deals to ``target`` (T16; -1: one deal)."""
    game = np.zeros(SIZE, np.int64)
    seed(game, game_seed)
    bots = np.zeros((2, SIZE), np.int64)
    for p in range(2):
        if kinds[p] == RANDOM:
            seed(bots[p], game_seed * 16 + p + 1)  # cardlab.sim.bot_seed
    dealer = randbelow(game, 2)
    row[DEALER] = dealer
    order = np.zeros(36, np.int64)
    while True:
        for k in range(36):
            order[k] = k
        shuffle(game, order, 36)
        play_deal(order, dealer, kinds, thresholds, bots, anyone, longest, row)
        row[DEALS] += 1
        a, b = row[POINTS], row[POINTS + 1]
        if target < 0 or (max(a, b) >= target and a != b):
            break
        dealer = 1 - dealer
    row[WINNER] = -1 if a == b else (0 if a > b else 1)


@njit(cache=True)
def _play_games(seeds: np.ndarray, kinds: np.ndarray, thresholds: np.ndarray, target: int,
                anyone: bool, longest: int, rows: np.ndarray) -> None:
    for i in range(len(seeds)):
        play_game(seeds[i], kinds, thresholds, target, anyone, longest, rows[i])


def play_games(seeds: Sequence[int] | np.ndarray, rules: Any, kinds: Sequence[int] = (RANDOM, RANDOM),
               thresholds: Sequence[int] = (24, 24)) -> np.ndarray:
    """One row (:data:`COLUMNS`) per game seed (``0 <= seed < 2**59``) under ``rules`` (a Trappola
    ``Rules``): seat ``p`` plays as ``kinds[p]`` (:data:`RANDOM` or :data:`THUMB`, exchanging
    below ``thresholds[p]``)."""
    seeds = np.asarray(seeds, np.int64).reshape(-1)
    if len(seeds) and (seeds.min() < 0 or seeds.max() >= 2 ** 59):
        raise ValueError("seeds must be whole numbers in [0, 2**59)")
    if len(kinds) != 2 or any(k not in (RANDOM, THUMB) for k in kinds) or len(thresholds) != 2:
        raise ValueError(f"kinds: two of RANDOM ({RANDOM}) and THUMB ({THUMB}), one threshold per seat")
    rows = np.zeros((len(seeds), len(COLUMNS)), np.int64)
    target = -1 if rules.target is None else rules.target
    _play_games(seeds, np.asarray(kinds, np.int64), np.asarray(thresholds, np.int64), target,
                bool(rules.t8_by_anyone), rules.longest_streak, rows)
    return rows
