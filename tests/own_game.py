"""A game that lives outside the package, for the tests of "a game is one folder": *Three tricks*.

The rules: the twelve cards 9 10 J Q K A of hearts and spades are shuffled with the game's seed;
each player is dealt ``hand`` cards (3, or 6 in the ``six-tricks`` preset) and the rest stays
face down, undealt. The leader (drawn by the seed) plays any card face up, the other player any
card; the higher rank wins the trick, whatever the suits (equal ranks: the leader), and its
winner leads the next. Whoever wins more tricks wins (equal: a draw). One decision a trick:
which card to play. Nobody sees the other hand or the undealt cards.

Everything a game gives is in this file: the engine (``Rules``, ``PRESETS``, ``ALIASES``,
``State``, ``View``, ``Action``, ``new_game``, ``make_deal``, ``describe``), the drawing
(``table_svg``, ``WIDE_WIDTH``), a table (:class:`TricksTable`), bots (``BOTS``) and the
declaration :data:`GAME`, which the tests register with ``cardlab.register`` (importing this
module registers nothing)::

    >>> game = new_game(seed=1)
    >>> game.players[game.current_player], [str(a) for a in game.legal_actions()]
    ('South', ['JS', 'AH', '9S'])
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.bots import RandomBot
from cardlab.cards import Card
from cardlab.draw import svg
from cardlab.errors import CardParseError, IllegalActionError, RecordError
from cardlab.game import TERMINAL, GameState, Outcome, check_rules, resolve_rules, rule
from cardlab.registry import GameInfo
from cardlab.widgets.table import GameTable

RANKS = ("9", "10", "J", "Q", "K", "A")
"""From low to high."""
DECK = tuple(Card(rank, suit) for suit in "HS" for rank in RANKS)
DEAL_KEYS = ("hands", "stock", "leader")


# --- rules ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rules:
    """``hand``: the cards dealt to each player, which is the number of tricks."""

    name: str = rule("three-tricks", type="string", minLength=1, maxLength=64)
    hand: int = rule(3, type="integer", minimum=1, maximum=len(DECK) // 2,
                     description="cards dealt to each player")

    def __post_init__(self) -> None:
        check_rules(self)


THREE_TRICKS = Rules()
SIX_TRICKS = Rules(name="six-tricks", hand=6)
PRESETS: dict[str, Rules] = {r.name: r for r in (THREE_TRICKS, SIX_TRICKS)}
ALIASES: dict[str, str] = {}


# --- actions and events ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """Play ``card``; the text form is the card's (``"QH"``)."""

    card: Card

    def __str__(self) -> str:
        return self.card.ascii()


Action = Play


@dataclass(frozen=True)
class Played:
    player: int
    card: Card


@dataclass(frozen=True)
class TrickWon:
    player: int
    cards: tuple[Card, Card]
    """The card led, then the card that followed."""


@dataclass(frozen=True)
class Ended:
    winner: int | None
    tricks: tuple[int, int]


def describe(event: Any, players: Sequence[str]) -> str:
    """One event in words."""
    if isinstance(event, Played):
        return f"{players[event.player]} plays {event.card}."
    if isinstance(event, TrickWon):
        return f"{players[event.player]} wins the trick ({event.cards[0]}, {event.cards[1]})."
    if event.winner is None:
        return f"A draw, {event.tricks[0]} tricks each."
    return f"{players[event.winner]} wins the game, {max(event.tricks)} tricks to {min(event.tricks)}."


# --- the deal -------------------------------------------------------------------------------------
def _card(text: Any, path: str) -> Card:
    try:
        card = Card.parse(text)
    except CardParseError as error:
        raise RecordError(path, str(error)) from None
    if card not in DECK:
        raise RecordError(path, f"{card} is not in the deck (9 to A of hearts and spades)")
    return card


def make_deal(hands: Sequence[str | Sequence[str]], stock: str | Sequence[str] | None = None,
              leader: int = 0) -> dict:
    """A deal for ``new_game(deal=...)``: the two hands (``"QH 9S AH"`` or lists of card texts),
    the undealt cards (default: the rest of the deck in its order) and the seat that leads. Every
    card of the deck appears once. Returns the JSON form; ``RecordError`` names the fault."""
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
        raise RecordError("hands", "two hands, one per seat")
    rows = [hand.split() if isinstance(hand, str) else hand for hand in hands]
    seen: dict[Card, str] = {}
    cards: list[list[Card]] = []
    for name, row in [(f"hands[{i}]", row) for i, row in enumerate(rows)] + [("stock", stock)]:
        if row is None:
            row = [c.ascii() for c in DECK if c not in seen]
        if isinstance(row, str):
            row = row.split()
        if not isinstance(row, Sequence):
            raise RecordError(name, "a list of card texts")
        cards.append([])
        for j, text in enumerate(row):
            card = _card(text, f"{name}[{j}]")
            if card in seen:
                raise RecordError(f"{name}[{j}]", f"{card} appears twice (first at {seen[card]})")
            seen[card] = f"{name}[{j}]"
            cards[-1].append(card)
    if len(cards[0]) != len(cards[1]) or not cards[0]:
        raise RecordError("hands", f"two hands of the same size, not {len(cards[0])} and {len(cards[1])} cards")
    if len(seen) != len(DECK):
        raise RecordError("stock", f"the deck's other {len(DECK) - 2 * len(cards[0])} cards, not {len(cards[2])}")
    if type(leader) is not int or leader not in (0, 1):
        raise RecordError("leader", f"the seat that leads, 0 or 1, not {leader!r:.20}")
    return {"hands": [[c.ascii() for c in row] for row in cards[:2]], "stock": [c.ascii() for c in cards[2]],
            "leader": leader}


def read_deal(deal: Any, rules: Rules) -> dict:
    """A deal in its JSON form (a record's), checked (:func:`make_deal`) against ``rules``."""
    if not isinstance(deal, dict) or set(deal) - set(DEAL_KEYS) or "hands" not in deal:
        raise RecordError("", f"a deal is an object with {', '.join(DEAL_KEYS)}")
    checked = make_deal(**deal)
    if len(checked["hands"][0]) != rules.hand:
        raise RecordError("hands", f"{rules.name} deals {rules.hand} cards each, not {len(checked['hands'][0])}")
    return checked


# --- what a seat sees, and the state ---------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """What ``player`` sees (None: a spectator, who sees both hands): ``hands`` with None for a
    hand not shown, their sizes, the undealt cards' count, the card ``led`` to the trick now, the
    ``last_trick``, the tricks won, the viewer's legal actions and the ``result``."""

    player: int | None
    players: tuple[str, str]
    current_player: int
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    hand_sizes: tuple[int, int]
    stock: int
    led: Card | None
    last_trick: tuple[Card, ...]
    tricks: tuple[int, int]
    legal: tuple[Play, ...]
    result: str


class State(GameState):
    """A game of Three tricks in progress."""

    game = "tricks"
    action_type = Play

    def __init__(self, rules: Rules = THREE_TRICKS, seed: int | None = None, deal: dict | None = None,
                 players: Sequence[str] | None = None, undo: bool = True) -> None:
        self._start(seed, undo)
        self.rules = rules
        self.players = tuple(players or ("North", "South"))
        cards = list(DECK)
        self.rng.shuffle(cards)          # drawn even when a deal is given: a record's replay leaves
        leader = self.rng.randrange(2)   # the generator where the game had it
        n = rules.hand
        self._deal = read_deal(deal, rules) if deal is not None else make_deal(
            [[c.ascii() for c in cards[:n]], [c.ascii() for c in cards[n:2 * n]]],
            [c.ascii() for c in cards[2 * n:]], leader)
        self.hands = [[Card.parse(t) for t in hand] for hand in self._deal["hands"]]
        self.stock = [Card.parse(t) for t in self._deal["stock"]]
        self.led: Card | None = None
        self.last_trick: tuple[Card, ...] = ()
        self.tricks = [0, 0]
        self._turn = self._deal["leader"]
        self._outcome: Outcome | None = None

    @property
    def current_player(self) -> int:
        return TERMINAL if self._outcome else self._turn

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[Play]:
        return [] if self._outcome else [Play(card) for card in self.hands[self._turn]]

    def action_text(self, action: Play) -> str:
        return str(action)

    def parse_action(self, text: str) -> Play:
        try:
            return Play(Card.parse(text))
        except CardParseError as error:
            raise IllegalActionError(str(error), rule="syntax") from None

    def why_illegal(self, action: Play) -> tuple[str, str]:
        return "hand", f"the player due ({self.players[self._turn]}) does not hold {action.card}"

    def initial_deal(self) -> dict:
        return {"hands": [list(h) for h in self._deal["hands"]], "stock": list(self._deal["stock"]),
                "leader": self._deal["leader"]}

    def describe(self, event: Any) -> str:
        return describe(event, self.players)

    def hidden_cards(self, player: int) -> set[Card]:
        """The other hand and the undealt cards."""
        return set(self.hands[1 - player]) | set(self.stock)

    def view(self, player: int | None = None) -> View:
        shown = tuple(tuple(h) if player in (None, seat) else None for seat, h in enumerate(self.hands))
        legal = tuple(self.legal_actions()) if player in (None, self.current_player) else ()
        result = "" if self._outcome is None else describe(self.events[-1], self.players)
        return View(player, self.players, self.current_player, shown,  # type: ignore[arg-type]
                    (len(self.hands[0]), len(self.hands[1])), len(self.stock), self.led, self.last_trick,
                    (self.tricks[0], self.tricks[1]), legal, result)

    def _apply(self, action: Play) -> None:
        seat = self._turn
        self.hands[seat].remove(action.card)
        self.events.append(Played(seat, action.card))
        if self.led is None:
            self.led, self._turn = action.card, 1 - seat
            return
        led, self.led = self.led, None
        winner = seat if RANKS.index(action.card.rank) > RANKS.index(led.rank) else 1 - seat
        self.tricks[winner] += 1
        self.last_trick = (led, action.card)
        self.events.append(TrickWon(winner, (led, action.card)))
        self._turn = winner
        if not self.hands[winner]:
            self._end()

    def _end(self) -> None:
        a, b = self.tricks
        winner = None if a == b else int(b > a)
        self._outcome = Outcome(winner, "tricks", scores=(a, b), ranking=() if winner is None else (winner, 1 - winner))
        self.events.append(Ended(winner, (a, b)))

    def __repr__(self) -> str:
        due = "over" if self._outcome else f"{self.players[self._turn]} to play"
        return f"<Three tricks: {self.tricks[0]}-{self.tricks[1]} tricks, {due}>"


def new_game(rules: Rules | str = THREE_TRICKS, seed: int | None = None, deal: dict | None = None,
             players: Sequence[str] | None = None, undo: bool = True) -> State:
    """A new game (``rules``: a ``Rules`` or a preset name; ``deal``: see :func:`make_deal`)."""
    return State(resolve_rules(sys.modules[__name__], rules), seed, deal, players, undo)


# --- the drawing ----------------------------------------------------------------------------------
W = svg.CARD_W
H = svg.card_h(W)
PAD = 16
STEP = 0.75 * W
PLAY_WIDTH = 2 * PAD + svg.row_width(len(DECK) // 2, W, STEP)
SIDE = 200
WIDE_WIDTH = round(PLAY_WIDTH + SIDE)
"""The wide layout: the score at the right of the play area; the narrow one has it below."""


def table_svg(view: View, layout: str = "wide", lang: str = "en", choices: Sequence[str] = ()) -> str:
    """The table seen by ``view.player`` (a spectator: seat 0 at the bottom): the other hand at the
    top, the trick in the middle, the viewer's hand below with ``choices`` (action texts) clickable
    and numbered (their keys). English whatever ``lang``."""
    me = 0 if view.player is None else view.player
    other = 1 - me
    rows = []
    for seat, y in ((other, PAD + 22), (me, PAD + 2 * H + 90)):
        hand = view.hands[seat]
        cards = list(hand) if hand is not None else [None] * view.hand_sizes[seat]
        targets = [c.ascii() if c is not None and c.ascii() in choices else None for c in cards]
        rows.append(svg.text_g(f"{view.players[seat]}: {view.tricks[seat]} tricks", PAD, y - 8, fill="#ffffff"))
        rows.append(svg.row_g(cards, PAD, y, W, step=STEP, targets=targets,
                              marked=[i for i, t in enumerate(targets) if t is not None]))
        rows.extend(svg.text_g(str(choices.index(t) + 1), PAD + i * STEP + 6, y + H + 16, fill="#ffffff")
                    for i, t in enumerate(targets) if t is not None)
    trick = [view.led] if view.led is not None else list(view.last_trick)
    rows.append(svg.row_g(trick, PAD, PAD + H + 50, W, step=W + 8))
    turn = view.result or f"{view.players[view.current_player]} to play"
    lines = [turn, f"{view.stock} cards undealt"]
    x, y = (PLAY_WIDTH, PAD + 20) if layout == "wide" else (PAD, PAD + 3 * H + 140)
    rows.extend(svg.text_g(line, x, y + 20 * i, fill="#ffffff", cls="cardlab-line") for i, line in enumerate(lines))
    width = WIDE_WIDTH if layout == "wide" else PLAY_WIDTH
    height = PAD + 3 * H + 130 + (0 if layout == "wide" else 50)
    return svg.document(width, height, "".join(rows), title=f"Three tricks: {turn}")


# --- computer players and the table ----------------------------------------------------------------
class GreedyBot:
    """From what its seat sees: leads its highest card; follows with the lowest card that wins the
    trick, else its lowest card."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed          # a rule with no chance in it: the seed is kept, not used

    def choose(self, state: State) -> Play:
        view = state.view(state.current_player)
        by_rank = sorted(view.legal, key=lambda a: RANKS.index(a.card.rank))
        if view.led is None:
            return by_rank[-1]
        beats = [a for a in by_rank if RANKS.index(a.card.rank) > RANKS.index(view.led.rank)]
        return (beats or by_rank)[0]


BOTS: dict[str, Any] = {"greedy": GreedyBot, "random": RandomBot}


class TricksTable(GameTable):
    """You (seat 0) against a bot of :data:`BOTS`: click a marked card, or press its number, or
    move the ring with the arrows and press Enter. A seeded table deals its next games with the
    next seeds."""

    WIDE_WIDTH = WIDE_WIDTH

    def __init__(self, rules: Rules | str = THREE_TRICKS, seed: int | None = None, bot: str = "greedy",
                 lang: str = "en") -> None:
        self.rules, self.first_seed, self.bot = rules, seed, bot
        super().__init__(lang=lang)
        self.add_class("cardlab-tricks")
        self.new_game()

    def make_state(self) -> State:
        seed = None if self.first_seed is None else self.first_seed + self.games
        self.bots = [None, BOTS[self.bot](seed)]
        return new_game(self.rules, seed=seed, players=("You", "Computer"))

    def choices(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()] if self.state.current_player == self.you else []

    def shortcuts(self) -> dict[str, str]:
        return {str(i + 1): target for i, target in enumerate(self.choices())}

    def greeting(self) -> str:
        return "Your lead: click a marked card or press its number."

    def narrate(self, events: list[Any]) -> str:
        """What the computer did (and how the trick went), else the message stays."""
        return " ".join(self.state.describe(e) for e in events) or self.message

    def draw(self) -> str:
        return table_svg(self.state.view(self.you), layout=self.layout, lang=self.lang, choices=self.choices())


GAME = GameInfo(name="tricks", title="Three tricks", engine=sys.modules[__name__],
                parts={"draw": sys.modules[__name__], "table": TricksTable, "bots": BOTS})
"""The declaration, registered by the tests (``cardlab.register(GAME)``)."""
