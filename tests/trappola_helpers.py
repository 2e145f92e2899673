"""Positions for the Trappola tests."""

from __future__ import annotations

from typing import Iterator

from cardlab.games.trappola.bots import RuleOfThumbBot
from cardlab.games import trappola as T

#: a deal where you (seat 0, the non-dealer) hold three aces and three kings (T7)
SETS = T.make_deal(["AS AB AC 7S 8S RD RB RC 9D", "2S 2B 10C 10S 10B CC FD FB 9C"], dealer=1)


def endgame() -> T.State:
    """Seat 0 has run seven swords (seat 1 void, shown); seat 0 holds 2S AB, seat 1 7B 8B."""
    g = T.new_game(deal=T.make_deal(("AS RS CS FS 10S 9S 8S 2S AB",
                                     "AD RD CD FD 10D 9D 7D 7B 8B"), dealer=1))
    g.play("keep")
    g.play("keep")
    for mine, theirs in zip("AS RS CS FS 10S 9S 8S".split(), "AD RD CD FD 10D 9D 7D".split()):
        g.play(f"play {mine}")
        g.play(f"play {theirs}")
    return g


def deals_with_both_hands_known(seeds: range) -> Iterator[tuple[int, T.State]]:
    """Single deals in which the non-dealer exchanges twice (T4), so that the stock is used up and
    each seat's view determines every card."""
    for seed in seeds:
        g = T.new_game(T.SINGLE_DEAL, seed=seed)
        while g.phase == T.EXCHANGE:
            g.apply("exchange" if "exchange" in g.legal_actions() else "keep")
        yield seed, g


def hidden_swapped(g: T.State) -> T.State:
    """``g`` with one card of the opponent of the player to move swapped with the stock's first
    (one of its suit if they hold one): the same view for the player to move, other hidden cards."""
    me = g.current_player
    opp = g.hands[1 - me]
    swapped = T.new_game("single-deal", seed=g.seed)
    swapped.__dict__.update({k: v for k, v in g.__dict__.items()})
    swapped.hands = [list(h) for h in g.hands]
    swapped.stock = list(g.stock)
    i = next((i for i, c in enumerate(opp) if c.suit == g.stock[0].suit), 0)
    swapped.hands[1 - me][i], swapped.stock[0] = swapped.stock[0], swapped.hands[1 - me][i]
    assert swapped.view(me) == g.view(me) and swapped.hands != g.hands
    return swapped


def table_positions(lang: str) -> list[tuple[str, str]]:
    """A Trappola table's drawings, ``(name, svg)``, in both layouts (wide, then narrow at a
    700 px output) at the exchange, mid-deal (two discarded hands, a declaration, tricks), the
    finished deal held until Enter and the end of a game (the computer: the rule-of-thumb bot)."""
    from cardlab.games.trappola.table import TrappolaTable
    t = TrappolaTable(seed=2, bot=RuleOfThumbBot(2), lang=lang)
    t.start(T.new_game(deal=SETS, players=t.names))
    shots = []

    def shoot(name: str) -> None:
        for width, layout in ((0, "wide"), (700, "narrow")):
            t.view.width = width
            shots.append((f"{name} {layout} {lang}", t.view.svg))

    shoot("exchange")
    t.press("e")
    t.press("e")
    t.press("d")
    for _ in range(4):
        t.press("Enter")
    shoot("mid-deal")
    play_to_the_end(t, shoot)
    return shots


def play_to_the_end(table, shoot) -> None:
    """Press Enter at ``table`` (a TrappolaTable) until its deal is held (``shoot("held deal")``)
    and then until its game is over (``shoot("game over")``)."""
    while table.held is None:
        table.press("Enter")
    shoot("held deal")
    while not table.state.is_over:
        table.press("Enter")
    shoot("game over")
