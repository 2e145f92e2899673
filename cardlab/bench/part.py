"""What a game gives the benchmarks: its ``bench`` part (:data:`cardlab.registry.PARTS`), a
:class:`GameBench`, which the game declares in ``cardlab/games/<game>/bench.py``. Not a benchmark
itself (no ``main``): ``python -m cardlab.bench`` does not list it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

if TYPE_CHECKING:
    from ..game import GameState
    from .sim import SimRows


@dataclass(frozen=True)
class CoachCases:
    """What ``python -m cardlab.bench coach`` needs of a game that has a ``coach`` part:
    ``new_game(seed, seats)``, a game to take decision points from (``seats`` where the game
    lets the count vary); ``thumb(seed)``, its rule-of-thumb player (every seat of those games,
    and the seats the hints do not play); ``thumb_choice(state)``, that player's choice without
    its randomness, which the coach's choice is judged against; ``unit``, what the coach's
    losses count, as printed (``"points"``, ``"places"``)."""

    new_game: Callable[[int, int], GameState]
    thumb: Callable[[int], Any]
    thumb_choice: Callable[[GameState], Hashable]
    unit: str


@dataclass(frozen=True)
class GameBench:
    """A game's ``bench`` part, every field optional: ``sim``, its rows of ``python -m
    cardlab.bench sim`` (:mod:`cardlab.bench.sim`: :class:`~cardlab.bench.sim.AgainstYardstick`,
    :class:`~cardlab.bench.sim.AgainstEngine`, :class:`~cardlab.bench.sim.TwoThreads`);
    ``coach``, its cases of ``python -m cardlab.bench coach``; ``main(argv) -> exit status``, its
    own benchmark, listed and run as ``python -m cardlab.bench <game>``."""

    sim: Sequence[SimRows] = ()
    coach: CoachCases | None = None
    main: Callable[[list[str]], int] | None = None
