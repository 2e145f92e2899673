"""The coach's playouts for Trappola: every legal choice played out in sampled worlds.

The opponent's hand is dealt by the search bot's :class:`~cardlab.games.trappola.bots.HandSampler`
(consistent with the played cards, discarded hands, declarations and suits shown void) and the
card play runs on the bots' lean code (:func:`~cardlab.games.trappola.bots.fast_deal`, the quick
policy for both players). Declarations follow the rules: the player's own pending ones are lost
by playing a card of that rank first (T7) or by taking the fourth card in a trick before
declaring a three (T8); everyone else declares at their next turn, as the rule-of-thumb player
does. In the exchange phase the exchanges run on a copy of the game whose hidden cards (the
opponent's hand and the stock) are replaced by the sampled ones, the opponent exchanging by the
rule of thumb.

Values: the points margin of the deal (``measure="deal"``) or the chance to win the game
(``measure="game"``: after the deal, further deals are played out quickly from random hands,
both players declaring at once and keeping their hands).
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from . import bots_fast as fast
from .bots import HandSampler, RuleOfThumbBot, fast_deal, opponent_voids
from cardlab.cards import ITALIAN, ITALIAN_RANK_ENGLISH, ITALIAN_SUIT_ENGLISH, Card
from .engine import EXCHANGE, Action, State
from .scoring import DECLARABLE, RANKS, beats, declaration_value
from cardlab.coach.search import CoachError, Reason

MEASURES = ("deal", "game")
THUMB = RuleOfThumbBot(threshold=24)
"""The opponent's (and the player's later) exchanges in the playouts of the exchange phase."""


def _card(action: str) -> Card:
    return Card.parse(action[5:], ITALIAN)


RANK_NAMES = {**ITALIAN_RANK_ENGLISH, "2": "2"}


def _said(rank: str, count: int) -> str:
    return f"{'three' if count == 3 else 'four'} {rank}"


class TrappolaPlayouts:
    """Playouts of every legal choice of ``player`` in ``state`` (see the module's docstring)."""

    higher_is_better = True

    def __init__(self, state: State, player: int, measure: str = "deal") -> None:
        if measure not in MEASURES:
            raise CoachError("measure", f"Trappola's measures are 'deal' and 'game', not {measure!r}")
        self.state, self.measure = state, measure
        self.unit = "points" if measure == "deal" else "win chance"
        self.view = view = state.view(player)
        self.default_budget = 1000 if view.phase == EXCHANGE else 3000  # about a second either way
        self.me, self.opp = player, 1 - player
        self.actions: list[Action] = list(view.legal)
        self.sampler = HandSampler(view)
        if view.phase == EXCHANGE:  # the exchanges are played on copies of this one
            self.base = state.clone(undo=False)
            self.base.rng = random.Random(0)  # the game's own would tell the next deals
        hand = Counter(c.rank for c in view.hands[player])
        self.pending = {a[8:]: hand[a[8:]] for a in self.actions if a.startswith("declare")}
        self.cards = [a for a in self.actions if a.startswith("play")]
        self.opp_named = [(4 if said.startswith("four") else 3, rank)
                          for p, said, rank in view.declarations if p == self.opp]
        self.my_declared = sum(declaration_value(rank, 4 if said.startswith("four") else 3)
                               for p, said, rank in view.declarations if p == player)

    # --- worlds ---------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> tuple[list[Card], list[Card]]:
        """The opponent's hand and (in the exchange phase) the order of the stock."""
        theirs = self.sampler.sample(rng)
        if self.view.phase != EXCHANGE:
            return theirs, []
        held = set(theirs)
        stock = [c for c in self.sampler.pool if c not in held]
        rng.shuffle(stock)
        return theirs, stock

    def values(self, world: tuple[list[Card], list[Card]], seed: float) -> list[float | tuple[float, ...]]:
        if self.view.phase == EXCHANGE:
            return [self._exchange_value(world, a, seed) for a in self.actions]
        theirs = world[0]
        opp_declared, opp_pending = self._opponent_declarations(theirs)
        played = {}
        for action in self.cards:
            points, lost = self._card_playout(theirs, action, seed, opp_pending)
            played[action] = (points[self.me] + self.my_declared, points[self.opp] + opp_declared, lost)
        out: list[float | tuple[float, ...]] = []
        for action in self.actions:
            if action in played:
                out.append(self._value(*played[action], seed))
            else:  # declare now, then play a card (each card a continuation): this one is safe
                out.append(tuple(self._value(*played[card], seed, safe=action[8:]) for card in self.cards))
        return out

    def _value(self, mine: int, theirs: int, lost: set[str], seed: float, safe: str = "") -> float:
        """The measure of a playout, the player's pending declarations not lost (or ``safe``) added."""
        gained = sum(declaration_value(r, n) for r, n in self.pending.items() if r == safe or r not in lost)
        return self._measure(mine + gained, theirs, seed)

    # --- the card play --------------------------------------------------------------------
    def _card_playout(self, theirs: list[Card], action: str, seed: float,
                      opp_pending: list[tuple[str, int]]) -> tuple[list[int], set[str]]:
        """Play ``action``'s card and the deal out: the points of both players (the opponent's
        pending declarations included) and the player's pending ranks lost (T7, T8)."""
        rng = random.Random(seed)
        deal = fast_deal(self.view, theirs)
        card = fast.to_int(_card(action))
        lead = deal.lead
        deal.play(card)
        if deal.lead >= 0:  # the player led: the opponent answers
            reply = fast.quick_policy(deal.legal(), deal.lead, rng)
            deal.play(reply)
            trick = (card, reply)
        else:
            trick = (lead, card)
        winner = deal.past[-1][0]
        ranks = {RANKS[c % 9] for c in trick}
        anyone = self.view.rules.t8_by_anyone
        lost = {r for r, n in self.pending.items()
                if r == RANKS[card % 9] or (n == 3 and r in ranks and (winner == self.me or anyone))}
        points = deal.playout(fast.quick_policy, rng)
        opp_led = bool(self.view.trick)
        points[self.opp] += sum(declaration_value(r, n) for r, n in opp_pending
                                if not (opp_led and n == 3 and r in ranks and (winner == self.opp or anyone)))
        return points, lost

    def _opponent_declarations(self, theirs: list[Card]) -> tuple[int, list[tuple[str, int]]]:
        """In a world where the opponent holds ``theirs``: the points of their declarations so
        far (an unnamed three is read from the sampled hand) and the ones they may still make."""
        played = self.sampler.played
        held = Counter(c.rank for c in theirs)
        total = {r: held[r] + played[r] for r in DECLARABLE}
        named = [r for _, r in self.opp_named if r]
        points = 0
        for count, rank in self.opp_named:
            if rank is None:
                options = [r for r in DECLARABLE if r != "A" and r not in named and total[r] == count]
                rank = options[0] if options else "R"
                named.append(rank)
            points += declaration_value(rank, count)
        taken = self._fourth_taken(self.opp)
        pending = [(r, held[r]) for r in DECLARABLE if held[r] >= 3 and r not in named and not played[r]
                   and not (held[r] == 3 and r in taken)]
        return points, pending

    def _fourth_taken(self, player: int) -> set[str]:
        """T8: the ranks of cards taken in tricks by ``player`` (by anyone in the variant)."""
        anyone = self.view.rules.t8_by_anyone
        return {c.rank for t in self.view.tricks if anyone or t.winner == player for c in t.cards}

    # --- the exchange phase ---------------------------------------------------------------
    def _exchange_value(self, world: tuple[list[Card], list[Card]], action: Action, seed: float) -> float:
        """Exchange or keep in a copy of the game holding the sampled hidden cards; the rest of
        the exchanges by the rule of thumb; both declare at once; the card play played out."""
        theirs, stock = world
        sim = copy.copy(self.base)  # a clone made once: only what an exchange changes is copied
        sim.hands = [list(theirs) if p == self.opp else list(h) for p, h in enumerate(self.base.hands)]
        sim.stock, sim.discards = list(stock), [list(d) for d in self.base.discards]
        sim.events, sim.history = [], []
        sim.apply(action)
        while sim.phase == EXCHANGE:
            sim.apply(THUMB.exchange_choice(sim.view(sim.current_player)))
        declared = [sum(declaration_value(r, sum(c.rank == r for c in sim.hands[p])) for r in sim.declarable(p))
                    for p in (0, 1)]
        deal = fast.Deal([[fast.to_int(c) for c in h] for h in sim.hands], sim.current_player,
                         longest=sim.rules.longest_streak)
        points = deal.playout(fast.quick_policy, random.Random(seed))
        return self._measure(points[self.me] + declared[self.me], points[self.opp] + declared[self.opp], seed)

    # --- the measure ----------------------------------------------------------------------
    def _measure(self, mine: int, theirs: int, seed: float) -> float:
        if self.measure == "deal":
            return float(mine - theirs)
        scores = [0, 0]
        scores[self.me] = self.view.scores[self.me] + mine
        scores[self.opp] = self.view.scores[self.opp] + theirs
        target = self.view.rules.target
        rng = random.Random(seed + 1)
        dealer = 1 - self.view.dealer
        while target is not None and not (max(scores) >= target and scores[0] != scores[1]):
            for p, q in enumerate(quick_deal(dealer, self.view.rules.longest_streak, rng)):
                scores[p] += q
            dealer = 1 - dealer
        return 0.5 if scores[0] == scores[1] else float(scores[self.me] > scores[self.opp])

    # --- explanations ---------------------------------------------------------------------
    def reasons(self, action: Action) -> tuple[Reason, ...]:
        opp = self.view.players[self.opp]
        if action == "exchange":
            return (Reason("T6", "your hand goes face up on the table for both to see, and you take "
                                 "the next 9 cards of the stock"),)
        if action == "keep":
            return ()
        if action.startswith("declare"):
            rank = action[8:]
            n = self.pending[rank]
            return (Reason("T7", f"declaring {_said(rank, n)} now secures {declaration_value(rank, n)} points "
                                 f"(T9); it must come before you play a {rank} to a trick"),)
        card, out = _card(action), []
        for rank, n in self.pending.items():
            if card.rank == rank:
                out.append(Reason("T7", f"playing {card} gives up declaring {_said(rank, n)} "
                                        f"({declaration_value(rank, n)} points): declare first"))
            elif n == 3 and self._may_take_fourth(card, rank):
                out.append(Reason("T8", f"this trick takes the fourth {RANK_NAMES[rank]}: your "
                                        f"{_said(rank, n)} can no longer be declared after it: declare first"))
        out += self._two_reasons(card, opp)
        return tuple(out)

    def _may_take_fourth(self, card: Card, rank: str) -> bool:
        """Whether playing ``card`` takes the fourth card of ``rank``, led by the opponent (T8)."""
        lead = self.view.trick[0] if self.view.trick else None
        return lead is not None and lead.rank == rank and (beats(card, lead) or self.view.rules.t8_by_anyone)

    def _two_reasons(self, card: Card, opp: str) -> list[Reason]:
        """T11/T12: a 2 of a suit the opponent has shown void in wins when led."""
        voids = opponent_voids(self.view)
        sure = [c for c in self.view.hands[self.me] if c.rank == "2" and c.suit in voids]
        if card in sure and not self.view.trick:
            return [Reason("T12", f"{card} wins this trick: {opp} has shown void in "
                                  f"{ITALIAN_SUIT_ENGLISH[card.suit]} (T11), +10; kept for the last tricks, "
                                  f"2s won in a row score 26, 52 or 78 instead (T14)")]
        if card in sure:
            return [Reason("T12", f"throws away {card}, which wins 10 when you lead it: {opp} has shown "
                                  f"void in {ITALIAN_SUIT_ENGLISH[card.suit]} (T11)")]
        if sure and any(_card(a) in sure for a in self.cards):
            names = ", ".join(map(str, sure))
            return [Reason("T12", f"keeps {names} to lead later: {opp} has shown void in "
                                  f"{'/'.join(ITALIAN_SUIT_ENGLISH[c.suit] for c in sure)}, so it wins 10 (T11)")]
        return []


def quick_deal(dealer: int, longest: int, rng: random.Random) -> tuple[int, int]:
    """A whole deal played out quickly from a random shuffle: both keep their hands, declare
    everything at once (T7, T9) and play by the quick policy; the two players' points."""
    pack = list(range(36))
    rng.shuffle(pack)
    hands = [pack[:9], pack[9:18]]
    points = [0, 0]
    for p, hand in enumerate(hands):
        counts = Counter(RANKS[c % 9] for c in hand)
        points[p] = sum(declaration_value(r, n) for r, n in counts.items() if r in DECLARABLE and n >= 3)
    played = fast.Deal(hands, 1 - dealer).playout(fast.quick_policy, rng)
    return points[0] + played[0], points[1] + played[1]


def playouts(state: State, player: int, measure: str | None) -> TrappolaPlayouts:
    """The coach's playouts for ``player`` (the game's ``coach`` part); ``measure`` is ``"deal"``
    (the default: the deal's points margin) or ``"game"`` (the chance to win the game)."""
    return TrappolaPlayouts(state, player, measure or "deal")
