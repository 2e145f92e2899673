"""Bots across the two worlds: an OpenSpiel bot as a cardlab player, a cardlab bot as an
OpenSpiel bot, and OpenSpiel's information-set MCTS set up for cardlab's games.

- :class:`OpenSpielPlayer` has the cardlab bot protocol (``choose(state) -> action``), so any
  ``pyspiel.Bot`` sits at a cardlab table or in ``simulate`` (:func:`ismcts_player` gives a player
  spec). Trappola and Kirifu only: a Cleopatra player decides slaps in real time.
- :class:`CardlabBot` is a ``pyspiel.Bot`` around a cardlab bot, for OpenSpiel's evaluation tools,
  and :class:`CardlabPolicy` a deterministic cardlab bot as an OpenSpiel policy (for
  exploitability).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, Hashable

import numpy as np
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import ismcts, mcts

from ..game import GameState
from .adapter import AdapterGame, AdapterState


class OpenSpielPlayer:
    """A cardlab player that asks an OpenSpiel bot (``bot.step(state)``) for each move.

    ``game`` is the OpenSpiel game the bot was made for; the cardlab state is carried into it by
    :meth:`AdapterGame.state_from` (so a bot made for ``single-deal`` plans the current deal of a
    game to 300)."""

    name = "openspiel"

    def __init__(self, bot: pyspiel.Bot, game: AdapterGame, name: str | None = None) -> None:
        if game.realtime:
            raise ValueError(f"OpenSpielPlayer plays turn-based games; the decisions of {game} are "
                             "real-time (a table's own bot plays them)")
        self.bot, self.game = bot, game
        if name:
            self.name = name

    def choose(self, state: GameState) -> Hashable:
        here = self.game.state_from(state)
        return here.engine_action(int(self.bot.step(here)))

    def __repr__(self) -> str:
        return f"OpenSpielPlayer({type(self.bot).__name__}, {self.game})"


class CardlabBot(pyspiel.Bot):
    """A cardlab bot (``choose(state)``) as an OpenSpiel bot. In the Cleopatra family a bot with
    ``reaction_time()`` (:class:`~cardlab.games.cleopatra.bots.SlapBot`) slaps when it notices the pair;
    any other bot never slaps."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: AdapterState) -> int:
        return state.game.bot_action(self.bot, state)

    def restart_at(self, state: AdapterState) -> None:
        pass

    def inform_action(self, state: AdapterState, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


class CardlabPolicy(policy.Policy):
    """A cardlab bot that decides from its view alone and without randomness (such as
    :class:`~cardlab.games.trappola.bots.RuleOfThumbBot`) as an OpenSpiel policy: probability 1 on its
    choice. Trappola and Kirifu."""

    def __init__(self, game: AdapterGame, bot: Any) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.bot = bot

    def action_probabilities(self, state: AdapterState, player_id: int | None = None) -> dict[int, float]:
        return {state.game.index[self.bot.choose(state.engine)]: 1.0}


def ismcts_bot(game: AdapterGame, simulations: int = 200, uct_c: float = 2.0, rollouts: int = 1,
               seed: int | None = None, max_world_samples: int = ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
               evaluator: Callable[[], mcts.Evaluator] | None = None) -> ismcts.ISMCTSBot:
    """OpenSpiel's information-set MCTS (Cowling et al. 2012) with random rollouts, seeded, its
    worlds dealt by the game's resampler (hidden cards dealt again consistently with the view).
    ``evaluator`` makes the leaves' evaluator instead of the ``rollouts`` random rollouts (such as
    :class:`cardlab.games.trappola.openspiel_solver.SolverEvaluator`, a world solved exactly)."""
    rs = np.random.RandomState(seed)
    deals = random.Random(seed)
    leaves = evaluator() if evaluator else mcts.RandomRolloutEvaluator(rollouts, rs)
    bot = ismcts.ISMCTSBot(game, leaves, uct_c, simulations,
                           max_world_samples=max_world_samples, random_state=rs,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, deals.random))
    return bot


def _ismcts_player(game_string: str, options: dict, seed: int) -> OpenSpielPlayer:
    game = pyspiel.load_game(game_string)
    return OpenSpielPlayer(ismcts_bot(game, seed=seed % 2**32, **options), game, name="is-mcts")


def ismcts_player(game_string: str, **options: Any) -> Callable[[int], OpenSpielPlayer]:
    """A player spec for ``cardlab.sim.simulate``: a picklable factory that, given the seat's seed,
    makes an :class:`OpenSpielPlayer` running :func:`ismcts_bot` (``options``: its arguments) on
    the OpenSpiel game ``game_string`` (``"cardlab_trappola"``, ``"cardlab_kirifu(players=4)"`` …)."""
    return partial(_ismcts_player, game_string, options)
