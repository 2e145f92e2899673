"""Cleopatra and its relatives as the OpenSpiel game ``cardlab_cleopatra`` (rules C1–C15 from the
engine).

Parameter: ``preset``, one of ``cleopatra`` (default), ``beggar-my-neighbour``,
``egyptian-ratscrew``. Returns: +1 for the winner, −1 for the loser, 0 when the engine ends a game
without a winner (its step cap, or a loop in Beggar-my-neighbour). Zero-sum.

Turning a card is no decision (C4: the top card of one's hand), so the adapter turns cards by
itself. Slapping is real-time at the table (C10, C11); here it is a decision each player takes
whenever a slappable pair is on top: seat 0, then seat 1, each chooses ``slap`` or ``no slap``
without seeing the other's choice (the second player's information state does not show the
first's). If one slaps, they take the pile; if both do, the earlier reaction wins: a chance node
of two equally likely outcomes (the engine's C11 coin for an untimed race). If nobody slaps, play
goes on (C12). False slaps (C13's burn variant in Egyptian Ratscrew) are not offered: they only
ever cost a card.

Chance: the deal as the engine draws it (the first player when random, C3; each colour's 26 cards
card by card, C2, or the shuffled 52), the C9 reshuffles card by card and the C11 coins.
Beggar-my-neighbour has no decision at all: its OpenSpiel game is the deal's chance nodes and then
the end (the whole game is played out when the last card is dealt); it passes OpenSpiel's random
simulation test, but there is nothing for an algorithm to decide.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from . import engine as cleopatra
from .engine import Slap, slap
from cardlab.openspiel.adapter import AdapterGame, AdapterState, engine_class, game_type

Engine = engine_class(cleopatra.State, __name__)
PARAMS = {"preset": "cleopatra"}
GAME_TYPE = game_type("cardlab_cleopatra", "cardlab Cleopatra family", (2, 2), PARAMS)
NO_SLAP, SLAP = 0, 1
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
MOST_OWED = 5
CARDS_PER_STEP = 5
"""At most five cards in one step (a payment for an ace, C6), for the declared game length."""


def due_turn(engine: cleopatra.State) -> cleopatra.TurnOrSlap:
    """The turn of the player due (C4). Asked inside the adapter's step, since naming the card
    may need a C9 reshuffle, which is drawn as chance."""
    return engine.legal_actions()[0]


class CleopatraGame(AdapterGame[cleopatra.State]):
    """A game of the Cleopatra family in OpenSpiel (see the module docstring)."""

    module = cleopatra
    engine = Engine
    realtime = True

    def bot_action(self, bot: Any, state: AdapterState[cleopatra.State]) -> int:
        """A bot with ``reaction_time()`` (:class:`~cardlab.games.cleopatra.bots.SlapBot`) slaps
        when it notices the pair; any other bot never slaps."""
        react = getattr(bot, "reaction_time", None)
        return SLAP if react is not None and react() is not None else NO_SLAP

    def __init__(self, params: dict | None = None) -> None:
        params, self.rules = self.read_params(params, PARAMS)
        self.catalog = ["no slap", "slap"]
        self.state_class = CleopatraState
        self.pieces = [("player", (2,)), ("to_move", (2,)), ("top", (3, len(RANKS))), ("sizes", (6,)),
                       ("owed", (MOST_OWED + 1,)), ("slap_round", (1,)), ("chose", (2,))]
        cards = self.rules.max_steps * CARDS_PER_STEP
        info = pyspiel.GameInfo(num_distinct_actions=2, max_chance_outcomes=52, num_players=2,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=52 + cards * 4)  # per card: 2 decisions, a coin, a reshuffle draw
        self._setup(GAME_TYPE, info, params)

    def returns_of(self, engine: cleopatra.State) -> list[float]:
        winner = engine.result.winner
        return [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]

    def fill(self, t: dict[str, np.ndarray], state: AdapterState[cleopatra.State], player: int) -> None:
        assert isinstance(state, CleopatraState)
        view = state.dealt.view(player)
        t["player"][player] = 1
        if view.current_player in (0, 1):
            t["to_move"][view.current_player] = 1
        for i, card in enumerate(reversed(view.pile[-3:])):
            t["top"][i, RANKS.index(card.rank)] = 1
        t["sizes"][:] = [len(view.pile) / 52, *(n / 52 for n in view.hand_sizes),
                         *(n / 52 for n in view.won_sizes), view.under / 52]
        t["owed"][min(view.owed, MOST_OWED)] = 1
        if state.choices is not None:
            t["slap_round"][0] = 1
            if len(state.choices) > player:
                t["chose"][state.choices[player]] = 1


class CleopatraState(AdapterState[cleopatra.State]):
    """The engine turns cards by itself; players decide only whether to slap a pair."""

    choices: list[int] | None = None
    """The slap decisions so far while a pair is on top (seat order), else None."""

    def _settled(self) -> None:
        """Turn the due player's card (C4) until a pair is on top, chance is needed or the end."""
        while not self.dealt.is_over:
            if self.dealt.pair_on_top:
                self.choices = []
                return
            self.pending, self.draws = due_turn, []
            if not self._attempt():
                return

    def _round(self) -> list[int]:
        """The slap decisions of the round under way (an error outside one)."""
        if self.choices is None:
            raise pyspiel.SpielError("no pair is on top: nobody decides whether to slap")
        return self.choices

    def _decider(self) -> int:
        return len(self._round())

    def _legal_actions(self, player: int) -> list[int]:
        return [NO_SLAP, SLAP]

    def _decide(self, action: int) -> None:
        choices = self._round()
        choices.append(action)
        if len(choices) < 2:
            return
        slappers = [seat for seat, choice in enumerate(choices) if choice == SLAP]
        self.choices = None
        if slappers:
            self._run(slap(*slappers) if len(slappers) == 1 else Slap(((0, None), (1, None))))
        else:
            self._run(due_turn)   # C12: nobody slapped, the next card

    def observation(self, player: int) -> str:
        """The view, and during a slap round the player's own choice (never the other's)."""
        text = super().observation(player)
        if self.choices is None:
            return text
        mine = self.choices[player] if len(self.choices) > player else None
        return text + "\nslap round: " + ("undecided" if mine is None else self.action_text(mine))


pyspiel.register_game(GAME_TYPE, CleopatraGame)
