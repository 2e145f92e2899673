"""Positions for the Trappola tests."""

from __future__ import annotations

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
