"""What happened in a Cleopatra game, for readers: the replay's captions of steps and of cards
and the cards of the latest capture (drawn beside the winner's pile). The events themselves are
told by :mod:`cardlab.games.cleopatra.narration`; the reader's seat is "you" (``reader=None``: a
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
from .engine import Captured, Played, Slap, State, Step
from .narration import Line, race, result, step_words, story  # noqa: F401  (the story's public names)
from .words import CLEOPATRA


@dataclass(frozen=True)
class Capture:
    """The pile ``seat`` just took: ``n`` cards, the face-up ones being ``cards`` (bottom first;
    burnt cards lay face down under the pile)."""

    seat: int
    n: int
    cards: tuple[Card, ...]


def step_text(game: State, step: Step, lang: str, names: Sequence[str] | None = None,
              reader: int | None = None) -> str:
    """One step (as the source numbers them) in words: "X pays 7♦; Y takes 6 cards."."""
    events = [ev for ev in game.events if ev.step == step.number]
    return step_words(events, step, game.players if names is None else names, lang, reader)


def action_words(game: State, action: int, lang: str, reader: int | None = None) -> str:
    """What the action numbered ``action`` did, in words: "X pays 7♦; Y takes 6 cards"."""
    events = [ev for ev in game.events if ev.action == action]
    return CLEOPATRA.say(lang, "event_sep").join(line.text for line in story(events, game.players, lang, reader))


def say_action(state: State, action: str, lang: str) -> str:
    """A legal action of ``state``, given as its text, in words (the shared replay's captions):
    "turn 5♥", "the pair is slapped (X 230 ms, Y 310 ms)"; "5♥を出す"."""
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
