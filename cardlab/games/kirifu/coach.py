"""The coach's playouts for Kirifu: every legal choice played out in sampled worlds.

A world is the search bot's :func:`~cardlab.games.kirifu.bots.determinize` (the hidden hands and the
stock redealt consistently with what the player has seen) and a playout is the bot's
:func:`~cardlab.games.kirifu.bots.playout_places` (the noisy rule of thumb for every seat, on the
compiled kernel). The value is the player's finishing place (1 is best); a playout cut short by
the cap ranks the players still in by the size of their hands.
"""

from __future__ import annotations

import random
from .bots import determinize, playout_places
from cardlab.cards import JOKER, SUIT_SYMBOLS, Card
from .engine import Action, State
from .moves import ACE_OF_SPADES, cutters
from cardlab.coach.search import CoachError, Reason


def _almighty(card: Card) -> bool:
    return card == ACE_OF_SPADES or card.rank == JOKER


class KirifuPlayouts:
    """Playouts of every legal choice of ``player`` in ``state`` (see the module's docstring)."""

    unit = "place"
    higher_is_better = False
    default_budget = 200
    cap = 400

    def __init__(self, state: State, player: int) -> None:
        self.state, self.me = state, player
        self.actions: list[Action] = state.legal_actions()
        self.view = state.view(player)

    def sample(self, rng: random.Random) -> State:
        return determinize(self.state, self.me, rng)

    def values(self, world: State, seed: float) -> list[float]:
        return playout_places(world, self.actions, self.me, seed, self.cap)

    def reasons(self, action: Action) -> tuple[Reason, ...]:
        view, kind = self.view, action[0]
        hand, world = view.hands[self.me], view.world
        receiver = view.players[view.receiver]
        if kind == "cut":
            _, card, cutter = action
            others = [c for c in cutters(hand, card, world) if c != cutter]
            if _almighty(cutter) and others:
                return (Reason("K7", f"{cutter} cuts anything and nothing cuts it; {others[0]} also cuts "
                                     f"{card}: keep {cutter} for a card nothing else cuts"),)
            cheaper = [c for c in others if c.suit == card.suit]
            if cutter.suit == world != card.suit and cheaper:
                return (Reason("K6", f"cuts with a card of the world suit {SUIT_SYMBOLS[world]}; {cheaper[0]} "
                                     f"also cuts {card} (K5) and saves the world card for later"),)
            return ()
        if kind == "take":
            if not cutters(hand, action[1], world):
                return (Reason("K9", f"none of your cards cuts {action[1]}: it must be taken in (omorai)"),)
            return (Reason("K11", "taking it in (omorai) means you pass nothing this turn"),)
        if kind == "pass" and _almighty(action[1]):
            return (Reason("K7", f"nothing cuts {action[1]}: {receiver} must take it in (omorai, K9) and then "
                                 f"passes nothing (K11)"),)
        if kind == "pass" and action[1].suit == world:
            return (Reason("K6", f"passes a card of the world suit {SUIT_SYMBOLS[world]}, one of your best "
                                 f"cutters; only a higher {SUIT_SYMBOLS[world]} or the almighty {ACE_OF_SPADES} cuts it"),)
        if kind == "osoroi":
            return (Reason("K13", f"passes {len(action[1])} cards at once: {receiver} needs one cutter for "
                                  f"each (K19) or takes some in"),)
        return ()


def playouts(state: State, player: int, measure: str | None) -> KirifuPlayouts:
    """The coach's playouts for ``player`` (the game's ``coach`` part): Kirifu is measured by the
    finishing place only."""
    if measure not in (None, "place"):
        raise CoachError("measure", f"Kirifu is measured by the finishing place, not {measure!r}")
    return KirifuPlayouts(state, player)
