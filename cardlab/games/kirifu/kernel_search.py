"""The search player's playouts compiled: a sampled Kirifu position played on from each candidate
action by the noisy rule of thumb, on the game loop of :mod:`.kirifu` (:func:`.kirifu.play`);
and :func:`search_totals`, a whole decision of :class:`cardlab.games.kirifu.bots.SearchBot` (its worlds
sampled and played out) drawing from the bot's own ``random.Random`` (moved in and out with
:func:`.mersenne.state_of` / :func:`~.mersenne.restore`) as it drew in the engine.

:func:`places` gives, for each candidate, the place :func:`cardlab.games.kirifu.bots.playout_place`
gives in the engine: the candidate taken, then at most ``cap`` actions by every seat's rule of
thumb, a random legal action with probability 0.1, all drawing from one ``random.Random(seed)``
(here the Mersenne Twister of :mod:`.mersenne`, seeded as CPython seeds it, so the draws are
the same); a playout stopped by the cap ranks the players still in by the size of their hands.
``tests/test_kernels_kirifu.py`` compares both at every decision of many games, draw for draw.
Cards are the indices of ``french_deck()``; the joker variant is not compiled.
"""

from __future__ import annotations

from typing import Sequence

from cardlab.kernels.jit import njit, np

from cardlab.cards import FRENCH_SUITS, french_deck
from .engine import RECEIVE, Action, State
from .kernel import THUMB, insert, play
from cardlab.kernels.mersenne import SIZE, random_float, seed, shuffle

NOISE = 0.1
"""How often a playout's rule of thumb plays a random legal action (as ``_rollout``)."""
INDEX = {c: i for i, c in enumerate(french_deck())}


@njit(cache=True)
def final_place(place: np.ndarray, sizes: np.ndarray, player: int) -> int:
    """``player``'s place: its finishing place, or (still in) after those out and the players still
    in with fewer cards, or as many and an earlier seat."""
    if place[player]:
        return place[player]
    ahead = 1
    for p in range(len(place)):
        ahead += place[p] > 0 or sizes[p] < sizes[player] or (sizes[p] == sizes[player] and p < player)
    return ahead


@njit(cache=True)
def playout(hands: np.ndarray, sizes: np.ndarray, stock: np.ndarray, passed: np.ndarray, taken: np.ndarray,
            chosen: np.ndarray, place: np.ndarray, turn: int, receive: bool, world: int, hand_size: int,
            osoroi: bool, move: np.ndarray, g: np.ndarray, cap: int, player: int) -> int:
    """``player``'s place (:func:`final_place`) when ``move`` (as :func:`.kirifu.play` reads it)
    is taken in the position and at most ``cap`` more actions are played by the noisy rule of
    thumb, drawing from generator ``g``. The position (:func:`position`) is left as it was."""
    n = len(hands)
    table = np.zeros((3, 52), np.int64)          # passed, taken, chosen
    table[0, :len(passed)] = passed
    table[1, :len(taken)] = taken
    table[2, :len(chosen)] = chosen
    hands, sizes, place = hands.copy(), sizes.copy(), place.copy()
    counts = np.zeros(n, np.int64)
    play(hands, sizes, stock, 0, table[0], len(passed), table[1], len(taken), table[2], len(chosen), receive,
         turn, place, world, hand_size, osoroi, np.full(n, THUMB), np.full(n, NOISE), g.reshape((1, SIZE)), move,
         cap + 1, counts, counts)
    return final_place(place, sizes, player)


@njit(cache=True)
def _places(hands: np.ndarray, sizes: np.ndarray, stock: np.ndarray, passed: np.ndarray, taken: np.ndarray,
            chosen: np.ndarray, place: np.ndarray, turn: int, receive: bool, world: int, hand_size: int,
            osoroi: bool, moves: np.ndarray, seed_number: int, cap: int, player: int) -> np.ndarray:
    g = np.zeros(SIZE, np.int64)
    seed(g, seed_number)
    out = np.zeros(len(moves))
    for i in range(len(moves)):
        out[i] = playout(hands, sizes, stock, passed, taken, chosen, place, turn, receive, world, hand_size,
                         osoroi, moves[i], g.copy(), cap, player)
    return out


@njit(cache=True)
def search_totals(g: np.ndarray, pool: np.ndarray, known: np.ndarray, n_known: np.ndarray, hands: np.ndarray,
                  sizes: np.ndarray, passed: np.ndarray, taken: np.ndarray, chosen: np.ndarray, place: np.ndarray,
                  turn: int, receive: bool, world: int, hand_size: int, osoroi: bool, moves: np.ndarray,
                  worlds: int, cap: int) -> np.ndarray:
    """For each of ``moves`` of the player to move (``turn``), the sum of its places over ``worlds``
    sampled worlds, drawing from ``g`` as :class:`cardlab.games.kirifu.bots.SearchBot` draws: each world
    redeals the cards ``turn`` has not seen (``pool``, in pack order) as
    :func:`~cardlab.games.kirifu.bots.determinize` does (shuffled; each other seat ``p`` gets its known
    cards ``known[p, :n_known[p]]`` and the next ``sizes[p] - n_known[p]`` of the pool; the rest is
    the stock), then draws the playouts' seed (``random()``; :func:`_places`)."""
    totals = np.zeros(len(moves))
    cards = pool.copy()
    for _ in range(worlds):
        cards[:] = pool
        shuffle(g, cards, len(cards))
        k = 0
        for p in range(len(hands)):
            if p == turn:
                continue
            size = 0
            for c in known[p, :n_known[p]]:
                size = insert(hands[p], size, c)
            for c in cards[k:k + sizes[p] - n_known[p]]:
                size = insert(hands[p], size, c)
            k += sizes[p] - n_known[p]
        seed_number = np.int64(random_float(g) * 2.0 ** 61)  # hash() of a float from random()
        found = _places(hands, sizes, cards[k:], passed, taken, chosen, place, turn, receive, world, hand_size,
                        osoroi, moves, seed_number, cap, turn)
        for i in range(len(moves)):
            totals[i] += found[i]
    return totals


def ints(cards: Sequence) -> np.ndarray:
    """Cards as their indices in ``french_deck()``."""
    return np.array([INDEX[c] for c in cards], np.int64)


def position(state: State) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                   np.ndarray, int, bool, int, int, bool]:
    """``state`` (a Kirifu game without the joker, not over) as the arguments of :func:`playout`
    from ``hands`` to ``osoroi``."""
    n = state.rules.players
    hands, sizes, place = np.zeros((n, 52), np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
    for p, hand in enumerate(state.hands):
        sizes[p] = len(hand)
        hands[p, :len(hand)] = ints(hand)
    for k, p in enumerate(state.finished):
        place[p] = k + 1
    return (hands, sizes, ints(state.stock), ints(state.passed), ints(state.taken), ints(state.chosen), place,
            state.to_move, state.phase == RECEIVE, FRENCH_SUITS.index(state.world), state.rules.hand_size,
            state.rules.osoroi)


def moves(state: State, actions: Sequence[Action]) -> np.ndarray:
    """``actions`` of the player to move in ``state`` as :func:`.kirifu.play`'s first moves."""
    if state.phase == RECEIVE:
        return np.array([(INDEX[a[1]], INDEX[a[2]] if a[0] == "cut" else -1) for a in actions], np.int64)
    legal = state.legal_actions()
    return np.array([(legal.index(a), 0) for a in actions], np.int64)


def seed_number(seed_value: float | int) -> int:
    """The whole number ``random.Random(seed_value)`` seeds its twister with: a whole number's
    absolute value, a float's hash (a float in [0, 1) from ``random()`` hashes to ``x * 2**61``)."""
    if isinstance(seed_value, float) and not seed_value >= 0:
        raise ValueError(f"a playout seed is a whole number or a float >= 0, not {seed_value!r}")
    return abs(seed_value) if isinstance(seed_value, int) else hash(seed_value)


def places(sample: State, actions: Sequence[Action], player: int, seed_value: float | int,
           cap: int = 400) -> list[float]:
    """``player``'s place in ``sample`` (a Kirifu game without the joker) after each of ``actions``
    (of the player to move) and a playout by the noisy rule of thumb from ``random.Random(seed_value)``
    of at most ``cap`` actions: :func:`cardlab.games.kirifu.bots.playout_place` of each action, compiled."""
    if sample.rules.joker:
        raise ValueError("rules.joker: the kernel plays Kirifu without the joker")
    return _places(*position(sample), moves(sample, actions), seed_number(seed_value), cap, player).tolist()
