"""The playouts compiled: every candidate card played out by the quick policy (:func:`.kernel.quick_card`)
in worlds sampled for the opponent's hidden hand, for the search player and for the coach.

The search player: :func:`sample_hand` deals as :meth:`cardlab.games.trappola.bots.HandSampler.sample`
and :func:`search_totals` sums the point differences as :class:`cardlab.games.trappola.bots.SearchBot`
would with its playouts in the engine (:class:`tools.games.trappola.bench.PythonSearchBot`), from
the bot's own ``random.Random`` (moved in and out with :func:`.mersenne.state_of` /
:func:`~.mersenne.restore`): ``tests/test_kernels_trappola.py`` compares both draw for draw.

The coach (:mod:`cardlab.games.trappola.coach`): :func:`candidate_playouts` plays every candidate of
a sampled world out, each from ``random.Random(seed)`` afresh; :func:`deal_playouts` whole deals
from their first lead (the exchange phase); :func:`win_chances` the game played on to its target
(T16) by :func:`quick_deal`. The draws are those of ``random.Random(seed)`` (the twister seeded
with :func:`seed_number`), so the results are the engine's playouts by
:func:`cardlab.games.trappola.bots.quick_choice` from the same seed: ``tests/test_kernels_trappola.py``
checks them over many deals.

Cards are the ints of :mod:`.kernel`; :func:`ints` and :func:`position` turn the engine's cards and
views into them.
"""

from __future__ import annotations

from typing import Iterable

from cardlab.kernels.jit import njit, np

from cardlab.cards import Card, italian_deck
from cardlab.kernels.mersenne import SIZE, randbelow, sample, seed, shuffle
from .engine import View
from .kernel import (DECL_VALUE, DECLARABLE_R, TRICKS_PER_DEAL, last_tricks, legal_cards, play_card,
                     quick_card)

INDEX = {card: i for i, card in enumerate(italian_deck())}
"""A card's int: its index in ``italian_deck()``, ``suit * 9 + r``."""


@njit(cache=True)
def sample_hand(g: np.ndarray, size: int, free: np.ndarray, pool: np.ndarray, played: np.ndarray,
                said: np.ndarray, ranks: np.ndarray, out: np.ndarray) -> None:
    """The opponent's ``size`` cards into ``out``: first the ones their declarations force (``said[d]``
    3 or 4 of rank ``ranks[d]``, -1 when unnamed: one of R, C, F, 2 is drawn; minus the ones they
    have played, ``played[r]``), then a sample of the other cards of ``free`` (the unseen cards of
    suits they have not shown void in); of ``pool`` (all unseen cards) if ``free`` is too short."""
    must = np.zeros(36, np.int64)
    n_must = 0
    exact = np.zeros(9, np.bool_)                # ranks whose count in the hand is known exactly
    named = np.zeros(9, np.bool_)
    for d in range(len(ranks)):
        if ranks[d] >= 0:
            named[ranks[d]] = True
    options = np.zeros(5, np.int64)
    of_rank = np.zeros(4, np.int64)
    for d in range(len(ranks)):
        rank = ranks[d]
        if rank < 0:                             # "three"/"four" said without a name (T7)
            n_options = 0
            for r in DECLARABLE_R[1:]:
                held = 0
                for c in free:
                    held += c % 9 == r
                if not named[r] and held >= said[d] - played[r] >= 0:
                    options[n_options] = r
                    n_options += 1
            if n_options == 0:
                continue
            rank = options[randbelow(g, n_options)]
            named[rank] = True
        n_rank = 0
        for c in free:
            if c % 9 == rank and not _among(c, must, n_must):
                of_rank[n_rank] = c
                n_rank += 1
        need = said[d] - played[rank]
        if 0 <= need <= n_rank:
            sample(g, of_rank, n_rank, need, must, n_must)
            n_must += need
            exact[rank] = True
    rest = np.zeros(36, np.int64)
    n_rest = 0
    for c in free:
        if not _among(c, must, n_must) and not exact[c % 9]:
            rest[n_rest] = c
            n_rest += 1
    if n_rest < size - n_must:                   # an inconsistent inference: drop the constraints
        n_rest = 0
        for c in pool:
            if not _among(c, must, n_must):
                rest[n_rest] = c
                n_rest += 1
    kept = min(n_must, size)
    out[:kept] = must[:kept]
    sample(g, rest, n_rest, size - kept, out, kept)


@njit(cache=True)
def _among(card: int, cards: np.ndarray, n: int) -> bool:
    for k in range(n):
        if cards[k] == card:
            return True
    return False


# --- the playouts --------------------------------------------------------------------------------
@njit(cache=True)
def quick_play_out(g: np.ndarray, hands: np.ndarray, sizes: np.ndarray, p: int, lead: int, score: np.ndarray,
                   winners: np.ndarray, twos: np.ndarray, n: int, longest: int) -> None:
    """The deal played to its end by the quick policy for both players, drawing from ``g``: ``p`` to
    move, ``lead`` the card led to the open trick (-1: none), ``n`` tricks played so far (kept in
    ``winners`` and ``twos`` as :func:`.kernel.play_card` keeps them); the final points in ``score``
    (T13/T14 added)."""
    cards = np.zeros(9, np.int64)
    while sizes[0] or sizes[1]:
        m = legal_cards(hands, sizes, p, lead, cards)
        p, lead, n = play_card(hands, sizes, p, lead, quick_card(g, cards, m, lead), score, winners, twos, n)
    last_tricks(score, winners, twos, n, longest)


@njit(cache=True)
def world_playouts(g: np.ndarray, afresh: bool, me: int, mine: np.ndarray, lead: int, banked: np.ndarray,
                   winners: np.ndarray, twos: np.ndarray, theirs: np.ndarray, candidates: np.ndarray,
                   longest: int, out: np.ndarray) -> None:
    """Each of ``candidates`` played by ``me`` (to move, holding ``mine``; the opponent holds ``theirs``)
    and the deal out by the quick policy, into row ``i`` of ``out``: both players' final points
    (T2, T12–T14; no declarations), then the winner of the candidate's trick and its two cards, led
    and followed. The deal so far: ``lead`` (-1 when I lead), the points ``banked`` (T2, T12) and the
    past tricks' ``winners`` and ``twos`` (won by a 2). The candidates draw one after another from
    ``g``, or, ``afresh``, each from a copy of ``g`` as it was at the call (the same numbers)."""
    start = g.copy()
    hands = np.zeros((2, 9), np.int64)
    sizes = np.zeros(2, np.int64)
    trick_winners = np.zeros(TRICKS_PER_DEAL, np.int64)
    trick_twos = np.zeros(TRICKS_PER_DEAL, np.bool_)
    n = len(winners)
    trick_winners[:n] = winners
    trick_twos[:n] = twos
    score = np.zeros(2, np.int64)
    cards = np.zeros(9, np.int64)
    for i in range(len(candidates)):
        if afresh:
            g[:] = start
        sizes[me], sizes[1 - me] = len(mine), len(theirs)
        hands[me, :len(mine)] = mine
        hands[1 - me, :len(theirs)] = theirs
        score[:] = banked
        card = candidates[i]
        p, led, played = play_card(hands, sizes, me, lead, card, score, trick_winners, trick_twos, n)
        other = lead
        if led >= 0:                             # I led: the opponent answers
            m = legal_cards(hands, sizes, p, led, cards)
            other = quick_card(g, cards, m, led)
            p, led, played = play_card(hands, sizes, p, led, other, score, trick_winners, trick_twos, played)
        quick_play_out(g, hands, sizes, p, led, score, trick_winners, trick_twos, played, longest)
        out[i, 0], out[i, 1], out[i, 2] = score[0], score[1], trick_winners[n]
        if lead < 0:
            out[i, 3], out[i, 4] = card, other
        else:
            out[i, 3], out[i, 4] = lead, card


@njit(cache=True)
def search_totals(g: np.ndarray, me: int, mine: np.ndarray, lead: int, banked: np.ndarray, winners: np.ndarray,
                  twos: np.ndarray, candidates: np.ndarray, rounds: int, size: int, free: np.ndarray,
                  pool: np.ndarray, played: np.ndarray, said: np.ndarray, ranks: np.ndarray,
                  longest: int) -> np.ndarray:
    """For each candidate card of ``me`` (to move, holding ``mine``), the sum over ``rounds`` sampled
    worlds (:func:`sample_hand`) of my points minus the opponent's after playing it and the deal
    out by the quick policy, all drawing from ``g`` one after another. The deal so far as
    :func:`world_playouts` reads it (:func:`position`)."""
    totals = np.zeros(len(candidates), np.float64)
    theirs = np.zeros(9, np.int64)
    out = np.zeros((len(candidates), 5), np.int64)
    for _ in range(rounds):
        sample_hand(g, size, free, pool, played, said, ranks, theirs)
        world_playouts(g, False, me, mine, lead, banked, winners, twos, theirs[:size], candidates, longest, out)
        for i in range(len(candidates)):
            totals[i] += out[i, me] - out[i, 1 - me]
    return totals


@njit(cache=True)
def candidate_playouts(seed_number: int, me: int, mine: np.ndarray, lead: int, banked: np.ndarray,
                       winners: np.ndarray, twos: np.ndarray, theirs: np.ndarray, candidates: np.ndarray,
                       longest: int) -> np.ndarray:
    """The coach's playouts of one world: :func:`world_playouts`'s rows, every candidate drawing from
    a twister seeded ``seed_number`` afresh."""
    g = np.zeros(SIZE, np.int64)
    seed(g, seed_number)
    out = np.zeros((len(candidates), 5), np.int64)
    world_playouts(g, True, me, mine, lead, banked, winners, twos, theirs, candidates, longest, out)
    return out


@njit(cache=True)
def whole_deal(g: np.ndarray, hands: np.ndarray, first: int, longest: int, points: np.ndarray) -> None:
    """The card play of the 9 cards each in ``hands`` (changed), ``first`` leading: both players
    declare every three and four at once (T7, T9) and play by the quick policy; adds both players'
    points of the deal to ``points``."""
    counts = np.zeros(9, np.int64)
    for p in range(2):
        counts.fill(0)
        for c in hands[p]:
            counts[c % 9] += 1
        for r in DECLARABLE_R:
            if counts[r] >= 3:
                points[p] += DECL_VALUE[r, counts[r] - 3]
    sizes = np.full(2, 9, np.int64)
    winners = np.zeros(TRICKS_PER_DEAL, np.int64)
    twos = np.zeros(TRICKS_PER_DEAL, np.bool_)
    quick_play_out(g, hands, sizes, first, -1, points, winners, twos, 0, longest)


@njit(cache=True)
def deal_playouts(seed_number: int, hands: np.ndarray, firsts: np.ndarray, longest: int) -> np.ndarray:
    """For each deal ``hands[i]`` (two hands of 9, in the engine's order), ``firsts[i]`` leading: both
    players' points of :func:`whole_deal` (declarations included), every deal drawing from a
    twister seeded ``seed_number`` afresh."""
    g = np.zeros(SIZE, np.int64)
    seed(g, seed_number)
    start = g.copy()
    out = np.zeros((len(hands), 2), np.int64)
    for i in range(len(hands)):
        g[:] = start
        whole_deal(g, hands[i].copy(), firsts[i], longest, out[i])
    return out


@njit(cache=True)
def quick_deal(g: np.ndarray, dealer: int, longest: int, points: np.ndarray) -> None:
    """A whole deal from a shuffled pack (``random.shuffle`` of the 36 ints, the first 9 to seat 0,
    the next 9 to seat 1), both keeping their hands: :func:`whole_deal`, the non-dealer leading."""
    order = np.arange(36)
    shuffle(g, order, 36)
    whole_deal(g, np.copy(order[:18]).reshape((2, 9)), 1 - dealer, longest, points)


@njit(cache=True)
def win_chances(seed_number: int, scores: np.ndarray, me: int, dealer: int, target: int,
                longest: int) -> np.ndarray:
    """For each row of game ``scores`` (both players'), ``me``'s result of the game played on to
    ``target`` (T16; -1: no more deals) by :func:`quick_deal`, ``dealer`` dealing the first, then
    turn about: 1 won, 0.5 tied, 0 lost. Every row draws from a twister seeded ``seed_number`` afresh."""
    g = np.zeros(SIZE, np.int64)
    seed(g, seed_number)
    start = g.copy()
    out = np.zeros(len(scores))
    total = np.zeros(2, np.int64)
    for i in range(len(scores)):
        g[:] = start
        total[:] = scores[i]
        d = dealer
        while target >= 0 and not (max(total[0], total[1]) >= target and total[0] != total[1]):
            quick_deal(g, d, longest, total)
            d = 1 - d
        out[i] = 0.5 if total[0] == total[1] else (1.0 if total[me] > total[1 - me] else 0.0)
    return out


# --- the engine's cards and views as the kernel's ints -------------------------------------------
def ints(cards: Iterable[Card]) -> np.ndarray:
    """Cards as the kernel's ints (:data:`INDEX`)."""
    return np.array([INDEX[c] for c in cards], np.int64)


def seed_number(seed: float) -> int:
    """The number ``random.Random(seed)`` seeds its twister with, for a float ``seed >= 0`` (the
    coach's playout seeds): its hash."""
    return hash(seed)


def position(view: View) -> tuple[int, np.ndarray, int, np.ndarray, np.ndarray, np.ndarray]:
    """The deal in ``view``, its player to move, as :func:`world_playouts` reads it: ``me``, ``mine``
    (my hand in the engine's order), ``lead`` (the card led to the trick, -1 when I lead), the points
    ``banked`` (T2, T12) and the past tricks' ``winners`` and ``twos`` (won by a 2: T13/T14)."""
    return (view.seat, ints(view.own_hand), INDEX[view.trick[0]] if view.trick else -1,
            np.array(view.deal_points, np.int64), np.array([t.winner for t in view.tricks], np.int64),
            np.array([t.winning_card.rank == "2" for t in view.tricks], np.bool_))
