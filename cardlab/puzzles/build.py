"""The puzzle generator: positions of seeded games between computer players where one choice is
clearly best, as a long search finds and a second, independent one confirms.

Game ``i`` of a set of seed ``s`` is dealt with the seed ``s * 100_003 + i`` and played by the
game's rule-of-thumb players (``settings.players``). Each decision with more than one legal
choice is looked at with the probability ``settings.look`` (so that puzzles come from every
moment of a game, not only the first ones): a hint-length search (the coach's default budget)
must find one choice better than each other beyond the uncertainty (the interval of the
difference on the same sampled worlds, corrected for comparing the best with every other choice);
then a search ``settings.long`` times longer must find the same choice better than each other by
more than :data:`MARGINS` of the unit beyond its interval, and a second search as long with other
random numbers must find it again. The figures kept are the second's. At most
``settings.per_game`` puzzles come from one game.

The difficulty is how often the rule-of-thumb and the random player choose the answer in
``settings.tries`` tries each (each bot seeded by the try). Every random number comes from the
set's seed: the same seed and settings give the same set.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..coach.review import explaining
from ..coach.search import HintSearch
from ..game import GameState
from ..records import record_of
from ..registry import GameInfo, game_info
from .puzzle import Choice, Puzzle, PuzzleError, PuzzleSet

MARGINS = {"points": 1.0, "win chance": 0.02, "place": 0.1}
"""How much better than every other choice the answer must be, beyond the interval, in each unit."""
NAMES = ("Ada", "Ben", "Chie", "Dai", "Emi")
"""The players' names in the puzzles' games."""
CONFIRM = 7_777_777
"""Added to a search's seed for the search that confirms it."""


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


def clear_best(state: GameState, seed: int, budget: int | None, margin: float) -> HintSearch | None:
    """A search of ``budget`` playouts (None: a hint's) that finds one choice better than every
    other by more than ``margin`` beyond the uncertainty; None if it finds none."""
    search = HintSearch(state, seed=seed).run(budget)
    best, z = search.best(), search.z_for_best()
    for other in search.actions:
        if other != best.action and search.loss(other, best.action, z)[1] <= margin:
            return None
    return search


def confirmed(state: GameState, seed: int, settings: Settings) -> HintSearch | None:
    """The confirming search of a position with a clearly best choice (see the module's docstring)."""
    screen = clear_best(state, seed, None, 0.0)
    if screen is None:
        return None
    budget = settings.long * screen.playouts.default_budget
    margin = MARGINS[screen.playouts.unit]
    answer = screen.best().action
    for tried in (seed, seed + CONFIRM):
        search = clear_best(state, tried, budget, margin)
        if search is None or search.best().action != answer:
            return None
    return search


def find_rate(puzzle: Puzzle, bot: str, tries: int) -> float:
    """The share of ``tries`` tries of the game's bot ``bot`` (seeded the puzzle's seed plus the
    try's number) that choose the answer."""
    player, found = game_info(puzzle.game).part("bots")[bot], 0
    for k in range(tries):
        state = puzzle.position()
        found += state.action_text(player(puzzle.seed + k).choose(state)) == puzzle.answer
    return found / tries


def make_puzzle(info: GameInfo, state: GameState, search: HintSearch, number: int, seed: int,
                settings: Settings) -> Puzzle:
    """The puzzle of the position ``state`` that ``search`` confirmed, its difficulty measured."""
    seat = state.current_player
    best = search.best()
    estimates = search.estimates()
    rules = tuple(dict.fromkeys(r.rule for r in explaining(best, [e for e in estimates if e is not best])))
    theme = info.part("puzzles").theme(state.view(seat), best.text, list(rules))
    puzzle = Puzzle(id=f"{info.name}-{number:03d}", record=record_of(state, players=list(state.players)), seat=seat,
                    seed=seed, answer=best.text, unit=best.unit, playouts=search.done,
                    choices=tuple(Choice(e.text, e.mean, e.low, e.high) for e in estimates), rules=rules,
                    theme=theme, thumb=0.0, random=0.0)
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
          progress: Callable[[int], Any] | None = None) -> PuzzleSet:
    """A set of ``settings.count`` puzzles of ``game`` from ``seed`` (see the module's docstring);
    ``progress(n)`` is called as each puzzle is found."""
    info = game_info(game)
    for part in ("puzzles", "coach", "bots"):
        if not info.has(part):
            raise PuzzleError("game", f"{info.title} has no {part} part: it has no puzzles")
    found: list[Puzzle] = []
    for game_number in range(settings.max_games):
        kept = 0
        for state, search_seed in decisions(info, seed * 100_003 + game_number, settings):
            search = confirmed(state, search_seed, settings)
            if search is None:
                continue
            found.append(make_puzzle(info, state, search, len(found) + 1, search_seed, settings))
            if progress is not None:
                progress(len(found))
            if len(found) == settings.count:
                return PuzzleSet(game, seed, dataclasses.asdict(settings), found)
            kept += 1
            if kept == settings.per_game:
                break
    raise PuzzleError("settings.max_games", f"{settings.max_games} games gave {len(found)} puzzles, "
                      f"not {settings.count}")
