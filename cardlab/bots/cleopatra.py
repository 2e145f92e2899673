"""Computer players for Cleopatra and its relatives, with a model of slapping.

Turning cards needs no decision; slapping does. A :class:`SlapBot` notices a pair with
probability ``attention`` and then reacts after a time in milliseconds drawn from a normal
distribution (``reaction_ms`` ± ``spread_ms``, never under ``min_ms``), all from its own seeded
RNG, so games between bots and between a reader and a bot are reproducible.

>>> from cardlab.games.cleopatra import new_game
>>> g = play_out(new_game(seed=5), [SlapBot(1), SlapBot(2)])
>>> g.outcome.reason
'no cards'
"""

from __future__ import annotations

import random
from typing import Hashable, Sequence

from ..games.cleopatra import Slap, State


class SlapBot:
    """Turns its cards and slaps pairs it notices, after a human-like reaction time."""

    name = "slapper"

    def __init__(self, seed: int | None = None, attention: float = 0.8, reaction_ms: float = 350.0,
                 spread_ms: float = 90.0, min_ms: int = 150) -> None:
        if not 0.0 <= attention <= 1.0:
            raise ValueError(f"attention is a probability in [0, 1], not {attention!r}")
        self.rng = random.Random(seed)
        self.attention = attention
        self.reaction_ms = reaction_ms
        self.spread_ms = spread_ms
        self.min_ms = min_ms

    def reaction_time(self) -> int | None:
        """For a pair that just appeared: None if not noticed, else the slap's time in ms."""
        if self.rng.random() >= self.attention:
            return None
        return max(self.min_ms, round(self.rng.gauss(self.reaction_ms, self.spread_ms)))

    def choose(self, state: State) -> Hashable:
        """The bot's card turn when it is due (slaps are decided by :func:`play_out`)."""
        return state.legal_actions()[0]

    def __repr__(self) -> str:
        return f"SlapBot(attention={self.attention}, reaction_ms={self.reaction_ms})"


def slap_race(bots: Sequence[object]) -> Slap | None:
    """Ask every bot that models slapping (seat order) about the pair on top; the race, or None."""
    times = []
    for seat, bot in enumerate(bots):
        react = getattr(bot, "reaction_time", None)
        t = react() if react else None
        if t is not None:
            times.append((seat, t))
    return Slap(tuple(times)) if times else None


def play_out(state: State, bots: Sequence[object], max_actions: int | None = None) -> State:
    """Play ``state`` to the end (or ``max_actions``) with one bot per seat; returns the state.

    After every card that puts a pair on top, the bots' reaction times race (C11), a payment's
    last card included (C10: the slap beats the collection); if nobody notices it, the player
    due turns the next card (C12)."""
    done = 0
    while not state.is_over and (max_actions is None or done < max_actions):
        race = slap_race(bots) if state.pair_on_top else None
        action = race if race is not None else bots[state.current_player].choose(state)
        state.apply(action)
        done += 1
    return state

