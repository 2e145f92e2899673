"""Positions for the Kirifu tests: a deal from chosen hands, and a mid-game position."""

from __future__ import annotations

from dataclasses import replace

from cardlab.cards import parse_cards
from cardlab.games import kirifu
from cardlab.games.kirifu_moves import sort_cards
from cardlab.cards import french_deck


def deal_of(hands: list[str], world: str = "H", first: int = 0, stock_top: str = "",
            rules: kirifu.Rules = kirifu.KIRIFU) -> kirifu.State:
    """A new game whose hands are ``hands`` (one text per seat) and whose stock starts with ``stock_top``."""
    deal = kirifu.make_deal(hands, world, first, stock_top, joker=rules.joker)
    return kirifu.new_game(replace(rules, players=len(hands)), seed=1, deal=deal)


def position(hands: list[str], stock: str = "", world: str = "H", turn: int = 0, passed: str = "",
             rules: kirifu.Rules = kirifu.KIRIFU) -> kirifu.State:
    """A mid-game position set directly (the other cards are in the discard heap)."""
    state = kirifu.new_game(replace(rules, players=len(hands)), seed=1)
    state.hands = tuple(sort_cards(parse_cards(h)) for h in hands)
    state.stock = tuple(parse_cards(stock))
    state.passed = tuple(parse_cards(passed))
    used = set(state.stock) | set(state.passed) | {c for h in state.hands for c in h}
    state.discard = tuple(c for c in french_deck(jokers=int(rules.joker)) if c not in used)
    state.world, state.turn = world, turn
    state.phase = kirifu.RECEIVE if passed else kirifu.PASS
    return state


def texts(state: kirifu.State) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions()]
