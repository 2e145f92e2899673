"""Re-proving a puzzle's answer on a fresh seed, by an evaluation independent of the one that kept it.

- Where the game judges positions over solved worlds and the view determines every card
  (:attr:`Puzzle.exact`), the solver again: the answer must be the unique exact best.
- Otherwise the coach's playouts (:class:`~cardlab.coach.search.HintSearch`) with the game's
  ``PROOF_MEASURE`` where it has one (Trappola's quick playout policy, never the solved worlds that
  kept the puzzle; for Kirifu a search other than the ones that built the set, by its seed): no other choice may beat the answer beyond the interval (the difference's
  interval on the same worlds, corrected for comparing the answer with every other choice).

``tests/test_puzzles.py`` re-proves every shipped puzzle this way and shows that a planted wrong
answer is caught.
"""

from __future__ import annotations

from ..coach.search import HintSearch
from ..registry import game_info
from .puzzle import Puzzle, PuzzleError


def beats_answer(puzzle: Puzzle, seed: int, long: int = 1) -> list[str]:
    """The choices that beat ``puzzle``'s answer (see the module): an exact puzzle's choices worth
    as much as the answer or more, by the solver; another's choices better than the answer beyond
    the interval in a search of ``long`` times the coach's hint budget seeded ``seed``."""
    state = puzzle.position()
    if puzzle.exact:
        judged = game_info(puzzle.game).part("puzzles").judge(state, seed, 1)
        if judged is None or not judged.exact:
            raise PuzzleError(f"{puzzle.id}.exact", "marked exact, but the view does not determine every card")
        answer = judged.estimate(puzzle.answer)[0]
        return [t for t in judged.texts if t != puzzle.answer and judged.estimate(t)[0] >= answer]
    search = HintSearch(state, seed=seed, measure=getattr(game_info(puzzle.game).part("puzzles"), "PROOF_MEASURE", None))
    search.run(long * search.playouts.default_budget)
    answer = next(a for a, t in zip(search.actions, search.texts) if t == puzzle.answer)
    z = search.z_for_best()
    return [t for a, t in zip(search.actions, search.texts) if a != answer and search.loss(answer, a, z)[1] > 0]
