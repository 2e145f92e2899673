"""What happened in a Cleopatra game, for readers: the events in words (the table's log, the
replay's captions of steps and of cards) and the cards of the latest capture (drawn beside the winner's pile).

Words come from :mod:`cardlab.games.cleopatra.words`; the reader's seat is "you" (``reader=None``: a
spectator, every seat by name)::

    >>> from cardlab.games.cleopatra.sample import load_sample
    >>> game = load_sample().replay()
    >>> step = game.steps()[8]
    >>> step_text(game, step, "en")
    'X pays 7♦; Y takes 6 cards.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from cardlab.cards import Card
from .engine import Captured, Ended, FalseSlap, Pending, Played, Reshuffled, Slap, Slapped, State, Step
from .patterns import HONOURS, SEATS
from .words import CLEOPATRA, about, cards


@dataclass(frozen=True)
class Line:
    """One line of the story: its ``text`` and the seat whose doing it is (None: nobody's)."""

    text: str
    seat: int | None


@dataclass(frozen=True)
class Capture:
    """The pile ``seat`` just took: ``n`` cards, the face-up ones being ``cards`` (bottom first;
    burnt cards lay face down under the pile)."""

    seat: int
    n: int
    cards: tuple[Card, ...]


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


def step_text(game: State, step: Step, lang: str, names: Sequence[str] | None = None,
              reader: int | None = None) -> str:
    """One step (as the source numbers them) in words: "X pays 7♦; Y takes 6 cards."."""
    names = game.players if names is None else names
    events = [ev for ev in game.events if ev.step == step.number]
    if any(isinstance(ev, Captured) for ev in events):      # a pending collection, resolved
        events = [ev for ev in events if not isinstance(ev, Pending)]
    parts = [line.text for line in story(events, names, lang, reader)]
    last = step.cards[-1]
    if last.rank in HONOURS and not any(isinstance(ev, (Captured, Ended)) for ev in events):
        parts.append(about(lang, "must_pay", 1 - step.player, names, reader))
    return CLEOPATRA.say(lang, "event_sep").join(parts) + CLEOPATRA.say(lang, "end")


def action_words(game: State, action: int, lang: str, reader: int | None = None) -> str:
    """What the action numbered ``action`` did, in words: "X pays 7♦; Y takes 6 cards"."""
    events = [ev for ev in game.events if ev.action == action]
    return CLEOPATRA.say(lang, "event_sep").join(line.text for line in story(events, game.players, lang, reader))


def say_action(state: State, action: str, lang: str) -> str:
    """A legal action of ``state``, given as its text, in words (the shared replay's captions):
    "turn 5♥", "slap (X 230 ms, Y 310 ms)"; "5♥を出す"."""
    act = state.parse_action(action)
    if isinstance(act, Slap):
        return CLEOPATRA.say(lang, "act_slap", race=race(lang, str(act).removeprefix("slap "), state.players))
    return CLEOPATRA.say(lang, "act_turn", card=str(act.card))


def last_capture(events: Sequence[Any], n_actions: int) -> Capture | None:
    """The capture made by the last of ``n_actions`` actions, with the cards taken (the cards
    played since the capture before it), or None."""
    taken: list[Card] = []
    found = None
    for ev in events:
        if isinstance(ev, Captured):
            found = Capture(ev.player, ev.n, tuple(taken)) if ev.action == n_actions - 1 else None
            taken = []
        elif isinstance(ev, Played):
            taken.append(ev.card)
    return found
