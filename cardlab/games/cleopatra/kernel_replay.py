"""Any game of a kernel run, replayed in the engine from its seed: the deal, the C9 reshuffles, the
C11 coins and both seats' slaps are the kernel's draws, made again by the same functions.

>>> from cardlab.games.cleopatra.kernel import play_games
>>> from cardlab.games.cleopatra import CLEOPATRA
>>> slapper = (0.8, 350.0, 90.0, 150.0, 0.0)
>>> rows = play_games(CLEOPATRA, run_seed=7, start=0, stop=3, models=[slapper, slapper])
>>> state = replay(CLEOPATRA, int(rows["seed"][2]), [slapper, slapper])
>>> (state.outcome.winner, state.outcome.stats["cards"]) == (rows["winner"][2], rows["cards"][2])
True
"""

from __future__ import annotations

from typing import Any, Sequence

from cardlab.kernels.jit import np

from cardlab.cards import french_deck
from .engine import Slap, State, new_game, slap
from .kernel import NEVER, constants, deal_ids, models_array, reaction, blunders
from cardlab.kernels.rng import CHANCE, below, new_streams, shuffle

PACK = french_deck()


def deal_of(rules: Any, seed: int) -> dict:
    """The kernel's deal for the game seeded ``seed``: ``{"hands": [cards X, cards Y], "first": seat}``."""
    consts = constants(rules)
    ids = np.zeros(52, np.int64)
    with np.errstate(over="ignore"):
        first = deal_ids(new_streams(seed), consts[9], consts[10], consts[11], np.zeros(52, np.int64), ids)
    return {"hands": [[PACK[i].ascii() for i in ids[26 * seat:26 * seat + 26]] for seat in (0, 1)],
            "first": int(first)}


class Chance:
    """The engine's ``chance=`` hook drawing as the kernel does: C9 reshuffles and C11 coins from
    the chance stream of the game seeded ``seed``; ``streams`` holds the seats' streams too."""

    def __init__(self, seed: int) -> None:
        self.streams = new_streams(seed)

    def shuffle(self, cards: list) -> None:
        order = np.arange(len(cards))
        with np.errstate(over="ignore"):
            shuffle(self.streams, CHANCE, order, 0, len(cards))
        cards[:] = [cards[i] for i in order]

    def randrange(self, n: int) -> int:
        with np.errstate(over="ignore"):
            return int(below(self.streams, CHANCE, n))


def replay(rules: Any, seed: int, models: Sequence[Sequence[float]] | None = None, deal: dict | None = None,
           progress: bool | None = None, lang: str = "en") -> State:
    """The game seeded ``seed`` (on ``deal`` if given, else on the seed's deal) played in the
    engine with the kernel's draws: after each card, a pair on top is raced for by both seats'
    slap models (C10, C11), and otherwise, where the rules burn a card for it, each seat may slap
    falsely (C13). Returns the finished state. A replay that takes over half a second shows a bar
    counting the cards turned, in ``lang`` (:func:`cardlab.sim.progress_bar`; ``progress`` as there)."""
    from cardlab.sim import progress_bar

    array = models_array(models)
    chance = Chance(seed)
    state = new_game(rules, seed=seed, deal=deal or deal_of(rules, seed), undo=False, chance=chance)
    streams = chance.streams
    bar = progress_bar(None, rules.name, lang, progress, counts="cards", delay=0.5)
    try:
        _play(state, streams, array, bar)
    finally:
        if bar is not None:
            bar.close()
    return state


def _play(state: State, streams: Any, array: Any, bar: Any) -> None:
    """Play ``state`` out with the kernel's draws (see :func:`replay`), counting each card on ``bar``."""
    with np.errstate(over="ignore"):
        while not state.is_over:
            state.apply(state.legal_actions()[0])
            if bar is not None:
                bar.update(1)
            if state.is_over:
                break
            if state.pair_on_top:
                times = [(seat, int(t)) for seat, t in ((0, reaction(streams, 0, array)),
                                                        (1, reaction(streams, 1, array))) if t < NEVER]
                if times:
                    state.apply(Slap(tuple(times)))
            elif state.rules.false_slap == "burn" and state.pile:
                for seat in [s for s in (0, 1) if blunders(streams, s, array)]:
                    if state.hands[seat]:
                        state.apply(slap(seat))
                    if state.is_over:
                        break
