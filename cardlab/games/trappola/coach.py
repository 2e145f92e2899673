"""The coach's judgement of Trappola: every legal choice valued in sampled worlds.

The opponent's hand is drawn by :class:`~cardlab.games.trappola.worlds.WorldSampler` (uniformly
among the hands that fit the played cards, discarded hands, suits shown void and declarations,
an unnamed declared rank weighted by the hands that fit it). In the card play, measuring the
deal's margin, each world is solved exactly (:mod:`cardlab.games.trappola.solver`: both playing
perfectly in that world): where the view determines every card (the stock used up) one world is
the truth and the values are exact (:attr:`TrappolaPlayouts.method` ``"exact"``); otherwise a
choice's value is its mean over the worlds with a 95 % interval (``"worlds"``). Where the kernels
run as plain Python (the site) hands larger than :data:`~cardlab.games.trappola.bots.SOLVED_CARDS`
are played out instead, as are the exchange phase and the chance to win the game
(``"playouts"``): the card play on the compiled kernel
(:mod:`cardlab.games.trappola.kernel_search`, the quick policy for both players; every choice of
a world draws the numbers of ``random.Random(seed)`` for the same ``seed``). Declarations follow
the rules: the player's own pending ones are lost by playing a card of that rank first (T7) or by
taking the fourth card in a trick before declaring a three (T8); everyone else declares at their
next turn, as the rule-of-thumb player does. In the exchange phase the exchanges run on a copy of the game whose hidden cards (the
opponent's hand and the stock) are replaced by the sampled ones, the opponent exchanging by the
rule of thumb.

Values: the points margin of the deal (``measure="deal"``) or the chance to win the game
(``measure="game"``: after the deal, further deals are played out quickly from random hands,
both players declaring at once and keeping their hands). ``measure="playouts"`` is the deal's
margin with every world played out by the quick policy, never solved: an evaluation independent
of the solver, which re-proves the puzzles (:data:`cardlab.games.trappola.puzzles.PROOF_MEASURE`).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Sequence

from cardlab.kernels.jit import np

from .bots import SOLVED_CARDS, RuleOfThumbBot, opponent_voids
from cardlab.cards import ITALIAN, Card
from .engine import EXCHANGE, Action, State
from .kernel_search import candidate_playouts, deal_playouts, ints, position, seed_number, win_chances
from .scoring import DECLARABLE, RANKS, TWO_BONUS, beats, card_points, declaration_value
from .solver import solve_hands
from .worlds import WorldSampler
from cardlab.coach.search import CoachError, Reason, Value
from cardlab.words import Phrase
from .words import COACH, action_words, card_text, declared, rank_text, suit_text

MEASURES = ("deal", "game", "playouts")
WORLDS = 24
"""The worlds a hint solves by default in the card play (where it solves them)."""
THUMB = RuleOfThumbBot(threshold=24)
"""The opponent's (and the player's later) exchanges in the playouts of the exchange phase."""


def _card(action: str) -> Card:
    return Card.parse(action[5:], ITALIAN)


class TrappolaPlayouts:
    """Playouts of every legal choice of ``player`` in ``state`` (see the module's docstring)."""

    higher_is_better = True

    def __init__(self, state: State, player: int, measure: str = "deal") -> None:
        if measure not in MEASURES:
            raise CoachError("measure", f"Trappola's measures are {', '.join(map(repr, MEASURES))}, not {measure!r}")
        self.state, self.measure = state, measure
        self.unit = "win chance" if measure == "game" else "points"
        self.view = view = state.view(player)
        self.me, self.opp = player, 1 - player
        self.actions: list[Action] = list(view.legal)
        self.sampler = WorldSampler(view)
        solves = measure == "deal" and view.phase != EXCHANGE and len(view.hand_of(player)) <= SOLVED_CARDS
        self.method = ("exact" if self.sampler.exact else "worlds") if solves else "playouts"
        """How the choices are valued: ``"exact"`` (one world, the truth), ``"worlds"`` (sampled
        worlds solved exactly) or ``"playouts"`` (sampled worlds played out by the quick policy)."""
        worlds = {"exact": 1, "worlds": WORLDS}.get(self.method)
        self.default_budget = (worlds * len(self.actions) if worlds  # the worlds for every choice
                               else 1000 if view.phase == EXCHANGE else 3000)  # 0.1 to 0.4 s on one core
        self.longest = view.rules.longest_streak
        hand = Counter(c.rank for c in view.hand_of(player))
        self.pending = {a[8:]: hand[a[8:]] for a in self.actions if a.startswith("declare")}
        self.cards = [a for a in self.actions if a.startswith("play")]
        if view.phase == EXCHANGE:  # the exchanges are played on copies of this one
            self.base = state.clone(undo=False)
            self.base.rng = random.Random(0)  # the game's own would tell the next deals
        else:
            self.position = position(view)
            self.candidates = ints(_card(a) for a in self.cards)
        self.opp_named = [(4 if said.startswith("four") else 3, rank)
                          for p, said, rank in view.declarations if p == self.opp]
        anyone = view.rules.t8_by_anyone  # T8: the ranks taken by the opponent (by anyone in the variant)
        self.opp_barred = {c.rank for t in view.tricks if anyone or t.winner == self.opp for c in t.cards}
        self.my_declared = sum(declaration_value(rank, 4 if said.startswith("four") else 3)
                               for p, said, rank in view.declarations if p == player and rank is not None)

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

    def values(self, world: tuple[list[Card], list[Card]], seed: float) -> Sequence[Value]:
        """One playout of every choice in ``world``; a declaration's value with each card played
        after it (its continuations)."""
        if self.view.phase == EXCHANGE:
            return self._measure(self._exchange_points(world, seed), seed)
        outcomes = (self._card_outcomes(world[0], seed) if self.method == "playouts"
                    else self._solved_outcomes(world[0]))
        declarable = list(self.pending)
        measured = self._measure([(mine + self._gained(lost, safe), theirs)
                                  for safe in ("", *declarable) for mine, theirs, lost in outcomes], seed)
        n = len(self.cards)
        by_card = dict(zip(self.cards, measured))
        # declare now, then play a card (each card a continuation): this rank is safe
        continued = {rank: tuple(measured[n * (k + 1):n * (k + 2)]) for k, rank in enumerate(declarable)}
        return [by_card[a] if a in by_card else continued[a[8:]] for a in self.actions]

    def _gained(self, lost: set[str], safe: str) -> int:
        """The points of the player's pending declarations not lost in a playout (or ``safe``)."""
        return sum(declaration_value(r, n) for r, n in self.pending.items() if r == safe or r not in lost)

    # --- the card play --------------------------------------------------------------------
    def _card_outcomes(self, theirs: list[Card], seed: float) -> list[tuple[int, int, set[str]]]:
        """Each card played and the deal out on the kernel, the opponent holding ``theirs``: the
        points of both players (declared ones included, the opponent's pending ones too unless
        this trick bars them) and the player's pending ranks lost (T7, T8)."""
        rows = candidate_playouts(seed_number(seed), *self.position, ints(theirs), self.candidates, self.longest)
        opp_declared, opp_pending = self._opponent_declarations(theirs)
        anyone, opp_led = self.view.rules.t8_by_anyone, bool(self.view.trick)
        out = []
        for card, (*points, winner, led, followed) in zip(self.candidates.tolist(), rows.tolist()):
            ranks = {RANKS[led % 9], RANKS[followed % 9]}
            lost = {r for r, n in self.pending.items()
                    if r == RANKS[card % 9] or (n == 3 and r in ranks and (winner == self.me or anyone))}
            kept = sum(declaration_value(r, n) for r, n in opp_pending
                       if not (opp_led and n == 3 and r in ranks and (winner == self.opp or anyone)))
            out.append((points[self.me] + self.my_declared, points[self.opp] + opp_declared + kept, lost))
        return out

    def _solved_outcomes(self, theirs: list[Card]) -> list[tuple[int, int, set[str]]]:
        """:meth:`_card_outcomes` with each card's rest of the deal solved exactly, the opponent
        holding ``theirs``: both players' points as the points so far plus the card's exact value
        (the player's margin from here, :func:`~cardlab.games.trappola.solver.solve_hands`) on the
        player's side; the declarations as in the playouts, the trick this card plays in deciding
        whether the fourth card is taken (T8; a led card's trick by the opponent's best reply)."""
        view, me, opp = self.view, self.me, self.opp
        hands = [list(view.hand_of(me)) if p == me else list(theirs) for p in (0, 1)]
        values = solve_hands(hands, view.current_player, view.trick, view.tricks, self.longest)
        so_far = [0, 0]
        for t in view.tricks:
            so_far[t.winner] += card_points(t.cards) + (TWO_BONUS if t.winning_card.rank == "2" else 0)
        opp_declared, opp_pending = self._opponent_declarations(theirs)
        anyone = view.rules.t8_by_anyone
        out = []
        for action in self.cards:
            card = _card(action)
            if view.trick:
                lead, follow = view.trick[0], card
                winner = me if beats(card, lead) else opp
            elif 3 in self.pending.values():   # who takes the trick decides whether a three is barred
                rest = [[c for c in h if c != card] if p == me else h for p, h in enumerate(hands)]
                replies = solve_hands(rest, opp, [card], view.tricks, self.longest)
                lead, follow = card, max(replies, key=replies.__getitem__)
                winner = opp if beats(follow, lead) else me
            else:
                lead = follow = card
                winner = me
            ranks = {lead.rank, follow.rank}
            lost = {r for r, n in self.pending.items()
                    if r == card.rank or (n == 3 and r in ranks and (winner == me or anyone))}
            kept = sum(declaration_value(r, n) for r, n in opp_pending
                       if not (view.trick and n == 3 and r in ranks and (winner == opp or anyone)))
            out.append((so_far[me] + self.my_declared + values[card], so_far[opp] + opp_declared + kept, lost))
        return out

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
        pending = [(r, held[r]) for r in DECLARABLE if held[r] >= 3 and r not in named and not played[r]
                   and not (held[r] == 3 and r in self.opp_barred)]
        return points, pending

    # --- the exchange phase ---------------------------------------------------------------
    def _exchange_points(self, world: tuple[list[Card], list[Card]], seed: float) -> list[tuple[int, int]]:
        """For each choice, exchange or keep, the points of the player and the opponent: the rest of
        the exchanges made in a copy of the game holding the sampled hidden cards
        (:meth:`_exchanged`), then both declaring at once and the card play played out on the
        kernel (:func:`~cardlab.games.trappola.kernel_search.whole_deal`)."""
        theirs, stock = world
        hands, firsts = [], []
        for action in self.actions:
            sim = self._exchanged(theirs, stock, action)
            hands.append([ints(h) for h in sim.hands])
            firsts.append(sim.current_player)
        points = deal_playouts(seed_number(seed), np.array(hands), np.array(firsts, np.int64), self.longest)
        return [(row[self.me], row[self.opp]) for row in points.tolist()]

    def _exchanged(self, theirs: list[Card], stock: list[Card], action: Action) -> State:
        """A copy of the game holding the sampled hidden cards, at its card play after ``action``
        and the rest of the exchanges by the rule of thumb."""
        sim = copy.copy(self.base)  # a clone made once: only what an exchange changes is copied
        sim.hands = [list(theirs) if p == self.opp else list(h) for p, h in enumerate(self.base.hands)]
        sim.stock, sim.discards = list(stock), [list(d) for d in self.base.discards]
        sim.events, sim.history = [], []
        sim.apply(action)
        while sim.phase == EXCHANGE:
            sim.apply(THUMB.exchange_choice(sim.view(sim.current_player)))
        return sim

    # --- the measure ----------------------------------------------------------------------
    def _measure(self, points: list[tuple[int, int]], seed: float) -> list[float]:
        """The measure of each playout's ``(player's, opponent's)`` points of the deal: their
        margin, or the player's result of the game played on to its target by quick deals on the
        kernel (:func:`~cardlab.games.trappola.kernel_search.win_chances`; the same deals for all)."""
        if self.measure != "game":
            return [float(mine - theirs) for mine, theirs in points]
        banked = self.view.scores
        scores = np.array([[banked[0] + (mine if self.me == 0 else theirs), banked[1] + (theirs if self.me == 0 else mine)]
                           for mine, theirs in points], np.int64)
        target = self.view.rules.target
        return win_chances(seed_number(seed + 1), scores, self.me, 1 - self.view.dealer,
                           -1 if target is None else target, self.longest).tolist()

    # --- explanations ---------------------------------------------------------------------
    def words(self, action: Action) -> Phrase:
        """The choice as the table's log says it: ``play the 2 of cups``, ``declare three kings``."""
        return Phrase.of(lambda lang: action_words(action, lang, self.pending.get(action[8:], 3)))

    def reasons(self, action: Action) -> tuple[Reason, ...]:
        if action in ("exchange", "keep"):
            return ()
        if action.startswith("declare"):
            rank = action[8:]
            n = self.pending[rank]
            return (Reason("T7", _phrase("declare_now", what=(n, rank), points=declaration_value(rank, n),
                                         rank=rank)),)
        card, out = _card(action), []
        for rank, n in self.pending.items():
            if card.rank == rank:
                out.append(Reason("T7", _phrase("gives_up", card=card, what=(n, rank),
                                                points=declaration_value(rank, n)), against=True))
            elif n == 3 and self._may_take_fourth(card, rank):
                out.append(Reason("T8", _phrase("fourth", rank=rank, what=(n, rank)), against=True))
        out += self._two_reasons(card, self.view.players[self.opp])
        return tuple(out)

    def _may_take_fourth(self, card: Card, rank: str) -> bool:
        """Whether playing ``card`` takes the fourth card of ``rank``, led by the opponent (T8)."""
        lead = self.view.trick[0] if self.view.trick else None
        return lead is not None and lead.rank == rank and (beats(card, lead) or self.view.rules.t8_by_anyone)

    def _two_reasons(self, card: Card, opp: str) -> list[Reason]:
        """T11/T12: a 2 of a suit the opponent has shown void in wins when led."""
        voids = opponent_voids(self.view)
        sure = [c for c in self.view.hand_of(self.me) if c.rank == "2" and c.suit in voids]
        if card in sure and not self.view.trick:
            return [Reason("T12", _phrase("two_wins", card=card, opp=opp, suit=card.suit))]
        if card in sure:
            return [Reason("T12", _phrase("two_thrown", card=card, opp=opp, suit=card.suit), against=True)]
        if sure and any(_card(a) in sure for a in self.cards):
            return [Reason("T12", _phrase("two_kept", cards=tuple(sure), opp=opp,
                                          suits=tuple(c.suit for c in sure)))]
        return []


def _phrase(key: str, **fields: object) -> Phrase:
    """The coach's text ``key`` in each language, its fields named in that language: a card (or a
    tuple of cards) as the log names it, a suit code (``suit``, ``suits``), a rank code (``rank``),
    a declaration as ``(count, rank)`` (``what``)."""
    def name(lang: str, field: str, value: object) -> object:
        if isinstance(value, Card):
            return card_text(value, lang)
        if field in ("cards", "suits") and isinstance(value, tuple):
            named = [card_text(v, lang) if isinstance(v, Card) else suit_text(v, lang) for v in value]
            return COACH.say(lang, "and").join(named)
        if field == "suit" and isinstance(value, str):
            return suit_text(value, lang)
        if field == "rank" and isinstance(value, str):
            return rank_text(value, lang)
        if field == "what" and isinstance(value, tuple):
            count, rank = value
            return declared(count, rank, lang)
        return value
    return Phrase.of(lambda lang: COACH.say(lang, key, **{f: name(lang, f, v) for f, v in fields.items()}))


def playouts(state: State, player: int, measure: str | None) -> TrappolaPlayouts:
    """The coach's playouts for ``player`` (the game's ``coach`` part); ``measure`` is ``"deal"``
    (the default: the deal's points margin) or ``"game"`` (the chance to win the game)."""
    return TrappolaPlayouts(state, player, measure or "deal")
