"""Cleopatra (クレオパトラ), the two-player slapping game of one Japanese web page, and its
relatives Beggar-my-neighbour and Egyptian Ratscrew: rules C1-C15 (``docs/rules/cleopatra.md``).

The folder holds the whole game: the engine (re-exported here), its events and deal patterns,
the source's sample game, the drawing and its words, the slap bot and the slap trainer, the
compiled kernel with its C yardstick and the record hunt, the table and the OpenSpiel adapter.
"""

from cardlab.registry import folder_game, register

from .engine import *  # noqa: F403  (the engine is the game's public surface)

GAME = register(folder_game(__name__, "Cleopatra", ("draw", "say_action", "rules_name", "table", "controller", "bots", "sim", "deal_schema", "openspiel",
                                                   "warm"), titles={"ja": "クレオパトラ"}, say_action="story:say_action"))
