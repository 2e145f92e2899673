"""Cleopatra's events in words, in English or Japanese (the words of
:mod:`cardlab.games.cleopatra.words`): one line per event, the steps of the source's numbering,
and the engine's own :meth:`~cardlab.games.cleopatra.State.describe` (English, every seat by
name). The reader's seat is "you" (``reader=None``: every seat by name)::

    >>> from cardlab.games.cleopatra.events import Captured, Played
    >>> from cardlab.cards import Card
    >>> describe(Played(0, 1, 0, Card.parse("QH"), False), ("Aiko", "Ben"))
    'Aiko plays Q♥'
    >>> describe(Captured(3, 2, 1, 6, "payment"), ("Aiko", "Ben"), "ja", reader=1)
    'あなたは場の6枚を取る'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card

from .events import Captured, Ended, FalseSlap, Pending, Played, Reshuffled, Slapped, Step
from .patterns import HONOURS, SEATS
from .words import CLEOPATRA, about, cards


@dataclass(frozen=True)
class Line:
    """One line of the story: its ``text`` and the seat whose doing it is (None: nobody's)."""

    text: str
    seat: int | None


def race(lang: str, times: str, names: Sequence[str]) -> str:
    """A slap race as written in a record (``"X@230 Y@310"``) in words: "X 230 ms, Y 310 ms"."""
    parts = []
    for word in times.split():
        seat, _, ms = word.partition("@")
        name = names[SEATS.index(seat)]
        parts.append(CLEOPATRA.say(lang, "ms", name=name, ms=ms) if ms else name)
    return CLEOPATRA.say(lang, "list_sep").join(parts)


def result(lang: str, winner: int | None, reason: str, names: Sequence[str], reader: int | None) -> str:
    """The end of a game in words: "You win (no cards left)", "Yの勝ち（札がなくなった）"."""
    why = CLEOPATRA.say(lang, f"reason_{reason}")
    if winner is None:
        return CLEOPATRA.say(lang, "no_winner", reason=why)
    return about(lang, "win", winner, names, reader, reason=why)


def story(events: Sequence[Any], names: Sequence[str], lang: str, reader: int | None = None) -> list[Line]:
    """The events in words, one line each, the cards of one payment on one line."""
    lines: list[Line] = []
    run: tuple[int, int] | None = None          # (player, step) of the payment on the last line
    paid: list[str] = []
    sep = CLEOPATRA.say(lang, "list_sep")
    for ev in events:
        if isinstance(ev, Played) and ev.paying and run == (ev.player, ev.step):
            paid.append(str(ev.card))
            lines[-1] = Line(about(lang, "pay", ev.player, names, reader, played=sep.join(paid)), ev.player)
            continue
        run, paid = ((ev.player, ev.step), [str(ev.card)]) if isinstance(ev, Played) and ev.paying else (None, [])
        lines.append(_line(ev, names, lang, reader))
    return lines


def _line(ev: Any, names: Sequence[str], lang: str, reader: int | None) -> Line:
    def say(key: str, **fields: Any) -> Line:
        return Line(about(lang, key, ev.player, names, reader, **fields), ev.player)
    if isinstance(ev, Played):
        return say("pay" if ev.paying else "play", played=str(ev.card))
    if isinstance(ev, Captured):
        return say("take", cards=cards(lang, ev.n))
    if isinstance(ev, Slapped):
        return say("slap", race=race(lang, ev.times, names))
    if isinstance(ev, FalseSlap):
        return say("burn", card=str(ev.burned))
    if isinstance(ev, Reshuffled):
        return say("shuffle", cards=cards(lang, ev.n))
    if isinstance(ev, Pending):
        return say("collects")
    if isinstance(ev, Ended):
        return Line(result(lang, ev.winner, ev.reason, names, reader), ev.winner)
    raise TypeError(f"not a Cleopatra event: {ev!r}")


def describe(event: Any, players: Sequence[str] = ("X", "Y"), lang: str = "en", reader: int | None = None) -> str:
    """One event in words: "X plays 5♥", "Y takes 6 cards"."""
    return _line(event, players, lang, reader).text


def step_words(events: Sequence[Any], step: Step | tuple[int, Card], names: Sequence[str], lang: str,
               reader: int | None = None) -> str:
    """The events of one step in words (a pending collection that was resolved left out, and who
    must pay after an honour): "X pays 7♦; Y takes 6 cards."; ``step``: the step, or its player
    and its last card."""
    player, last = (step.player, step.cards[-1]) if isinstance(step, Step) else step
    if any(isinstance(ev, Captured) for ev in events):
        events = [ev for ev in events if not isinstance(ev, Pending)]
    parts = [line.text for line in story(events, names, lang, reader)]
    if last.rank in HONOURS and not any(isinstance(ev, (Captured, Ended)) for ev in events):
        parts.append(about(lang, "must_pay", 1 - player, names, reader))
    return CLEOPATRA.say(lang, "event_sep").join(parts) + CLEOPATRA.say(lang, "end")


def steps_of(events: Sequence[Any], n_actions: int, players: Sequence[str] = ("X", "Y"),
             lang: str = "en") -> list[Step]:
    """Group events into the source's steps and tell each in words."""
    groups: dict[int, list[Any]] = {}
    for ev in events:
        if ev.step:
            groups.setdefault(ev.step, []).append(ev)
    numbers = sorted(groups)
    out = []
    for k, number in enumerate(numbers):
        evs = groups[number]
        start = min(ev.action for ev in evs)
        end = min(ev.action for ev in groups[numbers[k + 1]]) if k + 1 < len(numbers) else n_actions
        played = [ev for ev in evs if isinstance(ev, Played)]
        out.append(Step(number, played[0].player, tuple(ev.card for ev in played),
                        range(start, max(end, start + 1)),
                        step_words(evs, (played[0].player, played[-1].card), players, lang)))
    return out
