"""Python's ``random.Random`` inside the kernels: the Mersenne Twister (MT19937) and the draws the
Trappola and Kirifu bots make with it, bit for bit as CPython 3 makes them.

A generator is an ``int64`` array of :data:`SIZE` words: the 624 words of the twister, then the
index of the next word (exactly ``random.Random().getstate()[1]``). :func:`seed` seeds it as
``random.Random(n)`` does for a whole number ``n``; :func:`state_of` and :func:`restore` move a
live ``random.Random`` in and out. The draws: :func:`randbelow` (``randrange(n)``, ``choice``),
:func:`random_float` (``random()``), :func:`shuffle` and :func:`sample` (``random.shuffle`` and ``random.sample``, the same algorithms).
The arithmetic is plain ``int64`` masked to 32 bits, so the same source runs as plain Python on
the plain path of :mod:`cardlab.kernels.jit`. ``tests/test_kernels_trappola.py`` checks every draw against CPython.

>>> import random
>>> g, rng = new_generator(7), random.Random(7)
>>> [randbelow(g, 36) for _ in range(5)] == [rng.randrange(36) for _ in range(5)]
True
"""

from __future__ import annotations

import random

from cardlab.kernels.jit import njit, np

N, M = 624, 397
SIZE = N + 1
MASK = 0xFFFFFFFF
MATRIX_A, UPPER, LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF


def _init_genrand(s: int) -> np.ndarray:
    mt = np.zeros(N, np.int64)
    mt[0] = s
    for i in range(1, N):
        prev = int(mt[i - 1])
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & MASK
    return mt


BASE = _init_genrand(19650218)
"""The twister seeded with 19650218, where CPython's ``init_by_array`` starts."""


@njit(cache=True)
def seed(g: np.ndarray, n: int) -> None:
    """Seed ``g`` as ``random.Random(n)`` does, for ``0 <= n < 2**63`` (``init_by_array`` with the
    32-bit words of ``n``, lowest first)."""
    key = np.zeros(2, np.int64)
    key[0] = n & MASK
    key[1] = n >> 32
    length = 2 if key[1] else 1
    for i in range(N):
        g[i] = BASE[i]
    i, j = 1, 0
    for _ in range(max(N, length)):
        prev = g[i - 1]
        g[i] = ((g[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & MASK
        i += 1
        j += 1
        if i >= N:
            g[0] = g[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        prev = g[i - 1]
        g[i] = ((g[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & MASK
        i += 1
        if i >= N:
            g[0] = g[N - 1]
            i = 1
    g[0] = UPPER
    g[N] = N


@njit(cache=True)
def _twist(g: np.ndarray) -> None:
    for k in range(N):
        y = (g[k] & UPPER) | (g[(k + 1) % N] & LOWER)
        g[k] = g[(k + M) % N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
    g[N] = 0


@njit(cache=True)
def next32(g: np.ndarray) -> int:
    """The next 32-bit word (``genrand_uint32``)."""
    if g[N] >= N:
        _twist(g)
    y = g[g[N]]
    g[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


@njit(cache=True)
def randbelow(g: np.ndarray, n: int) -> int:
    """``random.Random._randbelow(n)`` for ``0 < n < 2**32``: ``n.bit_length()`` bits, drawn
    again until below ``n``."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = next32(g) >> (32 - k)
    while r >= n:
        r = next32(g) >> (32 - k)
    return r


@njit(cache=True)
def random_float(g: np.ndarray) -> float:
    """``random.Random.random()``: a double in [0, 1) from two words (27 and 26 bits)."""
    a = next32(g) >> 5
    b = next32(g) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def shuffle(g: np.ndarray, items: np.ndarray, n: int) -> None:
    """``random.shuffle`` of ``items[:n]`` in place."""
    for i in range(n - 1, 0, -1):
        j = randbelow(g, i + 1)
        items[i], items[j] = items[j], items[i]


@njit(cache=True)
def sample(g: np.ndarray, population: np.ndarray, n: int, k: int, out: np.ndarray, at: int) -> None:
    """``random.sample(population[:n], k)`` for ``n <= 85``, written to ``out[at:at + k]``: a pool
    when ``n <= 21`` or ``k > 5``, else draws repeated until new, as CPython chooses."""
    if k > 5 or n <= 21:                 # CPython's set size: 21, plus 64 or more once k > 5
        pool = population[:n].copy()
        for i in range(k):
            j = randbelow(g, n - i)
            out[at + i] = pool[j]
            pool[j] = pool[n - i - 1]
        return
    chosen = np.zeros(k, np.int64)
    for i in range(k):
        j = randbelow(g, n)
        seen = True
        while seen:
            seen = False
            for m in range(i):
                if chosen[m] == j:
                    seen = True
            if seen:
                j = randbelow(g, n)
        chosen[i] = j
        out[at + i] = population[j]


def new_generator(n: int) -> np.ndarray:
    """A generator seeded as ``random.Random(n)``."""
    g = np.zeros(SIZE, np.int64)
    seed(g, n)
    return g


def state_of(rng: random.Random) -> np.ndarray:
    """The state of a live ``random.Random`` as a generator array."""
    return np.array(rng.getstate()[1], np.int64)


def restore(rng: random.Random, g: np.ndarray) -> None:
    """Give ``rng`` the state of generator ``g`` (after the kernel drew from it)."""
    rng.setstate((3, tuple(g.tolist()), None))
