"""Kirifu's computer players under their public name, ``cardlab.bots.kirifu``: the same objects as
in the game's own ``cardlab/games/kirifu/bots.py`` (its ``bots`` part), where the rest of that module is."""

from cardlab.games.kirifu.bots import BOTS, SearchBot, ThumbBot, make_bot

__all__ = ["BOTS", "SearchBot", "ThumbBot", "make_bot"]
