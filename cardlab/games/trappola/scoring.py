"""Trappola's ranking, card points, declarations and the score sheet of a deal (T1, T2, T9, T11–T15).

Pure functions over plain values, shared by the engine (``cardlab.games.trappola``), the
drawing and the bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from cardlab.cards import Card
from cardlab.errors import Reason

if TYPE_CHECKING:  # pandas only when a frame is asked for
    import pandas as pd

RANKS: tuple[str, ...] = ("A", "R", "C", "F", "10", "9", "8", "7", "2")
"""T1: ranks of a suit, high to low."""
STRENGTH: dict[str, int] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
POINTS: dict[str, int] = {"A": 6, "R": 5, "C": 4, "F": 3}
"""T2: card points (72 in the pack); ranks not listed count 0."""
DECLARABLE: tuple[str, ...] = ("A", "R", "C", "F", "2")
"""T7: the ranks that may be declared as three or four of a kind."""
DECLARATION_VALUES: dict[str, tuple[int, int]] = {
    "A": (12, 24), "R": (6, 12), "C": (6, 12), "F": (6, 12), "2": (10, 20)}
"""T9: (three, four) for each declarable rank."""
TWO_BONUS = 10      # T12
LAST_TRICK = 6      # T13
STREAK_VALUES: dict[int, int] = {1: 26, 2: 52, 3: 78, 4: 104}  # T14 (4 only in ``four_twos_104``)
TRICKS_PER_DEAL = 9
RANK_POINTS: tuple[int, ...] = tuple(POINTS.get(r, 0) for r in RANKS)
"""T2 by rank index (``RANKS`` order): the points of the fast paths' int cards ``suit * 9 + index``."""
TWO_INDEX = RANKS.index("2")


def card_points(cards: Iterable[Card]) -> int:
    """T2: the card points of some cards."""
    return sum(POINTS.get(c.rank, 0) for c in cards)


def beats(card: Card, lead: Card) -> bool:
    """T11: does ``card``, played second, beat ``lead``? Only a higher card of the led suit does."""
    return card.suit == lead.suit and STRENGTH[card.rank] > STRENGTH[lead.rank]


def trick_reason(card: Card, lead: Card) -> Reason:
    """T11: why ``card``, played second to ``lead``, takes the trick (``"higher"``: higher, of the
    suit led) or not (``"lower"``, ``"other-suit"``): the engine's classifier of a trick, which the
    exercises explain; whether it takes the trick is :func:`beats`, the players' fast test."""
    key = "higher" if beats(card, lead) else "other-suit" if card.suit != lead.suit else "lower"
    return Reason("T11", key, {"card": card.ascii(), "lead": lead.ascii()})


def announcement(rank: str, count: int) -> str:
    """T7: what is said aloud: ``"three"``/``"four"``, aces named (``"three aces"``)."""
    word = "three" if count == 3 else "four"
    return f"{word} aces" if rank == "A" else word


def declaration_value(rank: str, count: int) -> int:
    """T9: the points of a declared three or four of ``rank``."""
    return DECLARATION_VALUES[rank][count - 3]


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the two cards in play order, who won it."""

    leader: int
    lead: Card
    follow: Card
    winner: int

    @property
    def cards(self) -> tuple[Card, Card]:
        return (self.lead, self.follow)

    @property
    def winning_card(self) -> Card:
        return self.lead if self.winner == self.leader else self.follow

    def card_of(self, player: int) -> Card:
        return self.lead if player == self.leader else self.follow


def closing_streak(tricks: Sequence[Trick], longest: int) -> tuple[int | None, int]:
    """T14: ``(player, length)`` of the run of last tricks won by one player, each with a 2.

    The length is capped at ``longest`` (3, or 4 with ``four_twos_104``); ``(None, 0)`` if the
    last trick was not won with a 2.
    """
    if len(tricks) < TRICKS_PER_DEAL or tricks[-1].winning_card.rank != "2":
        return None, 0
    player, n = tricks[-1].winner, 0
    for t in reversed(tricks):
        if n == longest or t.winner != player or t.winning_card.rank != "2":
            break
        n += 1
    return player, n


@dataclass(frozen=True)
class Declaration:
    """A declared three or four of a kind (T7)."""

    player: int
    rank: str
    count: int

    @property
    def said(self) -> str:
        return announcement(self.rank, self.count)

    @property
    def value(self) -> int:
        return declaration_value(self.rank, self.count)


#: the score sheet's lines (T15): the field of each, whose label is the words' ``row_<field>``, and
#: the rules it scores by
SHEET_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cards", ("T2", "T15")), ("twos", ("T12",)), ("last_trick", ("T13",)), ("streak", ("T14",)),
    ("declarations", ("T9",)), ("total", ()))


@dataclass(frozen=True)
class DealSheet:
    """The score sheet of one deal: each field is a pair (seat 0, seat 1)."""

    deal: int
    dealer: int
    cards: tuple[int, int]
    twos: tuple[int, int]
    last_trick: tuple[int, int]
    streak: tuple[int, int]
    declarations: tuple[int, int]
    declared: tuple[Declaration, ...]
    streak_length: int

    @property
    def total(self) -> tuple[int, int]:
        a, b = (self.cards[p] + self.twos[p] + self.last_trick[p] + self.streak[p] + self.declarations[p]
                for p in (0, 1))
        return a, b

    def rows(self, names: Sequence[str] = ("player 0", "player 1"), lang: str = "en") -> list[dict[str, Any]]:
        """One dict per line of the sheet (``item``, its label in ``lang`` with the rules it scores
        by, then one column per player)."""
        from .words import WORDS

        def label(key: str, rules: tuple[str, ...]) -> str:
            cited = WORDS.say(lang, "sheet_rules", rules=WORDS.say(lang, "sheet_rules_sep").join(rules))
            return WORDS.say(lang, f"row_{key}") + (cited if rules else "")
        return [{"item": label(key, rules), names[0]: getattr(self, key)[0], names[1]: getattr(self, key)[1]}
                for key, rules in SHEET_ROWS]

    def frame(self, names: Sequence[str] = ("player 0", "player 1"), lang: str = "en") -> "pd.DataFrame":
        """The sheet as a pandas DataFrame indexed by item (its labels in ``lang``)."""
        import pandas as pd
        from .words import WORDS
        return pd.DataFrame(self.rows(names, lang)).set_index("item").rename_axis(WORDS.say(lang, "sheet_item"))


def deal_sheet(deal: int, dealer: int, tricks: Sequence[Trick], declared: Sequence[Declaration],
               longest_streak: int) -> DealSheet:
    """T12–T15: score a finished deal of nine tricks."""
    cards, twos, last = [0, 0], [0, 0], [0, 0]
    for t in tricks:
        cards[t.winner] += card_points(t.cards)
        if t.winning_card.rank == "2":
            twos[t.winner] += TWO_BONUS
    streak = [0, 0]
    player, n = closing_streak(tricks, longest_streak)
    if player is None:
        last[tricks[-1].winner] = LAST_TRICK
    else:
        streak[player] = STREAK_VALUES[n]
        twos[player] -= TWO_BONUS * n  # T14: instead of the 10s of those tricks and the 6
    decl = [0, 0]
    for d in declared:
        decl[d.player] += d.value
    return DealSheet(deal, dealer, (cards[0], cards[1]), (twos[0], twos[1]), (last[0], last[1]),
                     (streak[0], streak[1]), (decl[0], decl[1]), tuple(declared), n)
