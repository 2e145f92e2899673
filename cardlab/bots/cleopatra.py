"""Cleopatra's computer players under their public name, ``cardlab.bots.cleopatra``: the same objects as
in the game's own ``cardlab/games/cleopatra/bots.py`` (its ``bots`` part), where the rest of that module is."""

from cardlab.games.cleopatra.bots import BOTS, SlapBot

__all__ = ["BOTS", "SlapBot"]
