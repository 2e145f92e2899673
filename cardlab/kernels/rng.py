"""A small counter-based generator for the kernels: splitmix64, one stream per purpose and game.

Every game of a kernel run has its own 63-bit seed, :func:`game_seed` of the run's seed and the
game's index, and from it four independent streams (:data:`DEAL`, :data:`CHANCE` and one per
seat, :data:`SEAT`): stream ``j``'s ``k``-th draw is ``mix(start + (k + 1) * GAMMA)`` with
``start = mix(seed ^ (j + 1) * GAMMA)``. A stream is one ``uint64`` in an array the functions
advance in place, so the same functions serve the compiled kernels and the plain-Python replays
(:mod:`cardlab.games.cleopatra.kernel_replay`); on the plain path (:mod:`cardlab.kernels.jit`) their
products and sums are masked to 64 bits (``& MASK64``, a no-op in compiled code), so they wrap as
compiled code does.

>>> streams = new_streams(game_seed(0, 0))
>>> [below(streams, DEAL, 6) for _ in range(5)]
[2, 4, 5, 1, 0]
"""

from __future__ import annotations

from cardlab.kernels.jit import MASK64, njit, np

GAMMA = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
LOW63 = np.uint64(0x7FFFFFFFFFFFFFFF)
LOW32 = np.uint64(0xFFFFFFFF)
TO_UNIT = 2.0 ** -53
DEAL, CHANCE, SEAT = 0, 1, 2
"""Streams: the deal (first player and cards), chance (C9 reshuffles, C11 coins), then seat 0's and
seat 1's slap models (``SEAT + seat``)."""
STREAMS = 4


@njit(cache=True)
def mix(z: np.uint64) -> np.uint64:
    """splitmix64's finaliser: a bijection of 64-bit words that scatters every input bit."""
    z = ((z ^ (z >> np.uint64(30))) * M1) & MASK64
    z = ((z ^ (z >> np.uint64(27))) * M2) & MASK64
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def game_seed(run_seed: int, i: int) -> int:
    """The seed of game ``i`` of a run seeded ``run_seed`` (both non-negative): 63 bits."""
    z = mix((mix(np.uint64(run_seed) ^ GAMMA) + np.uint64(i) * GAMMA) & MASK64)
    return np.int64(z & LOW63)


@njit(cache=True)
def seed_streams(streams: np.ndarray, seed: int) -> None:
    """Start the :data:`STREAMS` streams of the game seeded ``seed`` in ``streams`` (uint64)."""
    for j in range(STREAMS):
        streams[j] = mix(np.uint64(seed) ^ ((np.uint64(j + 1) * GAMMA) & MASK64))


def new_streams(seed: int) -> np.ndarray:
    """A fresh array of the streams of the game seeded ``seed``."""
    streams = np.zeros(STREAMS, np.uint64)
    with np.errstate(over="ignore"):
        seed_streams(streams, seed)
    return streams


@njit(cache=True)
def uniform(streams: np.ndarray, j: int) -> float:
    """The next draw of stream ``j`` as a double in [0, 1) (53 bits)."""
    streams[j] += GAMMA
    return np.float64(mix(streams[j]) >> np.uint64(11)) * TO_UNIT


@njit(cache=True)
def below(streams: np.ndarray, j: int, n: int) -> int:
    """A whole number in [0, n) from stream ``j``: the draw's top 32 bits times ``n``, shifted
    down (Lemire's method without the rejection step: uniform to within n / 2**32)."""
    streams[j] += GAMMA
    return np.int64(((mix(streams[j]) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


def ziggurat_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Marsaglia and Tsang's tables for :func:`normal` (128 layers of equal area under the
    normal curve): the fast-test bounds ``KN``, the widths ``WN`` and the curve's heights ``FN``."""
    dn = tn = TAIL
    area = 9.91256303526217e-3
    scale = 2.0 ** 31
    q = area / np.exp(-0.5 * dn * dn)
    kn, wn, fn = np.zeros(128, np.int64), np.zeros(128), np.zeros(128)
    kn[0], wn[0], wn[127] = int(dn / q * scale), q / scale, dn / scale
    fn[0], fn[127] = 1.0, np.exp(-0.5 * dn * dn)
    for i in range(126, 0, -1):
        dn = np.sqrt(-2.0 * np.log(area / dn + np.exp(-0.5 * dn * dn)))
        kn[i + 1], tn = int(dn / tn * scale), dn
        fn[i], wn[i] = np.exp(-0.5 * dn * dn), dn / scale
    return kn, wn, fn


TAIL = 3.442619855899
"""Where the ziggurat's base layer ends and the normal's tail begins."""
KN, WN, FN = ziggurat_tables()


@njit(cache=True)
def normal(streams: np.ndarray, j: int) -> float:
    """A standard normal from stream ``j``: Marsaglia and Tsang's ziggurat (one draw almost
    always: its top 32 bits as a signed number, its low 7 bits the layer; the wedges and the tail
    take more)."""
    while True:
        streams[j] += GAMMA
        bits = mix(streams[j])
        hz = np.int64(bits >> np.uint64(32)) - 2147483648
        iz = np.int64(bits & np.uint64(127))
        x = hz * WN[iz]
        if abs(hz) < KN[iz]:
            return x
        if iz == 0:                                     # the tail beyond TAIL
            while True:
                x = -np.log(1.0 - uniform(streams, j)) / TAIL
                y = -np.log(1.0 - uniform(streams, j))
                if y + y >= x * x:
                    return TAIL + x if hz > 0 else -TAIL - x
        if FN[iz] + uniform(streams, j) * (FN[iz - 1] - FN[iz]) < np.exp(-0.5 * x * x):
            return x


@njit(cache=True, inline="always")
def shuffle(streams: np.ndarray, j: int, items: np.ndarray, start: int, n: int, base: int = 0,
            mask: int = -1) -> None:
    """Fisher-Yates on ``items[start:start + n]`` in place, from stream ``j``: each draw gives two
    of its positions, from its top and its low 32 bits (as :func:`below`). With ``base`` and
    ``mask`` (a power of two less one) it shuffles a run of a ring buffer instead: position ``i``
    is ``items[base + ((start + i) & mask)]``.

    Inlined where a kernel calls it (a compiled call that passes arrays counts references), and
    the stream's state stays in a register while it runs (written back at the end), not reloaded
    after each swap."""
    state = streams[j]
    bits = np.uint64(0)
    for i in range(n - 1, 0, -1):
        if (n - 1 - i) & 1 == 0:
            state = (state + GAMMA) & MASK64
            bits = mix(state)
            half = bits >> np.uint64(32)
        else:
            half = bits & LOW32
        k = np.int64((half * np.uint64(i + 1)) >> np.uint64(32))
        a, b = base + ((start + i) & mask), base + ((start + k) & mask)
        items[a], items[b] = items[b], items[a]
    streams[j] = state
