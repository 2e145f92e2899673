"""Computer players for Trappola: a rule-of-thumb player, a determinized Monte Carlo search, and the
table's player (:func:`table_bot`), which solves sampled worlds exactly (:class:`SolverBot`).

Both decide from ``state.view(seat)`` only: the opponent's hand and the stock are never read.
(``cardlab.bots.RandomBot`` plays uniformly at random.) The search's playouts, and the coach's, run on
the compiled kernel (:mod:`cardlab.games.trappola.kernel_search`); :func:`engine_playout` plays the
same playouts in the engine, the reference the kernel is tested against.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from typing import Sequence

from cardlab.kernels.jit import PLAIN, np

from cardlab.bots import RandomBot
from cardlab.cards import ITALIAN, Card, italian_deck
from cardlab import pace
from cardlab.kernels.mersenne import restore, state_of
from .kernel_search import INDEX, ints, position, search_totals
from .engine import EXCHANGE, PLAY, Action, Rules, State, View
from .scoring import DECLARABLE, RANKS, STRENGTH, beats, card_points, declaration_value

DECK = italian_deck()
PLAY_CARD = {card: Action(f"play {card.ascii()}") for card in DECK}
"""The action of playing each card."""


def hand_value(hand: Sequence[Card]) -> int:
    """A rough worth of a hand: card points, declarable sets (T9) and 5 per 2."""
    counts = Counter(c.rank for c in hand)
    sets = sum(declaration_value(r, n) for r, n in counts.items() if r in DECLARABLE and n >= 3)
    return card_points(hand) + sets + 5 * counts["2"]


def opponent_voids(view: View) -> set[str]:
    """Suits the opponent has shown void in (they did not follow suit, T11)."""
    me = view.player
    return {t.lead.suit for t in view.tricks if t.leader == me and t.follow.suit != t.lead.suit}


def unseen_cards(view: View) -> list[Card]:
    """Cards neither in my hand, played, nor in a discarded hand: the opponent's hand + the stock."""
    seen = set(view.own_hand) | set(view.trick)
    seen.update(c for t in view.tricks for c in t.cards)
    seen.update(c for pile in view.discards for hand in pile for c in hand)
    return [c for c in DECK if c not in seen]


class RuleOfThumbBot:
    """Exchanges a hand worth less than ``threshold``; declares at once; leads a sure winner or
    a low card, keeping 2s that the opponent cannot follow for the last tricks; wins a trick
    with the cheapest card that does, else gives the least."""

    name = "rule of thumb"

    def __init__(self, seed: int | None = None, threshold: int = 24) -> None:
        self.rng = random.Random(seed)
        self.threshold = threshold

    def choose(self, state: State) -> Action:
        view = state.view(state.current_player)
        if view.phase == EXCHANGE:
            return self.exchange_choice(view)
        declare = [a for a in view.legal if a.startswith("declare")]
        if declare:
            return declare[0]
        return Action("play " + self.card_choice(view).ascii())

    def exchange_choice(self, view: View) -> Action:
        weak = hand_value(view.own_hand) < self.threshold
        return Action("exchange" if weak and "exchange" in view.legal else "keep")

    def card_choice(self, view: View) -> Card:
        cards = [Card.parse(a[5:], ITALIAN) for a in view.legal]
        if view.trick:
            return self._follow(cards, view.trick[0])
        return self._lead(cards, view)

    @staticmethod
    def _follow(cards: list[Card], lead: Card) -> Card:
        if cards[0].suit == lead.suit:
            higher = [c for c in cards if STRENGTH[c.rank] > STRENGTH[lead.rank]]
            pool = higher or cards
            return min(pool, key=lambda c: (STRENGTH[c.rank] if higher else card_points([c]), STRENGTH[c.rank]))
        return min(cards, key=lambda c: (card_points([c]) + (20 if c.rank == "2" else 0), STRENGTH[c.rank]))

    def _lead(self, cards: list[Card], view: View) -> Card:
        voids = opponent_voids(view)
        sure_twos = [c for c in cards if c.rank == "2" and c.suit in voids]
        if len(sure_twos) == len(cards):
            return sure_twos[0]
        others = [c for c in cards if c not in sure_twos]
        unseen = unseen_cards(view)
        masters = [c for c in others if c.suit in voids or all(
            u.suit != c.suit or STRENGTH[u.rank] < STRENGTH[c.rank] for u in unseen)]
        if masters:
            return max(masters, key=lambda c: (card_points([c]), STRENGTH[c.rank]))
        by_suit = Counter(c.suit for c in others)
        return min(others, key=lambda c: (c.rank == "2", card_points([c]), -by_suit[c.suit],
                                          STRENGTH[c.rank]))

    def __repr__(self) -> str:
        return f"RuleOfThumbBot(threshold={self.threshold})"


class SearchBot(RuleOfThumbBot):
    """Determinized Monte Carlo: deals the unseen cards to the opponent consistently with
    everything public (played cards, discarded hands, declarations, suits shown void), plays
    each candidate card out ``budget // len(candidates)`` times with a fast policy and keeps the
    card with the best mean point difference. Exchanges and declarations follow the rule of thumb.
    The playouts run on the kernel; where it runs as plain Python (the site) a move stops after
    ``seconds`` of them (default :data:`cardlab.pace.SECONDS`, see :func:`~cardlab.pace.spend`)."""

    name = "search"

    def __init__(self, seed: int | None = None, budget: int = 600, threshold: int = 24,
                 seconds: float | None = None) -> None:
        super().__init__(seed, threshold)
        self.budget, self.seconds = budget, seconds

    def card_choice(self, view: View) -> Card:
        cards = [Card.parse(a[5:], ITALIAN) for a in view.legal]
        if len(cards) == 1:
            return cards[0]
        totals = self.totals(view, cards)
        return cards[max(range(len(cards)), key=lambda i: totals[i])]

    def totals(self, view: View, cards: Sequence[Card]) -> list[float]:
        """For each of ``cards``: my points minus the opponent's, summed over ``budget // len(cards)``
        sampled worlds, each played out once per card (on the compiled kernel,
        :func:`cardlab.games.trappola.kernel_search.search_totals`, drawing from ``self.rng``)."""
        sampler, g = HandSampler(view), state_of(self.rng)
        args, candidates, known = position(view), ints(cards), sampler.arrays()

        def play(worlds: int) -> list[float]:
            return search_totals(g, *args, candidates, worlds, sampler.size, *known,
                                 view.rules.longest_streak).tolist()

        totals = pace.spend(play, max(1, self.budget // len(cards)), self.seconds)
        restore(self.rng, g)
        return totals

    def __repr__(self) -> str:
        return f"SearchBot(budget={self.budget})"


# --- the playouts in the engine -------------------------------------------------------------------
def quick_choice(cards: Sequence[Card], lead: Card | None, rng: random.Random) -> Card:
    """The playouts' quick policy (:func:`cardlab.games.trappola.kernel.quick_card`) among the legal
    ``cards`` (in the engine's order), ``lead`` the card led (None when leading): a random lead;
    follow by winning as cheaply as possible, else give the least; a void discards its least
    valuable card, keeping 2s (ties: the card with the higher :data:`~.kernel_search.INDEX`)."""
    if lead is None:
        return cards[rng.randrange(len(cards))]
    if cards[0].suit == lead.suit:
        winning = [c for c in cards if beats(c, lead)]
        if winning:
            return max(winning, key=INDEX.__getitem__)
        return min(cards, key=lambda c: (card_points([c]), -INDEX[c]))
    return min(cards, key=lambda c: (card_points([c]) + (20 if c.rank == "2" else 0), -INDEX[c]))


def card_play_world(view: View, theirs: Sequence[Card]) -> State:
    """An engine game at the card play of the deal in ``view`` (its player to move), the opponent
    holding ``theirs``: the same hands, trick and past tricks, the stock empty, no declarations, and
    the game ending with this deal."""
    world = State(_one_deal(view.rules), seed=0, undo=False)
    me = view.seat
    world.hands = [list(view.own_hand) if p == me else list(theirs) for p in (0, 1)]
    world.stock, world.phase, world.to_move, world.dealer = [], PLAY, view.current_player, view.dealer
    world.trick, world.tricks = list(view.trick), list(view.tricks)
    return world


@functools.cache
def _one_deal(rules: Rules) -> Rules:
    """``rules`` with the game ending after one deal."""
    return dataclasses.replace(rules, target=None)


def engine_playout(world: State, rng: random.Random) -> tuple[int, int]:
    """The deal of ``world`` (in its card play; played on in place) played to its end in the engine by
    :func:`quick_choice` for both players, drawing from ``rng``: both players' points of the deal
    without declarations (T2, T12–T14). The kernel's playouts give the same from the same draws."""
    deal = world.deal_no
    while world.phase == PLAY and world.deal_no == deal:
        world.apply(PLAY_CARD[quick_choice(world.playable(), world.trick[0] if world.trick else None, rng)])
    sheet = world.sheets[deal]
    return sheet.total[0] - sheet.declarations[0], sheet.total[1] - sheet.declarations[1]


class HandSampler:
    """Deals the opponent a hand from the unseen cards, consistent with their declarations
    (T7: the declared rank still held, minus the ones played since; a three means the fourth
    is elsewhere) and their voids (T11). The public facts are read once, at construction."""

    def __init__(self, view: View) -> None:
        opp = 1 - view.seat
        self.size = view.hand_sizes[opp]
        voids = opponent_voids(view)
        self.pool = unseen_cards(view)
        self.free = [c for c in self.pool if c.suit not in voids]
        self.played = Counter(t.card_of(opp).rank for t in view.tricks)
        if view.trick and view.leader == opp:
            self.played[view.trick[0].rank] += 1
        self.declared = [(4 if said.startswith("four") else 3, rank)
                         for p, said, rank in view.declarations if p == opp]

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The public facts as the kernel's :func:`~cardlab.games.trappola.kernel_search.sample_hand`
        reads them: ``free``, ``pool``, ``played`` (by rank), ``said`` and ``ranks`` (-1: unnamed)."""
        return (ints(self.free), ints(self.pool), np.array([self.played[r] for r in RANKS], np.int64),
                np.array([n for n, _ in self.declared], np.int64),
                np.array([-1 if r is None else RANKS.index(r) for _, r in self.declared], np.int64))

    def sample(self, rng: random.Random) -> list[Card]:
        must: list[Card] = []
        exact: set[str] = set()  # ranks whose count in the hand is known exactly
        named = {rank for _, rank in self.declared if rank}
        for count, rank in self.declared:
            if rank is None:  # "three"/"four" without a name: one of R, C, F, 2
                options = [r for r in DECLARABLE if r != "A" and r not in named and
                           sum(c.rank == r for c in self.free) >= count - self.played[r] >= 0]
                if not options:
                    continue
                rank = rng.choice(options)
                named.add(rank)
            of_rank = [c for c in self.free if c.rank == rank and c not in must]
            need = count - self.played[rank]
            if 0 <= need <= len(of_rank):
                must += rng.sample(of_rank, need)
                exact.add(rank)
        rest = [c for c in self.free if c not in must and c.rank not in exact]
        if len(rest) < self.size - len(must):  # inconsistent inference: drop the constraints
            rest = [c for c in self.pool if c not in must]
        return must[:self.size] + rng.sample(rest, max(0, self.size - len(must)))


SOLVED_CARDS = 6 if PLAIN else 9
"""The most cards in the mover's hand for which :class:`SolverBot` solves worlds: every hand where
the kernels are compiled; where they run as plain Python (the site) one world of 7 cards takes
0.17 s on average and of 9 cards 4 s (``python -m tools.bench trappola --part solver``), so
larger hands are decided by the search's playouts there."""


class SolverBot(SearchBot):
    """Plays the card with the best mean over ``worlds`` worlds each solved exactly
    (:func:`cardlab.games.trappola.pimc.judge`: perfect-information Monte Carlo), the one exactly
    best card where the view determines every card; declares at once (dominant,
    :mod:`cardlab.games.trappola.solver`); exchanges by the rule of thumb, or with ``exchange_worlds``
    by the best mean over that many worlds each solved after the choice
    (:func:`cardlab.games.trappola.solved_choices.judge_choices`). With more than
    ``largest`` cards in hand (default :data:`SOLVED_CARDS`) it plays as the search player, at
    ``budget`` playouts. Where the kernels run as plain Python (the site) a move stops after
    ``seconds`` (default :data:`cardlab.pace.SECONDS`)."""

    name = "exact"

    def __init__(self, seed: int | None = None, worlds: int = 12, threshold: int = 24,
                 seconds: float | None = None, largest: int | None = None, budget: int = 600,
                 exchange_worlds: int = 0) -> None:
        super().__init__(seed, budget, threshold, seconds)
        self.worlds, self.exchange_worlds = worlds, exchange_worlds
        self.largest = SOLVED_CARDS if largest is None else largest

    def choose(self, state: State) -> Action:
        if state.phase != EXCHANGE or not self.exchange_worlds:
            return super().choose(state)
        from .solved_choices import judge_choices  # solved_choices exchanges by this module's rule of thumb
        judged = judge_choices(state, self.rng.randrange(2**32), self.exchange_worlds)
        return super().choose(state) if judged is None else Action(judged.best())

    def card_choice(self, view: View) -> Card:
        from .pimc import judge  # pimc reads this module's view helpers
        if len(view.own_hand) > self.largest:
            return super().card_choice(view)
        cards = [Card.parse(a[5:], ITALIAN) for a in view.legal]
        if len(cards) == 1:
            return cards[0]
        return judge(view, self.worlds, self.rng, self.seconds).best()

    def __repr__(self) -> str:
        return f"SolverBot(worlds={self.worlds}, largest={self.largest}, exchange_worlds={self.exchange_worlds})"


TABLE_WORLDS = 20
"""The worlds :class:`SolverBot` solves a move at a table (:func:`table_bot`): compiled, 0.03 s of
CPU a decision on average. Against OpenSpiel's ISMCTS given 0.1 s a decision it scored +13.7 points
a deal [+11.3, +16.1], and against the search at the old table's 200 playouts +8.3 [+6.5, +10.1]
(400 duplicate single deals each, ``python -m tools.bench trappola --part ismcts``, 2026-12-06).
Against it, over 100 duplicate deals each (``--part candidates``, CPU ms a card decision beside):
PIMC at 60 worlds −0.18 [−2.12, +1.76] (36.7 ms against 13.8), αμ at depth 2 over 10 worlds
(:class:`~cardlab.games.trappola.alphamu.AlphaMuBot`) −1.46 [−3.82, +0.90] (52.2 ms against 13.9),
ISMCTS on the solver at 71 simulations (0.1 s of CPU a card decision of rule-of-thumb deals)
(:class:`~cardlab.games.trappola.openspiel_solver.ISMCTSSolverBot`) −0.38 [−3.78, +3.02] (38.4 ms
against 13.0; the means count the decisions where both hands are known, solved once by every
player): none better beyond the interval, so the table keeps the cheapest. Among themselves: αμ
against PIMC at 60 −0.98 [−2.94, +0.98], ISMCTS on the solver against PIMC at 60 −1.42 [−4.73,
+1.89] and against αμ −2.66 [−6.99, +1.67] (2026-12-06). Exchanging by 8
solved worlds instead of the rule of thumb: +2.12 [−1.38, +5.62] (100 deals, ``--part exchange``;
0.25 s a decision), not kept."""


def table_bot(seed: int | None = None) -> SolverBot:
    """The table's computer player: :class:`SolverBot` at :data:`TABLE_WORLDS` worlds (the search's
    200 playouts for the hands larger than :data:`SOLVED_CARDS`)."""
    return SolverBot(seed, worlds=TABLE_WORLDS, budget=200)


BOTS = {"random": RandomBot, "thumb": RuleOfThumbBot, "search": SearchBot, "exact": SolverBot}
"""The computer players by name, for ``simulate``'s player specs and the tables."""
