"""Kirifu (切りふ), a shedding game from Kumamoto: cut what you are passed, or take it in.

Rules K1–K23 of ``docs/rules/kirifu.md``. A turn is split into small actions so that every
decision point has an exact, short list of legal actions:

- a player who was passed cards resolves them one at a time, in any order:
  ``cut 9H with 10H`` (切る, K9) or ``take 4S`` (おもらい omorai, K9); once the last passed card
  is resolved the turn goes on by itself (K10, K11, K22);
- a player who passes gives one card, ``pass 7S`` (K8), or builds an osoroi (おそろい) group
  by group, ``osoroi 4H 4S 9C`` then more groups, then ``send`` (K13–K15).

The outcomes reachable this way are exactly those of the rules: any assignment of distinct
cutters to passed cards (K19) and any set of cards that splits into legal groups (K14, K15).

Two consequences of the rules worth knowing: when the last-but-one player goes out by passing,
the last player is left holding the passed cards; and nothing in the rules forces an end — players
who always take in (omorai) can pass uncuttable cards round the table for ever, so simulations
cap the number of actions and the bots vary their play a little.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import Any, Sequence

from cardlab.cards import FRENCH, FRENCH_SUITS, SUIT_SYMBOLS, Card, french_deck, given_twice, read_hand
from cardlab.errors import CardParseError, Reason, RecordError, RulesError, unknown_card
from cardlab.game import TERMINAL, GameState, Outcome, check_rules, resolve_rules, rule
from .events import Cut, Drew, Finished, Grouped, Omorai, Passed, View
from .events import place_text  # noqa: F401  (the game's public surface)
from .words import REFUSALS, narrate
from .moves import beats  # noqa: F401  (the game's public surface)
from .moves import card_key, cut_reason, cutters, is_osoroi_group, osoroi_groups, sort_cards


# --- rules and presets ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Rules:
    """One variant of Kirifu. ``world``/``first`` None mean "seeded random" (K2, K4)."""

    name: str = rule("kirifu", type="string", minLength=1, maxLength=64)
    players: int = rule(4, type="integer", minimum=2, maximum=7, description="K1: the number of seats")
    min_players: int = rule(3, type="integer", minimum=2, maximum=7, description="K1: 3–5 in the source")
    max_players: int = rule(5, type="integer", minimum=2, maximum=7, description="K1: 3–5 in the source")
    hand_size: int = rule(5, type="integer", minimum=1, maximum=25, description="K3, K12: cards in a hand")
    world: str | None = rule(None, type=["string", "null"], enum=[*FRENCH_SUITS, None],
                             description="K2: the world suit; None draws it")
    first: int | None = rule(None, type=["integer", "null"], minimum=0, maximum=6,
                             description="K4: the first player; None draws it")
    osoroi: bool = rule(True, type="boolean", description="K13–K15: osoroi groups may be passed")
    joker: bool = rule(False, type="boolean", description="variant: one joker, above every card")

    def __post_init__(self) -> None:
        check_rules(self)
        if not self.min_players <= self.players <= self.max_players:
            raise RulesError("rules.players", f"K1: {self.name} is for {self.min_players}–{self.max_players} "
                             f"players, not {self.players}")
        if self.first is not None and not self.first < self.players:
            raise RulesError("rules.first", f"K4: a seat 0–{self.players - 1} or None, not {self.first!r}")
        if (self.hand_size + 1) * self.players > 52 + self.joker:
            raise RulesError("rules.hand_size", f"K3: cannot deal {self.hand_size} cards to {self.players} players")


KIRIFU = Rules()
"""The source's rules (a Kumamoto blog post): 3–5 players, 5 cards, a world suit, osoroi, no joker."""
KIRIFU_JOKER = Rules(name="kirifu-joker", joker=True)
"""The kit's own variant, from no source (the post removes the jokers): one joker above every
card, the ace of spades included. The joker cannot be part of a pair but may ride along as an
osoroi's extra card (the kit's choice too)."""
KIRIFU_2_7 = Rules(name="kirifu-2-7", min_players=2, max_players=7)
"""The kit's own variant, from no source: the same rules for 2 to 7 players (the post recommends
3–5)."""
KIRIFU_SINGLES = Rules(name="kirifu-no-osoroi", osoroi=False)
"""The kit's own variant: osoroi off, one card at a time — the post's rules without its osoroi
section (K13–K16), which the post presents as a more advanced way to attack."""
PRESETS: dict[str, Rules] = {r.name: r for r in (KIRIFU, KIRIFU_JOKER, KIRIFU_2_7, KIRIFU_SINGLES)}
ALIASES: dict[str, str] = {}
"""Old spellings of preset names (Kirifu's have always been kebab-case)."""

RECEIVE, PASS = "receive", "pass"
"""The two phases of a turn: receiving the passed card(s) (cut or take them in), then passing on."""


# --- actions --------------------------------------------------------------------------------------
class Action(tuple[Any, ...]):
    """A Kirifu action, a tuple whose ``str()`` is its record text: ``("cut", passed, cutter)``
    ``"cut 9H with 10H"``, ``("take", card)`` ``"take 4S"``, ``("pass", card)`` ``"pass 7S"``,
    ``("osoroi", cards)`` ``"osoroi 4H 4S 9C"`` and ``("send",)`` ``"send"``. Build one as
    ``Action(("take", card))``."""

    __slots__ = ()

    def __str__(self) -> str:
        return action_text(self)


SEND = Action(("send",))
_DECK = french_deck(jokers=2)
_TAKE = {c: Action(("take", c)) for c in _DECK}
_PASS = {c: Action(("pass", c)) for c in _DECK}
_CUT = {(p, c): Action(("cut", p, c)) for p in _DECK for c in _DECK}
"""Single-card actions made once: ``legal_actions()`` hands out these (as fast as plain tuples)."""


def action_text(action: tuple[Any, ...]) -> str:
    """The record text of an action."""
    kind = action[0]
    if kind == "cut":
        return f"cut {action[1].ascii()} with {action[2].ascii()}"
    if kind == "osoroi":
        return "osoroi " + " ".join(c.ascii() for c in action[1])
    if kind == "send":
        return "send"
    return f"{kind} {action[1].ascii()}"


# --- the state (the events and the view are in events.py) -----------------------------------------
class State(GameState[Action, View, Rules]):
    """A game of Kirifu. Everything but the event and history lists is immutable (tuples), so the
    base's snapshot for ``undo()`` copies little. The RNG is used only for the deal."""

    game = "kirifu"
    action_type = Action
    refusal_words = REFUSALS

    # --- the deal ---------------------------------------------------------------------------------
    def __init__(self, rules: Rules = KIRIFU, seed: int | None = None, deal: dict[str, Any] | None = None,
                 players: Sequence[str] | None = None, undo: bool = True) -> None:
        self._start(seed, undo)
        self.rules = rules
        n = rules.players
        self.players = tuple(players) if players else tuple(f"P{i}" for i in range(n))
        shuffled = self._shuffled_deal()  # drawn even when a deal is given: the RNG ends up the same
        self._deal = read_deal(shuffled if deal is None else deal, rules)
        self.world: str = self._deal["world"]
        self.to_move: int = self._deal["first"]
        self.hands = tuple(sort_cards(Card.parse(t) for t in hand) for hand in self._deal["hands"])
        self.stock = tuple(Card.parse(t) for t in self._deal["stock"])
        self.discard: tuple[Card, ...] = ()
        self.known: tuple[tuple[Card, ...], ...] = ((),) * n
        self.phase = PASS
        self.passed: tuple[Card, ...] = ()
        self.taken: tuple[Card, ...] = ()
        self.chosen: tuple[Card, ...] = ()
        self.finished: tuple[int, ...] = ()
        self.last_omorai: int | None = None

    def _shuffled_deal(self) -> dict[str, Any]:
        rules, n = self.rules, self.rules.players
        deck = french_deck(jokers=int(rules.joker))
        self.rng.shuffle(deck)
        world = rules.world or self.rng.choice(FRENCH_SUITS)
        first = rules.first if rules.first is not None else self.rng.randrange(n)
        h = rules.hand_size
        return {"world": world, "first": first, "hands": [[c.ascii() for c in deck[i * h:(i + 1) * h]] for i in range(n)],
                "stock": [c.ascii() for c in deck[n * h:]]}

    # --- whose turn and what is legal -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_move

    @property
    def receiver(self) -> int:
        """The next player still in the game after the current one (K4)."""
        return self._next_in(self.to_move)

    def legal_actions(self) -> list[Action]:
        if self.to_move == TERMINAL:
            return []
        hand = self.hands[self.to_move]
        if self.phase == RECEIVE:
            out: list[Action] = []
            for p in self.passed:
                out += [_CUT[p, c] for c in cutters(hand, p, self.world)]
                out.append(_TAKE[p])
            return out
        room = len(self.hands[self.receiver]) - len(self.chosen)  # K15
        groups = [Action(("osoroi", g)) for g in osoroi_groups(hand, room)] if self.rules.osoroi else []
        if self.chosen:
            return [SEND] + groups
        return [_PASS[c] for c in hand] + groups

    # --- applying actions -------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind, me = action[0], self.to_move
        if kind == "cut":
            _, card, cutter = action
            self._set_hand(me, tuple(c for c in self.hands[me] if c != cutter))
            self.passed = tuple(c for c in self.passed if c != card)
            self.discard += (card, cutter)
            self.events.append(Cut(me, card, cutter))
        elif kind == "take":
            self.passed = tuple(c for c in self.passed if c != action[1])
            self.taken += (action[1],)
            self.events.append(Omorai(me, action[1]))
        elif kind == "osoroi":
            self._set_hand(me, tuple(c for c in self.hands[me] if c not in action[1]))
            self.chosen += action[1]
            self.events.append(Grouped(me, action[1]))
            return
        else:  # "pass" one card or "send" the chosen groups
            cards = (action[1],) if kind == "pass" else self.chosen
            self._set_hand(me, tuple(c for c in self.hands[me] if c not in cards))
            self.chosen = ()
            self.events.append(Passed(me, self.receiver, cards))
            self._end_turn(cards)
            return
        if self.passed:
            return
        if self.taken:  # K11, K20: taken cards join the hand now; pass nothing
            self._set_hand(me, sort_cards(self.hands[me] + self.taken))
            self.known = _replace(self.known, me, sort_cards(self.known[me] + self.taken))
            self.taken = ()
            self._end_turn(())
            self.last_omorai = me
        elif self.hands[me]:  # K10: everything was cut, now pass
            self.phase = PASS
        else:  # K22: nothing left to pass
            self._end_turn(())

    def _set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        self.hands = _replace(self.hands, player, hand)
        if self.known[player]:
            self.known = _replace(self.known, player, tuple(c for c in self.known[player] if c in hand))

    def _next_in(self, seat: int) -> int:
        n = self.rules.players
        for k in range(1, n + 1):
            if (seat + k) % n not in self.finished:
                return (seat + k) % n
        return seat

    def _end_turn(self, passed: tuple[Card, ...]) -> None:
        me, hand = self.to_move, self.hands[self.to_move]
        self.last_omorai = None
        draw = min(self.rules.hand_size - len(hand), len(self.stock))
        if draw > 0:  # K12
            self._set_hand(me, sort_cards(hand + self.stock[:draw]))
            self.stock = self.stock[draw:]
            self.events.append(Drew(me, draw))
        if not self.hands[me] and not self.stock:  # K17, K22
            self._finish(me)
        nxt = self._next_in(me)
        if len(self.finished) >= self.rules.players - 1:  # K17: the last one left is last
            self._set_hand(nxt, sort_cards(self.hands[nxt] + passed))  # and is left holding what was passed
            self.known = _replace(self.known, nxt, sort_cards(self.known[nxt] + passed))   # face up (K23)
            self._finish(nxt)
            self.to_move, self.phase, self.passed = TERMINAL, PASS, ()
            return
        self.to_move, self.passed = nxt, passed
        self.phase = RECEIVE if passed else PASS

    def _finish(self, player: int) -> None:
        self.finished += (player,)
        self.events.append(Finished(player, len(self.finished)))

    # --- texts and errors -------------------------------------------------------------------------
    def action_text(self, action: tuple[Any, ...]) -> str:
        return action_text(action)

    def describe(self, event: Any, lang: str = "en") -> str:
        """One event in words, in ``lang`` (``"en"`` or ``"ja"``), every seat by name."""
        return narrate(event, self.players, lang)

    def parse_action(self, text: str) -> Action:
        words = text.replace(",", " ").split()
        try:
            if words == ["send"]:
                return SEND
            if len(words) == 4 and words[0] == "cut" and words[2] == "with":
                return Action(("cut", Card.parse(words[1]), Card.parse(words[3])))
            if len(words) == 2 and words[0] in ("take", "pass"):
                return Action((words[0], Card.parse(words[1])))
            if len(words) >= 2 and words[0] == "osoroi":
                return Action(("osoroi", sort_cards(Card.parse(w) for w in words[1:])))
        except CardParseError as e:
            raise self.refusal(unknown_card(e), listed=False) from None
        raise self.refusal(Reason("syntax", "unreadable", {
            "text": f"{text!r:.60}", "forms": "'cut 9H with 10H', 'take 4S', 'pass 7S', 'osoroi 4H 4S 9C' or 'send'"}),
            listed=False)

    def why_illegal(self, action: Action) -> Reason:
        """Why ``action`` is not legal now, from what the player to move sees: their hand, the
        cards passed, cut and taken (public, K23) and the hands' sizes; never another hand's cards."""
        me, kind = self.to_move, action[0]
        hand = self.hands[me]
        if self.phase == RECEIVE and kind in ("pass", "osoroi", "send"):
            if self.taken:
                return Reason("K11", "took-passes-nothing", {"player": self.players[me]})
            return Reason("K10", "receive-first")
        if kind in ("cut", "take"):
            if self.phase != RECEIVE:
                return Reason("K11", "nothing-passed")
            card, done = action[1], self._resolved_this_turn()
            if card not in self.passed:
                if any(e.card == card for e in done):
                    return Reason("K19", "resolved-once", {"card": card.ascii()})
                return Reason("K9", "not-passed", {"card": card.ascii(), "passed": [c.ascii() for c in self.passed]})
            cutter = action[2]
            if cutter in self.taken or cutter in self.passed:
                return Reason("K20", "just-passed", {"cutter": cutter.ascii()})
            if cutter not in hand:
                if any(isinstance(e, Cut) and e.cutter == cutter for e in done):
                    return Reason("K19", "cutter-used", {"cutter": cutter.ascii()})
                return Reason("K9", "cutter-not-in-hand", {"cutter": cutter.ascii()})
            return cut_reason(cutter, card, self.world)
        if kind == "pass":
            if self.chosen:
                return Reason("K13", "osoroi-started")
            if self.last_omorai is not None and action[1] in self.known[self.last_omorai]:  # taken face up (K23)
                return Reason("K11", "omorai-passer", {"card": action[1].ascii(), "player": self.players[me],
                                                       "taker": self.players[self.last_omorai]})
            return Reason("K8", "not-in-hand", {"card": action[1].ascii()})
        if kind == "send":
            return Reason("K13", "choose-group-first")
        cards = action[1]
        if not self.rules.osoroi:
            return Reason("K13", "osoroi-off", {"rules": self.rules.name})
        if any(c not in hand for c in cards):
            return Reason("K13", "group-not-in-hand", {"cards": [c.ascii() for c in cards if c not in hand]})
        if not is_osoroi_group(cards):
            return Reason("K13", "not-a-group")
        return Reason("K15", "too-many", {"receiver": self.players[self.receiver],
                                          "room": len(self.hands[self.receiver]),
                                          "count": len(self.chosen) + len(cards)})

    def _resolved_this_turn(self) -> list[Cut | Omorai]:
        done = []
        for event in reversed(self.events):
            if not isinstance(event, (Cut, Omorai)) or event.player != self.to_move:
                break
            done.append(event)
        return done

    # --- results and views ------------------------------------------------------------------------
    def initial_deal(self) -> dict[str, Any]:
        return self._deal

    @property
    def outcome(self) -> Outcome | None:
        if self.to_move != TERMINAL:
            return None
        places = tuple(self.finished.index(p) + 1 for p in range(self.rules.players))
        return Outcome(winner=self.finished[0], reason="finishing order (K17)", scores=places,
                       ranking=self.finished)

    def hidden_cards(self, player: int) -> set[Card]:
        """The cards ``player`` may not see (K23): the other hands but the cards known to be in
        them, and the stock."""
        return {c for q, hand in enumerate(self.hands) if q != player for c in hand
                if c not in self.known[q]} | set(self.stock)

    def public_view(self) -> View:
        """What every player sees (K23): no hand face up until the game is over."""
        view = self.view(None)
        return view if self.is_over else replace(view, hands=(None,) * len(self.hands))

    def view(self, player: int | None = None) -> View:
        """What ``player`` sees (K23); ``None`` is the open view with every hand face up."""
        hands = tuple(h if player is None or p == player else None for p, h in enumerate(self.hands))
        return View(player, self.rules, self.players, self.world, self.to_move, self.receiver, self.phase, hands,
                          tuple(map(len, self.hands)), self.known, len(self.stock), self.discard,
                          self.passed, self.taken, self.chosen, self.finished, tuple(self.events))

    # --- display ----------------------------------------------------------------------------------
    def __repr__(self) -> str:
        turn = "over" if self.to_move == TERMINAL else f"{self.players[self.to_move]} to {self.phase}"
        passed = f" passed=[{' '.join(map(str, self.passed))}]" if self.passed else ""
        return (f"<Kirifu {self.rules.name}: world {SUIT_SYMBOLS[self.world]}, {turn}{passed}, "
                f"stock {len(self.stock)}, hands {list(map(len, self.hands))}, "
                f"finished {[self.players[p] for p in self.finished]}>")

    def _repr_svg_(self) -> str:
        return self.view(None)._repr_svg_()


# --- new games: the deal reader, make_deal, new_game ----------------------------------------------
def _replace(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return items[:i] + (value,) + items[i + 1:]


def read_deal(deal: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The deal reader: a deal's JSON form checked against ``rules`` (K1-K4); ``RecordError``
    names the first bad field."""
    if not isinstance(deal, dict) or set(deal) != {"world", "first", "hands", "stock"}:
        raise RecordError("", "a Kirifu deal has exactly the keys world, first, hands, stock")
    if deal["world"] not in FRENCH_SUITS:
        raise RecordError("world", f"K2: one of {', '.join(FRENCH_SUITS)}")
    if not isinstance(deal["first"], int) or not 0 <= deal["first"] < rules.players:
        raise RecordError("first", f"K4: a seat from 0 to {rules.players - 1}")
    hands = deal["hands"]
    if not isinstance(deal["stock"], list):
        raise RecordError("stock", "a list of cards")
    if not isinstance(hands, list) or len(hands) != rules.players:
        raise RecordError("hands", f"K3: one hand per player ({rules.players})")
    for i, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != rules.hand_size:
            raise RecordError(f"hands[{i}]", f"K3: {rules.hand_size} cards")
    try:
        cards = [Card.parse(t) for t in sum(hands, []) + list(deal["stock"])]
    except (ValueError, TypeError) as e:
        raise RecordError("hands", str(e)) from None
    if sorted(cards, key=card_key) != french_deck(jokers=int(rules.joker)):
        raise RecordError("stock", "K1: hands and stock together must be the whole pack, each card once")
    return {"world": deal["world"], "first": deal["first"], "hands": [list(h) for h in hands],
            "stock": list(deal["stock"])}


def make_deal(hands: Sequence[str], world: str, first: int = 0, stock_top: str = "", joker: bool = False) -> dict[str, Any]:
    """A deal with chosen hands (one text per seat, e.g. ``"8S 2C 5D 9D JC"``) and the given top of
    the stock; the rest of the pack follows in pack order. For documented examples and tests. A bad
    hand, world or first player is a ``RecordError`` naming it (K1-K4), as for a deal read from a
    record, checked against the rules of that many seats and hands of that size."""
    if isinstance(hands, str) or not 2 <= len(hands) <= 7:
        raise RecordError("hands", "K1: one hand per seat, 2 to 7 of them")
    chosen = [read_hand(h, FRENCH, f"hands[{i}]") for i, h in enumerate(hands)] + [read_hand(stock_top, FRENCH, "stock")]
    twice = given_twice(c for cards in chosen for c in cards)
    if twice is not None:
        raise RecordError("hands", f"K1: {twice} is given twice")
    rest = [c for c in french_deck(jokers=int(joker)) if c not in set().union(*chosen)]
    deal = {"world": world, "first": first, "hands": [[c.ascii() for c in h] for h in chosen[:-1]],
            "stock": [c.ascii() for c in chosen[-1] + rest]}
    try:
        rules = Rules(name="made", players=len(hands), min_players=2, max_players=7,
                      hand_size=len(chosen[0]), joker=joker)
    except RulesError as error:
        raise RecordError("hands", str(error)) from None
    return read_deal(deal, rules)


def describe(event: Any, players: Sequence[str], lang: str = "en") -> str:
    """One public event in words in ``lang``, every seat by name (the table's narration,
    :func:`cardlab.games.kirifu.words.narrate`)."""
    return narrate(event, players, lang)


def new_game(rules: Rules | str = KIRIFU, seed: int | None = None, deal: dict[str, Any] | None = None,
             players: int | Sequence[str] | None = None, undo: bool = True) -> State:
    """A new game: ``rules`` a ``Rules`` or a preset name; ``players`` a count or the seats' names;
    ``undo=False`` keeps no undo snapshots (simulations)."""
    resolved: Rules = resolve_rules(sys.modules[__name__], rules)
    names = None
    if players is not None:
        names = None if isinstance(players, int) else list(players)
        count = players if isinstance(players, int) else len(players)
        if count != resolved.players:
            resolved = replace(resolved, players=count)
    return State(resolved, seed, deal, names, undo)

