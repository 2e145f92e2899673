"""The kernels' generator (cardlab/kernels/rng.py): the slap models' normal draws (C11)
follow the normal law, and the compiled code draws what the plain Python draws."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cardlab.kernels.rng import CHANCE, SEAT, TAIL, below, new_streams, normal, shuffle


@njit
def _normals(streams: np.ndarray, j: int, n: int) -> np.ndarray:
    out = np.empty(n)
    for i in range(n):
        out[i] = normal(streams, j)
    return out


def test_normal_draws_follow_the_normal_law():
    draws = np.sort(_normals(new_streams(11), SEAT, 200_000))
    law = np.array([0.5 * (1 + math.erf(x / math.sqrt(2))) for x in draws])
    ks = np.abs(law - np.arange(1, len(draws) + 1) / len(draws)).max()
    assert ks < 1.95 / math.sqrt(len(draws))                  # Kolmogorov-Smirnov at the 0.1 % level
    assert abs(draws.mean()) < 0.01 and abs(draws.std() - 1) < 0.01
    tail = (np.abs(draws) > TAIL).mean()                       # the ziggurat's tail is drawn apart
    assert 0.5 * 5.76e-4 < tail < 2 * 5.76e-4, tail            # P(|Z| > 3.4426) = 5.76e-4


def test_compiled_and_plain_python_draw_the_same_numbers():
    compiled, plain = new_streams(5), new_streams(5)
    with np.errstate(over="ignore"):
        for _ in range(2000):
            assert normal(compiled, SEAT + 1) == normal.py_func(plain, SEAT + 1)
            assert below(compiled, CHANCE, 7) == below.py_func(plain, CHANCE, 7)
    assert (compiled == plain).all()


def test_shuffles_are_uniform_and_the_same_compiled_or_not():
    streams, plain = new_streams(3), new_streams(3)
    counts: dict[tuple, int] = {}
    with np.errstate(over="ignore"):
        for _ in range(24_000):                                # the 24 orders of 4 cards (C9)
            items, again = np.arange(10), np.arange(10)         # cards 3..6 of 10 shuffled
            shuffle(streams, CHANCE, items, 3, 4)
            shuffle.py_func(plain, CHANCE, again, 3, 4)
            assert (items == again).all()
            assert list(items[:3]) == [0, 1, 2] and list(items[7:]) == [7, 8, 9]
            counts[tuple(items[3:7])] = counts.get(tuple(items[3:7]), 0) + 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert len(counts) == 24 and chi2 < 49.7                   # chi-square, 23 degrees of freedom, 0.1 %


def test_a_run_of_a_ring_buffer_shuffles_as_the_same_cards_laid_out_straight():
    """The C9 reshuffle of a won pile that wraps round the end of its seat's ring (the Cleopatra
    kernel keeps a seat's hand and won pile in one ring of 64 cards, from ``seat * 64``)."""
    with np.errstate(over="ignore"):
        for n in range(53):
            ring, straight = np.arange(128), np.arange(100, 100 + n)
            start = 40                                          # the run wraps after 24 cards
            for k in range(n):
                ring[64 + (start + k) % 64] = straight[k]
            shuffle(new_streams(n), CHANCE, ring, start, n, 64, 63)
            shuffle(new_streams(n), CHANCE, straight, 0, n)
            assert [ring[64 + (start + k) % 64] for k in range(n)] == list(straight)
            assert list(ring[:64]) == list(range(64))           # the other seat's ring untouched
            untouched = [k for k in range(64) if (k - start) % 64 >= n]
            assert [ring[64 + k] for k in untouched] == [64 + k for k in untouched]
