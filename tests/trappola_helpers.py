"""Positions for the Trappola tests."""

from __future__ import annotations

from cardlab.games import trappola as T


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
