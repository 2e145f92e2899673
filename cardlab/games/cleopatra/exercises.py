"""Cleopatra's exercises: reading the pile (issue 25). Cleopatra has no choice but the slap, so
its skill is knowing at a glance what the pile means.

- ``"collect"`` — a payment is running: who takes the pile, and how many cards, if nobody slaps
  and the next cards are the ones shown (C6–C8, C12)?
- ``"slap"`` — can the pile be slapped now, and by whom (C10, C13, C14)? Answered and explained by
  the engine's classifier of slaps (``State.slap_reason``).
- ``"honour"`` — the payer's next card is an honour: what happens to the payment (C6)?

Each exercise comes from a position of a real game (dealt from the seed, played on without
slaps), and its answer is what the engine does next from that position, never a rule written
again here: the choices are stated outcomes, and the engine's next moves pick the right one.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Callable, Iterator

from cardlab.cards import Card
from cardlab.exercises import Exercise, find, phrase
from cardlab.words import Phrase, Words

from .draw import table_svg
from .engine import CLEOPATRA, Rules, Slap, State, Turn, TurnOrSlap, new_game, slap, variant
from .events import Captured, Ended, Played

KINDS = ("collect", "slap", "honour")
"""The kinds of exercise, in the order the notebook asks them."""
FACES_RULES = variant(CLEOPATRA, name="faces-pair", slaps="same_rank_or_faces")
"""C14's variant: any two picture cards (J, Q, K) make a pair too."""

CARD_COUNTS = ("owed", "n", "left")
"""The fields that count cards: ``3 cards``, ``3枚``."""
WORDS = Words(
    en={
        "collect": "{payer} must still pay {owed} for the {honour} on the pile. Suppose nobody slaps and "
                   "the next cards turned are {cards}. Who takes the pile, and how many cards are in it then?",
        "takes": "{name} takes {n}",
        "collect_why": "{owner} laid the last honour ({honour}) and the payment for it held no honour, so "
                       "{owner} takes the whole pile: {n} (C6). An honour during a payment turns it "
                       "round: the other player pays for the new honour.",
        "slap": "The top of the pile is {cards} ({rule}). Can the pile be slapped now?",
        "rule:same_rank": "a pair is two cards of the same rank",
        "rule:same_rank_or_faces": "a pair is two cards of the same rank, or any two picture cards J, Q, K",
        "either": "Yes: either player may slap it and take all {n}",
        "only_other": "Yes, but only {name}, who did not turn the last card",
        "no_pair": "No: the top two cards are not a pair",
        "slap_yes": "The top two cards, {pair}, are a pair: either player may slap them, even the one who "
                    "turned the second (C10, C14).",
        "slap_no": "{pair} are not a pair under these rules, so a slap would do nothing (C13, C14).",
        "honour": "{payer} is paying for the {honour}, with {owed} still to go. {payer}'s next card is "
                  "{card}. What happens?",
        "goes_on": "{payer} goes on paying, with {left} still to go",
        "turns": "The payment stops: {other} must now pay {n}",
        "owner_takes": "{owner} takes the pile at once",
        "payer_takes": "The payment stops and {payer} takes the pile",
        "honour_why": "An honour during a payment stops it and turns it round: now {other} pays {n} "
                      "for the {card} ({rule}: J 1, Q 2, K 3, A 5).",
    },
    ja={
        "collect": "場の{honour}のために、{payer}はあと{owed}出さなくてはなりません。誰も叩かず、次に出る"
                   "カードが{cards}だとします。場のカードを取るのは誰で、そのとき場には何枚ありますか。",
        "takes": "{name}が{n}取る",
        "collect_why": "最後に J・Q・K・A のカード（{honour}）を出したのは{owner}で、その分の支払いに J・Q・K・A が"
                       "出なかったので、{owner}が場のカードを全部（{n}）取ります（C6）。支払いの途中で J・Q・K・A の"
                       "カードが出ると立場が入れ替わり、相手が新しいカードの分を出します。",
        "slap": "場のいちばん上は{cards}です（{rule}）。今、場を叩けますか。",
        "rule:same_rank": "同じ数字の2枚が組になる",
        "rule:same_rank_or_faces": "同じ数字の2枚、または絵札（J・Q・K）どうしの2枚が組になる",
        "either": "はい。どちらのプレイヤーも叩いて、{n}全部を取れる",
        "only_other": "はい。ただし叩けるのは最後のカードを出していない{name}だけ",
        "no_pair": "いいえ。上の2枚は組になっていない",
        "slap_yes": "上の2枚（{pair}）は組なので、どちらのプレイヤーも叩けます。2枚目を出した本人も"
                    "叩けます（C10、C14）。",
        "slap_no": "このルールでは{pair}は組ではないので、叩いても何も起こりません（C13、C14）。",
        "honour": "{payer}は{honour}の分を出している途中で、あと{owed}です。{payer}の次のカードは"
                  "{card}です。どうなりますか。",
        "goes_on": "{payer}がそのまま出し続ける（あと{left}）",
        "turns": "支払いは止まり、今度は{other}が{n}出さなくてはならない",
        "owner_takes": "{owner}がすぐに場のカードを取る",
        "payer_takes": "支払いは止まり、{payer}が場のカードを取る",
        "honour_why": "支払いの途中で J・Q・K・A のカードが出ると支払いは止まり、立場が入れ替わります。今度は{other}が"
                      "{card}の分を{n}出します（{rule}：J 1枚、Q 2枚、K 3枚、A 5枚）。",
    },
)


def _phrase(key: str, **fields: object) -> Phrase:
    return phrase(WORDS, key, CARD_COUNTS, **fields)


def _turn(state: State) -> Turn:
    """The one turning action of a position (the card due), never a slap."""
    return next(a for a in state.legal_actions() if not isinstance(a, Slap))


def _picture(state: State) -> Phrase:
    return Phrase.of(lambda lang: table_svg(state.view(None), lang=lang))


def positions(seed: int, rules: Rules = CLEOPATRA) -> Iterator[State]:
    """The positions of a game dealt from ``seed`` and played on without slaps (each a copy)."""
    state = new_game(rules, seed=seed, players=["X", "Y"])
    while not state.is_over:
        yield state.clone()
        state.apply(_turn(state))


def _honour_on_pile(state: State) -> tuple[int, Card]:
    """The owner of the payment running and its honour: the last honour on the pile."""
    last = next(e for e in reversed(state.events) if isinstance(e, Played) and e.card.rank in "JQKA")
    return last.player, last.card


def _collect(state: State, rng: random.Random) -> Exercise | None:
    view = state.view(None)
    if not view.owed:
        return None
    probe, start = state.clone(), len(state.events)
    while not any(isinstance(e, (Captured, Ended)) for e in probe.events[start:]):
        probe.apply(_turn(probe))
    new = probe.events[start:]
    captured = next((e for e in new if isinstance(e, Captured)), None)
    if captured is None or captured.how != "payment":
        return None
    turned = [e.card for e in new[:new.index(captured)] if isinstance(e, Played)]
    owner, honour = _honour_on_pile(probe)  # the last honour before the capture
    names, payer = state.players, state.players[view.current_player]
    outcomes = {(captured.player, captured.n), (1 - captured.player, captured.n),
                (captured.player, captured.n - len(turned)), (captured.player, captured.n + 1)}
    outcomes = {(p, n) for p, n in outcomes if n > 0}
    shown = sorted(outcomes, key=lambda o: rng.random())
    honour_now = _honour_on_pile(state)[1]
    return Exercise(
        question=_phrase("collect", payer=payer, owed=view.owed, honour=honour_now, cards=turned),
        choices=tuple(_phrase("takes", name=names[p], n=n) for p, n in shown),
        answer=shown.index((captured.player, captured.n)),
        explanation=_phrase("collect_why", owner=names[owner], honour=honour, n=captured.n),
        rule="C6", picture=_picture(state), position=state)


EXPLAINED = {"pair": "slap_yes", "not-a-pair": "slap_no"}
"""The explanation of a slap exercise, by the key of the engine's reason for the slap
(:meth:`~cardlab.games.cleopatra.engine.State.slap_reason`)."""


def _slap(state: State, rng: random.Random, pair: bool) -> Exercise | None:
    """A slap exercise on a pair (``pair``) or on two cards that are not one: who may slap, and
    why, as the engine says (the seats whose slaps it takes, its reason for the slap of the seat
    that did not turn the last card)."""
    view = state.view(None)
    if len(view.pile) < 2:
        return None
    legal = state.legal_actions()
    seats = {seat for seat in (0, 1) if slap(seat) in legal}
    if bool(seats) != pair:
        return None
    last = next(e.player for e in reversed(state.events) if isinstance(e, Played))
    reason = state.slap_reason(slap(1 - last))
    if reason.key not in EXPLAINED:
        return None
    names = state.players
    options = [("either", _phrase("either", n=len(view.pile))),
               ("only_other", _phrase("only_other", name=names[1 - last])), ("no_pair", _phrase("no_pair"))]
    rng.shuffle(options)
    right = "either" if seats == {0, 1} else "only_other" if seats == {1 - last} else "no_pair"
    top = list(view.pile[-2:])
    return Exercise(
        question=_phrase("slap", cards=top, rule=_phrase(f"rule:{state.rules.slaps}")),
        choices=tuple(p for _, p in options), answer=[k for k, _ in options].index(right),
        explanation=_phrase(EXPLAINED[reason.key], pair=top), rule=reason.rule, picture=_picture(state),
        position=state, reason=reason)


def _honour(state: State, rng: random.Random) -> Exercise | None:
    view = state.view(None)
    if not view.owed:
        return None
    turn = _turn(state)
    card = next(e.card for e in _after(state, turn) if isinstance(e, Played))
    if card.rank not in "JQKA":
        return None
    names = state.players
    payer_seat, owner_seat = view.current_player, 1 - view.current_player
    penalty = state.rules.payments[card.rank]
    options = {"turns": (owner_seat, penalty), "owner_takes": None, "payer_takes": None}
    if view.owed > 1:
        options["goes_on"] = (payer_seat, view.owed - 1)
    after = state.clone()
    after.apply(turn)
    outcome = (after.view(None).current_player, after.view(None).owed)
    right = next(k for k, v in options.items() if v == outcome)
    keys = sorted(options, key=lambda k: rng.random())
    words = {"goes_on": _phrase("goes_on", payer=names[payer_seat], left=view.owed - 1),
             "turns": _phrase("turns", other=names[owner_seat], n=penalty),
             "owner_takes": _phrase("owner_takes", owner=names[owner_seat]),
             "payer_takes": _phrase("payer_takes", payer=names[payer_seat])}
    return Exercise(
        question=_phrase("honour", payer=names[payer_seat], honour=_honour_on_pile(state)[1], owed=view.owed,
                         card=card),
        choices=tuple(words[k] for k in keys), answer=keys.index(right),
        explanation=_phrase("honour_why", other=names[owner_seat], n=penalty, card=card, rule="C6"),
        rule="C6", picture=_picture(state), position=state)


def _after(state: State, action: TurnOrSlap) -> list[Any]:
    """The events ``action`` makes from ``state`` (on a copy)."""
    probe, start = state.clone(), len(state.events)
    probe.apply(action)
    return probe.events[start:]




MAKERS: dict[str, Callable[..., Exercise | None]] = {"collect": _collect, "slap": _slap, "honour": _honour}


def exercise(kind: str, seed: int) -> Exercise:
    """An exercise of ``kind`` (:data:`KINDS`) from the games dealt from ``seed`` on: for ``"slap"``
    as many on pairs as not, and now and then under C14's variant."""
    rng, makers, rules = random.Random(seed), dict(MAKERS), CLEOPATRA
    if kind == "slap":
        rules = FACES_RULES if rng.random() < 0.3 else CLEOPATRA
        makers["slap"] = functools.partial(_slap, pair=rng.random() < 0.5)
    return find(kind, seed, makers, lambda game: positions(game, rules))


def drill(seed: int) -> Exercise:
    """The exercises of every kind in turn (``seed`` picks the kind and the position): what an
    :class:`~cardlab.widgets.exercise.ExerciseBox` asks in the notebook."""
    return exercise(KINDS[seed % len(KINDS)], seed)
