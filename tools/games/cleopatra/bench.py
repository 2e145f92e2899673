"""Cleopatra's ``bench`` part (:class:`tools.bench.part.GameBench`): its rows of ``python -m
tools.bench sim``, the compiled kernel of Beggar-my-neighbour, Cleopatra and Egyptian
Ratscrew against a plain C loop of Beggar-my-neighbour, Cleopatra with bot slaps against a plain C
loop of its own (:mod:`.c_loop`), and the kernel on two threads against one."""

from __future__ import annotations

from tools.bench.part import GameBench
from tools.bench.sim import AgainstYardstick, Case, RunSize, TwoThreads, Yardstick
from cardlab.game import play_out

from cardlab.games.cleopatra.bots import SlapBot
from .c_loop import c_loop, slaps_loop
from cardlab.games.cleopatra.engine import BEGGAR_MY_NEIGHBOUR, CLEOPATRA, EGYPTIAN_RATSCREW, new_game

BOT_SLAPS = Case("Cleopatra, bot slaps", CLEOPATRA, ("slapper", "slapper"), target=200_000)
"""The case of the games/s target, and of the two threads."""


def engine_beggar(seed: int) -> None:
    """One game of Beggar-my-neighbour in the engine: the yardstick without a C compiler."""
    play_out(new_game(BEGGAR_MY_NEIGHBOUR, seed=seed), [SlapBot(0, attention=0.0)] * 2)


def engine_slaps(seed: int) -> None:
    """One game of Cleopatra between two slap bots in the engine: its yardstick without a C compiler."""
    play_out(new_game(CLEOPATRA, seed=seed), [SlapBot(2 * seed), SlapBot(2 * seed + 1)])


BENCH = GameBench(sim=(
    AgainstYardstick(
        cases=(Case("Beggar-my-neighbour", BEGGAR_MY_NEIGHBOUR, ("none", "none"), target=1.5, ratio_target=True),
               BOT_SLAPS,
               Case("Cleopatra, no slaps", CLEOPATRA, ("none", "none")),
               Case("Egyptian Ratscrew, bot slaps", EGYPTIAN_RATSCREW, ("slapper", "slapper"))),
        yardstick=Yardstick("C loop", c_loop, RunSize(300_000, 2000)),
        engine=engine_beggar,
        size=RunSize(150_000, 2000)),
    AgainstYardstick(
        cases=(Case("Cleopatra slaps / own C", CLEOPATRA, ("slapper", "slapper"), target=1.0, ratio_target=True),),
        yardstick=Yardstick("C slaps", slaps_loop, RunSize(150_000, 1000)),
        engine=engine_slaps,
        size=RunSize(100_000, 1000)),
    TwoThreads(BOT_SLAPS, RunSize(300_000, 4000), target=1.8),
))
"""Beggar-my-neighbour at 1.5 times the C loop (a ratio), Cleopatra with bot slaps at 200,000
games/s and at 1.0 times a C loop of the same rules and slap model (a ratio), two cores 1.8 times
one (a ratio): the targets the issues set."""
