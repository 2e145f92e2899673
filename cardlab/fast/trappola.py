"""Trappola between two random players at simulation speed.

The same decisions as two :class:`cardlab.bots.RandomBot` playing the engine
(:mod:`cardlab.games.trappola`): the deal comes from the game's seed exactly as ``new_game`` makes
it, each bot draws uniformly among the legal actions *in the engine's order* with its own seeded
RNG, so the two paths consume the same random numbers. Cards are ints ``suit * 9 + r`` (``r`` 0
for the ace … 8 for the 2), as in :mod:`cardlab.bots.trappola_fast`.
``tests/test_sim_trappola.py`` checks over many deals that the rows agree.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..games.trappola import TRAPPOLA, Rules
from ..games.trappola_scoring import DECLARATION_VALUES, LAST_TRICK, STREAK_VALUES, TWO_BONUS
from ..games.trappola_scoring import RANK_POINTS as PTS
from ..games.trappola_scoring import TWO_INDEX as TWO

DECLARABLE_R = (0, 1, 2, 3, 8)  # A R C F 2, in the engine's order (T7)
_DECL_VALUE = tuple(DECLARATION_VALUES[k] for k in ("A", "R", "C", "F", "2"))


def random_game(seed: int, bot_seeds: Sequence[int], rules: Rules = TRAPPOLA) -> dict[str, Any]:
    """A whole game (one deal, or deals to the target) between two random players.

    Returns the statistics row of :func:`cardlab.sim.trappola.engine_row` for the same game."""
    rng = random.Random(seed)
    bots = [random.Random(bot_seeds[0]), random.Random(bot_seeds[1])]
    dealer = first_dealer = rng.randrange(2)
    order = list(range(36))
    rng.shuffle(order)
    totals = [0, 0]
    stats = {"exchanges": [0, 0], "declarations": [0, 0], "declaration_points": [0, 0],
             "twos_won": [0, 0], "streaks": 0, "tricks": 0, "actions": 0}
    deals = 0
    while True:
        points = _deal(order, dealer, bots, rules, stats)
        deals += 1
        totals[0] += points[0]
        totals[1] += points[1]
        target = rules.target
        if target is None or (max(totals) >= target and totals[0] != totals[1]):
            break
        order = list(range(36))
        rng.shuffle(order)
        dealer = 1 - dealer
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    row = {"winner": winner, "points_0": totals[0], "points_1": totals[1], "deals": deals,
           "dealer": first_dealer}
    for key in ("exchanges", "declarations", "declaration_points", "twos_won"):
        row[f"{key}_0"], row[f"{key}_1"] = stats[key]
    row.update(streaks=stats["streaks"], tricks=stats["tricks"], actions=stats["actions"])
    return row


def _deal(order: list[int], dealer: int, bots: list[random.Random], rules: Rules,
          stats: dict[str, Any]) -> list[int]:
    """One deal (T3–T15); updates ``stats`` and returns the deal's points per seat."""
    first = 1 - dealer
    hands: list[list[int]] = [[], []]
    hands[first] += order[0:4] + order[8:13]
    hands[dealer] += order[4:8] + order[13:18]
    stock = order[18:]
    # exchange phase (T4, T5): the bot draws among ["exchange", "keep"] or ["keep"]
    p, discarded = first, 0
    while True:
        stats["actions"] += 1
        if bots[p].randrange(2 if len(stock) >= 9 else 1) == 0 and len(stock) >= 9:
            stats["exchanges"][p] += 1
            hands[p], stock = stock[:9], stock[9:]
            if p != dealer:
                discarded += 1
            if stock and (p == dealer or discarded < 2):
                continue  # the same player may exchange again
        if p == dealer or not stock:
            break
        p = dealer
    # card play (T7–T15)
    to_move, trick_lead = first, -1
    played = [set(), set()]   # ranks each seat has played in finished tricks
    taken = [set(), set()]    # ranks in the tricks each seat has won
    declared = [set(), set()]
    past: list[tuple[int, bool]] = []
    score = [0, 0]
    declared_points = [0, 0]
    anyone = rules.t8_by_anyone
    while hands[0] or hands[1]:
        hand = hands[to_move]
        options: list[int] = []
        for r in DECLARABLE_R:
            if r in played[to_move] or r in declared[to_move]:
                continue
            n = sum(1 for c in hand if c % 9 == r)
            if n == 4 or (n == 3 and r not in (taken[0] | taken[1] if anyone else taken[to_move])):
                options.append(-1 - r)
        if trick_lead >= 0:
            suit = trick_lead // 9
            cards = [c for c in hand if c // 9 == suit] or list(hand)
        else:
            cards = list(hand)
        options += cards
        stats["actions"] += 1
        choice = options[bots[to_move].randrange(len(options))]
        if choice < 0:
            r = -1 - choice
            n = sum(1 for c in hand if c % 9 == r)
            declared[to_move].add(r)
            stats["declarations"][to_move] += 1
            declared_points[to_move] += _DECL_VALUE[DECLARABLE_R.index(r)][n - 3]
            continue
        hand.remove(choice)
        if trick_lead < 0:
            trick_lead, to_move = choice, 1 - to_move
            continue
        leader = 1 - to_move
        won = choice // 9 == trick_lead // 9 and choice < trick_lead
        winner = to_move if won else leader
        best = choice if won else trick_lead
        two = best % 9 == TWO
        score[winner] += PTS[trick_lead % 9] + PTS[choice % 9] + (TWO_BONUS if two else 0)
        stats["twos_won"][winner] += two
        past.append((winner, two))
        played[leader].add(trick_lead % 9)
        played[to_move].add(choice % 9)
        taken[winner].update((trick_lead % 9, choice % 9))
        trick_lead, to_move = -1, winner
    stats["tricks"] += len(past)
    winner, two = past[-1]
    if not two:
        score[winner] += LAST_TRICK
    else:
        n = 0
        for w, t in reversed(past):
            if n == rules.longest_streak or w != winner or not t:
                break
            n += 1
        score[winner] += STREAK_VALUES[n] - TWO_BONUS * n
        stats["streaks"] += 1
    for q in (0, 1):
        score[q] += declared_points[q]
        stats["declaration_points"][q] += declared_points[q]
    return score
