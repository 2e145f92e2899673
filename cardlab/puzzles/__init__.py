"""Puzzles from real games (Trappola, Kirifu): a position where one choice is clearly best, the
answer, the figures and the rule that explains it, a theme and a difficulty.

- :func:`shipped` — the set that comes with the kit (``cardlab/data/puzzles/<game>.json``,
  made by ``python -m cardlab.puzzles build`` from its seed: :mod:`cardlab.puzzles.build`);
- :class:`Puzzle`, :class:`PuzzleSet`, :func:`load_set` — the puzzles and their JSON, validated on load;
- the puzzle table that asks them: :class:`cardlab.widgets.puzzle.PuzzleTable`.

A game has puzzles when it registers a ``puzzles`` part (its themes) besides its coach and bots.
"""

from .build import Settings, build
from .judged import Judged
from .puzzle import LEVELS, SOLVED_UNIT, Choice, Puzzle, PuzzleError, PuzzleSet, load_set, loads_set, shipped

__all__ = ["Puzzle", "PuzzleSet", "Choice", "PuzzleError", "Settings", "LEVELS", "SOLVED_UNIT", "Judged", "build",
           "shipped", "load_set", "loads_set"]
