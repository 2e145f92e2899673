"""Kirifu (切りふ), the cutting game of Kumamoto for three to five players: rules K1-K23
(``docs/rules/kirifu.md``).

The folder holds the whole game: the engine (re-exported here), its events and the moves' rules,
the drawing and its words, the rule-of-thumb and search players, the coach's playouts, the
compiled kernels, the table and the OpenSpiel adapter.
"""

from cardlab.registry import folder_game, register

from .engine import *  # noqa: F403  (the engine is the game's public surface)

GAME = register(folder_game(__name__, "Kirifu", ("draw", "say_action", "rules_name", "table", "controller", "bots", "sim", "coach", "puzzles", "deal_schema", "openspiel", "warm", "warm_first"), titles={"ja": "切りふ"}))
