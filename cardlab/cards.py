"""Playing cards: a frozen ``Card`` value, the French 52 (+ jokers) and the Italian 36 packs.

A card has no ordering: each game ranks cards its own way. Text forms round-trip::

    >>> Card.parse("QH") == Card.parse("Q♥") == Card("Q", "H")
    True
    >>> str(Card.parse("10d"))
    '10♦'
    >>> str(Card.parse("RC", pack=ITALIAN))   # re di coppe, king of cups
    'RC'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .errors import CardlabError, CardParseError, RecordError

FRENCH = "french"
ITALIAN = "italian"

FRENCH_RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FRENCH_SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER = "Joker"
JOKER_COLOURS = {"R": "red", "B": "black"}

# Italian suits have their own codes so that an Italian card never equals a French one.
ITALIAN_RANKS: tuple[str, ...] = ("A", "R", "C", "F", "10", "9", "8", "7", "2")
ITALIAN_SUITS: tuple[str, ...] = ("spade", "bastoni", "coppe", "denari")
ITALIAN_LETTERS = {"spade": "S", "bastoni": "B", "coppe": "C", "denari": "D"}
ITALIAN_SUIT_ENGLISH = {"spade": "swords", "bastoni": "batons", "coppe": "cups", "denari": "coins"}
ITALIAN_SUIT_CZECH = {"spade": "Špády", "bastoni": "Baštony", "coppe": "Kopy", "denari": "Denáry"}
ITALIAN_RANK_NAMES = {"A": "asso", "R": "re", "C": "cavallo", "F": "fante"}
ITALIAN_RANK_ENGLISH = {"A": "ace", "R": "king", "C": "knight", "F": "jack"}
FRENCH_RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
#: the Japanese names: the Trappola source's for the Italian suits and court cards (剣・杖・カップ・貨幣;
#: 王・騎士・歩兵), the usual ones for the French suits
ITALIAN_SUIT_JAPANESE = {"spade": "剣", "bastoni": "杖", "coppe": "カップ", "denari": "貨幣"}
ITALIAN_RANK_JAPANESE = {"R": "王", "C": "騎士", "F": "歩兵"}
SUIT_JAPANESE = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
JOKER_JAPANESE = {"R": "赤のジョーカー", "B": "黒のジョーカー"}

_FRENCH_SUIT_ALIASES = {**{s: s for s in FRENCH_SUITS}, **{v: k for k, v in SUIT_SYMBOLS.items()},
                        "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_ALIASES = {"T": "10", "1": "A"}
_FRENCH_VALID = "write rank then suit, e.g. 'QH', 'Q♥', '10D', 'TD', '2♣' (ranks 2-10 J Q K A, suits S H D C or ♠ ♥ ♦ ♣), or 'JokerR'/'JokerB'"
_ITALIAN_VALID = "write rank then suit letter, e.g. 'RC', 'AS', '10D', 'FB' (ranks A R C F 10 9 8 7 2; suits S spade, B bastoni, C coppe, D denari)"


_INTERNED: dict[tuple[str, str], "Card"] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. ``rank`` and ``suit`` are codes; Jokers have rank ``"Joker"`` and suit ``"R"``/``"B"``.

    Cards are interned: ``Card("Q", "H") is Card("Q", "H")``, so equality and hashing are by
    identity (fast in the engines' inner loops) and copying a card gives the same card. (As with
    strings, the order of a *set* of cards is not the same from one process to the next: engines
    iterate lists, never sets, when the order matters.)
    """

    rank: str
    suit: str

    def __new__(cls, rank: str, suit: str) -> "Card":
        return _INTERNED.get((rank, suit)) or object.__new__(cls)

    def __post_init__(self) -> None:
        if (self.rank, self.suit) in _INTERNED:
            return
        ok = ((self.rank in FRENCH_RANKS and self.suit in FRENCH_SUITS)
              or (self.rank in ITALIAN_RANKS and self.suit in ITALIAN_SUITS)
              or (self.rank == JOKER and self.suit in JOKER_COLOURS))
        if not ok:
            pack = ITALIAN if self.suit in ITALIAN_SUITS else FRENCH
            raise CardParseError(f"{self.rank}/{self.suit}", pack, "no such rank and suit")
        _INTERNED[(self.rank, self.suit)] = self

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Card":
        return self

    @property
    def pack(self) -> str:
        """``"french"`` or ``"italian"``."""
        return ITALIAN if self.suit in ITALIAN_SUITS else FRENCH

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def color(self) -> str:
        """``"red"`` or ``"black"`` for French cards and jokers; the suit for Italian cards."""
        if self.is_joker:
            return JOKER_COLOURS[self.suit]
        if self.suit in ("H", "D"):
            return "red"
        if self.suit in ("S", "C"):
            return "black"
        return self.suit

    @property
    def symbol(self) -> str:
        """The suit as a symbol (♠ ♥ ♦ ♣) or, for Italian cards, its letter."""
        if self.is_joker:
            return "🃏"
        return SUIT_SYMBOLS.get(self.suit) or ITALIAN_LETTERS[self.suit]

    @property
    def name(self) -> str:
        """A spoken name: ``"queen of hearts"``, ``"re di coppe (king of cups)"``."""
        if self.is_joker:
            return f"{JOKER_COLOURS[self.suit]} joker"
        if self.pack == ITALIAN:
            it = ITALIAN_RANK_NAMES.get(self.rank, self.rank)
            en = ITALIAN_RANK_ENGLISH.get(self.rank, self.rank)
            return f"{it} di {self.suit} ({en} of {ITALIAN_SUIT_ENGLISH[self.suit]})"
        return f"{FRENCH_RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    def spoken(self, lang: str = "en") -> str:
        """The card's spoken name in ``lang``: :attr:`name` in English; ``"ハートのQ"``, ``"カップの王"``
        in Japanese."""
        if lang == "en":
            return self.name
        if self.is_joker:
            return JOKER_JAPANESE[self.suit]
        if self.pack == ITALIAN:
            return f"{ITALIAN_SUIT_JAPANESE[self.suit]}の{ITALIAN_RANK_JAPANESE.get(self.rank, self.rank)}"
        return f"{SUIT_JAPANESE[self.suit]}の{self.rank}"

    def ascii(self) -> str:
        """ASCII text form: ``"QH"``, ``"10D"``, ``"RC"``, ``"JokerR"``."""
        if self.is_joker:
            return JOKER + self.suit
        return self.rank + (ITALIAN_LETTERS.get(self.suit) or self.suit)

    def __str__(self) -> str:
        if self.is_joker or self.pack == ITALIAN:
            return self.ascii()
        return self.rank + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def _repr_svg_(self) -> str:
        from .draw.svg import card_svg
        return card_svg(self)

    def picture(self, lang: str = "en") -> Any:
        """The card's picture as a notebook shows it, named (its title) in ``lang``."""
        from .draw.svg import CardPicture
        return CardPicture(self, lang)

    @classmethod
    def parse(cls, text: str, pack: str = FRENCH) -> "Card":
        """Read a card from text; raises ``CardParseError`` quoting the input and the valid forms."""
        if pack not in (FRENCH, ITALIAN):
            raise ValueError(f"pack must be {FRENCH!r} or {ITALIAN!r}, not {pack!r}")
        card = _PARSE_CACHE[pack].get(text) if isinstance(text, str) else None
        if card is None:
            card = _parse_uncached(text, pack)
            _PARSE_CACHE[pack][text] = card
        return card


def _parse_uncached(text: object, pack: str) -> Card:
    valid = _ITALIAN_VALID if pack == ITALIAN else _FRENCH_VALID
    if not isinstance(text, str):
        raise CardParseError(text, pack, valid)
    t = text.strip()
    if pack == FRENCH and t.lower() in ("jokerr", "jokerb", "🃏r", "🃏b"):
        return Card(JOKER, t[-1].upper())
    if len(t) < 2:
        raise CardParseError(text, pack, valid)
    rank, suit = t[:-1].upper(), t[-1]
    rank = _RANK_ALIASES.get(rank, rank) if pack == FRENCH else rank
    if pack == FRENCH:
        code = _FRENCH_SUIT_ALIASES.get(suit) or _FRENCH_SUIT_ALIASES.get(suit.upper())
        if rank in FRENCH_RANKS and code:
            return Card(rank, code)
    else:
        by_letter = {v: k for k, v in ITALIAN_LETTERS.items()}
        code = by_letter.get(suit.upper())
        if rank in ITALIAN_RANKS and code:
            return Card(rank, code)
    raise CardParseError(text, pack, valid)


_PARSE_CACHE: dict[str, dict[str, Card]] = {FRENCH: {}, ITALIAN: {}}


def parse_cards(text: str | Iterable[str], pack: str = FRENCH) -> list[Card]:
    """Read several cards: ``"5S 10H QD"``, ``"5S,10H"`` or a list of strings."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item, pack) for item in items]


def read_hand(text: str | Iterable[str], pack: str, path: str) -> list[Card]:
    """:func:`parse_cards` for a deal reader: a card that does not read, or one given twice, is a
    ``RecordError`` naming ``path`` (``hands[1]``)."""
    try:
        cards = parse_cards(text, pack)
    except CardlabError as error:
        raise RecordError(path, str(error)) from None
    twice = given_twice(cards)
    if twice is not None:
        raise RecordError(path, f"{twice} is given twice")
    return cards


def given_twice(cards: Iterable[Card]) -> Card | None:
    """The first card that comes a second time in ``cards``, or None."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def french_deck(jokers: int = 0) -> list[Card]:
    """The 52-card French pack, suit by suit (♠ ♥ ♦ ♣, 2 … A), with up to two jokers at the end."""
    if not 0 <= jokers <= 2:
        raise ValueError(f"jokers must be 0, 1 or 2, not {jokers!r}")
    return list(_FRENCH_DECK) + [Card(JOKER, c) for c in ("R", "B")[:jokers]]


def italian_deck() -> list[Card]:
    """The 36-card Italian pack of Trappola: swords, batons, cups, coins; A R C F 10 9 8 7 2."""
    return list(_ITALIAN_DECK)


def cards_text(cards: Iterable[Card], ascii: bool = False) -> str:
    """Cards as one line of text, space separated."""
    return " ".join(c.ascii() if ascii else str(c) for c in cards)


_FRENCH_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in FRENCH_SUITS for r in FRENCH_RANKS)
_ITALIAN_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in ITALIAN_SUITS for r in ITALIAN_RANKS)
