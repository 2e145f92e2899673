"""cardlab's games as OpenSpiel games (the optional extra ``cardlab[openspiel]``).

Importing this package imports ``pyspiel`` and registers each cardlab game that declares an
``openspiel`` part (:mod:`cardlab.registry`) as a Python game; ``import cardlab`` never does. Each is a thin adapter over the engine, which stays the one place where rules live:

- ``cardlab_trappola(preset=single-deal, returns=margin)`` — :mod:`cardlab.games.trappola.openspiel`;
- ``cardlab_kirifu(preset=kirifu, players=4, max_actions=1000)`` — :mod:`cardlab.games.kirifu.openspiel`;
- ``cardlab_cleopatra(preset=cleopatra)`` (also ``beggar-my-neighbour``, ``egyptian-ratscrew``)
  — :mod:`cardlab.games.cleopatra.openspiel`, where slapping becomes a hidden slap-or-not
  decision of both players;
- ``cardlab_trappola_endgame(seed=1, tricks=3)`` — :mod:`cardlab.games.trappola.openspiel_endgame`,
  the last tricks of a deal, small enough for CFR and exact exploitability.

>>> import pyspiel, cardlab.openspiel
>>> game = pyspiel.load_game("cardlab_trappola")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # who deals: 2 outcomes
(True, 2)

Chance is the engine's own: the engines draw every random choice from one RNG, which the adapter
replaces by OpenSpiel's chance outcomes (:mod:`.adapter`): a deal is dealt card by card (one
uniform chance node per card), and so are Trappola's later deals and Cleopatra's reshuffles.

What a player knows: the observation string is the text of ``engine.view(player)`` (tensors
encode the same view); the information state adds the player's own past actions. Views carry
the public history of the current deal (Trappola's also the last finished deal as it ended), so
information states recall everything except what a view drops: when an opponent's declaration
was made relative to the tricks and the tricks of the deals before the last (Trappola) and which
cards one drew at which refill (Kirifu), which tell nothing about the hidden cards now; and the
piles of earlier tricks (Cleopatra), which would tell who holds which cards, though the only
decision there, to slap a pair or not, does not turn on it.

Bots: :mod:`.bots` (an OpenSpiel bot as a cardlab player, a cardlab bot as an OpenSpiel bot,
information-set MCTS set up with the adapters' resampling of hidden cards).
"""

from ..registry import with_part
from .adapter import AdapterGame, AdapterState
from .bots import CardlabBot, CardlabPolicy, OpenSpielPlayer, ismcts_bot, ismcts_player

for _info in with_part("openspiel"):
    _info.part("openspiel")  # importing the adapter registers the game with pyspiel

__all__ = ["AdapterGame", "AdapterState", "CardlabBot", "CardlabPolicy", "OpenSpielPlayer",
           "ismcts_bot", "ismcts_player"]
