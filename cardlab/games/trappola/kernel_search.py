"""The search player's decisions compiled: worlds sampled for the opponent's hidden hand, and every
candidate card played out in each by the quick policy (:func:`.trappola.quick_card`).

:func:`sample_hand` deals as :meth:`cardlab.games.trappola.bots.HandSampler.sample` and
:func:`search_totals` sums the point differences as :class:`cardlab.games.trappola.bots.SearchBot` did
with its Python playouts, from the bot's own ``random.Random`` (moved in and out with
:func:`.mersenne.state_of` / :func:`~.mersenne.restore`), so the bot decides exactly as
before, only faster: ``tests/test_kernels_trappola.py`` compares both draw for draw.
Cards are the ints of :mod:`.trappola`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernel import (DECLARABLE_R, TRICKS_PER_DEAL, TWO_BONUS, PTS, TWO, last_tricks, legal_cards,
                       quick_card, take_out, trick_winner)
from cardlab.kernels.mersenne import randbelow, sample


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


@njit(cache=True)
def search_totals(g: np.ndarray, me: int, mine: np.ndarray, candidates: np.ndarray, rounds: int,
                  size: int, free: np.ndarray, pool: np.ndarray, played: np.ndarray, said: np.ndarray,
                  ranks: np.ndarray, lead: int, banked: np.ndarray, winners: np.ndarray, twos: np.ndarray,
                  longest: int) -> np.ndarray:
    """For each candidate card of ``me`` (to move, holding ``mine``), the sum over ``rounds`` sampled
    worlds (:func:`sample_hand`) of my points minus the opponent's after playing it and the deal
    out by the quick policy. The deal so far: ``lead`` (-1 when I lead), the points ``banked``
    (T2, T12) and the past tricks' ``winners`` and whether a 2 won them (``twos``, for T13/T14)."""
    totals = np.zeros(len(candidates), np.float64)
    theirs = np.zeros(9, np.int64)
    hands = np.zeros((2, 9), np.int64)
    sizes = np.zeros(2, np.int64)
    trick_winners = np.zeros(TRICKS_PER_DEAL, np.int64)
    trick_twos = np.zeros(TRICKS_PER_DEAL, np.bool_)
    n_past = len(winners)
    trick_winners[:n_past] = winners
    trick_twos[:n_past] = twos
    score = np.zeros(2, np.int64)
    cards = np.zeros(9, np.int64)
    for _ in range(rounds):
        sample_hand(g, size, free, pool, played, said, ranks, theirs)
        for i in range(len(candidates)):
            sizes[me], sizes[1 - me] = len(mine), size
            hands[me, :len(mine)] = mine
            hands[1 - me, :size] = theirs[:size]
            score[:] = banked
            n, p, led, card = n_past, me, lead, candidates[i]
            while True:                          # the candidate, then the quick policy
                take_out(hands, sizes, p, card)
                if led < 0:
                    led, p = card, 1 - p
                else:
                    winner = trick_winner(led, card, 1 - p)
                    two = (card if winner == p else led) % 9 == TWO
                    score[winner] += PTS[led % 9] + PTS[card % 9] + (TWO_BONUS if two else 0)
                    trick_winners[n], trick_twos[n] = winner, two
                    n += 1
                    led, p = -1, winner
                if sizes[0] == 0 and sizes[1] == 0:
                    break
                m = legal_cards(hands, sizes, p, led, cards)
                card = quick_card(g, cards, m, led)
            last_tricks(score, trick_winners, trick_twos, n, longest)
            totals[i] += score[me] - score[1 - me]
    return totals
