"""Positions for the Kirifu tests: a deal from chosen hands, and a mid-game position."""

from __future__ import annotations

from dataclasses import replace

from cardlab.cards import parse_cards
from cardlab.games import kirifu
from cardlab.games.kirifu.moves import sort_cards
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
    state.world, state.to_move = world, turn
    state.phase = kirifu.RECEIVE if passed else kirifu.PASS
    return state


def texts(state: kirifu.State) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions()]


def table_at(state: kirifu.State, **options: object) -> "KirifuTable":
    """A Kirifu table (you at seat 0) playing on from ``state``, its seats named as the table names them."""
    from cardlab.games.kirifu.table import KirifuTable
    table = KirifuTable(computers=len(state.players) - 1, seed=1, **options)
    state.players = table.state.players
    table.start(state)
    return table


def showcase(lang: str = "en") -> dict[str, "KirifuTable"]:
    """Tables at the positions the layout must hold: passing with a pair and the joker in hand
    (the kirifu-joker variant), receiving several
    passed cards (one chosen), an osoroi being built, five players with cards known after omorai
    and a big hand, and the end of a game."""
    from cardlab.games.kirifu.bots import ThumbBot
    from cardlab.games.kirifu.table import KirifuTable
    tables = {"passing": table_at(position(["4S 4D 9C KC JokerR", "10C 3S 2D 8C QC", "5H 6S 7C JD AD",
                                            "3C 4C 5C 6C 7D"], stock="AH KD 8H", rules=kirifu.KIRIFU_JOKER),
                                   lang=lang)}
    receiving = table_at(position(["2S 10C QC 8C 3D", "5H 6S 7C JD AD", "KS KH 2D 9S", "3C 4C 10S"],
                                  passed="4S 4D 9C"), lang=lang)
    receiving.click("passed:9C")
    tables["receiving"] = receiving
    osoroi = table_at(position(["4S 4D 9C KC KH 2S", "10C 3S 2D 8C QC", "5H 6S 7C JD AD", "3C 4C 5C 6C 7D"],
                               stock="AH KD"), lang=lang)
    for target in ("hand:4S", "hand:4D", "hand:9C", "btn:osoroi", "hand:KC"):
        osoroi.click(target)
    tables["osoroi"] = osoroi
    five = position(["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "2H 3H", "5H 6H 7H JD AD 9H 10H 3D 4D",
                     "2C 3C 4C 5C", "KC QC JC"], stock="AH KD", passed="AC")
    five.known = ((), (), tuple(parse_cards("5H 6H 7H JD AD 9H 10H")), (), ())
    tables["five"] = table_at(five, lang=lang)
    end = KirifuTable(computers=4, seed=3, lang=lang)
    bot = ThumbBot(3)
    while not end.state.is_over:
        end.play(bot.choose(end.state))
    end.redraw()
    tables["end"] = end
    return tables
