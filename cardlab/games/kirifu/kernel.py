"""Kirifu compiled: whole games between random and rule-of-thumb players, as the engine plays them.

Cards are the indices of ``french_deck()`` (``suit * 13 + rank``, ♠ ♥ ♦ ♣ and 2 … A: the
canonical order, so a sorted hand is the engine's hand). :func:`play_games` plays one game per
seed as :func:`cardlab.games.kirifu.sim.play_one` plays it in the engine: the deal from
``random.Random(seed)``, each seat's :class:`cardlab.bots.RandomBot` seeded ``bot_seed(seed, seat)``
drawing among the legal actions in the engine's order (K9: each passed card's cuts, then taking
it; K8, K13–K15: single cards, then the osoroi groups in canonical order; then ``send``), with
the Mersenne Twister of :mod:`.mersenne`; a :class:`cardlab.games.kirifu.bots.ThumbBot` draws
its noise and then plays at random or by the rule of thumb. The game loop, :func:`play`, starts
from any position, so the search player's playouts (:mod:`.kirifu_search`) run on it too.
``tests/test_kernels_kirifu.py`` checks the rows against the engine. The same source runs as plain
Python under the plain path of :mod:`cardlab.kernels.jit`. The joker variant is not compiled (the engine plays it).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardlab.kernels.jit import njit, np

from cardlab.kernels.mersenne import SIZE, randbelow, random_float, seed, shuffle

ACE_OF_SPADES = 12
PAIR_KEYS = 52 * 52
MAX_GROUPS = 78 * 51
"""Osoroi groups of one hand at most: 78 pairs (six per rank), each alone or with one of 50 extras."""
RANDOM, THUMB = 0, 1
"""The players the kernel knows: :class:`cardlab.bots.RandomBot` and :class:`cardlab.games.kirifu.bots.ThumbBot`."""
FINISHED, CAP = 0, 1
WORLD, FIRST, ACE, REASON, ACTIONS, SEATS = range(6)
WORLD_CARDS, PLACE, CUTS, OMORAI = range(4)
"""A row: five fields, then from ``SEATS`` on one block of ``players`` fields for each of
``WORLD_CARDS`` … ``OMORAI`` (field ``SEATS + PLACE * players + seat``; see :func:`columns`)."""


def columns(players: int) -> list[str]:
    """The fields of a row of :func:`play_games` for ``players`` seats."""
    per_seat = ("world_cards", "place", "cuts", "omorai")
    return (["world", "first", "ace_of_spades", "reason", "actions"]
            + [f"{name}_{seat}" for name in per_seat for seat in range(players)])


@njit(cache=True)
def beats(cutter: int, card: int, world: int) -> bool:
    """K5–K7: the ace of spades beats everything and nothing beats it; a world card beats any
    other suit; otherwise the same suit and a higher rank."""
    if cutter == ACE_OF_SPADES:
        return True
    if card == ACE_OF_SPADES:
        return False
    if cutter // 13 == card // 13:
        return cutter % 13 > card % 13
    return cutter // 13 == world


@njit(cache=True)
def groups(hand: np.ndarray, size: int, limit: int, keys: np.ndarray) -> int:
    """K13–K15: the osoroi groups of ``hand[:size]`` of at most ``limit`` cards into ``keys``,
    sorted as the engine lists them (pairs, then triples; each by its cards) and each once; returns
    how many. A pair ``a < b`` is ``a * 52 + b``, a triple ``PAIR_KEYS + (x * 52 + y) * 52 + z``."""
    if limit < 2:
        return 0
    m = 0
    for i in range(size):
        for j in range(i + 1, size):
            if hand[i] % 13 != hand[j] % 13:
                continue
            keys[m] = hand[i] * 52 + hand[j]
            m += 1
            if limit < 3:
                continue
            for k in range(size):
                if k == i or k == j:
                    continue
                x, y, z = hand[i], hand[j], hand[k]
                if z < x:
                    x, y, z = z, x, y
                elif z < y:
                    y, z = z, y
                keys[m] = PAIR_KEYS + (x * 52 + y) * 52 + z
                m += 1
    found = np.sort(keys[:m])
    n = 0
    for k in range(m):
        if n == 0 or found[k] != keys[n - 1]:
            keys[n] = found[k]
            n += 1
    return n


@njit(cache=True)
def group_cards(key: int, out: np.ndarray) -> int:
    """The cards of group ``key`` (sorted) into ``out``; returns 2 or 3."""
    if key < PAIR_KEYS:
        out[0], out[1] = key // 52, key % 52
        return 2
    key -= PAIR_KEYS
    out[0], out[1], out[2] = key // 2704, key // 52 % 52, key % 52
    return 3


@njit(cache=True)
def remove(cards: np.ndarray, size: int, card: int) -> int:
    """Take ``card`` out of ``cards[:size]``, the rest closing up; returns the new size."""
    k = 0
    while cards[k] != card:
        k += 1
    for j in range(k, size - 1):
        cards[j] = cards[j + 1]
    return size - 1


@njit(cache=True)
def insert(cards: np.ndarray, size: int, card: int) -> int:
    """Put ``card`` into the sorted ``cards[:size]``; returns the new size."""
    k = size
    while k > 0 and cards[k - 1] > card:
        cards[k] = cards[k - 1]
        k -= 1
    cards[k] = card
    return size + 1


@njit(cache=True)
def strength(world: int, beaten_by: np.ndarray, beats_n: np.ndarray, score: np.ndarray) -> None:
    """The rule of thumb's tables (:func:`cardlab.games.kirifu.bots.pass_score`, ``keep_value``): for
    each card, how many cards of the pack beat it and how many it beats, and its pass score."""
    for c in range(52):
        beaten_by[c] = beats_n[c] = 0
        for o in range(52):
            beaten_by[c] += beats(o, c, world)
            beats_n[c] += beats(c, o, world)
        score[c] = beaten_by[c] + 0.6 * beats_n[c] + (30 if c == ACE_OF_SPADES else 0)


@njit(cache=True)
def thumb_receive(hand: np.ndarray, size: int, passed: np.ndarray, n_passed: int, world: int,
                  stock_left: int, beats_n: np.ndarray) -> tuple[int, int]:
    """The rule of thumb's (card, cutter) when cards were passed (cutter -1: take it in): the card
    with the fewest cutters; the cutter that beats the fewest cards, the ace of spades kept
    while the stock lasts and the hand holds more than two cards."""
    card, fewest = -1, 99
    for i in range(n_passed):
        count = 0
        for k in range(size):
            count += beats(hand[k], passed[i], world)
        if count < fewest:
            card, fewest = passed[i], count
    cutter = -1
    for k in range(size):
        if beats(hand[k], card, world) and (cutter < 0 or beats_n[hand[k]] < beats_n[cutter]):
            cutter = hand[k]
    if cutter == ACE_OF_SPADES and stock_left > 0 and size > 2:
        cutter = -1
    return card, cutter


@njit(cache=True)
def thumb_pass(hand: np.ndarray, size: int, keys: np.ndarray, n_groups: int, n_chosen: int,
               score: np.ndarray, group: np.ndarray) -> int:
    """The rule of thumb's pass, as an index into the legal passes (single cards or ``send``,
    then the groups): the biggest osoroi group without the ace of spades, the lowest summed
    pass score; else send what was chosen; else the single card with the lowest pass score."""
    best, best_len, best_sum = -1, 0, 0.0
    for j in range(n_groups):
        m = group_cards(keys[j], group)
        total, trump = 0.0, False
        for k in range(m):
            total += score[group[k]]
            trump = trump or group[k] == ACE_OF_SPADES
        if not trump and (best < 0 or m > best_len or (m == best_len and total < best_sum)):
            best, best_len, best_sum = j, m, total
    singles = 1 if n_chosen else size
    if best >= 0:
        return singles + best
    if n_chosen:
        return 0
    pick = 0
    for k in range(1, size):
        if score[hand[k]] < score[hand[pick]]:
            pick = k
    return pick


NO_MOVE = np.array([-1, -1], np.int64)
"""``play``'s ``move`` when the first action is the players' own."""


@njit(cache=True)
def play(hands: np.ndarray, sizes: np.ndarray, stock: np.ndarray, top: int, passed: np.ndarray, n_passed: int,
         taken: np.ndarray, n_taken: int, chosen: np.ndarray, n_chosen: int, receive: bool, turn: int,
         place: np.ndarray, world: int, hand_size: int, osoroi: bool, kinds: np.ndarray, noise: np.ndarray,
         bots: np.ndarray, move: np.ndarray, max_actions: int, cuts: np.ndarray, omorai: np.ndarray) -> int:
    """Play on from a position for at most ``max_actions`` actions; returns how many were played,
    or -1 when the game was stopped unfinished (every array but the rules' is changed in place).

    The position: each seat's sorted ``hands[p, :sizes[p]]``; the stock ``stock[top:]`` (its next
    card first); the cards passed to ``turn`` still to resolve (``passed[:n_passed]``), those it
    took in this turn (``taken``) or set aside for an osoroi pass (``chosen``); ``receive`` when
    ``turn`` resolves passed cards, else it passes; ``place[p]`` the finishing place of seat ``p``
    (0 while in). Seat ``p`` plays as ``kinds[p]`` with ``noise[p]``, drawing from ``bots[p]`` (or
    all from ``bots[0]`` when it has one row). ``move``, unless :data:`NO_MOVE`, is the first
    action, drawing nothing: when receiving (passed card, cutter or -1 to take it in), when
    passing (the index among the legal passes, 0). Cuts and omorai are counted per seat."""
    n = len(hands)
    beaten_by, beats_n, score = np.zeros(52, np.int64), np.zeros(52, np.int64), np.zeros(52)
    strength(world, beaten_by, beats_n, score)
    n_out = 0
    for p in range(n):
        n_out += place[p] > 0
    keys = np.zeros(MAX_GROUPS + 78, np.int64)
    group = np.zeros(3, np.int64)
    actions = 0
    while actions < max_actions:
        me = turn
        hand, g = hands[me], bots[me if len(bots) == n else 0]
        forced = actions == 0 and move[0] >= 0
        actions += 1
        at_random = not forced and (kinds[me] == RANDOM or random_float(g) < noise[me])
        to_pass = -1                             # set when the turn ends: how many cards go on
        if receive:                              # K9: each passed card's cuts, then taking it
            if forced:
                card, cutter = move[0], move[1]
            elif at_random:
                card, cutter = _receive_pick(hand, sizes[me], passed, n_passed, world, g)
            else:
                card, cutter = thumb_receive(hand, sizes[me], passed, n_passed, world, len(stock) - top, beats_n)
            n_passed = remove(passed, n_passed, card)
            if cutter >= 0:
                cuts[me] += 1
                sizes[me] = remove(hand, sizes[me], cutter)
            else:                                # omorai
                omorai[me] += 1
                taken[n_taken] = card
                n_taken += 1
            if n_passed == 0:
                if n_taken:                      # K11, K20: taken cards join the hand; pass nothing
                    for k in range(n_taken):
                        sizes[me] = insert(hand, sizes[me], taken[k])
                    n_taken, to_pass = 0, 0
                elif sizes[me]:                  # K10: all cut, now pass
                    receive = False
                else:                            # K22: nothing left to pass
                    to_pass = 0
        else:                                    # K8, K13–K15: a card, or osoroi groups then send
            room = sizes[_next_in(me, n, place)] - n_chosen
            n_groups = groups(hand, sizes[me], room, keys) if osoroi else 0
            singles = 1 if n_chosen else sizes[me]
            if singles + n_groups == 0:
                return actions
            if forced:
                pick = move[0]
            elif at_random:
                pick = randbelow(g, singles + n_groups)
            else:
                pick = thumb_pass(hand, sizes[me], keys, n_groups, n_chosen, score, group)
            if pick >= singles:
                for k in range(group_cards(keys[pick - singles], group)):
                    sizes[me] = remove(hand, sizes[me], group[k])
                    chosen[n_chosen] = group[k]
                    n_chosen += 1
            else:
                if n_chosen == 0:                # a single card (else: send the groups)
                    chosen[0] = hand[pick]
                    n_chosen = 1
                    sizes[me] = remove(hand, sizes[me], chosen[0])
                to_pass = n_chosen
        if to_pass < 0:
            continue
        # K12, K17, K22: refill; finish; hand the cards on to the next player still in
        for _ in range(max(0, min(hand_size - sizes[me], len(stock) - top))):
            sizes[me] = insert(hand, sizes[me], stock[top])
            top += 1
        if sizes[me] == 0 and top == len(stock):
            n_out += 1
            place[me] = n_out
        nxt = _next_in(me, n, place)
        passed[:to_pass] = chosen[:to_pass]
        n_passed, n_chosen = to_pass, 0
        if n_out >= n - 1:                       # the last one left is last
            place[nxt] = n_out + 1
            return actions
        turn, receive = nxt, to_pass > 0
    return -1


@njit(cache=True)
def play_game(game_seed: int, players: int, hand_size: int, world_rule: int, first_rule: int, osoroi: bool,
              kinds: np.ndarray, noise: np.ndarray, max_actions: int, row: np.ndarray) -> None:
    """The game seeded ``game_seed`` into ``row`` (zeros; see :func:`columns`)."""
    n = players
    game = np.zeros(SIZE, np.int64)
    seed(game, game_seed)
    bots = np.zeros((n, SIZE), np.int64)
    for p in range(n):
        seed(bots[p], game_seed * 16 + p + 1)    # cardlab.sim.bot_seed
    stock = np.arange(52)
    shuffle(game, stock, 52)                     # K2–K4, as State._shuffled_deal
    world = world_rule if world_rule >= 0 else randbelow(game, 4)
    turn = first_rule if first_rule >= 0 else randbelow(game, n)
    hands = np.zeros((n, 52), np.int64)
    sizes = np.zeros(n, np.int64)
    row[WORLD], row[FIRST], row[ACE] = world, turn, -1
    for p in range(n):
        for k in range(hand_size):
            c = stock[p * hand_size + k]
            sizes[p] = insert(hands[p], sizes[p], c)
            row[SEATS + WORLD_CARDS * n + p] += c // 13 == world
            if c == ACE_OF_SPADES:
                row[ACE] = p
    place, cuts, omorai = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
    actions = play(hands, sizes, stock, n * hand_size, np.zeros(52, np.int64), 0, np.zeros(52, np.int64), 0,
                   np.zeros(52, np.int64), 0, False, turn, place, world, hand_size, osoroi, kinds, noise, bots,
                   NO_MOVE, max_actions, cuts, omorai)
    row[REASON] = FINISHED if actions >= 0 else CAP
    row[ACTIONS] = actions if actions >= 0 else max_actions
    for p in range(n):                           # (written here, not through slices: see cardlab.kernels.plain)
        row[SEATS + PLACE * n + p] = place[p] if actions >= 0 else 0
        row[SEATS + CUTS * n + p] = cuts[p]
        row[SEATS + OMORAI * n + p] = omorai[p]


@njit(cache=True)
def _receive_pick(hand: np.ndarray, size: int, passed: np.ndarray, n_passed: int, world: int,
                  g: np.ndarray) -> tuple[int, int]:
    """A random player's (card, cutter) among the legal cuts and takes (cutter -1: take)."""
    count = 0
    for i in range(n_passed):
        for k in range(size):
            count += beats(hand[k], passed[i], world)
        count += 1
    pick = randbelow(g, count)
    for i in range(n_passed):
        for k in range(size):
            if beats(hand[k], passed[i], world):
                if pick == 0:
                    return passed[i], hand[k]
                pick -= 1
        if pick == 0:
            return passed[i], -1
        pick -= 1
    return -1, -1


@njit(cache=True)
def _next_in(seat: int, n: int, place: np.ndarray) -> int:
    for k in range(1, n + 1):
        if not place[(seat + k) % n]:
            return (seat + k) % n
    return seat


@njit(cache=True)
def _play_games(seeds: np.ndarray, players: int, hand_size: int, world: int, first: int, osoroi: bool,
                kinds: np.ndarray, noise: np.ndarray, max_actions: int, rows: np.ndarray) -> None:
    for i in range(len(seeds)):
        play_game(seeds[i], players, hand_size, world, first, osoroi, kinds, noise, max_actions, rows[i])


def play_games(seeds: Sequence[int] | np.ndarray, rules: Any, kinds: Sequence[int] | None = None,
               noise: Sequence[float] | None = None, max_actions: int = 5000) -> np.ndarray:
    """One row (:func:`columns`) per game seed (``0 <= seed < 2**59``) under ``rules`` (a Kirifu
    ``Rules`` without the joker): seat ``p`` plays as ``kinds[p]`` (:data:`RANDOM`, the default, or
    :data:`THUMB`, which plays at random with probability ``noise[p]``, 0.1 by default), each game
    stopped after ``max_actions`` (``reason`` :data:`CAP`, places 0)."""
    from cardlab.cards import FRENCH_SUITS

    seeds = np.asarray(seeds, np.int64).reshape(-1)
    if len(seeds) and (seeds.min() < 0 or seeds.max() >= 2 ** 59):
        raise ValueError("seeds must be whole numbers in [0, 2**59)")
    if rules.joker:
        raise ValueError("rules.joker: the kernel plays Kirifu without the joker")
    n = rules.players
    kind_codes = np.asarray([RANDOM] * n if kinds is None else kinds, np.int64)
    noises = np.asarray([0.1] * n if noise is None else noise, np.float64)
    if len(kind_codes) != n or len(noises) != n or not set(kind_codes.tolist()) <= {RANDOM, THUMB}:
        raise ValueError(f"kinds and noise: one per seat ({n}), kinds RANDOM ({RANDOM}) or THUMB ({THUMB})")
    rows = np.zeros((len(seeds), len(columns(n))), np.int64)
    world = -1 if rules.world is None else FRENCH_SUITS.index(rules.world)
    first = -1 if rules.first is None else rules.first
    _play_games(seeds, n, rules.hand_size, world, first, bool(rules.osoroi), kind_codes, noises, max_actions, rows)
    return rows
