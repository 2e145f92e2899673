"""Computer players for Kirifu: a rule-of-thumb player and a sampling search player.

- :class:`ThumbBot` keeps its cutters (cuts with the cheapest card that works, saves the ace of
  spades and the joker while the stock lasts), passes what is hardest to cut and uses osoroi.
- :class:`SearchBot` samples the hidden hands and the stock consistently with what is public
  (hand counts, the cards each player is known to hold after omorai, the discard heap, the cards
  on the table), plays every candidate out with a fast policy (the noisy rule of thumb, on the
  compiled kernel :mod:`cardlab.games.kirifu.kernel_search` unless the joker is in play) and
  keeps the best mean place; ``budget`` is the number of playouts per decision.

Both only read what their seat may know: their own hand and the public part of the state.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from cardlab.kernels.jit import np

from cardlab.cards import JOKER, Card, french_deck
from .kernel_search import ints, moves, places, position, search_totals
from cardlab import pace
from cardlab.kernels.mersenne import restore, state_of
from cardlab.bots import RandomBot
from .engine import RECEIVE, SEND, Action, State, View
from .moves import ACE_OF_SPADES, beats, card_key, cutters, osoroi_groups



@lru_cache(maxsize=None)
def _strength(world: str, joker: bool) -> dict[Card, tuple[int, int]]:
    """For every card: (how many cards beat it, how many it beats) in the whole pack."""
    deck = french_deck(jokers=int(joker))
    return {c: (sum(beats(o, c, world) for o in deck), sum(beats(c, o, world) for o in deck)) for c in deck}


def _is_trump(card: Card) -> bool:
    return card == ACE_OF_SPADES or card.rank == JOKER


def keep_value(card: Card, world: str, joker: bool) -> float:
    """How useful a card is to keep as a cutter (the number of cards it beats)."""
    return _strength(world, joker)[card][1]


def pass_score(card: Card, world: str, joker: bool) -> float:
    """Lower is a better card to pass: hard to cut (few cards beat it) and a poor cutter."""
    beaten_by, beats_n = _strength(world, joker)[card]
    return beaten_by + 0.6 * beats_n + (30 if _is_trump(card) else 0)


def thumb_action(state: State) -> Action:
    """The rule-of-thumb choice in ``state`` (uses only the mover's hand and public cards)."""
    me, world, joker = state.current_player, state.world, state.rules.joker
    hand = state.hands[me]
    if state.phase == RECEIVE:
        card = min(state.passed, key=lambda p: len(cutters(hand, p, world)))
        usable = sorted(cutters(hand, card, world), key=lambda c: keep_value(c, world, joker))
        if usable and (not _is_trump(usable[0]) or not state.stock or len(hand) <= 2):
            return Action(("cut", card, usable[0]))
        return Action(("take", card))
    room = len(state.hands[state.receiver]) - len(state.chosen)
    groups = osoroi_groups(hand, room) if state.rules.osoroi else []
    groups = [g for g in groups if not any(_is_trump(c) for c in g)]
    if groups:
        return Action(("osoroi", min(groups, key=lambda g: (-len(g), sum(pass_score(c, world, joker) for c in g)))))
    if state.chosen:
        return SEND
    return Action(("pass", min(hand, key=lambda c: pass_score(c, world, joker))))


class ThumbBot:
    """Rule of thumb: cut cheaply, keep the almighty cards, pass hard-to-cut cards, use osoroi.

    One time in ``1 / noise`` it plays a random legal action instead: rule-of-thumb players all
    alike can otherwise pass the same uncuttable cards round the table for ever (nothing in the
    rules stops an omorai cycle)."""

    name = "rule-of-thumb"

    def __init__(self, seed: int | None = None, noise: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, state: State) -> Action:
        if self.rng.random() < self.noise:
            return self.rng.choice(state.legal_actions())
        return thumb_action(state)

    def __repr__(self) -> str:
        return "ThumbBot()"


def unseen(state: State, player: int) -> tuple[View, list[Card]]:
    """``player``'s view and the cards it has not seen (in hands, the stock), in pack order."""
    view = state.view(player)
    seen = set(state.hands[player]) | set(view.discard + view.passed + view.taken + view.chosen)
    seen.update(c for known in view.known for c in known)
    return view, [c for c in french_deck(jokers=int(state.rules.joker)) if c not in seen]


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A copy of ``state`` whose cards hidden from ``player`` are redealt at random, consistently
    with everything public (hand counts, cards known to be in a hand, discard, table)."""
    view, pool = unseen(state, player)
    rng.shuffle(pool)
    hands, k = [], 0
    for p, count in enumerate(view.counts):
        if p == player:
            hands.append(state.hands[p])
            continue
        extra = count - len(view.known[p])
        hands.append(tuple(sorted(view.known[p] + tuple(pool[k:k + extra]), key=card_key)))
        k += extra
    sim = state.clone(undo=False)
    sim.hands, sim.stock = tuple(hands), tuple(pool[k:])
    return sim


def _rollout(sim: State, rng: random.Random, cap: int) -> None:
    """Play ``sim`` on with the rule of thumb, noisy as in :class:`ThumbBot`."""
    for _ in range(cap):
        if sim.is_over:
            return
        sim.apply(rng.choice(sim.legal_actions()) if rng.random() < 0.1 else thumb_action(sim))


def _place(sim: State, player: int) -> float:
    """The final place of ``player``; an unfinished playout ranks the rest by hand size."""
    if player in sim.finished:
        return sim.finished.index(player) + 1
    rest = sorted((p for p in range(sim.rules.players) if p not in sim.finished), key=lambda p: len(sim.hands[p]))
    return len(sim.finished) + 1 + rest.index(player)


def playout_place(sample: State, action: Action, player: int, seed: float, cap: int = 400) -> float:
    """``player``'s place when ``action`` is taken in ``sample`` (a state from :func:`determinize`)
    and the game is played on by the noisy rule of thumb seeded with ``seed``, for at most ``cap``
    actions, in the engine (:func:`playout_places` plays the same on the compiled kernel)."""
    sim = sample.clone(undo=False)
    sim.apply(action)
    _rollout(sim, random.Random(seed), cap)
    return _place(sim, player)


def playout_places(sample: State, actions: Sequence[Action], player: int, seed: float,
                   cap: int = 400) -> list[float]:
    """:func:`playout_place` of each of ``actions``, all with ``seed``: on the compiled kernel
    (:func:`cardlab.games.kirifu.kernel_search.places`, the same draws and places), in the
    engine for the joker variant. The coach's playouts."""
    if sample.rules.joker:
        return [playout_place(sample, action, player, seed, cap) for action in actions]
    return places(sample, actions, player, seed, cap)


class SearchBot:
    """Samples hidden cards, tries the best candidates with playouts, picks the best mean place.
    Where the kernels run as plain Python (the site) a move stops after ``seconds`` of playouts
    (default :data:`cardlab.pace.SECONDS`, see :func:`~cardlab.pace.spend`)."""

    name = "search"

    def __init__(self, seed: int | None = None, budget: int = 24, candidates: int = 4, cap: int = 400,
                 seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget, self.candidates, self.cap, self.seconds = budget, candidates, cap, seconds

    def _candidates(self, state: State, legal: list[Action]) -> list[Action]:
        world, joker = state.world, state.rules.joker
        def cost(action: Action) -> float:
            if action[0] == "cut":
                return keep_value(action[2], world, joker)
            if action[0] in ("take", "send"):
                return 50
            cards = action[1] if action[0] == "osoroi" else (action[1],)
            return sum(pass_score(c, world, joker) for c in cards) / len(cards) - 10 * len(cards)
        first = thumb_action(state)
        ranked = [first] + sorted((a for a in legal if a != first), key=cost)
        return ranked[:self.candidates]

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        cands = self._candidates(state, legal)
        totals = pace.spend(lambda worlds: self.totals(state, cands, worlds), max(1, self.budget // len(cands)),
                            self.seconds)
        return cands[totals.index(min(totals))]

    def totals(self, state: State, actions: list[Action], worlds: int) -> list[float]:
        """For each of ``actions`` of the player to move, the sum of its places over ``worlds``
        sampled worlds (:func:`determinize`, then :func:`playout_place` of each action with one
        seed, both drawn from ``self.rng``): compiled, in one call of
        :func:`cardlab.games.kirifu.kernel_search.search_totals` (the same draws), unless the joker
        is in play."""
        if state.rules.joker:
            return self.engine_totals(state, actions, worlds)
        me, g = state.current_player, state_of(self.rng)
        view, pool = unseen(state, me)
        known = np.zeros((state.rules.players, 52), np.int64)
        for p, cards in enumerate(view.known):
            known[p, :len(cards)] = ints(cards)
        start = position(state)
        hands = start[0]
        for p in range(len(hands)):
            if p != me:
                hands[p] = 0                         # the others' hands are redealt in every world
        totals = search_totals(g, ints(pool), known, np.array([len(k) for k in view.known]), hands, start[1], *start[3:],
                               moves(state, actions), worlds, self.cap)
        restore(self.rng, g)
        return totals.tolist()

    def engine_totals(self, state: State, actions: list[Action], worlds: int) -> list[float]:
        """:meth:`totals` with the worlds sampled and played out in the engine."""
        totals = [0.0] * len(actions)
        for _ in range(worlds):
            sample = determinize(state, state.current_player, self.rng)
            seed = self.rng.random()
            for i, action in enumerate(actions):
                totals[i] += playout_place(sample, action, state.current_player, seed, self.cap)
        return totals

    def __repr__(self) -> str:
        return f"SearchBot(budget={self.budget})"


TABLE_BUDGET = 2000
"""The search's playouts per decision at a table (:class:`~cardlab.games.kirifu.table.KirifuTable`'s
default player): about 35 ms of one core compiled, under a tenth of a second; against OpenSpiel's
ISMCTS given 0.1 s a decision it scored 0.78 of its pairs in 96 four-player games, +224 Elo
[+176, +281] (``python -m tools.bench kirifu --part table``, 2026-12-06).
Where the kernels run as plain Python a move stops after :data:`cardlab.pace.SECONDS` instead
(under CPython there it took 0.06 s of CPU on average, 0.11 s at most, over 95 decisions of
four-player games: within the table's thinking time on the site's path too)."""


def make_bot(kind: str, seed: int | None = None, budget: int | None = None) -> object:
    """A bot by kind: ``"random"``, ``"thumb"`` or ``"search"`` (``budget``: its playouts per decision)."""
    if kind not in BOTS:
        raise ValueError(f"unknown Kirifu bot {kind!r}; known: {', '.join(BOTS)}")
    return SearchBot(seed, budget=budget) if kind == "search" and budget is not None else BOTS[kind](seed)


BOTS = {"random": RandomBot, "thumb": ThumbBot, "search": SearchBot}
"""The computer players by name, for ``simulate``'s player specs and the tables."""
