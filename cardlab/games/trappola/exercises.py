"""Trappola's exercises on the rules of the play (issue 25), from positions of real deals (the
rule-of-thumb players' games), each answer what the engine does:

- ``"follow"`` — the opponent led: which one of four cards of your hand may you play (T11)?
- ``"winner"`` — the opponent led and you follow: who takes the trick (T11: the higher card of the
  suit led; no trumps)?
- ``"points"`` — how many card points does the trick hold (T2: A 6, R 5, C 4, F 3)? A number.

Each is put to the reader as the seat to play: "you" (「あなた」) in the question, the choices, the
explanation and the picture (drawn as that seat sees the table), the opponent by name.

A follow or winner exercise is explained, and its rule given, by the engine's reason: why the other
cards are barred (``State.why_illegal``), who takes the trick (``scoring.trick_reason``).
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from cardlab.cards import Card
from cardlab.exercises import Exercise, choice_exercise, find, phrase
from cardlab.words import Phrase, Words

from .bots import RuleOfThumbBot
from .draw import table_svg
from .engine import PLAY, State, new_game
from .events import TrickWon
from .scoring import trick_reason
from .words import WORDS as TABLE_WORDS
from .words import card_text, suit_text

KINDS = ("follow", "winner", "points")
"""The kinds of exercise, in the order the notebook asks them."""

WORDS = Words(
    en={
        "follow": "{leader} led the {lead}. Which one of these cards may you play?",
        "follow_why": "You hold {suit} and must follow suit (T11): of these, only the {card} is of the suit "
                      "led.",
        "winner": "{leader} leads the {lead} and you play the {follow}. Who takes the trick?",
        "winner_why": "{why} (T11: the higher card of the suit led wins; there are no trumps).",
        "higher": "The {follow} is of the suit led and higher than the {lead}, so you take it",
        "lower": "The {follow} is lower than the {lead}, so {leader} takes it",
        "other_suit": "The {follow} is not of the suit led, so {leader} takes it",
        "points": "{leader} leads the {lead} and you play the {follow}. How many card points does the trick "
                  "hold?",
        "points_why": "The trick holds {points} card points: ace 6, king 5, knight 4, jack 3, every other card 0 (T2).",
    },
    ja={
        "follow": "{leader}が{lead}をリードしました。あなたが出せるのは、次のうちどのカードですか。",
        "follow_why": "あなたは{suit}を持っているので、同じスートを出さなくてはなりません（T11）。この中でリードと"
                      "同じスートなのは{card}だけです。",
        "winner": "{leader}が{lead}をリードし、あなたが{follow}を出しました。このトリックを取るのは誰ですか。",
        "winner_why": "{why}（T11：リードと同じスートの強いカードが勝ちます。切り札はありません）。",
        "higher": "{follow}はリードと同じスートで{lead}より強いので、あなたが取ります",
        "lower": "{follow}は{lead}より弱いので、{leader}が取ります",
        "other_suit": "{follow}はリードと違うスートなので、{leader}が取ります",
        "points": "{leader}が{lead}をリードし、あなたが{follow}を出しました。このトリックのカードの点は何点ですか。",
        "points_why": "カードの点は{points}点です。Aが6点、王が5点、騎士が4点、歩兵が3点、ほかは0点です（T2）。",
    },
)


def _card(card: Card) -> Phrase:
    return Phrase.of(lambda lang: card_text(card, lang))


def _picture(state: State, seat: int) -> Phrase:
    return Phrase.of(lambda lang: table_svg(state.view(seat), clickable=False, lang=lang))


def positions(seed: int) -> Iterator[State]:
    """The positions of the card play of a deal dealt from ``seed`` and played by the
    rule-of-thumb players (each a copy)."""
    state = new_game(seed=seed, players=["Ada", "Ben"])
    players = [RuleOfThumbBot(seed * 2 + k) for k in range(2)]
    deal = state.view(None).deal
    while not state.is_over and state.view(None).deal == deal:
        if state.view(None).phase == PLAY:
            yield state.clone()
        state.apply(players[state.current_player].choose(state))


FOLLOW_EXPLAINED = {"follow-suit": "follow_why"}
"""The explanation of a follow exercise, by the key of the engine's reason for barring the other
cards shown (:meth:`~cardlab.games.trappola.engine.State.why_illegal`)."""
WINNER_EXPLAINED = {"higher": "higher", "lower": "lower", "other-suit": "other_suit"}
"""The explanation of a winner exercise, by the key of the engine's reason for the trick
(:func:`~cardlab.games.trappola.scoring.trick_reason`)."""


def _follow(state: State, rng: random.Random) -> Exercise | None:
    seat, view = state.current_player, state.view(state.current_player)
    if len(view.trick) != 1:
        return None
    lead, hand = view.trick[0], view.hand_of(seat)
    legal = [c for c in hand if f"play {c.ascii()}" in view.legal]
    barred = [c for c in hand if c not in legal]
    if not barred:
        return None
    shown = [rng.choice(legal), *rng.sample(barred, min(3, len(barred)))]
    reason = state.why_illegal(f"play {shown[1].ascii()}")  # why the others are barred: the engine's reason
    if reason.key not in FOLLOW_EXPLAINED:
        return None
    order = sorted(range(len(shown)), key=lambda _i: rng.random())
    options = {str(i): _card(card) for i, card in enumerate(shown)}
    return choice_exercise(
        phrase(WORDS, "follow", leader=state.players[1 - seat], lead=_card(lead)), options, "0", [str(i) for i in order],
        explanation=phrase(WORDS, FOLLOW_EXPLAINED[reason.key], suit=_suit(lead), card=_card(shown[0])),
        rule=reason.rule, reason=reason, picture=_picture(state, seat), position=state)


def _suit(card: Card) -> Phrase:
    return Phrase.of(lambda lang: suit_text(card.suit, lang))


def _trick(state: State) -> TrickWon | None:
    """The trick the follower's move completes, as the engine scores it (None: no follow now)."""
    if len(state.view(None).trick) != 1:
        return None
    probe, start = state.clone(), len(state.events)
    probe.apply(RuleOfThumbBot(0).choose(probe))
    return next((e for e in probe.events[start:] if isinstance(e, TrickWon)), None)


def _winner(state: State, rng: random.Random) -> Exercise | None:
    won = _trick(state)
    if won is None:
        return None
    follower = state.current_player
    leader = state.players[1 - follower]
    lead, follow = won.cards

    def said(key: str) -> Phrase:
        return phrase(WORDS, key, leader=leader, lead=_card(lead), follow=_card(follow))

    reason = trick_reason(follow, lead)
    order = sorted(["leader", "follower"], key=lambda _k: rng.random())
    return choice_exercise(
        said("winner"), {"leader": Phrase(leader, leader), "follower": phrase(TABLE_WORDS, "you_name")},
        "follower" if won.winner == follower else "leader", order,
        explanation=phrase(WORDS, "winner_why", why=said(WINNER_EXPLAINED[reason.key])), rule=reason.rule,
        reason=reason, position=state)


def _points(state: State, rng: random.Random) -> Exercise | None:
    won = _trick(state)
    if won is None or (won.points == 0 and rng.random() < 0.7):     # mostly tricks with points in them
        return None
    return Exercise(
        question=phrase(WORDS, "points", leader=state.players[1 - state.current_player], lead=_card(won.cards[0]),
                        follow=_card(won.cards[1])),
        answer=won.points, explanation=phrase(WORDS, "points_why", points=won.points), rule="T2", position=state)


MAKERS: dict[str, Callable[[State, random.Random], Exercise | None]] = {
    "follow": _follow, "winner": _winner, "points": _points}


def exercise(kind: str, seed: int) -> Exercise:
    """An exercise of ``kind`` (:data:`KINDS`) from the deals dealt from ``seed`` on."""
    return find(kind, seed, MAKERS, positions)


def drill(seed: int) -> Exercise:
    """The exercises of every kind in turn (``seed`` picks the kind and the position)."""
    return exercise(KINDS[seed % len(KINDS)], seed)
