"""The game contract (:mod:`cardlab.contract`), one test for every game of the package and preset:
random playouts that check, along the way, what every game module promises, then its records."""

from __future__ import annotations

import pytest

from cardlab.contract import check_game
from cardlab.registry import builtin_games

CASES = [(info.name, preset) for info in builtin_games() for preset in info.presets]


@pytest.mark.parametrize("game, preset", CASES, ids=[f"{g}-{p}" for g, p in CASES])
def test_the_contract_holds_in_random_playouts(game, preset):
    assert check_game(game, [preset]) == 5
