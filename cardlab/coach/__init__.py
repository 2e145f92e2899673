"""The coach: what each legal choice is worth, why, and a review of a finished game.

- :func:`hints` / :class:`HintSearch`: an estimate of every legal choice of the player to move
  (Trappola: points margin of the deal or chance to win the game; Kirifu: finishing place), with
  its 95 % interval and number of playouts, from what that player sees only; refined step by step
  (:meth:`HintSearch.step`) so that a table never waits for it.
- :class:`Reason`: the rule behind a choice, where the position shows one (T7, T8, T12, K6 …).
- :func:`review`: the decisions of a record where the choice made was clearly worse than the best.
- :mod:`cardlab.games.cleopatra.slaps`: the slap trainer's analysis (Cleopatra): the reader's reaction times
  against the computer's model, and the win chance that speed gives (simulated).

No widget library is imported here; the tables draw what this package computes.
"""

from .review import review
from .search import CoachError, Estimate, HintSearch, Reason, hint_table, hints

__all__ = ["hints", "hint_table", "HintSearch", "Estimate", "Reason", "CoachError", "review"]
