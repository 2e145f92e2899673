"""Cleopatra (rules C1–C15) and its relatives Beggar-my-neighbour and Egyptian Ratscrew.

Two players, X (seat 0) and Y (seat 1), turn the top cards of their face-down hands onto a
shared pile; honours demand payment; a pair on top may be slapped by either player. One
``State`` runs every preset: the differences are fields of :class:`Rules`.

Actions (their text form is what records store):

- ``Turn`` — ``"X 5H"``: the player due (``current_player``) turns their top card (C4);
- ``Slap`` — ``"slap Y"``, ``"slap Y@310"`` or a race ``"slap X@230 Y@310"`` (times in ms from
  the moment the pair appeared; the earliest wins, an exact tie is a seeded coin, C11).

Decisions where the source is silent (besides the defaults of docs/rules/cleopatra.md):

- C10, the slap beats the collection: a payment that ends without an honour is collected at once
  (C6) unless its last card makes a slappable pair. Then the collection is *pending*:
  ``state.collector`` (and ``View.collector``) names the honour's owner, who is due to play
  (C8), a :class:`Pending` event marks the moment, and either player may slap. A slap takes the
  pile as any slap does; if nobody slaps, the honour's owner collects (the ``Captured`` event,
  ``how="payment"``, still of the payment's step) as part of their next ``Turn``, just before the
  card is turned;
- C9: the won pile is shuffled into the hand when the player turns their next card (inside that
  ``Turn``, after any pending collection, so that cards won by a slap on the pair then on top are
  shuffled in too); it uses the game's seeded RNG (or ``chance``). ``legal_actions()`` still names
  the card: it draws the same shuffle on a copy of the RNG, so the card is known in advance;
- ``lose="cannot_play"`` (the relatives): a player due to play without any card loses at once,
  even with a pair on top, unless the pile is theirs to collect (C10);
- the RNG always draws a deal first, even when a deal is given, so that a record (seed + deal +
  actions) replays with the RNG exactly where the original game had it.

``legal_actions()`` lists the turn of the player due and, while a slappable pair is on top,
``slap X`` and ``slap Y`` (either seat may slap, whoever is due; C10). Timed slaps and races are
accepted by ``play()`` whenever an untimed slap of the same seats is legal. A slap without a pair
has no effect (C13), so it is no action: ``play()`` and ``apply()`` both refuse it
(``IllegalActionError``, the state unchanged), unless the rules say ``false_slap="burn"`` and the
slapper has a card to burn. Every record the engine writes therefore replays.

>>> g = new_game(seed=3, deal={"hands": [["5H", "QH"], ["5S", "JS"]], "first": 0})
>>> g.legal_actions()
[Turn(player=0, card=Card('5♥'))]
>>> for text in ("X 5H", "Y 5S", "slap Y@240"):
...     _ = g.play(text)
>>> g.steps()[-1].text
'Y plays 5♠; Y slaps (Y 240 ms); Y takes 2 cards.'
>>> g.legal_actions()
[Turn(player=1, card=Card('J♠'))]
"""

from __future__ import annotations

import copy
import dataclasses
import random
import sys
from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card
from cardlab.errors import CardParseError, IllegalActionError, Reason, unknown_card
from cardlab.game import TERMINAL, GameState, Outcome, check_rules, resolve_rules, rule
from .events import (Captured, Ended, FalseSlap, Pending, Played, Reshuffled, Slapped,  # noqa: F401
                     Step)
from .narration import describe, steps_of  # noqa: F401  (the game's public surface)
from .patterns import SEATS, pattern_of, read_deal, seeded_deal
from .words import REFUSALS

# --- rules and presets ----------------------------------------------------------------------------
FACES = frozenset("JQK")
MAX_MS_DIGITS = 7
"""A slap's time is written with at most this many ASCII digits (under three hours in ms)."""
NAME = {"type": "string", "minLength": 1, "maxLength": 64}
PAYMENT = {"type": "integer", "minimum": 1, "maximum": 1000}


@dataclass(frozen=True)
class Rules:
    """The rules of one variant; the defaults are Cleopatra as the source gives it.

    ``jack``/``queen``/``king``/``ace``: cards owed for each honour (C6). ``deal``: ``"colour"``
    (C2) or ``"shuffle"`` (one pack dealt alternately). ``first_colour``: the first player's
    colour (C2). ``first``: who plays first (C3). ``captures``: ``"won_pile"`` keeps captured
    cards apart (C7, reshuffled when the hand runs out, C9) or ``"under_hand"``.
    ``lose``: ``"no_cards"`` (C15: out the moment hand and won pile are empty) or
    ``"cannot_play"`` (out when due to play without a card, or without cards after a capture).
    ``slaps``: which pairs may be slapped (C14), ``"none"`` for no slapping; ``sandwich``: x-y-x
    may be slapped too; ``false_slap``: ``"none"`` (no effect, C13) or ``"burn"``.
    ``max_steps``: the step cap that ends every game.
    """

    name: str = rule("cleopatra", **NAME)
    jack: int = rule(1, **PAYMENT)
    queen: int = rule(2, **PAYMENT)
    king: int = rule(3, **PAYMENT)
    ace: int = rule(5, **PAYMENT)
    deal: str = rule("colour", type="string", enum=["colour", "shuffle"])
    first_colour: str = rule("red", type="string", enum=["red", "black"])
    first: str = rule("random", type="string", enum=["random", "X", "Y"])
    captures: str = rule("won_pile", type="string", enum=["won_pile", "under_hand"])
    lose: str = rule("no_cards", type="string", enum=["no_cards", "cannot_play"])
    slaps: str = rule("same_rank", type="string", enum=["same_rank", "same_rank_or_faces", "none"])
    sandwich: bool = rule(False, type="boolean")
    false_slap: str = rule("none", type="string", enum=["none", "burn"])
    max_steps: int = rule(20000, type="integer", minimum=1, maximum=1_000_000)

    def __post_init__(self) -> None:
        check_rules(self)

    @property
    def payments(self) -> dict[str, int]:
        """Cards owed for each honour (C6)."""
        return {"J": self.jack, "Q": self.queen, "K": self.king, "A": self.ace}

    @property
    def deterministic(self) -> bool:
        """True when the deal decides the whole game (no slaps, no reshuffles): loops are possible."""
        return self.slaps == "none" and self.captures == "under_hand"


CLEOPATRA = Rules()
"""The source's game: colour split, J1 Q2 K3 A5, won piles apart,
slaps on same-rank pairs, out when hand and won pile are empty. Status: observed in the source,
with the defaults of docs/rules/cleopatra.md where it is silent (C3, C11, C13, C14)."""
BEGGAR_MY_NEIGHBOUR = Rules(name="beggar-my-neighbour", ace=4, deal="shuffle", first="X",
                            captures="under_hand", lose="cannot_play", slaps="none")
"""The classic British game (known there since at least the 1840s, by English Wikipedia's
account): J1 Q2 K3 A4, captures under the hand, no slapping, the first hand given leads. Status: as in the published record-game studies."""
EGYPTIAN_RATSCREW = Rules(name="egyptian-ratscrew", ace=4, deal="shuffle", first="X",
                          captures="under_hand", lose="cannot_play", sandwich=True, false_slap="burn")
"""Beggar-my-neighbour payments plus slaps on doubles and sandwiches, one card burnt for a false
slap. Status: common American practice; house rules vary."""
PRESETS: dict[str, Rules] = {r.name: r for r in (CLEOPATRA, BEGGAR_MY_NEIGHBOUR, EGYPTIAN_RATSCREW)}
ALIASES: dict[str, str] = {"beggar_my_neighbour": "beggar-my-neighbour", "egyptian_ratscrew": "egyptian-ratscrew"}
"""Old spellings of preset names, so that records saved with them still load."""


# --- actions --------------------------------------------------------------------------------------
class Action:
    """A Cleopatra action, :class:`Turn` or :class:`Slap`; ``str(action)`` is its record text."""

    __slots__ = ()

    def __str__(self) -> str:
        return action_text(self)


@dataclass(frozen=True)
class Turn(Action):
    """The player ``player`` turns their top card ``card`` onto the pile (C4): ``"X 5H"``."""

    player: int
    card: Card


@dataclass(frozen=True)
class Slap(Action):
    """One slap or a race: ``times`` holds ``(player, ms or None)`` pairs (C10, C11):
    ``"slap Y"``, ``"slap Y@310"``, ``"slap X@230 Y@310"``."""

    times: tuple[tuple[int, int | None], ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(s for s, _ in self.times)


TurnOrSlap = Turn | Slap
"""Every Cleopatra action is one of the two (the type the state's methods take and give)."""


def slap(*players: int) -> Slap:
    """An untimed slap by one player (or an untimed race, decided by a coin)."""
    return Slap(tuple((s, None) for s in players))


def action_text(action: Action) -> str:
    """The record text of an action (``"X 5H"``, ``"slap X@230 Y@310"``)."""
    if isinstance(action, Turn):
        return f"{SEATS[action.player]} {action.card.ascii()}"
    if isinstance(action, Slap):
        return "slap " + " ".join(SEATS[s] + ("" if t is None else f"@{t}") for s, t in action.times)
    raise IllegalActionError(Reason("syntax", "malformed", {"game": "Cleopatra", "text": f"{action!r:.80}"}),
                             words=REFUSALS)


def resolve_race(times: Sequence[tuple[int, int | None]], rng: random.Random) -> int:
    """C11: the earliest slap wins; an exact tie (or untimed slaps) is decided by a seeded coin."""
    if len(times) == 1:
        return times[0][0]
    best = min((t or 0) for _, t in times)
    tied = [s for s, t in times if (t or 0) == best]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


# --- the view (the events are in events.py) -------------------------------------------------------
@dataclass(frozen=True)
class View:
    """What ``player`` sees (None: a spectator; all see the same): the pile face up, every stack
    as a count (nobody sees a hand). ``collector``: the seat that collects the pile when play
    goes on unless someone slaps the pair on top first (C10), else None."""

    player: int | None
    players: tuple[str, ...]
    current_player: int
    pile: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    won_sizes: tuple[int, int]
    under: int
    owed: int
    step: int
    result: str
    collector: int | None = None


# --- the state ------------------------------------------------------------------------------------
class State(GameState[TurnOrSlap, View, Rules]):
    """A game of Cleopatra or a relative in progress (see the module docstring)."""

    game = "cleopatra"
    action_type = Action
    _GROWING = GameState._GROWING + ("_positions",)    # loop detection's positions: a snapshot keeps their count
    refusal_words = REFUSALS

    # --- the deal ---------------------------------------------------------------------------------
    def __init__(self, rules: Rules = CLEOPATRA, seed: int | None = None, deal: dict[str, Any] | None = None,
                 players: Sequence[str] | None = None, undo: bool = True, chance: Any = None) -> None:
        self._start(seed, undo)
        self._chance = chance            # replays: draws C9 reshuffles and C11 coins instead of the RNG
        self.rules = rules
        self.players = tuple(players or ("X", "Y"))
        self._pay = {**dict.fromkeys(("2", "3", "4", "5", "6", "7", "8", "9", "10"), 0), **rules.payments}
        hands, first = seeded_deal(rules, self.rng)   # always drawn, so a given deal leaves the
        if deal is not None:                           # RNG where a seeded deal would (replays)
            hands, first = read_deal(deal)
        self._deal: dict[str, Any] = {"hands": [[c.ascii() for c in h] for h in hands], "first": first}
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.won: list[list[Card]] = [[], []]
        self.pile: list[Card] = []
        self.under: list[Card] = []      # burnt cards, face down under the pile (C13 variant)
        self.to_move = first
        self.owed = 0                    # cards still to pay (C6); 0 when no payment runs
        self.creditor: int | None = None  # who laid the honour being paid for
        self.collector: int | None = None  # C10: collects the pile at the next turn unless slapped
        self.step = 0
        self._last_seat: int | None = None
        self._fresh = True               # the next card starts a step (after a capture)
        self.cards = 0
        self.tricks = 0
        self._outcome: Outcome | None = None
        self._positions: dict[str, int] = {}
        self._trick_start()
        self._settle()

    # --- whose turn and what is legal -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat due to turn a card (either seat may slap), or ``TERMINAL``."""
        return TERMINAL if self._outcome else self.to_move

    def legal_actions(self) -> list[TurnOrSlap]:
        if self._outcome:
            return []
        actions: list[TurnOrSlap] = [Turn(self.to_move, self._next_card())]
        if self.rules.slaps == "none":
            return actions
        pair = self.pair_on_top
        for seat in (0, 1):
            if pair or (self.rules.false_slap == "burn" and self.pile and self.hands[seat]):
                actions.append(slap(seat))
        return actions

    def _is_legal(self, action: TurnOrSlap) -> bool:
        """``legal_actions()``, and timed slaps and races (C11) of seats that may slap now."""
        if isinstance(action, Slap):
            legal = self.legal_actions()
            return all(slap(s) in legal for s in action.players) and (len(action.times) == 1 or self.pair_on_top)
        return action in self.legal_actions()

    def _actors(self, action: TurnOrSlap) -> tuple[int, ...]:
        """Either seat may slap (C10); the seat named by a turn turns (``why_illegal`` says if it is not due)."""
        return action.players if isinstance(action, Slap) else (action.player,)

    def contest(self, players: Sequence[Any]) -> Slap | None:
        """C10–C12 with slap models: while a pair is on top, every player that models slapping
        (``reaction_time()``, as :class:`cardlab.games.cleopatra.bots.SlapBot`), in seat order, notices it
        or not; the race of those who did (C11), or None: the player due turns a card (C12)."""
        if not self.pair_on_top:
            return None
        times = []
        for seat, bot in enumerate(players):
            react = getattr(bot, "reaction_time", None)
            t = react() if react else None
            if t is not None:
                times.append((seat, t))
        return Slap(tuple(times)) if times else None

    @property
    def pair_on_top(self) -> bool:
        """C10/C14: the top cards form a slappable pair (or a sandwich where the rules allow)."""
        pile = self.pile
        if len(pile) < 2 or self.rules.slaps == "none":
            return False
        a, b = pile[-2].rank, pile[-1].rank
        if a == b or (self.rules.slaps == "same_rank_or_faces" and a in FACES and b in FACES):
            return True
        return self.rules.sandwich and len(pile) >= 3 and pile[-3].rank == b

    def _next_card(self) -> Card:
        """The card the player due turns if play goes on now: after a pending collection (C10)
        and a C9 reshuffle drawn on a copy of the RNG (the turn itself draws the same)."""
        seat = self.to_move
        hand = self.hands[seat]
        taken = self.under + self.pile if self.collector == seat else []
        if hand or self.rules.captures == "under_hand":
            return (hand + taken)[0]
        cards = self.won[seat] + taken
        copy.deepcopy(self.rng if self._chance is None else self._chance).shuffle(cards)
        return cards[0]

    # --- applying actions -------------------------------------------------------------------------
    def apply(self, action: TurnOrSlap) -> None:
        """Apply a legal action (fast path: trusts the caller), except a slap without a pair that
        has no effect: that is no action (C13), and would make a record that does not replay, so
        ``apply()`` refuses it as ``play()`` does (``IllegalActionError``, state unchanged)."""
        if isinstance(action, Slap) and not self.pair_on_top and (
                len(action.times) != 1 or self.rules.false_slap != "burn" or not self.pile
                or not self.hands[action.times[0][0]]):
            raise self.refusal(self.why_illegal(action), listed=False)
        super().apply(action)

    def _apply(self, action: TurnOrSlap) -> None:
        if isinstance(action, Turn):
            self._turn(action.player)
        else:
            self._slap(action)
        self._settle()

    def _turn(self, seat: int) -> None:
        if self.collector is not None:               # C10: nobody slapped, play goes on
            self._capture(self.collector, "payment")
            if self._outcome:
                return
        if self._fresh or seat != self._last_seat:
            self.step += 1
            self._fresh = False
        if not self.hands[seat]:                     # C9, after any slap on the pair
            cards, self.won[seat] = self.won[seat], []
            self._draws().shuffle(cards)
            self.hands[seat] = cards
            self.events.append(Reshuffled(len(self.history), self.step, seat, len(cards)))
        hand = self.hands[seat]
        card = hand.pop(0)
        self._last_seat = seat
        self.pile.append(card)
        self.cards += 1
        paying = self.owed > 0
        self.events.append(Played(len(self.history), self.step, seat, card, paying))
        if self.rules.lose == "no_cards" and not hand and not self.won[seat]:
            self._end(1 - seat, "no cards")          # C15: out at once, nothing more resolved
            return
        pay = self._pay[card.rank]
        if pay:                                      # C6: the opponent pays for the honour
            self.owed, self.creditor, self.to_move = pay, seat, 1 - seat
        elif paying:
            creditor = self.creditor
            assert creditor is not None              # a payment runs for the creditor's honour (C6)
            self.owed -= 1
            if not self.owed and self.pair_on_top:   # C10: the slap beats the collection
                self.collector, self.creditor, self.to_move = creditor, None, creditor
                self.events.append(Pending(len(self.history), self.step, creditor))
            elif not self.owed:
                self._capture(creditor, "payment")
        else:                                        # C5
            self.to_move = 1 - seat

    def _slap(self, action: Slap) -> None:
        if not self.pair_on_top:
            seat = action.players[0]
            burned = self.hands[seat].pop(0)       # C13 variant (apply() refuses any other false slap)
            self.under.insert(0, burned)
            self.events.append(FalseSlap(len(self.history), self.step, seat, burned))
            if self.rules.lose == "no_cards" and not self.cards_of(seat):
                self._end(1 - seat, "no cards")
            return
        winner = resolve_race(action.times, self._draws())
        self.events.append(Slapped(len(self.history), self.step, winner, self.action_text(action)[5:]))
        self._capture(winner, "slap")

    def _capture(self, seat: int, how: str) -> None:
        taken = self.under + self.pile
        (self.hands if self.rules.captures == "under_hand" else self.won)[seat].extend(taken)
        self.events.append(Captured(len(self.history), self.step, seat, len(taken), how))
        self.pile, self.under = [], []
        self.tricks += 1
        self.owed, self.creditor, self.collector = 0, None, None
        self.to_move = seat                          # C8: the captor plays next
        self._fresh = True
        if not self.cards_of(1 - seat):
            self._end(seat, "no cards")
        elif self.rules.deterministic:
            self._trick_start()

    def _trick_start(self) -> None:
        """Loop detection for deterministic variants: a position seen before at a trick start."""
        if not self.rules.deterministic:
            return
        key = f"{self.to_move}{pattern_of(self.hands[0])}/{pattern_of(self.hands[1])}"
        if key in self._positions:
            self._end(None, "loop")
        else:
            self._positions[key] = self.tricks

    def _settle(self) -> None:
        """After each action: a loss if the player due has no card to turn, the step cap."""
        if self._outcome:
            return
        seat = self.to_move
        if not self.hands[seat] and not self.won[seat] and self.collector != seat:
            self._end(1 - seat, "cannot play")
            return
        if (self._fresh or seat != self._last_seat) and self.step >= self.rules.max_steps:
            self._end(None, "cap")

    def _draws(self) -> Any:
        """What draws the C9 reshuffles and C11 coins: ``chance`` if given, else the game's RNG."""
        return self.rng if self._chance is None else self._chance

    def _end(self, winner: int | None, reason: str) -> None:
        tricks = self.tricks + (1 if self.pile else 0)
        self._outcome = Outcome(winner, reason, scores=(self.cards_of(0), self.cards_of(1)),
                                ranking=() if winner is None else (winner, 1 - winner),
                                stats={"cards": self.cards, "tricks": tricks, "steps": self.step})
        self.events.append(Ended(len(self.history), self.step, winner, reason))

    # --- texts and errors -------------------------------------------------------------------------
    def action_text(self, action: TurnOrSlap) -> str:
        return action_text(action)

    def describe(self, event: Any, lang: str = "en") -> str:
        """One event in words, in ``lang`` (``"en"`` or ``"ja"``), every seat by name."""
        return describe(event, self.players, lang)

    def parse_action(self, text: str) -> TurnOrSlap:
        """Read ``"X 5H"`` (a turn, as records write it), ``"X"`` (the seat due turns its top card,
        which it cannot see: :meth:`legal_texts`) or a slap (``"slap Y"``, ``"slap X@230 Y@310"``)."""
        words = text.split()
        if len(words) == 1 and words[0] in tuple(SEATS):
            return self._turn_of(SEATS.index(words[0]))
        if len(words) == 2 and words[0] in tuple(SEATS):
            try:
                return Turn(SEATS.index(words[0]), Card.parse(words[1]))
            except CardParseError as e:
                raise self.refusal(unknown_card(e), listed=False) from None
        forms = "'X', 'slap Y', 'slap Y@310' or 'slap X@230 Y@310'"
        if len(words) >= 2 and words[0] == "slap":
            times = []
            for word in words[1:]:
                seat, _, ms = word.partition("@")
                if seat not in tuple(SEATS) or (_ and not (ms.isascii() and ms.isdigit() and len(ms) <= MAX_MS_DIGITS)):
                    raise self.refusal(Reason("syntax", "bad-slap", {"text": f"{word[:20]!r}", "forms": forms,
                                                                     "digits": MAX_MS_DIGITS}), listed=False)
                times.append((SEATS.index(seat), int(ms) if ms else None))
            seats = [s for s, _ in times]
            if len(set(seats)) != len(seats) or (len(times) > 1 and len({t is None for _, t in times}) > 1):
                raise self.refusal(Reason("syntax", "bad-race", {"text": f"{text!r:.60}"}), listed=False)
            return Slap(tuple(times))
        raise self.refusal(Reason("syntax", "unreadable", {"text": f"{text!r:.60}", "forms": forms}), listed=False)

    def _turn_of(self, seat: int) -> Turn:
        """The turn of ``seat``'s top card, if ``seat`` is due (C4)."""
        if self._outcome:
            raise self.refusal(Reason("over", "over"))
        if seat != self.to_move:
            raise self.refusal(self._not_due(seat))
        return Turn(seat, self._next_card())

    def _not_due(self, seat: int) -> Reason:
        return Reason("turn", "not-due", {"due": self.players[self.to_move], "player": self.players[seat]})

    def legal_texts(self) -> list[str]:
        """The legal actions as a seat may read them: a turn as ``"X"``, since nobody sees the card
        it turns before it is turned (C4)."""
        return [SEATS[a.player] if isinstance(a, Turn) else action_text(a) for a in self.legal_actions()]

    def why_illegal(self, action: TurnOrSlap) -> Reason:
        """Why ``action`` is not legal now, from what every seat sees: the pile and the stacks'
        sizes, never a face-down card (C1)."""
        if isinstance(action, Turn):
            if action.player != self.to_move:
                return self._not_due(action.player)
            return Reason("C4", "top-card", {"player": self.players[action.player], "seat": SEATS[action.player]})
        if self.rules.slaps == "none":
            return Reason("C10", "no-slapping", {"rules": self.rules.name})
        if len(action.times) > 1:
            return Reason("C11", "race-needs-pair")
        if self.rules.false_slap == "burn":
            return Reason("C13", "nothing-to-burn", {"player": self.players[action.players[0]]})
        return Reason("C13", "not-a-pair")

    def slap_reason(self, action: Slap) -> Reason:
        """C10, C13: why the engine takes ``action`` now (``"pair"``: the pair on top, C10, C14;
        ``"false-slap-burns"``: a false slap burning a card, C13's variant) or refuses it
        (:meth:`why_illegal`'s reason): the one classifier of slaps, which the exercises explain."""
        if not self._is_legal(action):
            return self.why_illegal(action)
        return Reason("C10", "pair") if self.pair_on_top else Reason("C13", "false-slap-burns")

    # --- results and views ------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def initial_deal(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self._deal["hands"]], "first": self._deal["first"]}

    def cards_of(self, seat: int) -> int:
        """Cards a player holds: hand and won pile."""
        return len(self.hands[seat]) + len(self.won[seat])

    def hidden_cards(self, player: int) -> set[Card]:
        """The cards ``player`` may not see (C1): every stack is face down (hands, won piles,
        burnt cards), for everyone."""
        return set(self.hands[0] + self.hands[1] + self.won[0] + self.won[1] + self.under)

    def public_view(self) -> View:
        """What everyone sees: the same as each player (C1)."""
        return self.view(None)

    def view(self, player: int | None = None) -> View:
        """What ``player`` sees (everyone sees the same: every stack is face down)."""
        result = ""
        if self._outcome:
            result = (f"{self.players[self._outcome.winner]} wins ({self._outcome.reason})"
                      if self._outcome.winner is not None else f"no winner ({self._outcome.reason})")
        return View(player, self.players, self.current_player, tuple(self.pile),
                    (len(self.hands[0]), len(self.hands[1])), (len(self.won[0]), len(self.won[1])),
                    len(self.under), self.owed, self.step, result, self.collector)

    def steps(self, lang: str = "en") -> list[Step]:
        """The game so far in the source's steps (see docs/rules/cleopatra.md), told in ``lang``."""
        return steps_of(self.events, len(self.history), self.players, lang)

    # --- display ----------------------------------------------------------------------------------
    def __repr__(self) -> str:
        head = (f"over: {self._outcome.reason}, winner {self._winner_name()}" if self._outcome
                else f"{SEATS[self.to_move]} to play" + (f", owes {self.owed}" if self.owed else ""))
        pile = " ".join(map(str, self.pile[-6:])) or "empty"
        return (f"<Cleopatra {self.rules.name} step {self.step}, {head}; pile {pile} ({len(self.pile)}); "
                f"X {len(self.hands[0])}+{len(self.won[0])}, Y {len(self.hands[1])}+{len(self.won[1])}>")

    def _winner_name(self) -> str:
        winner = self._outcome.winner if self._outcome else None
        return "none" if winner is None else SEATS[winner]

    def _repr_svg_(self) -> str:
        from .draw import table_svg
        return table_svg(self)


# --- new games: the deal reader (patterns.read_deal), make_deal, new_game -------------------------
def make_deal(hands: Sequence[str | Sequence[str]], first: int = 0) -> dict[str, Any]:
    """A deal for ``new_game(deal=...)``: X's hand then Y's, each a text of cards (``"5H QH 8H"``,
    top card first), a list of card texts, or a pattern string (``"K-KK----K-A"``, see
    :mod:`cardlab.games.cleopatra.patterns`); ``first`` is the seat that plays first. Returns the
    JSON form with concrete cards (``RecordError`` names a bad hand or card)."""
    patterns = all(isinstance(h, str) and set(h.strip().upper()) <= set("-JQKA") for h in hands)
    lists = [h if patterns or not isinstance(h, str) else h.split() for h in hands]
    cards, first = read_deal({"hands": lists, "first": first})
    return {"hands": [[c.ascii() for c in h] for h in cards], "first": first}


def new_game(rules: Rules | str = CLEOPATRA, seed: int | None = None, deal: dict[str, Any] | None = None,
             players: Sequence[str] | None = None, undo: bool = True, chance: Any = None) -> State:
    """A new game. ``rules``: a ``Rules`` or a preset name; ``deal``: ``{"hands": [X, Y],
    "first": 0}`` with card lists or pattern strings (``None``: dealt from ``seed``, C2/C3);
    ``undo=False`` skips the undo snapshots (for fast simulations). ``chance``: an object with
    ``shuffle(list)`` and ``randrange(n)`` (as ``random.Random``) that draws the C9 reshuffles and
    the C11 tie coins instead of the game's RNG, to replay games whose draws were made elsewhere
    (:mod:`cardlab.games.cleopatra.kernel_replay`); undo does not rewind it, and the game's record replays
    with the seed's RNG instead, so keep it for such replays."""
    return State(resolve_rules(sys.modules[__name__], rules), seed=seed, deal=deal, players=players,
                 undo=undo, chance=chance)


def variant(base: Rules = CLEOPATRA, **changes: Any) -> Rules:
    """A copy of ``base`` with some fields changed (``variant(slaps="same_rank_or_faces")``)."""
    return dataclasses.replace(base, **changes)
