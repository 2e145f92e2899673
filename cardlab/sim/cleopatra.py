"""Cleopatra and its relatives at scale: one statistics row per game.

Players are slap models: ``"slapper"`` (:class:`cardlab.bots.cleopatra.SlapBot`, options such as
``("slapper", {"attention": 0.5})``) or ``"none"`` (never slaps). Rows come from the fast path
(:mod:`cardlab.fast.cleopatra`, proven equal to the engine by ``tests/test_cleopatra_fast.py``)
when nobody can slap, else from the engine (the fast path still plays C9/C10 as they were before
issue 14), with the slaps each player won; ``detail=True`` always plays the engine and adds what
only its events tell: the opponent's Js each player captured. :func:`simulate_batch` plays in NumPy arrays.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from ..cards import Card
from ..bots.cleopatra import SlapBot
from ..fast.cleopatra import CODE, deal_codes, run_dealt
from ..game import play_out
from ..games import cleopatra
from ..games.cleopatra_events import Captured, FalseSlap, Played, Slapped
from . import PlayerSpec, game_seed, make_players, map_jobs

if TYPE_CHECKING:
    import pandas as pd

BOTS = {"slapper": SlapBot, "none": lambda seed: None}
DEFAULT_RULES = cleopatra.CLEOPATRA


def deal_row(hands: Sequence[Sequence[int]], first: int) -> dict[str, Any]:
    """What the deal alone says: who plays first and the honours each seat is dealt."""
    row: dict[str, Any] = {"first": first}
    for rank in "JQKA":
        code = CODE[rank]
        for seat in (0, 1):
            row[f"{rank.lower()}s_{seat}"] = hands[seat].count(code)
    return row


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


def play_one(seed: int, rules: cleopatra.Rules = DEFAULT_RULES,
             players: Sequence[PlayerSpec] = ("slapper", "slapper"), detail: bool = False) -> dict[str, Any]:
    """Play one game from ``seed`` and return its row."""
    bots = make_players(BOTS, players, seed)
    rng = random.Random(seed)
    hands, first = deal_codes(rules, rng)
    row: dict[str, Any] = deal_row(hands, first)
    if not detail and (rules.slaps == "none" or bots == [None, None]):
        slaps = [0, 0]
        winner, reason, cards, tricks, steps = run_dealt(rules, hands, first, rng, bots, slaps=slaps)
        return {"winner": winner, "reason": reason, "cards": cards, "tricks": tricks, "steps": steps, **row,
                "slaps_0": slaps[0], "slaps_1": slaps[1]}
    state = play_out(cleopatra.new_game(rules, seed=seed, undo=False),
                     [b or SlapBot(0, attention=0.0) for b in bots])
    out = state.outcome
    events = event_row(state)
    return {"winner": out.winner, "reason": out.reason, "cards": out.stats["cards"],
            "tricks": out.stats["tricks"], "steps": out.stats["steps"], **row,
            **(events if detail else {k: events[k] for k in ("slaps_0", "slaps_1")})}


CHUNK = 100_000
"""Games per NumPy batch in :func:`simulate_batch` (one progress step, one job for a process)."""


def simulate_batch(n: int, seed: int = 0, rules: cleopatra.Rules = cleopatra.BEGGAR_MY_NEIGHBOUR,
                   players: Sequence[PlayerSpec] | None = None, *, processes: int = 1,
                   progress: bool | None = None, chunk: int = CHUNK) -> "pd.DataFrame":
    """``n`` games at array speed, in batches of ``chunk`` games (on ``processes`` cores, the same
    rows whatever the count), one row per game with the columns of ``play_one`` (winner, reason,
    cards, tricks, steps, first, honours per seat) keyed by ``game`` instead of ``seed``.

    - Beggar-my-neighbour's kind of rules (deterministic, one shuffled pack, out when unable to
      play, a fixed first player; :mod:`cardlab.fast.batch`): game ``i`` is ``deals(seed, n)[i]``,
      replayed in the engine by ``new_game(rules, deal=deal_dict(deals(seed, i + 1)[i], first))``.
    - Cleopatra's (won piles, out with no cards; :mod:`cardlab.fast.batch_cleopatra`), with the
      players' slap models (``"slapper"`` with its options, or ``"none"``) and ``slaps_0``,
      ``slaps_1``: the slaps each seat won. Game ``i`` is game ``i % chunk`` of
      ``cleopatra_batch(size, game_seed(seed, i // chunk), rules, ...)``, whose ``record=True``
      replays it in the engine.
    """
    import pandas as pd

    from ..fast.batch import deals

    if n < 0 or chunk < 1:
        raise ValueError(f"n >= 0 and chunk >= 1, not n={n}, chunk={chunk}")
    starts = range(0, max(n, 1), chunk)                   # no games: one empty batch, for the columns
    sizes = [min(chunk, n - start) for start in starts]
    bots = make_players(BOTS, players or ("slapper", "slapper"), seed)
    if rules.deterministic and rules.lose == "cannot_play" and rules.deal == "shuffle" and rules.first != "random":
        packs = deals(seed, n)
        jobs: list = [(rules, start, packs[start:start + size]) for start, size in zip(starts, sizes)]
        work: Any = _beggar_batch
    elif rules.captures == "won_pile" and rules.lose == "no_cards":
        quiet = SlapBot(attention=0.0)
        models = {key: [getattr(bot or quiet, key) for bot in bots]
                  for key in ("attention", "reaction_ms", "spread_ms", "min_ms")}     # SlapBot's model per seat
        jobs = [(rules, start, size, game_seed(seed, k), models) for k, (start, size) in enumerate(zip(starts, sizes))]
        work = _cleopatra_batch
    else:
        raise ValueError(f"the batch path plays Beggar-my-neighbour's kind of rules (captures under the hand, "
                         f"no slaps) or Cleopatra's (won piles, out with no cards), not {rules.name!r}")
    frames = map_jobs(work, jobs, sizes, processes=processes, progress=progress, label=rules.name)
    return pd.concat(frames, ignore_index=True)


def _beggar_batch(job: tuple) -> list["pd.DataFrame"]:
    import numpy as np

    from ..fast.batch import beggar_batch

    rules, start, packs = job
    first = "XY".index(rules.first)
    out = beggar_batch(packs, first, (0, rules.jack, rules.queen, rules.king, rules.ace), rules.max_steps)
    by_seat = np.stack([packs[:, 0::2], packs[:, 1::2]], axis=1)    # X holds the even cards
    frame = _batch_frame(out, start, np.full(len(packs), first), by_seat, codes=[1, 2, 3, 4])
    frame["slaps_0"] = frame["slaps_1"] = 0                # no slapping in these rules
    return [frame]


def _cleopatra_batch(job: tuple) -> list["pd.DataFrame"]:
    from ..fast.batch_cleopatra import cleopatra_batch

    rules, start, size, seed, models = job
    out = cleopatra_batch(size, seed, rules, **models)
    frame = _batch_frame(out, start, out["first"], out["dealt"], codes=[CODE[r] for r in "JQKA"])
    frame["slaps_0"], frame["slaps_1"] = out["slaps"][:, 0], out["slaps"][:, 1]
    return [frame]


def _batch_frame(out: dict, start: int, first: Any, dealt: Any, codes: list[int]) -> "pd.DataFrame":
    """The rows of a batch: results, first seat, honours dealt (``dealt``: (n, 2, 26) codes, J Q K A
    as ``codes``)."""
    import numpy as np
    import pandas as pd

    from ..fast.batch import REASONS

    winner = pd.array(out["winner"], dtype="Int64")
    winner[out["winner"] < 0] = pd.NA
    columns = {"game": start + np.arange(len(first)), "winner": winner,
               "reason": pd.Categorical.from_codes(out["reason"], REASONS),
               "cards": out["cards"], "tricks": out["tricks"], "steps": out["steps"], "first": first}
    for code, rank in zip(codes, "jqka"):
        held = (dealt == code).sum(axis=2)
        for seat in (0, 1):
            columns[f"{rank}s_{seat}"] = held[:, seat]
    return pd.DataFrame(columns)
