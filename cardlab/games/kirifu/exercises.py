"""Kirifu's exercises on the rules (issue 25), from positions of real games (the rule-of-thumb
players'), each answer what the engine does:

- ``"cutters"`` — you are passed a card: how many cards of your hand can cut it (K5–K7)? A number.
- ``"cut_or_take"`` — can this one card of your hand cut the card passed (K5–K7)?
- ``"refill"`` — your turn ends with so many cards and the stock holds so many: how many do you
  draw (K12)? A number.

Each is put to the reader as the seat that answers: "you" (「あなた」) in the question and the
explanation, as in the picture (drawn as that seat sees the table, the others by name).
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from cardlab.cards import Card
from cardlab.exercises import Exercise, choice_exercise, find, phrase
from cardlab.words import Phrase, Words

from .bots import ThumbBot
from .draw import table_svg
from .engine import RECEIVE, State, new_game
from .events import Drew
from .moves import cut_reason, sort_cards
from .words import REFUSALS, suit_name

KINDS = ("cutters", "cut_or_take", "refill")
"""The kinds of exercise, in the order the notebook asks them."""

WORDS = Words(
    en={
        "cutters": "You are passed the {card}; the world suit is {world}. How many cards of your hand can cut it?",
        "cutters_why": "{count}: {cutters}. A higher card of the same suit cuts (K5), a world card cuts "
                       "any other suit (K6), the ♠A cuts everything and nothing cuts it (K7).",
        "cutters_none": "None: no card of the hand is of the same suit and higher, of the world suit, or the ♠A "
                        "(K5–K7), so you must take it in (K9).",
        "cut_or_take": "You are passed the {card}; the world suit is {world}. Can you cut it with the {cutter}?",
        "yes": "Yes", "no": "No",
        "cuts": "Yes: {why} ({rule}).",
        "does_not_cut": "No: {why} ({rule}).",
        "refill": "Your turn ends with {held} in hand, and the stock holds {stock}. How many cards do you draw?",
        "refill_why": "You draw {drawn}: a turn that ends with fewer than {size} cards refills the hand up to "
                      "{size}, as far as the stock goes (K12).",
    },
    ja={
        "cutters": "あなたに{card}が渡されました。世界のマークは{world}です。あなたの手札のうち、これを切れるカード"
                   "は何枚ですか。",
        "cutters_why": "{count}です（{cutters}）。同じマークのより大きい数字のカードで切れます（K5）。世界のマークの"
                       "カードはほかのマークを切れます（K6）。A♠はすべてを切り、何にも切られません（K7）。",
        "cutters_none": "0枚です。同じマークでより大きいカード、世界のマークのカード、A♠のどれもないので（K5〜K7）、"
                        "あなたはおもらいするしかありません（K9）。",
        "cut_or_take": "あなたに{card}が渡されました。世界のマークは{world}です。あなたは{cutter}でこれを切れますか。",
        "yes": "はい", "no": "いいえ",
        "cuts": "はい。{why}（{rule}）。",
        "does_not_cut": "いいえ。{why}（{rule}）。",
        "refill": "あなたの番が手札{held}で終わり、山札は{stock}です。あなたは何枚補充しますか。",
        "refill_why": "あなたは{drawn}補充します。番の終わりに手札が{size}枚より少なければ、山札がある限り{size}枚まで"
                      "補充します（K12）。",
    },
)
COUNTS = ("count", "held", "stock", "drawn")


def _world(state: State) -> Phrase:
    """The world suit, named in each language."""
    world = state.view(None).world
    return Phrase.of(lambda lang: suit_name(world, lang))


def _picture(state: State, seat: int) -> Phrase:
    return Phrase.of(lambda lang: table_svg(state.view(seat), lang=lang))


def positions(seed: int) -> Iterator[State]:
    """The positions of a game of four dealt from ``seed``, played by the rule-of-thumb players
    (each a copy)."""
    state = new_game(seed=seed, players=["Ada", "Ben", "Chie", "Dai"])
    players = [ThumbBot(seed * 4 + k) for k in range(4)]
    while not state.is_over:
        yield state.clone()
        state.apply(players[state.current_player].choose(state))


def _receiving(state: State) -> tuple[int, Card] | None:
    """The seat answering one passed card, and that card (None: not such a position)."""
    view = state.view(None)
    if view.phase != RECEIVE or len(view.passed) != 1:
        return None
    return view.current_player, view.passed[0]


def _cutters(state: State, rng: random.Random) -> Exercise | None:
    found = _receiving(state)
    if found is None:
        return None
    seat, card = found
    cutters = sort_cards({a[2] for a in state.legal_actions() if a[0] == "cut"})
    why = (phrase(WORDS, "cutters_why", COUNTS, count=len(cutters), cutters=cutters) if cutters
           else phrase(WORDS, "cutters_none"))
    return Exercise(question=phrase(WORDS, "cutters", card=card, world=_world(state)), answer=len(cutters),
                    explanation=why, rule=_rules_of(cutters, card, state), picture=_picture(state, seat), position=state)


def _rules_of(cutters: tuple[Card, ...], card: Card, state: State) -> str:
    """The rules by which ``cutters`` cut ``card`` (:func:`cut_reason`; ``"K9"``: none does, take it in)."""
    rules = {cut_reason(cutter, card, state.view(None).world).rule for cutter in cutters}
    return ", ".join(sorted(rules, key=lambda rule: int(rule[1:]))) or "K9"


def _cut_or_take(state: State, rng: random.Random) -> Exercise | None:
    found = _receiving(state)
    if found is None:
        return None
    seat, card = found
    cutter = rng.choice(state.view(seat).own_hand)
    cuts = any(a[0] == "cut" and a[2] == cutter for a in state.legal_actions())
    reason = cut_reason(cutter, card, state.view(None).world)
    why = phrase(WORDS, "cuts" if cuts else "does_not_cut", rule=reason.rule,
                 why=Phrase.of(lambda lang: REFUSALS.text(lang, reason.key, reason.fields)))
    order = sorted(["yes", "no"], key=lambda _k: rng.random())
    return choice_exercise(
        phrase(WORDS, "cut_or_take", card=card, world=_world(state), cutter=cutter),
        {"yes": phrase(WORDS, "yes"), "no": phrase(WORDS, "no")}, "yes" if cuts else "no", order,
        explanation=why, rule=reason.rule, reason=reason, picture=_picture(state, seat), position=state)


def _refill(state: State, rng: random.Random) -> Exercise | None:
    seat = state.current_player
    probe, start = state.clone(), len(state.events)
    probe.apply(ThumbBot(0).choose(probe))
    drew = next((e for e in probe.events[start:] if isinstance(e, Drew) and e.player == seat), None)
    if drew is None:
        return None
    after = probe.view(None)
    held, stock = len(after.hand_of(seat)) - drew.count, after.stock + drew.count
    return Exercise(question=phrase(WORDS, "refill", COUNTS, held=held, stock=stock), answer=drew.count,
                    explanation=phrase(WORDS, "refill_why", COUNTS, drawn=drew.count, size=state.rules.hand_size),
                    rule="K12",
                    position=state)


MAKERS: dict[str, Callable[[State, random.Random], Exercise | None]] = {
    "cutters": _cutters, "cut_or_take": _cut_or_take, "refill": _refill}


def exercise(kind: str, seed: int) -> Exercise:
    """An exercise of ``kind`` (:data:`KINDS`) from the games dealt from ``seed`` on."""
    return find(kind, seed, MAKERS, positions)


def drill(seed: int) -> Exercise:
    """The exercises of every kind in turn (``seed`` picks the kind and the position)."""
    return exercise(KINDS[seed % len(KINDS)], seed)
