"""The exact value of every card in a Trappola position with both hands known (double dummy), on
the compiled solver :mod:`.kernel_solver` (plain Python on the site).

A card's value is the points the rest of the deal adds, the mover's minus the opponent's, as the
deal's score sheet will show them, both playing perfectly: card points (T2, T15), the 2s (T12),
the last trick (T13) or the closing streak (T14, which also takes back the 10s of the streak's
tricks already won), and the declarations still to be made (T7–T9).

Declarations are decided apart from the card play: what a seat may declare only shrinks as the
deal goes on (its count of a rank never grows, a played card of the rank bars it, T7, and a taken
fourth card bars a three, T8), and declaring costs nothing with both hands known, so declaring
everything eligible at once is dominant. The mover's eligible declarations, and those the opponent
will make at their next turn, add the same constant to every card (:func:`declarations_ahead`).
This holds in every position where the opponent, if they led the trick in progress, declared what
they could before leading (the kit's players all do: it is dominant); ``tests/test_trappola_solver.py``
proves it against a minimax over the engine that may also not declare.

>>> from cardlab.games.trappola.engine import KEEP_ACTION, SINGLE_DEAL, make_deal, new_game
>>> g = new_game(SINGLE_DEAL, deal=make_deal(["AS RS CS FS 10S 9S 8S 7S 2S",
...                                           "AB RB CB FB 10B 9B 8B 7B 2B"], dealer=1))
>>> g.apply(KEEP_ACTION); g.apply(KEEP_ACTION)
>>> values = card_values(g)
>>> values[Card.parse("2S", ITALIAN)], values[Card.parse("AS", ITALIAN)]
(52, 62)
"""

from __future__ import annotations

import threading
from typing import Sequence

from cardlab.cards import ITALIAN, Card  # noqa: F401  (the doctest's names)
from cardlab.kernels.jit import PLAIN, np

from .engine import PLAY, State, View
from .kernel_search import INDEX
from .kernel_solver import new_table, root_values
from .scoring import Trick, declaration_value

TABLE_SIZE = 1 << 12 if PLAIN else 1 << 18
"""Rows of the transposition table (plain Python lists on the site: kept small)."""
_tables = threading.local()


def table(longest: int) -> np.ndarray:
    """This thread's transposition table for streaks up to ``longest`` (kept between solves: its
    rows are exact facts about positions, whatever deal they come from)."""
    tables = getattr(_tables, "by_longest", None)
    if tables is None:
        tables = _tables.by_longest = {}
    if longest not in tables:
        tables[longest] = new_table(TABLE_SIZE)
    return tables[longest]


def mask(cards: Sequence[Card]) -> int:
    """The cards as the solver's bit mask."""
    bits = 0
    for c in cards:
        bits |= 1 << INDEX[c]
    return bits


def streak_state(tricks: Sequence[Trick], longest: int) -> tuple[int, int]:
    """T14: ``(owner, length)`` of the run of the last tricks won by one player each with a 2,
    the length capped at ``longest`` (``(-1, 0)`` if the last trick was not won with a 2)."""
    owner, n = -1, 0
    for t in reversed(tricks):
        if t.winning_card.rank != "2" or (n and t.winner != owner) or n == longest:
            break
        owner, n = t.winner, n + 1
    return owner, n


def solve_hands(hands: Sequence[Sequence[Card]], mover: int, trick: Sequence[Card],
                tricks: Sequence[Trick], longest: int) -> dict[Card, int]:
    """The card-play value of each card ``mover`` may play (declarations apart): ``hands`` by
    seat, ``trick`` the card led to the trick in progress (if any), ``tricks`` the deal's tricks
    so far (for the closing streak)."""
    owner, run = streak_state(tricks, longest)
    out = np.zeros(36, np.int64)
    h = mask(hands[0]), mask(hands[1])
    lead = INDEX[trick[0]] if trick else -1
    root_values(h[0], h[1], mover, lead, owner, run, longest, table(longest), out)
    led = [c for c in hands[mover] if trick and c.suit == trick[0].suit]
    return {c: int(out[INDEX[c]]) for c in (led or hands[mover])}


def card_values(state: State) -> dict[Card, int]:
    """The exact value of each card the player to move in ``state`` (a deal's card play) may play,
    declarations included (see the module)."""
    if state.phase != PLAY:
        raise ValueError(f"the solver needs a deal's card play, not the {state.phase} phase")
    view = state.view(None)
    extra = declarations_ahead(state)
    return {c: v + extra for c, v in view_values(view, state.hands).items()}


def view_values(view: View, hands: Sequence[Sequence[Card]]) -> dict[Card, int]:
    """The card-play values (declarations apart) of the cards the player to move in ``view`` may
    play, the seats holding ``hands``."""
    return solve_hands(hands, view.current_player, view.trick, view.tricks, view.rules.longest_streak)


def declarations_ahead(state: State) -> int:
    """T7–T9: the declarations the mover may make now minus those the opponent may make, each
    three or four at its value (the mover's side): the same for every card."""
    me = state.to_move
    total = 0
    for p in (0, 1):
        for rank in state.declarable(p):
            n = sum(c.rank == rank for c in state.hands[p])
            total += declaration_value(rank, n) * (1 if p == me else -1)
    return total
