"""Cleopatra's ``bench`` part (:class:`cardlab.bench.part.GameBench`): its rows of ``python -m
cardlab.bench sim``, the compiled kernel of Beggar-my-neighbour, Cleopatra and Egyptian
Ratscrew against a plain C loop of Beggar-my-neighbour (:mod:`.c_loop`), and the kernel on two
threads against one."""

from __future__ import annotations

from cardlab.bench.part import GameBench
from cardlab.bench.sim import AgainstYardstick, Case, RunSize, TwoThreads, Yardstick
from cardlab.game import play_out

from .bots import SlapBot
from .c_loop import c_loop
from .engine import BEGGAR_MY_NEIGHBOUR, CLEOPATRA, EGYPTIAN_RATSCREW, new_game

BOT_SLAPS = Case("Cleopatra, bot slaps", CLEOPATRA, ("slapper", "slapper"), target=200_000)
"""The case of the games/s target, and of the two threads."""


def engine_beggar(seed: int) -> None:
    """One game of Beggar-my-neighbour in the engine: the yardstick without a C compiler."""
    play_out(new_game(BEGGAR_MY_NEIGHBOUR, seed=seed), [SlapBot(0, attention=0.0)] * 2)


BENCH = GameBench(sim=(
    AgainstYardstick(
        cases=(Case("Beggar-my-neighbour", BEGGAR_MY_NEIGHBOUR, ("none", "none"), target=0.6, ratio_target=True),
               BOT_SLAPS,
               Case("Cleopatra, no slaps", CLEOPATRA, ("none", "none")),
               Case("Egyptian Ratscrew, bot slaps", EGYPTIAN_RATSCREW, ("slapper", "slapper"))),
        yardstick=Yardstick("C loop", c_loop, RunSize(300_000, 2000)),
        engine=engine_beggar,
        size=RunSize(150_000, 2000)),
    TwoThreads(BOT_SLAPS, RunSize(300_000, 4000), target=1.8),
))
"""Beggar-my-neighbour at 0.6 times the C loop (a ratio), Cleopatra with bot slaps at 200,000
games/s, two cores 1.8 times one (a ratio): the targets the issues set."""
