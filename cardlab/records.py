"""Game records: JSON in and out, validated on load, replayed through the engine.

A record holds the headers (game, rules preset and fields, seed, players, source, date), the
initial deal, the actions in text form and optional comments keyed by action index (the
comment describes the position after that action). Records never use pickle.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .cards import Card, french_deck, italian_deck
from .errors import CardlabError, RecordError
from .game import Positions, copied, game_module, resolve_rules
from .record_json import json_path, parse, read_bytes, shorten
from .record_schema import FORMAT, validate
from .words.frames import frame_labels

if TYPE_CHECKING:  # pandas is imported only when a frame is asked for
    import pandas as pd

    from .game import AnyState


@dataclass
class Record:
    """One game, as stored on disk (the format: ``docs/record.schema.json``)."""

    game: str
    rules: dict[str, Any]
    seed: int | None
    deal: dict[str, Any]
    actions: list[str]
    players: list[str] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)
    source: str = ""
    date: str = ""
    title: str = ""
    result: dict[str, Any] | None = None

    def to_json(self) -> str:
        """The record as indented JSON text; ``RecordError`` (with the path) for a record that
        :func:`loads` would refuse on its form (a name too long, a seed out of range ...)."""
        data = {"format": FORMAT, **dataclasses.asdict(self)}
        data["comments"] = {str(k): v for k, v in sorted(self.comments.items())}
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        validate(parse(text))
        return text

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    def replay(self, upto: int | None = None) -> "AnyState":
        """A fresh state with the first ``upto`` actions (all by default) played and checked."""
        state = _new_state(self)
        for i, text in enumerate(self.actions[:upto]):
            _play(state, i, text)
        return state

    def states(self) -> Positions[AnyState]:
        """The position before any action, then after each action (for stepping a replay): each
        an independent state, made when it is asked for (:class:`cardlab.game.Positions`), so
        that this costs one replay of the actions, whatever the game's length."""
        return Positions(self.replay())

    def said_actions(self, lang: str = "en", states: Positions[AnyState] | None = None) -> list[str]:
        """Each action in words in ``lang``, as the position before it says it
        (:meth:`cardlab.game.GameState.say_action`): ``["exchange your hand", "play the 7 of
        swords", …]``, ``["手札を交換する", "剣の7を出す", …]`` (``states``: :meth:`states`, if made)."""
        states = self.states() if states is None else states
        return [before.say_action(action, lang) for before, action in zip(states, self.actions)]


def record_of(state: "AnyState", **headers: Any) -> Record:
    """The record of a game so far (headers: players, comments, source, date, title; the
    players' names default to the state's)."""
    outcome = state.outcome
    result = None
    if outcome is not None:
        result = {"winner": outcome.winner, "reason": outcome.reason,
                  "scores": list(outcome.scores), "ranking": list(outcome.ranking)}
    headers.setdefault("players", list(state.players))
    return Record(game=state.game, rules=dataclasses.asdict(state.rules), seed=state.seed,
                  deal=copied(state.initial_deal()), actions=state.history_text(), result=result,
                  **headers)


def _play(state: "AnyState", i: int, text: str) -> None:
    try:
        state.play(text)
    except (CardlabError, ValueError) as e:
        raise RecordError(f"actions[{i}]", str(e)) from None


def _new_state(record: Record) -> "AnyState":
    module = game_module(record.game)
    rules = rules_from_dict(module, record.rules)
    seats = getattr(rules, "players", 2)
    if record.players and len(record.players) != seats:
        raise RecordError("players", f"{len(record.players)} names for the {seats} seats of rules.players")
    _check_cards_once(record.deal)
    try:
        state: AnyState = module.new_game(rules=rules, seed=record.seed, deal=record.deal, players=record.players or None)
    except RecordError as e:
        raise RecordError(f"deal.{e.path}" if e.path else "deal", str(e).removeprefix(f"{e.path}: ")) from None
    except (CardlabError, ValueError) as e:
        raise RecordError("deal", str(e)) from None
    return state


def _check_cards_once(deal: Any, path: tuple[str | int, ...] = ("deal",), seen: dict[str, str] | None = None) -> None:
    """A card text that appears twice anywhere in the deal, named at its second place."""
    seen = {} if seen is None else seen
    items = deal.items() if isinstance(deal, dict) else enumerate(deal) if isinstance(deal, list) else ()
    for key, item in items:
        if isinstance(item, str) and isinstance(deal, list) and item in _CARD_TEXTS:
            if item in seen:
                raise RecordError(json_path(path + (key,)), f"{shorten(item)} appears twice (first at {seen[item]})")
            seen[item] = json_path(path + (key,))
        _check_cards_once(item, path + (key,), seen)


_CARD_TEXTS = frozenset(c.ascii() for c in french_deck(jokers=2) + italian_deck())


def rules_from_dict(module: Any, data: dict[str, Any]) -> Any:
    """A game's ``Rules`` from its record form: the preset ``name`` (old spellings too) and any
    fields that differ from it; ``RecordError`` names the bad field."""
    try:
        base = resolve_rules(module, data.get("name"))
        return dataclasses.replace(base, **{**data, "name": base.name})
    except (CardlabError, ValueError, TypeError) as e:
        path = getattr(e, "field", "rules")
        raise RecordError(path, str(e).removeprefix(f"{path}: ")) from None


def loads(text: str | bytes, check_result: bool = True) -> Record:
    """Read and validate a record from JSON text: the limits of :mod:`cardlab.record_json`, the
    schema of :mod:`cardlab.record_schema`, then a replay that checks the deal and every action
    (and the stored result, unless ``check_result=False``). Any fault is a ``RecordError``."""
    data = parse(text)
    validate(data)
    data = dict(data)
    data.pop("format", None)
    data["comments"] = {int(k): v for k, v in data.get("comments", {}).items()}
    for key in data["comments"]:
        if key >= max(1, len(data["actions"])):
            raise RecordError(f"comments.{key}", f"keys are action indices, and there are "
                              f"{len(data['actions'])} actions")
    record = Record(**data)
    state = record.replay()
    if check_result and record.result is not None:
        got = record_of(state).result
        if got is None:
            raise RecordError("result", f"a result is stored, but the game is not over after {len(record.actions)} "
                              "actions")
        for key, stored in record.result.items():
            if got.get(key) != stored:
                raise RecordError(f"result.{key}", f"the actions lead to {got.get(key)!r}, not to the "
                                  f"stored {stored!r}")
    return record


def load(path: str | Path) -> Record:
    """Read and validate a record file (see :func:`loads`); any fault is a ``RecordError``."""
    return loads(read_bytes(path))


def _cell(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
        return " ".join(map(str, value))
    return value


def event_rows(events: Iterable[Any]) -> list[dict[str, Any]]:
    """Events as plain dicts: ``event`` (the class name) then the fields, cards as text."""
    rows = []
    for i, ev in enumerate(events):
        row = {"i": i, "event": type(ev).__name__}
        row.update({f.name: _cell(getattr(ev, f.name)) for f in dataclasses.fields(ev)})
        rows.append(row)
    return rows


def to_frame(events: Iterable[Any], lang: str = "en") -> "pd.DataFrame":
    """The events of a game as a pandas DataFrame, one row per event, a field an event has not shown
    blank (:class:`cardlab.event_table.EventFrame`); with ``lang="ja"`` its headers and the events'
    names are Japanese (:func:`cardlab.words.frames.frame_labels`)."""
    from .event_table import event_frame
    labels = frame_labels(lang)
    frame = event_frame(event_rows(events))
    if "event" in frame:
        frame["event"] = frame["event"].map(lambda name: labels.get(name, name))
    return frame.rename(columns=lambda name: labels.get(name, name))
