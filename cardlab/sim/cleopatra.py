"""Cleopatra and its relatives at scale: one statistics row per game, from the compiled kernel.

Players are slap models: ``"slapper"`` (:class:`cardlab.bots.cleopatra.SlapBot`'s model, options
such as ``("slapper", {"attention": 0.5})``) or ``"none"`` (never slaps). Game ``i`` of a run
seeded ``seed`` is dealt and played from its own seed (the ``seed`` column,
:func:`cardlab.fast.kernels.rng.game_seed`) by :mod:`cardlab.fast.kernels.cleopatra`, so any row
replays on its own in the engine (:func:`cardlab.fast.kernels.replay.replay`, proven by
``tests/test_kernels_cleopatra.py``). ``detail=True`` adds what the engine's events tell of the
Js: the opponent's Js each player captured and who took one first (the kernel follows each J;
``tests/test_sim_cleopatra.py`` reads the same from the events of the replayed games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..bots.cleopatra import SlapBot
from ..fast.kernels.cleopatra import QUIET, REASONS, play_games
from ..games import cleopatra
from . import PlayerSpec, make_players

if TYPE_CHECKING:
    import pandas as pd

BOTS = {"slapper": SlapBot, "none": lambda seed: None}
DEFAULT_RULES = cleopatra.CLEOPATRA


def slap_models(players: Sequence[PlayerSpec]) -> list[tuple[float, ...]]:
    """Each seat's slap model for the kernel (:data:`~cardlab.fast.kernels.cleopatra.MODEL`)."""
    bots = make_players(BOTS, players, 0)
    return [QUIET if bot is None else (bot.attention, bot.reaction_ms, bot.spread_ms, bot.min_ms, 0.0)
            for bot in bots]


def rows(job: tuple) -> list["pd.DataFrame"]:
    """One job of :func:`simulate`: games ``start .. stop - 1`` as a DataFrame (in a list)."""
    import numpy as np
    import pandas as pd

    rules, seed, start, stop, models, detail = job
    frame = pd.DataFrame(play_games(rules, seed, start, stop, models, detail=detail))
    for seat_column in ("winner", "first_opp_j_taker")[:1 + detail]:   # -1: none
        seats = pd.array(frame[seat_column], dtype="Int64")
        seats[frame[seat_column].to_numpy() < 0] = pd.NA
        frame[seat_column] = seats
    frame["reason"] = pd.Categorical.from_codes(frame["reason"].to_numpy().astype(np.int8), REASONS)
    return [frame]


CHUNK = 200_000
"""Games per job of :func:`simulate` (one progress step; one task for an executor)."""


def simulate(n: int, seed: int, rules: cleopatra.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] | None = None, *, detail: bool = False, chunk: int = CHUNK,
             **run: Any) -> "pd.DataFrame":
    """``n`` games from the kernel, one row per game: ``seed`` (the game's own), ``winner`` (NA
    for none), ``reason``, ``cards``, ``tricks``, ``steps``, ``first``, the honours dealt to each
    seat (``js_0`` … ``as_1``) and the slaps each seat won (C10); with ``detail=True`` also the
    opponent's Js each seat captured (``opp_js_taken_0``, ``opp_js_taken_1``) and the seat that
    took one first (``first_opp_j_taker``, NA for none). ``run``: ``executor`` and ``progress`` as
    in :func:`cardlab.sim.map_jobs`, ``processes``: without an executor, the kernel's threads
    here. The rows are the same whatever they are."""
    import pandas as pd

    from . import map_jobs

    if n < 0 or chunk < 1:
        raise ValueError(f"n >= 0 and chunk >= 1, not n={n}, chunk={chunk}")
    models = slap_models(players or ("slapper", "slapper"))
    starts = range(0, max(n, 1), chunk)                   # no games: one empty job, for the columns
    jobs = [(rules, seed, a, min(a + chunk, n), models, detail) for a in starts]
    sizes = [b - a for _, _, a, b, _, _ in jobs]
    if run.get("executor") is not None:
        frames = map_jobs(rows, jobs, sizes, label=rules.name, **run)
    else:                                                 # here, on the kernel's threads: one per process asked
        import numba

        threads = numba.get_num_threads()
        numba.set_num_threads(min(run.pop("processes", 1), numba.config.NUMBA_NUM_THREADS))
        try:
            frames = map_jobs(rows, jobs, sizes, label=rules.name, **run)
        finally:
            numba.set_num_threads(threads)
    return pd.concat(frames, ignore_index=True)
