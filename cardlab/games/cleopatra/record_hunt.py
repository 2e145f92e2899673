"""The hunt for long Beggar-my-neighbour games: search methods over deals on equal budgets of games.

A deal is a permutation of the pack (52 pack indices, X's 26 cards then Y's, X leads), played by
the kernel (:mod:`cardlab.games.cleopatra.kernel`) in batches. Each method returns its curve: the
longest game found (cards turned) after each batch, against the games played so far.

- :func:`random_sampling` — fresh random deals;
- :func:`hill_climbing` — ``chains`` deals, each step swaps two cards of different kinds in every
  chain and keeps the swap if the game is not shorter;
- :func:`annealing` — the same moves, a shorter game kept with probability ``exp(-loss / T)``,
  the temperature ``T`` falling geometrically from ``hot`` to ``cold`` over the budget.

Every method is seeded; ``executor`` (any ``concurrent.futures.Executor``, a Dask cluster's
included) plays each batch in parts, with the same results. Each shows a progress bar over its
budget in ``lang`` (:func:`cardlab.sim.progress_bar`; ``progress`` as there).

>>> curve = random_sampling(budget=2_000, seed=1, batch=500)
>>> list(curve["games"]), curve["best"].is_monotonic_increasing
([500, 1000, 1500, 2000], True)
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np

from .kernel import play_games
from .engine import BEGGAR_MY_NEIGHBOUR

if TYPE_CHECKING:
    import pandas as pd

HONOUR = np.array([0] * 9 + [1, 2, 3, 4], np.int64)[np.arange(52) % 13]
"""Each pack index's kind: 0 for a number card, 1 J, 2 Q, 3 K, 4 A."""


def lengths(deals: np.ndarray, executor: Executor | None = None, parts: int = 8) -> np.ndarray:
    """Cards turned in the Beggar-my-neighbour game of each deal (rows of 52 pack indices; X leads);
    on ``executor`` in ``parts`` parts if given."""
    rows = np.hstack([deals, np.zeros((len(deals), 1), np.int64)])
    if executor is None:
        return _cards(rows)
    return np.concatenate(list(executor.map(_cards, np.array_split(rows, parts))))


def _cards(rows: np.ndarray) -> np.ndarray:
    return play_games(BEGGAR_MY_NEIGHBOUR, 0, 0, len(rows), deals=rows)["cards"]


def _curve(bests: list[int], batch: int, best_deal: np.ndarray) -> "pd.DataFrame":
    """The curve, with the best deal found in ``attrs["deal"]`` (patterns)."""
    import pandas as pd

    frame = pd.DataFrame({"games": batch * np.arange(1, len(bests) + 1), "best": np.maximum.accumulate(bests)})
    frame.attrs["deal"] = patterns(best_deal)
    return frame


def random_sampling(budget: int, seed: int, batch: int = 1024, executor: Executor | None = None,
                    progress: bool | None = None, lang: str = "en") -> "pd.DataFrame":
    """Fresh random deals, ``batch`` at a time, until ``budget`` games: the curve of the best."""
    rng = np.random.default_rng(seed)
    bests: list[int] = []
    best_deal = np.arange(52)
    with _Bar(budget // batch * batch, "random sampling", lang, progress) as bar:
        for _ in range(budget // batch):
            deals = rng.permuted(np.tile(np.arange(52), (batch, 1)), axis=1)
            cards = lengths(deals, executor)
            if not bests or cards.max() > max(bests):
                best_deal = deals[cards.argmax()]
            bests.append(int(cards.max()))
            bar.update(batch)
    return _curve(bests, batch, best_deal)


class _Bar:
    """:func:`cardlab.sim.progress_bar` over a search's games, closed at the end (or nothing, off)."""

    def __init__(self, total: int, label: str, lang: str, progress: bool | None) -> None:
        from cardlab.sim import progress_bar

        self.bar = progress_bar(total, label, lang, progress)

    def __enter__(self) -> "_Bar":
        return self

    def update(self, games: int) -> None:
        if self.bar is not None:
            self.bar.update(games)

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            self.bar.close()


def _swapped(deals: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each deal with two cards of different kinds swapped (a swap of like cards changes nothing)."""
    out = deals.copy()
    rows = np.arange(len(deals))
    i, j = rng.integers(52, size=len(deals)), rng.integers(52, size=len(deals))
    same = HONOUR[deals[rows, i]] == HONOUR[deals[rows, j]]
    while same.any():                                    # draw again where the kinds match
        j[same] = rng.integers(52, size=int(same.sum()))
        same = HONOUR[deals[rows, i]] == HONOUR[deals[rows, j]]
    out[rows, i], out[rows, j] = deals[rows, j], deals[rows, i]
    return out


def annealing(budget: int, seed: int, chains: int = 1024, hot: float = 0.0, cold: float = 0.0,
              executor: Executor | None = None, progress: bool | None = None, lang: str = "en") -> "pd.DataFrame":
    """``chains`` deals improved by swaps for ``budget`` games in all; a shorter game is kept with
    probability ``exp(-loss / T)``, ``T`` going from ``hot`` to ``cold`` (both 0: hill climbing)."""
    rng = np.random.default_rng(seed)
    rounds = budget // chains - 1
    with _Bar((rounds + 1) * chains, "annealing" if hot > 0 else "hill climbing", lang, progress) as bar:
        deals = rng.permuted(np.tile(np.arange(52), (chains, 1)), axis=1)
        current = lengths(deals, executor)
        bar.update(chains)
        bests, best_deal = [int(current.max())], deals[current.argmax()].copy()
        for r in range(rounds):
            t = hot * (cold / hot) ** (r / max(rounds - 1, 1)) if hot > 0 else 0.0
            trial = _swapped(deals, rng)
            cards = lengths(trial, executor)
            loss = current - cards
            keep = loss <= 0
            if t > 0:
                keep |= rng.random(chains) < np.exp(-np.maximum(loss, 0) / t)
            deals[keep], current[keep] = trial[keep], cards[keep]
            if cards.max() > max(bests):
                best_deal = trial[cards.argmax()].copy()
            bests.append(int(cards.max()))
            bar.update(chains)
    return _curve(bests, chains, best_deal)


def hill_climbing(budget: int, seed: int, chains: int = 1024, executor: Executor | None = None,
                  progress: bool | None = None, lang: str = "en") -> "pd.DataFrame":
    """:func:`annealing` at zero temperature: a swap is kept when the game is not shorter."""
    return annealing(budget, seed, chains, executor=executor, progress=progress, lang=lang)


def patterns(deal: np.ndarray) -> dict:
    """A deal row as ``{"hands": [pattern X, pattern Y], "first": 0}`` (``-`` any number card)."""
    text = "".join("-JQKA"[k] for k in HONOUR[deal])
    return {"hands": [text[:26], text[26:]], "first": 0}
