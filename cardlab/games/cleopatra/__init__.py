"""Cleopatra (クレオパトラ) and its relatives Beggar-my-neighbour and Egyptian Ratscrew: rules C1-C15.

Everything of the game is in this folder, in part modules named alike in every game: ``engine``
(rules, presets, state, view, actions; re-exported here), ``draw``, ``words``, ``bots``, ``sim``,
``table`` and the others listed in :data:`GAME`, which registers the game
(:mod:`cardlab.registry`).
"""

from cardlab.registry import GameInfo, register

from . import engine
from .engine import *  # noqa: F403  (the engine is the game's public surface)

GAME = register(GameInfo(
    name="cleopatra",
    title="Cleopatra",
    engine=engine,
    parts={
        "draw": f"{__name__}.draw",
        "table": f"{__name__}.table:CleopatraTable",
        "bots": f"{__name__}.bots:BOTS",
        "sim": f"{__name__}.sim",
        "deal_schema": f"{__name__}.schema:deal_schema",
        "openspiel": f"{__name__}.openspiel",
        "warm": f"{__name__}.warm:CASES",
        "bench": f"{__name__}.bench:BENCH",
    },
))
