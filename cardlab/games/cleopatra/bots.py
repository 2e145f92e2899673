"""Computer players for Cleopatra and its relatives, with a model of slapping.

Turning cards needs no decision; slapping does. A :class:`SlapBot` notices a pair with
probability ``attention`` and then reacts after a time in milliseconds drawn from a normal
distribution (``reaction_ms`` ± ``spread_ms``, never under ``min_ms``), all from its own seeded
RNG, so games between bots and between a reader and a bot are reproducible. The game asks the
bots for their reaction times after every card that makes a pair (``State.contest``, used by
:func:`cardlab.game.play_out`).

>>> from cardlab.game import play_out
>>> from cardlab.games.cleopatra import new_game
>>> g = play_out(new_game(seed=5), [SlapBot(1), SlapBot(2)])
>>> g.outcome.reason
'no cards'
"""

from __future__ import annotations

import random
from typing import Callable

from .engine import Action, State


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

    def choose(self, state: State) -> Action:
        """The bot's card turn when it is due (its slaps go through ``state.contest``)."""
        return state.legal_actions()[0]

    def __repr__(self) -> str:
        return f"SlapBot(attention={self.attention}, reaction_ms={self.reaction_ms})"


BOTS: dict[str, Callable[[int], SlapBot | None]] = {"slapper": SlapBot, "none": lambda seed: None}
"""The slap models by name, for ``simulate``'s player specs: the bot's model, or never slapping."""
