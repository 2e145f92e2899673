"""Cleopatra and its relatives at scale: one statistics row per game, from the compiled kernel.

Players are slap models: ``"slapper"`` (:class:`cardlab.bots.cleopatra.SlapBot`'s model, options
such as ``("slapper", {"attention": 0.5})``) or ``"none"`` (never slaps). Game ``i`` of a run
seeded ``seed`` is dealt and played from its own seed (the ``seed`` column,
:func:`cardlab.fast.kernels.rng.game_seed`) by :mod:`cardlab.fast.kernels.cleopatra`, so any row
replays on its own in the engine (:func:`cardlab.fast.kernels.replay.replay`, proven by
``tests/test_kernels_cleopatra.py``). ``detail=True`` replays every game in the engine and adds
what only its events tell: the opponent's Js each player captured.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..bots.cleopatra import SlapBot
from ..cards import Card
from ..fast.kernels.cleopatra import COLUMNS, QUIET, REASONS, play_games
from ..games import cleopatra
from ..games.cleopatra_events import Captured, FalseSlap, Played, Slapped
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


def event_row(state: cleopatra.State) -> dict[str, Any]:
    """Slaps won per seat, the opponent's Js (as dealt) each seat ever captured, and the seat
    that captured one of the opponent's Js first (None if nobody did)."""
    hands = state.initial_deal()["hands"]
    owner = {Card.parse(text): seat for seat in (0, 1) for text in hands[seat]}
    taken: list[set] = [set(), set()]
    pile: list = []
    slaps = [0, 0]
    first_taker = None
    for ev in state.events:
        if isinstance(ev, Played):
            pile.append(ev.card)
        elif isinstance(ev, FalseSlap):
            pile.insert(0, ev.burned)
        elif isinstance(ev, Slapped):
            slaps[ev.player] += 1
        elif isinstance(ev, Captured):
            js = {c for c in pile if c.rank == "J" and owner[c] != ev.player}
            if js and first_taker is None:
                first_taker = ev.player
            taken[ev.player].update(js)
            pile.clear()
    return {"slaps_0": slaps[0], "slaps_1": slaps[1], "opp_js_taken_0": len(taken[0]),
            "opp_js_taken_1": len(taken[1]), "first_opp_j_taker": first_taker}


def rows(job: tuple) -> list["pd.DataFrame"]:
    """One job of :func:`simulate`: games ``start .. stop - 1`` as a DataFrame (in a list)."""
    import numpy as np
    import pandas as pd

    rules, seed, start, stop, models, detail = job
    out = play_games(rules, seed, start, stop, models)
    frame = pd.DataFrame({"seed": out["seed"], **{k: out[k] for k in COLUMNS}})
    winner = pd.array(out["winner"], dtype="Int64")
    winner[out["winner"] < 0] = pd.NA
    frame["winner"] = winner
    frame["reason"] = pd.Categorical.from_codes(out["reason"].astype(np.int8), REASONS)
    if detail:
        from ..fast.kernels.replay import replay
        extra = [event_row(replay(rules, int(s), models)) for s in out["seed"]]
        frame = frame.drop(columns=["slaps_0", "slaps_1"]).join(pd.DataFrame(extra, index=frame.index))
    return [frame]


CHUNK = 200_000
"""Games per job of :func:`simulate` (one progress step; one task for an executor)."""


def simulate(n: int, seed: int, rules: cleopatra.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] | None = None, *, detail: bool = False, chunk: int = CHUNK,
             **run: Any) -> "pd.DataFrame":
    """``n`` games from the kernel, one row per game: ``seed`` (the game's own), ``winner`` (NA
    for none), ``reason``, ``cards``, ``tricks``, ``steps``, ``first``, the honours dealt to each
    seat (``js_0`` … ``as_1``) and the slaps each seat won (C10); with ``detail=True`` the event
    columns of :func:`event_row` instead of the slaps. ``run``: ``executor`` and ``progress`` as
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
