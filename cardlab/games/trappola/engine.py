"""Trappola: the two-player point-trick game of 16th-century Venice (rules T1–T16).

Actions are texts (:class:`Action`, a ``str``): ``"exchange"``, ``"keep"``, ``"declare R"``
(three or four, whichever is held) and ``"play RC"``. One game runs deal after deal to 300 (T16) unless the rules say
``target=None`` (one deal). Scoring lives in :mod:`cardlab.games.trappola.scoring`.

>>> g = new_game(seed=1)
>>> g.legal_actions()
['exchange', 'keep']
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Sequence

from cardlab.cards import ITALIAN, Card, given_twice, italian_deck, read_hand
from cardlab.errors import CardParseError, Reason, RecordError, unknown_card
from cardlab.game import TERMINAL, GameState, HandsView, Outcome, check_rules, resolve_rules, rule
from .words import REFUSALS
from .events import (Dealt, DealScored, Declared, Exchanged, GameEnded, Kept, Played,  # noqa: F401
                     TrickWon, describe)
from .scoring import (DECLARABLE, DealSheet, Declaration, Trick, card_points, deal_sheet,
                      trick_reason, TWO_BONUS)

if TYPE_CHECKING:  # pandas is imported only when a sheet is asked for
    import pandas as pd

EXCHANGE, PLAY, OVER = "exchange", "play", "over"
"""The phases of a deal: the exchange (T4-T6), the card play, and the game's end."""


# --- rules and presets ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Rules:
    """Trappola's rules. ``target``: game total ending the game (T16), None for one deal;
    ``t8_by_anyone``: a three is barred once its fourth card is in *any* trick (T8 variant);
    ``four_twos_104``: a closing streak of four 2s scores 104 (T14 variant)."""

    name: str = rule("trappola", type="string", minLength=1, maxLength=64)
    target: int | None = rule(300, type=["integer", "null"], minimum=1, maximum=100_000,
                              description="T16: the game total that ends the game; None: one deal")
    t8_by_anyone: bool = rule(False, type="boolean", description="T8 variant: a fourth card taken by anyone")
    four_twos_104: bool = rule(False, type="boolean", description="T14 variant: four 2s score 104")

    def __post_init__(self) -> None:
        check_rules(self)

    @property
    def longest_streak(self) -> int:
        return 4 if self.four_twos_104 else 3


TRAPPOLA = Rules()
"""The seed's rules (Japanese Wikipedia): game to 300, T8 barred by the declarer's own tricks."""
SINGLE_DEAL = Rules(name="single-deal", target=None)
"""One deal scores the game (the English handout and pagat.com describe a single deal)."""
FOUR_TWOS_104 = Rules(name="four-twos-104", four_twos_104=True)
"""Some sources scale the streak on to 104 for four 2s (one old source rejects it)."""
BY_ANYONE = Rules(name="by-anyone", t8_by_anyone=True)
"""T8 read as "the fourth card taken in a trick by either player"."""
PRESETS: dict[str, Rules] = {r.name: r for r in (TRAPPOLA, SINGLE_DEAL, FOUR_TWOS_104, BY_ANYONE)}
ALIASES: dict[str, str] = {"single_deal": "single-deal", "four_twos_104": "four-twos-104", "by_anyone": "by-anyone"}
"""Old spellings of preset names, so that records saved with them still load."""


# --- actions --------------------------------------------------------------------------------------
class Action(str):
    """A Trappola action: its own record text, ``"exchange"``, ``"keep"``, ``"declare R"`` or ``"play RC"``."""

    __slots__ = ()


EXCHANGE_ACTION, KEEP_ACTION = Action("exchange"), Action("keep")
_DECLARE = {rank: Action(f"declare {rank}") for rank in DECLARABLE}
_PLAY = {card: Action(f"play {card.ascii()}") for card in italian_deck()}
"""Every action made once: ``legal_actions()`` hands out these (as fast as plain texts)."""


# --- the view (the events are in events.py) -------------------------------------------------------
NOBODY = -1     # the seat of a public view: it holds no hand and declared nothing


@dataclass(frozen=True)
class View(HandsView):
    """What one player sees (``player=None``: everything). Hidden hands and the stock are None.

    ``last_deal``: the last finished deal as it ended, seen by the same player (its nine tricks,
    the deal's points, the score sheet up to it; hands and trick empty, nothing legal), as the
    engine deals the next hand at once after a deal's ninth trick; None until a deal has ended.
    """

    player: int | None
    players: tuple[str, ...]
    rules: Rules
    deal: int
    dealer: int
    phase: str
    current_player: int
    legal: tuple[Action, ...]
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    hand_sizes: tuple[int, int]
    stock: tuple[Card, ...] | None
    stock_size: int
    discards: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    declarations: tuple[tuple[int, str, str | None], ...]
    deal_points: tuple[int, int]
    scores: tuple[int, int]
    sheets: tuple[DealSheet, ...]
    outcome: Outcome | None
    last_deal: View | None = None

    @property
    def leader(self) -> int:
        """Who led (or leads) the current trick."""
        return self.current_player if not self.trick else 1 - self.current_player


def _hand_text(cards: Sequence[Card]) -> list[str]:
    return [c.ascii() for c in cards]


# --- the state ------------------------------------------------------------------------------------
class State(GameState[Action, View, Rules]):
    """A game of Trappola in progress. Seats 0 and 1; the dealer alternates (T16)."""

    game = "trappola"
    action_type = Action
    refusal_words = REFUSALS

    # --- the deal ---------------------------------------------------------------------------------
    def __init__(self, rules: Rules = TRAPPOLA, seed: int | None = None, deal: dict[str, Any] | None = None,
                 players: Sequence[str] | None = None, undo: bool = True) -> None:
        self._start(seed, undo)
        self.rules = rules
        self.players = tuple(players or ("player 0", "player 1"))
        if len(self.players) != 2:
            raise ValueError(f"Trappola has two players, not {len(self.players)}")
        self.scores = [0, 0]
        self.sheets: list[DealSheet] = []
        self.ended: dict[int | None, View] = {}   # the last finished deal as it ended, by viewer
        self.deal_no = -1
        dealer = self.rng.randrange(2)
        order = italian_deck()
        self.rng.shuffle(order)
        if deal is not None:
            dealer, order = read_deal(deal)
        self._first: dict[str, Any] = {"dealer": dealer, "cards": _hand_text(order)}
        self._new_deal(dealer, order)

    def _new_deal(self, dealer: int, order: list[Card]) -> None:
        """T3: 4 then 5 cards each, the non-dealer first; 18 cards stay as the stock."""
        self.deal_no += 1
        self.dealer = dealer
        first = 1 - dealer
        hands: list[list[Card]] = [[], []]
        pos = 0
        for size in (4, 5):
            for p in (first, dealer):
                hands[p].extend(order[pos:pos + size])
                pos += size
        self.hands = hands
        self.stock = order[pos:]
        self.discards: list[list[tuple[Card, ...]]] = [[], []]
        self.phase = EXCHANGE
        self.to_move = first
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.declared: list[Declaration] = []
        self.events.append(Dealt(self.deal_no, dealer, (tuple(hands[0]), tuple(hands[1]))))

    # --- whose turn and what is legal -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def _may_exchange(self) -> bool:
        """T4/T5: the non-dealer at most twice; the dealer while 9 cards remain."""
        return len(self.stock) >= 9

    def declarable(self, player: int) -> list[str]:
        """T7/T8: the ranks ``player`` may declare now."""
        hand = self.hands[player]
        played = {t.card_of(player).rank for t in self.tricks}
        if self.trick and self.to_move != player:
            played.add(self.trick[0].rank)
        done = {d.rank for d in self.declared if d.player == player}
        out = []
        for rank in DECLARABLE:
            n = sum(c.rank == rank for c in hand)
            if n >= 3 and rank not in played and rank not in done and \
                    not (n == 3 and self._fourth_taken(player, rank)):
                out.append(rank)
        return out

    def _fourth_taken(self, player: int, rank: str) -> bool:
        """T8: has the fourth card of ``rank`` been taken in a trick (by ``player``, or by anyone)?"""
        return any(c.rank == rank and (self.rules.t8_by_anyone or t.winner == player)
                   for t in self.tricks for c in t.cards)

    def playable(self) -> list[Card]:
        """T11: the cards the player to move may play (follow suit if able)."""
        hand = self.hands[self.to_move]
        if self.trick:
            same = [c for c in hand if c.suit == self.trick[0].suit]
            if same:
                return same
        return list(hand)

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == EXCHANGE:
            return [EXCHANGE_ACTION, KEEP_ACTION] if self._may_exchange() else [KEEP_ACTION]
        return [_DECLARE[r] for r in self.declarable(self.to_move)] + [_PLAY[c] for c in self.playable()]

    # --- applying actions -------------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        verb, _, arg = action.partition(" ")
        p = self.to_move
        if verb == "exchange":
            self.discards[p].append(tuple(self.hands[p]))
            self.events.append(Exchanged(p, tuple(self.hands[p])))
            self.hands[p], self.stock = self.stock[:9], self.stock[9:]
            if p == self.dealer and not self.stock:
                self._begin_play()
            elif p != self.dealer and len(self.discards[p]) == 2:  # T4: must keep the last 9
                self._pass_exchange()
        elif verb == "keep":
            self.events.append(Kept(p))
            if p == self.dealer:
                self._begin_play()
            else:
                self._pass_exchange()
        elif verb == "declare":
            n = sum(c.rank == arg for c in self.hands[p])
            d = Declaration(p, arg, n)
            self.declared.append(d)
            self.events.append(Declared(p, d.said, arg, n))
        else:
            self._play_card(Card.parse(arg, ITALIAN))

    def _pass_exchange(self) -> None:
        """T5: the dealer's turn to exchange, if any stock is left."""
        if self.stock:
            self.to_move = self.dealer
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        """T10: the non-dealer leads to the first trick."""
        self.phase = PLAY
        self.to_move = 1 - self.dealer

    def _play_card(self, card: Card) -> None:
        p = self.to_move
        self.hands[p].remove(card)
        self.trick.append(card)
        self.events.append(Played(p, card))
        if len(self.trick) == 1:
            self.to_move = 1 - p
            return
        leader = 1 - p
        lead, follow = self.trick
        winner = p if trick_reason(follow, lead).key == "higher" else leader  # T11
        trick = Trick(leader, lead, follow, winner)
        self.tricks.append(trick)
        self.trick = []
        bonus = TWO_BONUS if trick.winning_card.rank == "2" else 0  # T12
        self.events.append(TrickWon(len(self.tricks), winner, trick.cards, card_points(trick.cards), bonus))
        self.to_move = winner  # T10
        if not self.hands[0] and not self.hands[1]:
            self._end_deal()

    def _end_deal(self) -> None:
        """T12–T16: score the deal, then deal again or end the game."""
        sheet = deal_sheet(self.deal_no, self.dealer, self.tricks, self.declared,
                           self.rules.longest_streak)
        self.sheets.append(sheet)
        for q in (0, 1):
            self.scores[q] += sheet.total[q]
        self.events.append(DealScored(self.deal_no, sheet.total, (self.scores[0], self.scores[1])))
        self.ended = {player: self._view(player, None) for player in (0, 1, None)}
        target = self.rules.target
        if target is None or (max(self.scores) >= target and self.scores[0] != self.scores[1]):
            self.phase = OVER
            outcome = self.outcome
            assert outcome is not None                      # the phase is OVER
            self.events.append(GameEnded(outcome.winner, (self.scores[0], self.scores[1])))
            return
        order = italian_deck()
        self.rng.shuffle(order)
        self._new_deal(1 - self.dealer, order)  # T16: the dealer alternates

    # --- texts and errors -------------------------------------------------------------------------
    def action_text(self, action: str) -> str:
        return str(action)

    def describe(self, event: Any, lang: str = "en") -> str:
        """One event in words, in ``lang`` (``"en"`` or ``"ja"``), every seat by name."""
        return describe(event, self.players, self.rules.longest_streak, lang)

    def parse_action(self, text: str) -> Action:
        """Read ``exchange``, ``keep``, ``declare R`` or ``play RC`` (a bare card means play)."""
        words = text.strip().split()
        if len(words) == 1 and words[0].lower() in ("exchange", "keep"):
            return Action(words[0].lower())
        if len(words) == 2 and words[0].lower() == "declare" and words[1].upper() in DECLARABLE:
            return Action(f"declare {words[1].upper()}")
        if len(words) == 2 and words[0].lower() == "play" or len(words) == 1:
            try:
                return Action(f"play {Card.parse(words[-1], ITALIAN).ascii()}")
            except CardParseError as e:
                raise self.refusal(unknown_card(e), listed=False) from None
        raise self.refusal(Reason("syntax", "unreadable", {"text": f"{text!r:.60}",
                                                           "forms": "exchange, keep, declare R or play RC"}),
                           listed=False)

    def why_illegal(self, action: str) -> Reason:
        """Why ``action`` is not legal now, from what the player to move sees: their hand, the
        stock's size, the tricks and the declarations (T6, T7); never the other hand."""
        verb, _, arg = action.partition(" ")
        p = self.to_move
        if verb in ("exchange", "keep"):
            if self.phase != EXCHANGE:
                return Reason("T4", "exchanges-over")
            return Reason("T5" if p == self.dealer else "T4", "stock-too-small")
        if self.phase == EXCHANGE:
            return Reason("T7" if verb == "declare" else "T10", "exchange-first")
        if verb == "declare":
            return self._why_not_declare(p, arg)
        card = Card.parse(arg, ITALIAN)
        if card not in self.hands[p]:
            return Reason("T11", "not-held", {"player": self.players[p], "card": card.ascii()})
        return Reason("T11", "follow-suit", {"card": self.trick[0].ascii(), "suit": self.trick[0].suit})

    def _why_not_declare(self, p: int, rank: str) -> Reason:
        n = sum(c.rank == rank for c in self.hands[p])
        if any(d.player == p and d.rank == rank for d in self.declared):
            return Reason("T7", "declared-already", {"rank": rank})
        if n < 3:
            return Reason("T7", "too-few", {"count": n, "rank": rank})
        if n == 3 and self._fourth_taken(p, rank):
            return Reason("T8", "fourth-taken", {"rank": rank})
        return Reason("T7", "rank-played", {"rank": rank})

    # --- results and views ------------------------------------------------------------------------
    def initial_deal(self) -> dict[str, Any]:
        """The first deal: dealer and the 36 cards in dealing order (later deals come from the RNG)."""
        return {"dealer": self._first["dealer"], "cards": list(self._first["cards"])}

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        a, b = self.scores
        winner = None if a == b else (0 if a > b else 1)
        reason = "one deal" if self.rules.target is None else f"reached {self.rules.target}"
        ranking = () if winner is None else (winner, 1 - winner)
        return Outcome(winner, reason, (float(a), float(b)), ranking, {"deals": len(self.sheets)})

    def deal_points(self) -> tuple[int, int]:
        """Running points of the current deal: card points taken plus the 10s for 2s (T12)."""
        pts = [0, 0]
        for t in self.tricks:
            pts[t.winner] += card_points(t.cards) + (TWO_BONUS if t.winning_card.rank == "2" else 0)
        return pts[0], pts[1]

    def hidden_cards(self, player: int) -> set[Card]:
        """The cards ``player`` may not see (T6): the opponent's hand and the stock."""
        return set(self.hands[1 - player]) | set(self.stock)

    def view(self, player: int | None = None) -> View:
        """What ``player`` sees: their hand, everything public, and the last finished deal as it
        ended (``last_deal``, seen by ``player`` too); ``None`` shows everything."""
        return self._view(player, self.ended.get(player))

    def public_view(self) -> View:
        """What both players see (T6, T7): no hand, no stock, no declared rank but an ace's (a
        seat that is nobody's); everything once the game is over."""
        return self.view(None) if self.is_over else replace(self._view(NOBODY, None), player=None)

    def _view(self, player: int | None, last_deal: View | None) -> View:
        """The view of the position now by ``player``, holding ``last_deal``."""
        def shown(q: int) -> tuple[Card, ...] | None:
            return tuple(self.hands[q]) if player is None or q == player else None
        decls = tuple((d.player, d.said, d.rank if player in (None, d.player) or d.rank == "A" else None)
                      for d in self.declared)
        legal = tuple(self.legal_actions()) if player in (None, self.current_player) else ()
        return View(player, self.players, self.rules, self.deal_no, self.dealer, self.phase,
                    self.to_move, legal, (shown(0), shown(1)),
                    (len(self.hands[0]), len(self.hands[1])),
                    tuple(self.stock) if player is None else None, len(self.stock),
                    (tuple(self.discards[0]), tuple(self.discards[1])), tuple(self.trick),
                    tuple(self.tricks), decls, self.deal_points(), (self.scores[0], self.scores[1]),
                    tuple(self.sheets), self.outcome, last_deal)

    def score_sheet(self, deal: int = -1, lang: str = "en") -> "pd.DataFrame":
        """The score sheet of a finished deal as a pandas DataFrame (T15), its labels in ``lang``."""
        return self.sheets[deal].frame(self.players, lang)

    # --- display ----------------------------------------------------------------------------------
    def __repr__(self) -> str:
        if self.phase == OVER:
            return f"<Trappola over: {self.scores[0]}–{self.scores[1]}>"
        return (f"<Trappola deal {self.deal_no + 1}, {self.phase}, {self.players[self.to_move]} to move, "
                f"game {self.scores[0]}–{self.scores[1]}>")

    def _repr_svg_(self) -> str:
        from .draw import table_svg
        return table_svg(self.view())


# --- new games: the deal reader, make_deal, new_game ----------------------------------------------
def read_deal(deal: dict[str, Any]) -> tuple[int, list[Card]]:
    """The deal reader: a deal's dealer and the pack in dealing order (T1, T3); ``RecordError``
    names the first bad field."""
    if not isinstance(deal, dict) or set(deal) != {"dealer", "cards"}:
        raise RecordError("", "a Trappola deal is {'dealer': 0 or 1, 'cards': [36 cards]}")
    if deal["dealer"] not in (0, 1) or isinstance(deal["dealer"], bool):
        raise RecordError("dealer", "must be 0 or 1")
    cards = deal["cards"]
    if not isinstance(cards, list):
        raise RecordError("cards", "must be a list of 36 cards")
    order = []
    for i, text in enumerate(cards):
        try:
            order.append(Card.parse(text, ITALIAN))
        except CardParseError as e:
            raise RecordError(f"cards[{i}]", str(e)) from None
    if sorted(map(str, order)) != sorted(map(str, italian_deck())):
        raise RecordError("cards", "must be the 36 cards of the Italian pack, each once (T1)")
    return deal["dealer"], order


def make_deal(hands: Sequence[str], stock: str = "", dealer: int = 1) -> dict[str, Any]:
    """A deal (for ``new_game(deal=...)``) giving each seat the hand written as text; the stock
    is ``stock`` followed by the rest of the pack. Handy for examples and tests. A bad hand, stock
    or dealer is a ``RecordError`` naming it (T1, T3), as for a deal read from a record."""
    if isinstance(hands, str) or len(hands) != 2:
        raise RecordError("hands", "T3: two hands of 9 cards, seat 0's then seat 1's")
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise RecordError("dealer", f"must be 0 or 1, not {dealer!r:.20}")
    h = [read_hand(text, ITALIAN, f"hands[{i}]") for i, text in enumerate(hands)]
    for i, cards in enumerate(h):
        if len(cards) != 9:
            raise RecordError(f"hands[{i}]", f"T3: 9 cards, not {len(cards)}")
    s = read_hand(stock, ITALIAN, "stock")
    given = h[0] + h[1] + s
    twice = given_twice(given)
    if twice is not None:
        raise RecordError("hands", f"T1: {twice} is given twice")
    s += [c for c in italian_deck() if c not in given]
    first = 1 - dealer
    order = h[first][:4] + h[dealer][:4] + h[first][4:] + h[dealer][4:] + s
    deal = {"dealer": dealer, "cards": _hand_text(order)}
    read_deal(deal)
    return deal


def new_game(rules: Rules | str = TRAPPOLA, seed: int | None = None, deal: dict[str, Any] | None = None,
             players: Sequence[str] | None = None, undo: bool = True) -> State:
    """A new game. ``rules``: a ``Rules`` or a preset name; ``deal``: from ``initial_deal()`` or
    :func:`make_deal`.

    Later deals are shuffled by the game's RNG; with ``seed=None`` a random seed is drawn and
    kept, so the record of any game replays exactly. ``undo=False`` keeps no undo snapshots."""
    return State(resolve_rules(sys.modules[__name__], rules), seed, deal, players, undo)
