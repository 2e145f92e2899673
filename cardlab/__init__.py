"""cardlab: a Jupyter teaching and exploration kit for Cleopatra, Trappola and Kirifu."""

from .cards import FRENCH, ITALIAN, Card, french_deck, italian_deck, parse_cards
from .errors import CardlabError, CardParseError, IllegalActionError, RecordError
from .game import TERMINAL, GameState, Outcome
from .registry import GameInfo, all_games, game_info, register

__version__ = "0.1.0"

__all__ = [
    "FRENCH", "ITALIAN", "Card", "french_deck", "italian_deck", "parse_cards",
    "CardlabError", "CardParseError", "IllegalActionError", "RecordError",
    "TERMINAL", "GameState", "Outcome",
    "GameInfo", "register", "all_games", "game_info",
]
