"""Trappola, the Venetian trick-taking game of the 36-card Italian pack: rules T1-T16
(``docs/rules/trappola.md``).

The folder holds the whole game: the engine (re-exported here) and its scoring, the drawing and
its words, the rule-of-thumb and search players, the coach's playouts, the compiled kernels, the
table and the OpenSpiel games (a whole game, and the endgame of a deal for exact solvers).
"""

from cardlab.registry import folder_game, register

from .engine import *  # noqa: F403  (the engine is the game's public surface)

GAME = register(folder_game(__name__, "Trappola", ("draw", "say_action", "rules_name", "table", "controller", "bots", "sim", "coach", "puzzles", "deal_schema", "openspiel", "warm", "warm_first"), titles={"ja": "トラッポラ"}, openspiel="openspiel_endgame"))
