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
from .moves import ACE_OF_SPADES, cut_reason, cutters
from cardlab.coach.search import CoachError, Reason
from cardlab.words import Phrase
from .words import COACH, action_words


def _almighty(card: Card) -> bool:
    return card == ACE_OF_SPADES or card.rank == JOKER


class KirifuPlayouts:
    """Playouts of every legal choice of ``player`` in ``state`` (see the module's docstring)."""

    unit = "place"
    higher_is_better = False
    default_budget = 200
    method = "playouts"
    cap = 400

    def __init__(self, state: State, player: int) -> None:
        self.state, self.me = state, player
        self.actions: list[Action] = state.legal_actions()
        self.view = state.view(player)

    def sample(self, rng: random.Random) -> State:
        return determinize(self.state, self.me, rng)

    def values(self, world: State, seed: float) -> list[float]:
        return playout_places(world, self.actions, self.me, seed, self.cap)

    def words(self, action: Action) -> Phrase:
        """The choice as the table names it: ``cut 9♥ with 10♥``, ``pass 7♠``."""
        return Phrase.of(lambda lang: action_words(action, lang))

    def reasons(self, action: Action) -> tuple[Reason, ...]:
        view, kind = self.view, action[0]
        hand, world = view.hand_of(self.me), SUIT_SYMBOLS[view.world]
        receiver = view.players[view.receiver]
        if kind == "cut":
            _, card, cutter = action
            others = [c for c in cutters(hand, card, view.world) if c != cutter]
            rule = cut_reason(cutter, card, view.world).rule      # why it cuts: the engine's reason
            if _almighty(cutter) and others:
                return (_reason(rule, "almighty_cut", True, cutter=cutter, other=others[0], card=card),)
            cheaper = [c for c in others if c.suit == card.suit]
            if cutter.suit == view.world != card.suit and cheaper:
                return (_reason(rule, "world_cut", True, world=world, other=cheaper[0], card=card),)
            return ()
        if kind == "take":
            if not cutters(hand, action[1], view.world):
                return (_reason("K9", "must_take", False, card=action[1]),)
            return (_reason("K11", "take_in", True),)
        if kind == "pass" and _almighty(action[1]):
            return (_reason("K7", "almighty_pass", False, card=action[1], receiver=receiver),)
        if kind == "pass" and action[1].suit == view.world:
            return (_reason("K6", "world_pass", True, world=world, ace=ACE_OF_SPADES),)
        if kind == "osoroi":
            return (_reason("K13", "osoroi_pass", False, n=len(action[1]), receiver=receiver),)
        return ()


def _reason(rule: str, key: str, against: bool, **fields: object) -> Reason:
    """A reason in each language (cards as the table shows them, ``9♥``)."""
    return Reason(rule, Phrase.of(lambda lang: COACH.say(lang, key, **fields)), against)


def playouts(state: State, player: int, measure: str | None) -> KirifuPlayouts:
    """The coach's playouts for ``player`` (the game's ``coach`` part): Kirifu is measured by the
    finishing place only."""
    if measure not in (None, "place"):
        raise CoachError("measure", f"Kirifu is measured by the finishing place, not {measure!r}")
    return KirifuPlayouts(state, player)
