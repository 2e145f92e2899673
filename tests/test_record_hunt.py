"""The record hunt's searches (cardlab.games.cleopatra.record_hunt): seeded, on equal budgets, the same on an
executor; their best deals replay in the engine to the length they report (C4–C8, relatives)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from cardlab.games.cleopatra.kernel_replay import replay
from cardlab.games.cleopatra import BEGGAR_MY_NEIGHBOUR
from cardlab.games.cleopatra.record_hunt import annealing, hill_climbing, lengths, random_sampling


def test_searches_are_seeded_and_report_a_real_deal():
    for search in (random_sampling, hill_climbing, lambda b, seed, **kw: annealing(b, seed, hot=50.0, cold=1.0, **kw)):
        curve = search(8192, seed=3, chains=512) if search is not random_sampling else search(8192, seed=3, batch=512)
        again = search(8192, seed=3, chains=512) if search is not random_sampling else search(8192, seed=3, batch=512)
        assert curve.equals(again) and curve.attrs == again.attrs
        assert curve["games"].iloc[-1] == 8192 and curve["best"].is_monotonic_increasing
        state = replay(BEGGAR_MY_NEIGHBOUR, 0, deal=curve.attrs["deal"])
        assert state.outcome.stats["cards"] == curve["best"].iloc[-1]


def test_lengths_are_the_same_on_an_executor():
    deals = np.random.default_rng(0).permuted(np.tile(np.arange(52), (300, 1)), axis=1)
    with ThreadPoolExecutor(2) as pool:
        assert np.array_equal(lengths(deals), lengths(deals, pool, parts=5))
    with ThreadPoolExecutor(2) as pool:
        assert hill_climbing(2048, seed=1, chains=256).equals(hill_climbing(2048, seed=1, chains=256, executor=pool))
