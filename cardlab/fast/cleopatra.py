"""Cleopatra and its relatives at simulation speed: the same rules as
:mod:`cardlab.games.cleopatra`, with cards as small ints and no events.

- :func:`beggar` — the deterministic variants (no slaps, captures under the hand, out when unable
  to play; Beggar-my-neighbour): a tight loop over deques of honour codes;
- :func:`simulate` — every variant, with slaps decided by slap models (``reaction_time()``, as
  :class:`cardlab.bots.cleopatra.SlapBot`) and reshuffles from the game's RNG;
- :func:`run` — a game from a seed (and optionally a deal) the way ``new_game`` starts it.

Each returns a :class:`Result`; ``tests/test_cleopatra_fast.py`` checks that they agree with the
engine (winner, reason, cards, tricks, steps) over more than 10,000 deals.

>>> from cardlab.games.cleopatra import BEGGAR_MY_NEIGHBOUR
>>> run(BEGGAR_MY_NEIGHBOUR, seed=0, deal={"hands": ["K-KK----K-A-----JAA--Q--J-",
...                                                  "---Q---Q-J-----J------AQ--"]})
Result(winner=1, reason='no cards', cards=7157, tricks=1007, steps=5281)
"""

from __future__ import annotations

import random
from collections import deque
from typing import NamedTuple, Sequence

from ..cards import Card, french_deck
from ..games.cleopatra import Rules, read_deal, resolve_race

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CODE = {r: i for i, r in enumerate(RANKS)}          # 0..8 number cards, 9 J, 10 Q, 11 K, 12 A


class Result(NamedTuple):
    winner: int | None
    reason: str
    cards: int
    tricks: int
    steps: int


def honour_codes(cards: Sequence[Card]) -> list[int]:
    """Cards as Beggar-my-neighbour codes: 0 for a number card, 1 J, 2 Q, 3 K, 4 A."""
    return [max(0, CODE[c.rank] - 8) for c in cards]


def rank_codes(cards: Sequence[Card]) -> list[int]:
    """Cards as rank codes 0..12 (2 … A)."""
    return [CODE[c.rank] for c in cards]


def beggar(h0: Sequence[int], h1: Sequence[int], first: int = 0, pay: Sequence[int] = (0, 1, 2, 3, 4),
           max_steps: int = 20000, loop_check: bool | str = False) -> Result:
    """Beggar-my-neighbour from honour codes (see :func:`honour_codes`); ``pay[code]`` is owed.

    ``loop_check=True`` ends a game whose position at a trick start repeats, as the engine does,
    by remembering every position. ``loop_check="brent"`` only compares each position with one
    remembered at trick 1, 2, 4, 8 … (Brent's cycle finding): much cheaper, it finds every loop,
    but later than the first repetition — so its "loop" (and "cap") results are only a signal to
    replay the game with ``loop_check=True`` (see :func:`beggar_checked`)."""
    a, b = deque(h0), deque(h1)                      # a: the player due to lead (or owed), b: the other
    if first:
        a, b = b, a
    aseat = first
    tricks = cards = steps = 0
    pile: list[int] = []
    push = pile.append
    seen: set | None = set() if loop_check is True else None
    brent = loop_check == "brent"
    mark, next_mark, trick_starts = None, 1, 0
    runs = [tuple(range(n)) for n in range(max(pay) + 1)]
    while True:
        if seen is not None:                         # a trick starts: a leads
            key = (aseat, bytes(a), bytes(b)) if aseat == 0 else (aseat, bytes(b), bytes(a))
            if key in seen:
                return Result(None, "loop", cards, tricks, steps)
            seen.add(key)
        elif brent:
            if mark is not None and aseat == mark[0] and a == mark[1] and b == mark[2]:
                return Result(None, "loop", cards, tricks, steps)
            trick_starts += 1
            if trick_starts == next_mark:
                mark, next_mark = (aseat, deque(a), deque(b)), next_mark * 2
        if not a:
            return Result(aseat ^ 1, "cannot play", cards, tricks, steps)
        if steps >= max_steps:
            return Result(None, "cap", cards, tricks, steps)
        try:                                         # a and b alternate until an honour
            while True:
                c = a.popleft()
                push(c)
                if c:
                    break
                c = b.popleft()
                push(c)
                if c:
                    a, b = b, a
                    aseat ^= 1
                    break
        except IndexError:                           # the player due had no card
            n = len(pile)
            if steps + n > max_steps:
                return _capped(max_steps - steps, cards, tricks, max_steps)
            loser = aseat if n % 2 == 0 else aseat ^ 1
            return Result(loser ^ 1, "cannot play", cards + n, tricks + (n > 0), steps + n)
        n = len(pile)
        if steps + n > max_steps:
            return _capped(max_steps - steps, cards, tricks, max_steps)
        steps += n
        owed = pay[c]
        while True:                                  # b pays a
            if steps >= max_steps:
                if not b:
                    return Result(aseat, "cannot play", cards + len(pile), tricks + 1, steps)
                return Result(None, "cap", cards + len(pile), tricks + 1, steps)
            try:
                for _ in runs[owed]:
                    c = b.popleft()
                    push(c)
                    if c:
                        break
            except IndexError:                       # b cannot pay: did this run play a card?
                played = pile[-1] == 0
                return Result(aseat, "cannot play", cards + len(pile), tricks + 1, steps + played)
            steps += 1
            if c:                                    # an honour: roles reverse
                a, b = b, a
                aseat ^= 1
                owed = pay[c]
                continue
            a.extend(pile)                           # paid in full: a takes the pile
            cards += len(pile)
            tricks += 1
            pile.clear()
            if not b:
                return Result(aseat, "no cards", cards, tricks, steps)
            break


def _capped(played: int, cards: int, tricks: int, max_steps: int) -> Result:
    """The step cap falls inside a run of single-card steps after ``played`` more cards."""
    return Result(None, "cap", cards + played, tricks + (played > 0), max_steps)


def simulate(rules: Rules, hands: Sequence[Sequence[int]], first: int, rng: random.Random,
             slappers: Sequence[object | None] = (None, None), slaps: list[int] | None = None) -> Result:
    """Any variant from rank codes (see :func:`rank_codes`); ``rng`` is the game's RNG after the
    deal; ``slappers[seat]`` is a slap model (``reaction_time()``) or None (never slaps);
    ``slaps[seat]``, if given, counts the slaps each seat wins (C10)."""
    pay = [0] * 9 + [rules.jack, rules.queen, rules.king, rules.ace]
    cls = list(range(13))
    if rules.slaps == "same_rank_or_faces":
        cls[9] = cls[10] = cls[11] = 9
    slapping = rules.slaps != "none" and any(s is not None for s in slappers)
    sandwich, under_hand = rules.sandwich, rules.captures == "under_hand"
    out_when_empty, max_steps, loop = rules.lose == "no_cards", rules.max_steps, rules.deterministic
    hand = [list(hands[0]), list(hands[1])]
    won: list[list[int]] = [[], []]
    pile: list[int] = []
    seen: set = set()
    turner, owed, creditor = first, 0, 0
    step, last, fresh, cards, tricks = 0, -1, True, 0, 0

    def result(winner: int | None, reason: str) -> Result:
        return Result(winner, reason, cards, tricks + (1 if pile else 0), step)

    def trick_start() -> Result | None:
        key = (turner, tuple(pay[c] and c for c in hand[0]), tuple(pay[c] and c for c in hand[1]))
        if key in seen:
            return result(None, "loop")
        seen.add(key)
        return None

    def settle() -> Result | None:
        """C9 reshuffle for the player due, or their loss; then the step cap."""
        if not hand[turner]:
            if not won[turner]:
                return result(turner ^ 1, "cannot play")
            cards_won, won[turner] = won[turner], []
            rng.shuffle(cards_won)
            hand[turner] = cards_won
        if (fresh or turner != last) and step >= max_steps:
            return result(None, "cap")
        return None

    def capture(seat: int) -> Result | None:
        nonlocal tricks, owed, turner, fresh
        (hand if under_hand else won)[seat].extend(pile)
        pile.clear()
        tricks += 1
        owed, turner, fresh = 0, seat, True
        if not hand[seat ^ 1] and not won[seat ^ 1]:
            return result(seat, "no cards")
        return trick_start() if loop else None

    done = trick_start() if loop else None
    while done is None:
        done = settle()
        if done:
            break
        s = turner
        h = hand[s]
        c = h.pop(0)
        if fresh or s != last:
            step += 1
            fresh = False
        last = s
        pile.append(c)
        cards += 1
        if out_when_empty and not h and not won[s]:
            return result(s ^ 1, "no cards")
        if pay[c]:
            owed, creditor, turner = pay[c], s, s ^ 1
        elif owed:
            owed -= 1
            if not owed:
                done = capture(creditor)
                continue
        else:
            turner = s ^ 1
        if slapping and len(pile) >= 2 and (cls[pile[-2]] == cls[c] or (
                sandwich and len(pile) >= 3 and pile[-3] == c)):
            done = settle()
            if done:
                break
            times = [(seat, t) for seat, t in ((0, _react(slappers[0])), (1, _react(slappers[1])))
                     if t is not None]
            if times:
                winner = resolve_race(times, rng)
                if slaps is not None:
                    slaps[winner] += 1
                done = capture(winner)
    return done


def _react(bot: object | None) -> int | None:
    return bot.reaction_time() if bot is not None else None  # type: ignore[attr-defined]


_RED = [CODE[c.rank] for c in french_deck() if c.color == "red"]
_BLACK = [CODE[c.rank] for c in french_deck() if c.color == "black"]
_PACK = [CODE[c.rank] for c in french_deck()]


def deal_codes(rules: Rules, rng: random.Random) -> tuple[list[list[int]], int]:
    """:func:`cardlab.games.cleopatra_patterns.seeded_deal` as rank codes, without making cards.

    The same calls on ``rng`` shuffle lists of the same length in the same pack order, so the
    permutation, and so the deal, is the engine's."""
    first = rng.randrange(2) if rules.first == "random" else "XY".index(rules.first)
    if rules.deal == "colour":
        red, black = _RED[:], _BLACK[:]
        rng.shuffle(red)
        rng.shuffle(black)
        own, other = (red, black) if rules.first_colour == "red" else (black, red)
        return ([own, other] if first == 0 else [other, own]), first
    deck = _PACK[:]
    rng.shuffle(deck)
    return [deck[0::2], deck[1::2]], first


def beggar_checked(h0: Sequence[int], h1: Sequence[int], first: int, pay: Sequence[int],
                   max_steps: int) -> Result:
    """:func:`beggar` with the engine's exact loop check, at about the cost of no check: play with
    Brent's check, and replay the rare game that loops or hits the cap with the exact one."""
    result = beggar(h0, h1, first, pay, max_steps, "brent")
    if result.reason in ("loop", "cap"):
        result = beggar(h0, h1, first, pay, max_steps, True)
    return result


def run_dealt(rules: Rules, hands: Sequence[Sequence[int]], first: int, rng: random.Random,
              slappers: Sequence[object | None] = (None, None), loop_check: bool = True,
              slaps: list[int] | None = None) -> Result:
    """A game from a deal in rank codes; ``rng`` is the game's RNG after the deal; ``slaps``
    as in :func:`simulate`."""
    if rules.deterministic and rules.lose == "cannot_play":
        pay = (0, rules.jack, rules.queen, rules.king, rules.ace)
        honours = [[max(0, c - 8) for c in h] for h in hands]
        if loop_check:
            return beggar_checked(honours[0], honours[1], first, pay, rules.max_steps)
        return beggar(honours[0], honours[1], first, pay, rules.max_steps)
    return simulate(rules, hands, first, rng, slappers, slaps)


def run(rules: Rules, seed: int | None, deal: dict | None = None,
        slappers: Sequence[object | None] = (None, None), loop_check: bool = True) -> Result:
    """A whole game as ``new_game(rules, seed, deal)`` would play it with these slap models."""
    rng = random.Random(seed)
    codes, first = deal_codes(rules, rng)
    if deal is not None:
        hands, first = read_deal(deal)
        codes = [rank_codes(h) for h in hands]
    return run_dealt(rules, codes, first, rng, slappers, loop_check)
