"""What a game gives the benchmarks: a :class:`GameBench`, ``BENCH`` in the game's module of the
tools, ``tools/games/<game>/bench.py`` (:func:`game_bench`; a game without one is left out of the
benchmarks). The benchmarks are tools, not part of the runtime package, so the registry of
:mod:`cardlab.registry` does not know them: they are found by the game's registry name. Not a
benchmark itself (no ``main``): ``python -m tools.bench`` does not list it."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generic, Hashable, Sequence, TypeVar

from cardlab.registry import GameInfo, all_games

if TYPE_CHECKING:
    from cardlab.game import AnyState
    from .sim import SimRows

S = TypeVar("S", bound="AnyState")


@dataclass(frozen=True)
class CoachCases(Generic[S]):
    """What ``python -m tools.bench coach`` needs of a game that has a ``coach`` part:
    ``new_game(seed, seats)``, a game to take decision points from (``seats`` where the game
    lets the count vary); ``thumb(seed)``, its rule-of-thumb player (every seat of those games,
    and the seats the hints do not play); ``thumb_choice(state)``, that player's choice without
    its randomness, which the coach's choice is judged against; ``unit``, what the coach's
    losses count, as printed (``"points"``, ``"places"``)."""

    new_game: Callable[[int, int], S]
    thumb: Callable[[int], Any]
    thumb_choice: Callable[[S], Hashable]
    unit: str


@dataclass(frozen=True)
class GameBench:
    """What a game gives the benchmarks, every field optional: ``sim``, its rows of ``python -m
    tools.bench sim`` (:mod:`tools.bench.sim`: :class:`~tools.bench.sim.AgainstYardstick`,
    :class:`~tools.bench.sim.AgainstEngine`, :class:`~tools.bench.sim.TwoThreads`);
    ``coach``, its cases of ``python -m tools.bench coach``; ``main(argv) -> exit status``, its
    own benchmark, listed and run as ``python -m tools.bench <game>``."""

    sim: Sequence[SimRows] = ()
    coach: CoachCases[Any] | None = None
    main: Callable[[list[str]], int] | None = None


GAME_TOOLS = "tools.games"
"""The package of the games' own tools: ``tools/games/<game>/``, by the game's registry name."""


def game_tool(info: GameInfo, module: str) -> ModuleType | None:
    """The game's tool ``module`` (``tools/games/<game>/<module>.py``), None if the game has none
    (a reader's own game, registered in a notebook)."""
    name = f"{GAME_TOOLS}.{info.name}.{module}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is not None and f"{name}.".startswith(f"{missing.name}."):
            return None
        raise


def game_bench(info: GameInfo) -> GameBench | None:
    """The game's :class:`GameBench` (``BENCH`` of ``tools/games/<game>/bench.py``), None if the
    game has none."""
    module = game_tool(info, "bench")
    bench: GameBench | None = None if module is None else module.BENCH
    return bench


def benched() -> list[tuple[GameInfo, GameBench]]:
    """Every registered game that has a :class:`GameBench`, with it, in the registry's order."""
    found = [(info, game_bench(info)) for info in all_games()]
    return [(info, bench) for info, bench in found if bench is not None]
