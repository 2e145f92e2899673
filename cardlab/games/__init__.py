"""The games, one module each. Every module exports the same small surface:

- ``Rules``: a frozen dataclass whose first field is ``name`` (the preset's name);
- ``PRESETS``: ``{name: Rules}``, the named variants, each documented with its source;
- ``new_game(rules=..., seed=None, deal=None, players=None) -> GameState``: ``rules`` is a
  ``Rules`` or a preset name; ``deal`` is the JSON form returned by ``state.initial_deal()``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: tuple[str, ...] = ("cleopatra", "trappola", "kirifu")


def game_module(name: str) -> ModuleType:
    """The module of a game by its name (``"cleopatra"``, ``"trappola"``, ``"kirifu"``)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; cardlab knows {', '.join(GAMES)}")
    return importlib.import_module(f"{__name__}.{name}")
