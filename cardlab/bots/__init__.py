"""Computer players. A bot is anything with ``choose(state) -> action`` (and a ``name``).

Every bot owns a ``random.Random`` seeded at construction, so games between bots are
reproducible. A game's own bots live in its folder (``cardlab/games/<game>/bots.py``, its ``bots``
part) and are importable as ``cardlab.bots.<game>`` too (``from cardlab.bots.trappola import
RuleOfThumbBot``): that name is a view of the game's bots module, for every registered game.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import random
import sys
import types
from typing import Any, Hashable, Protocol

from ..game import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState) -> Hashable:
        """The action this bot takes in ``state`` (one of ``state.legal_actions()``)."""


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Hashable:
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class _GameBots(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``cardlab.bots.<game>``: a module that shows the registered game's bots module."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        parent, _, name = fullname.rpartition(".")
        if parent != __name__ or self._bots_module(name) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    @staticmethod
    def _bots_module(name: str) -> str | None:
        from ..registry import game_names, game_info

        if name not in game_names() or not game_info(name).has("bots"):
            return None
        bots = game_info(name).parts["bots"]
        return bots.partition(":")[0] if isinstance(bots, str) else next(iter(bots.values())).__module__

    def create_module(self, spec: Any) -> types.ModuleType:
        real = importlib.import_module(self._bots_module(spec.name.rpartition(".")[2]))
        view = types.ModuleType(spec.name, real.__doc__)
        view.__getattr__ = lambda attribute: getattr(real, attribute)  # type: ignore[method-assign]
        view.__dir__ = lambda: dir(real)  # type: ignore[method-assign]
        return view

    def exec_module(self, module: types.ModuleType) -> None:
        pass


if not any(isinstance(finder, _GameBots) for finder in sys.meta_path):
    sys.meta_path.insert(0, _GameBots())
