"""The stable public surface (issue "A game is one folder"): whatever moves inside the package,
these names stay importable where the README, the docs and the notebooks use them, and they are
the same objects as the games' own parts."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import cardlab
from cardlab.registry import game_info

ENGINE_NAMES = ("new_game", "make_deal", "read_deal", "PRESETS", "Rules", "State", "View", "Action", "describe")
SURFACE = {
    "cardlab.widgets": ("CleopatraTable", "TrappolaTable", "KirifuTable", "CleopatraReplay", "replay",
                        "GameTable", "TableView", "ReplayBar", "Replayer"),
    "cardlab.sim": ("simulate", "run_games", "quick", "sample_size", "duel"),
    "cardlab.coach": ("hints", "review", "hint_table", "HintSearch"),
    "cardlab.records": ("load", "loads", "record_of", "to_frame"),
    "cardlab.game": ("play_out", "GameState"),
    "cardlab.bots.cleopatra": ("SlapBot",),
    "cardlab.bots.trappola": ("RuleOfThumbBot", "SearchBot"),
    "cardlab.bots.kirifu": ("ThumbBot", "SearchBot"),
    "cardlab": ("register", "GameInfo", "all_games", "game_info", "Card"),
}


@pytest.mark.parametrize("game", ["cleopatra", "trappola", "kirifu"])
def test_each_engine_offers_the_contract_names(game):
    module = importlib.import_module(f"cardlab.games.{game}")
    assert [name for name in ENGINE_NAMES if not hasattr(module, name)] == []
    assert module.State is game_info(game).module.State


@pytest.mark.parametrize("module, names", SURFACE.items())
def test_the_surface_names_import(module, names):
    imported = importlib.import_module(module)
    assert [name for name in names if not hasattr(imported, name)] == []


def test_the_tables_and_bots_of_the_surface_are_the_games_own_parts():
    from cardlab.bots.trappola import RuleOfThumbBot
    from cardlab.widgets import KirifuTable

    assert KirifuTable is game_info("kirifu").part("table")
    assert RuleOfThumbBot is game_info("trappola").part("bots")["thumb"]


def test_an_unknown_name_is_an_attribute_or_import_error():
    import cardlab.widgets

    with pytest.raises(AttributeError, match="no attribute 'NoSuchTable'"):
        cardlab.widgets.NoSuchTable  # noqa: B018
    with pytest.raises(ImportError):
        importlib.import_module("cardlab.bots.no_such_game")


def test_importing_the_core_imports_no_game_nor_widget_nor_kernel():
    """A game is imported when it is first looked up, not before (registering is lazy)."""
    code = ("import sys, cardlab; import cardlab.bots, cardlab.sim, cardlab.records, cardlab.coach; "
            "print(sorted(m for m in sys.modules if m.startswith(('cardlab.games.', 'numba', 'ipywidgets'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert cardlab.__version__
