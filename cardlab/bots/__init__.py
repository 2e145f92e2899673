"""Computer players. A bot is anything with ``choose(state) -> action`` (and a ``name``).

Every bot owns a ``random.Random`` seeded at construction, so games between bots are
reproducible. A game's own bots live in its folder (``cardlab/games/<game>/bots.py``, its ``bots``
part); the package's three games' are importable as ``cardlab.bots.<game>`` too (``from
cardlab.bots.trappola import RuleOfThumbBot``), the public name the notebooks use: a plain module
of this folder each, which imports them from the game. Importing ``cardlab.bots`` imports no game.
"""

from __future__ import annotations

import random
from typing import Hashable, Protocol

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
