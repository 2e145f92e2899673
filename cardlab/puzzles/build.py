"""The puzzle generator: positions of seeded games between computer players where one choice is
clearly best, as two independent evaluations find.

Game ``i`` of a set of seed ``s`` is dealt with the seed ``s * 100_003 + i`` and played by the
game's rule-of-thumb players (``settings.players``). Each decision with more than one legal
choice is looked at with the probability ``settings.look`` (so that puzzles come from every
moment of a game, not only the first ones). A choice is *clearly best* under an evaluation when
it is better than each other choice by more than :data:`MARGINS` of the unit beyond the
uncertainty (the interval of the difference on the same worlds, corrected for comparing the best
with every other choice; :class:`.judged.Judged`).

- A game whose ``puzzles`` part judges positions over solved worlds (``judge``, Trappola:
  :mod:`cardlab.games.trappola.solved_choices`): where the view determines every card the answer
  must be the unique exact best; otherwise a hint-length search of the coach's playouts (an
  independent playout policy) must find it clearly best, a search ``settings.long`` times longer
  with other random numbers too, and the solved worlds (``settings.worlds`` of them) too. The
  figures kept are the solved worlds' (exact where they are). Positions the judge leaves out
  (None) and positions with several equally best choices are not puzzles.
- Otherwise (Kirifu): the hint-length search, then a search ``settings.long`` times longer and a
  second as long with other random numbers must find the same choice clearly best, and a stronger
  one, ``settings.stronger`` times longer again with other random numbers, must confirm it. The
  figures kept are the strongest search's.

At most ``settings.per_game`` puzzles come from one game. The difficulty is how often the
rule-of-thumb and the random player choose the answer in ``settings.tries`` tries each (each bot
seeded by the try). Every random number comes from the set's seed: the same seed and settings give
the same set.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..coach.search import HintSearch
from ..game import GameState
from ..records import record_of
from ..registry import GameInfo, game_info
from .judged import Judged
from .puzzle import SOLVED_UNIT, Choice, Puzzle, PuzzleError, PuzzleSet

MARGINS = {"points": 1.0, SOLVED_UNIT: 1.0, "win chance": 0.02, "place": 0.1}
"""How much better than every other choice the answer must be, beyond the interval, in each unit."""
NAMES = ("Ada", "Ben", "Chie", "Dai", "Emi")
"""The players' names in the puzzles' games."""
CONFIRM = 7_777_777
"""Added to a search's seed for the search that confirms it."""
STRONGER = 3_333_331
"""Added to a search's seed for the stronger search that confirms it again."""


@dataclass(frozen=True)
class Settings:
    """How a set is made (see the module's docstring)."""

    count: int = 100
    long: int = 10
    look: float = 0.1
    per_game: int = 1
    tries: int = 40
    players: str = "thumb"
    max_games: int = 5_000
    worlds: int = 64
    stronger: int = 5


def clear_best(state: GameState, seed: int, budget: int | None, margin: float,
               measure: str | None = None) -> HintSearch | None:
    """A search of ``budget`` playouts (None: a hint's; ``measure``: the coach's, None its default)
    that finds one choice better than every other by more than ``margin`` beyond the uncertainty;
    None if it finds none."""
    search = HintSearch(state, seed=seed, measure=measure).run(budget)
    best, z = search.best(), search.z_for_best()
    for other in search.actions:
        if other != best.action and search.loss(other, best.action, z)[1] <= margin:
            return None
    return search


@dataclass(frozen=True)
class Evidence:
    """What a puzzle's answer stands on: its text, the figures (each choice's mean and interval by
    action text) and their unit, how many playouts or worlds each choice got, and whether they are exact."""

    answer: str
    figures: dict[str, tuple[float, float, float]]
    unit: str
    size: int
    exact: bool = False


def search_evidence(search: HintSearch) -> Evidence:
    """The evidence of a search: its best choice and its estimates."""
    return Evidence(search.best().text, {e.text: (e.mean, e.low, e.high) for e in search.estimates()},
                    search.playouts.unit, search.done)


def judged_evidence(judged: Judged, answer: str, unit: str) -> Evidence:
    """The evidence of a judgement over solved worlds, in ``unit``, whose clear answer is ``answer``."""
    return Evidence(answer, {t: judged.estimate(t) for t in judged.texts}, unit, judged.worlds, judged.exact)


def confirmed(info: GameInfo, state: GameState, seed: int, settings: Settings) -> Evidence | str:
    """The evidence of a position with a clearly best choice (see the module's docstring), or why
    the position is not a puzzle (a short reason: the check it failed)."""
    judge = getattr(info.part("puzzles"), "judge", None)
    unit = getattr(info.part("puzzles"), "UNIT", SOLVED_UNIT)
    if judge is not None:
        exact = judge(state, seed, 1)
        if exact is not None and exact.exact:
            answer = exact.clear_answer(MARGINS[unit])
            return "exact: several equally best" if answer is None else judged_evidence(exact, answer, unit)
    screen = clear_best(state, seed, None, 0.0)
    if screen is None:
        return "no clear best in a hint's search"
    budget = settings.long * screen.playouts.default_budget
    margin = MARGINS[screen.playouts.unit]
    answer = screen.best().text
    tries = [("playouts", seed + CONFIRM, budget)] if judge is not None else \
        [("long search", seed, budget), ("second long search", seed + CONFIRM, budget),
         ("stronger search", seed + STRONGER, settings.stronger * budget)]
    search = screen
    independent = getattr(info.part("puzzles"), "PROOF_MEASURE", None)     # a policy other than the solver's
    for name, tried, size in tries:
        found = clear_best(state, tried, size, margin, independent if judge is not None else None)
        if found is None or found.best().text != answer:
            return f"not confirmed: {name}"
        search = found
    if judge is None:
        return search_evidence(search)
    judged = judge(state, seed, settings.worlds)
    if judged is None:
        return "a declaration pending"
    if judged.clear_answer(MARGINS[unit]) != answer:
        return "not confirmed: solved worlds"
    return judged_evidence(judged, answer, unit)


def find_rate(puzzle: Puzzle, bot: str, tries: int) -> float:
    """The share of ``tries`` tries of the game's bot ``bot`` (seeded the puzzle's seed plus the
    try's number) that choose the answer."""
    player, found = game_info(puzzle.game).part("bots")[bot], 0
    for k in range(tries):
        state = puzzle.position()
        found += state.action_text(player(puzzle.seed + k).choose(state)) == puzzle.answer
    return found / tries


def make_puzzle(info: GameInfo, state: GameState, evidence: Evidence, number: int, seed: int,
                settings: Settings) -> Puzzle:
    """The puzzle of the position ``state`` with its ``evidence``, its difficulty measured."""
    seat = state.current_player
    choices = tuple(Choice(state.action_text(a), *evidence.figures[state.action_text(a)])
                    for a in state.legal_actions())
    puzzle = Puzzle(id=f"{info.name}-{number:03d}", record=record_of(state, players=list(state.players)), seat=seat,
                    seed=seed, answer=evidence.answer, unit=evidence.unit, playouts=evidence.size, choices=choices, rules=(),
                    theme="", thumb=0.0, random=0.0, exact=evidence.exact)
    rules = tuple(dict.fromkeys(r.rule for r in puzzle.reasons(state)))
    theme = info.part("puzzles").theme(state.view(seat), evidence.answer, list(rules))
    puzzle = dataclasses.replace(puzzle, rules=rules, theme=theme)
    return dataclasses.replace(puzzle, thumb=find_rate(puzzle, settings.players, settings.tries),
                               random=find_rate(puzzle, "random", settings.tries))


def decisions(info: GameInfo, game_seed: int, settings: Settings) -> Iterator[tuple[GameState, int]]:
    """The decisions looked at in the game dealt with ``game_seed``: each position with the seed of
    its searches (the game plays on when the next one is asked for)."""
    module, bots = info.module, info.part("bots")
    seats = len(module.new_game(seed=game_seed).players)
    state = module.new_game(seed=game_seed, players=list(NAMES[:seats]))
    players = [bots[settings.players](game_seed * 10 + k) for k in range(seats)]
    look = random.Random(game_seed)
    while not state.is_over:
        if len(state.legal_actions()) > 1 and look.random() < settings.look:
            yield state, game_seed * 10_000 + len(state.history)
        state.apply(players[state.current_player].choose(state))


def build(game: str, seed: int = 1, settings: Settings = Settings(),
          progress: Callable[[int], Any] | None = None, rejected: Counter[str] | None = None) -> PuzzleSet:
    """A set of ``settings.count`` puzzles of ``game`` from ``seed`` (see the module's docstring);
    ``progress(n)`` is called as each puzzle is found; ``rejected`` counts the positions looked at
    that were not kept, by why."""
    info = game_info(game)
    for part in ("puzzles", "coach", "bots"):
        if not info.has(part):
            raise PuzzleError("game", f"{info.title} has no {part} part: it has no puzzles")
    found: list[Puzzle] = []
    for game_number in range(settings.max_games):
        kept = 0
        for state, search_seed in decisions(info, seed * 100_003 + game_number, settings):
            evidence = confirmed(info, state, search_seed, settings)
            if isinstance(evidence, str):
                if rejected is not None:
                    rejected[evidence] += 1
                continue
            found.append(make_puzzle(info, state, evidence, len(found) + 1, search_seed, settings))
            if progress is not None:
                progress(len(found))
            if len(found) == settings.count:
                return PuzzleSet(game, seed, dataclasses.asdict(settings), found)
            kept += 1
            if kept == settings.per_game:
                break
    raise PuzzleError("settings.max_games", f"{settings.max_games} games gave {len(found)} puzzles, "
                      f"not {settings.count}")
