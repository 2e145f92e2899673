"""Trappola's computer players under their public name, ``cardlab.bots.trappola``: the same objects as
in the game's own ``cardlab/games/trappola/bots.py`` (its ``bots`` part), where the rest of that module is."""

from cardlab.games.trappola.bots import BOTS, HandSampler, RuleOfThumbBot, SearchBot, SolverBot

__all__ = ["BOTS", "HandSampler", "RuleOfThumbBot", "SearchBot", "SolverBot"]
