"""Cleopatra and its relatives at scale: one statistics row per game, from the compiled kernel.

Players are slap models: ``"slapper"`` (:class:`cardlab.games.cleopatra.bots.SlapBot`'s model, options
such as ``("slapper", {"attention": 0.5})``) or ``"none"`` (never slaps). Game ``i`` of a run
seeded ``seed`` is dealt and played from its own seed (the ``seed`` column,
:func:`cardlab.kernels.rng.game_seed`) by :mod:`cardlab.games.cleopatra.kernel`, so any row
replays on its own in the engine (:func:`cardlab.games.cleopatra.kernel_replay.replay`, proven by
``tests/test_kernels_cleopatra.py``). ``detail=True`` adds what the engine's events tell of the
Js: the opponent's Js each player captured and who took one first (the kernel follows each J;
``tests/test_sim_cleopatra.py`` reads the same from the events of the replayed games).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from .bots import BOTS
from .kernel import COLUMNS, QUIET, REASONS, columns, fill, new_rows
from . import engine as cleopatra
from cardlab.sim import PlayerSpec, make_players

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_RULES = cleopatra.CLEOPATRA


def slap_models(players: Sequence[PlayerSpec]) -> list[tuple[float, ...]]:
    """Each seat's slap model for the kernel (:data:`~cardlab.games.cleopatra.kernel.MODEL`)."""
    bots = make_players(BOTS, players, 0)
    return [QUIET if bot is None else (bot.attention, bot.reaction_ms, bot.spread_ms, bot.min_ms, 0.0)
            for bot in bots]


def table(seeds: np.ndarray, rows: np.ndarray) -> "pd.DataFrame":
    """The DataFrame of the kernel's ``seeds`` and ``rows`` (:func:`~cardlab.games.cleopatra.kernel.new_rows`),
    without copying them: the whole-number fields stay one block over ``rows``; ``winner`` (and
    ``first_opp_j_taker``) become nullable seats (NA for none), ``reason`` a category."""
    import pandas as pd

    names = columns(rows.shape[0] == len(columns(True)))
    plain = slice(2, len(COLUMNS) + 2 * (len(names) > len(COLUMNS)))      # cards … (opp_js_taken_1)
    frame = pd.DataFrame(rows[plain].T, columns=list(names[plain]), copy=False)
    frame.insert(0, "seed", seeds)
    frame.insert(1, "winner", pd.arrays.IntegerArray(rows[0], rows[0] < 0))
    frame.insert(2, "reason", pd.Categorical.from_codes(rows[1].astype(np.int8), REASONS))
    if len(names) > len(COLUMNS):
        frame["first_opp_j_taker"] = pd.arrays.IntegerArray(rows[-1], rows[-1] < 0)
    return frame


def rows(job: tuple) -> list["pd.DataFrame"]:
    """One job of :func:`simulate` on an executor: games ``start .. stop - 1`` as a DataFrame
    (in a list)."""
    rules, seed, start, stop, models, detail = job
    seeds, values = new_rows(stop - start, detail)
    fill(rules, seed, start, seeds, values, 0, stop - start, models)
    return [table(seeds, values)]


CHUNK = 200_000
"""Games per job of :func:`simulate` (one progress step; one task for an executor)."""


def simulate(n: int, seed: int, rules: cleopatra.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] | None = None, *, detail: bool = False, chunk: int = CHUNK,
             **run: Any) -> "pd.DataFrame":
    """``n`` games from the kernel, one row per game: ``seed`` (the game's own), ``winner`` (NA
    for none), ``reason``, ``cards``, ``tricks``, ``steps``, ``first``, the honours dealt to each
    seat (``js_0`` … ``as_1``) and the slaps each seat won (C10); with ``detail=True`` also the
    opponent's Js each seat captured (``opp_js_taken_0``, ``opp_js_taken_1``) and the seat that
    took one first (``first_opp_j_taker``, NA for none). ``run``: ``executor``, ``progress`` and ``lang`` as
    in :func:`cardlab.sim.map_jobs`, ``processes``: without an executor, the kernel's threads
    here, which fill one table a chunk at a time. The rows are the same whatever they are."""
    import pandas as pd

    from cardlab.sim import map_jobs

    if n < 0 or chunk < 1:
        raise ValueError(f"n >= 0 and chunk >= 1, not n={n}, chunk={chunk}")
    models = slap_models(players or ("slapper", "slapper"))
    starts = range(0, max(n, 1), chunk)                   # no games: one empty job, for the columns
    jobs = [(rules, seed, a, min(a + chunk, n), models, detail) for a in starts]
    sizes = [b - a for _, _, a, b, _, _ in jobs]
    if run.get("executor") is not None:
        return pd.concat(map_jobs(rows, jobs, sizes, label=rules.name, **run), ignore_index=True)
    import numba                                          # here, on the kernel's threads: one per process asked

    seeds, values = new_rows(n, detail)
    threads = numba.get_num_threads()
    numba.set_num_threads(min(run.pop("processes", 1), numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]  # numba.config sets its settings through globals(), unseen by mypy
    try:
        map_jobs(partial(_fill, seeds, values), jobs, sizes, label=rules.name, **run)
    finally:
        numba.set_num_threads(threads)
    return table(seeds, values)


def _fill(seeds: np.ndarray, values: np.ndarray, job: tuple) -> list:
    rules, seed, start, stop, models, _ = job
    fill(rules, seed, 0, seeds, values, start, stop, models)
    return []
