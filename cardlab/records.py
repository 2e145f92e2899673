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

from .cards import Card
from .errors import CardlabError, RecordError
from .game import GAMES, game_module

if TYPE_CHECKING:  # pandas is imported only when a frame is asked for
    import pandas as pd

    from .game import GameState

FORMAT = "cardlab-record/1"


@dataclass
class Record:
    """One game, as stored on disk."""

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
        """The record as indented JSON text."""
        data = {"format": FORMAT, **dataclasses.asdict(self)}
        data["comments"] = {str(k): v for k, v in sorted(self.comments.items())}
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    def replay(self, upto: int | None = None) -> "GameState":
        """A fresh state with the first ``upto`` actions (all by default) played and checked."""
        state = _new_state(self)
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.play(text)
            except CardlabError as e:
                raise RecordError(f"actions[{i}]", str(e)) from None
        return state

    def states(self) -> list["GameState"]:
        """The position before any action, then after each action (for stepping a replay)."""
        import copy
        state = _new_state(self)
        out = [copy.deepcopy(state)]
        for i, text in enumerate(self.actions):
            try:
                state.play(text)
            except CardlabError as e:
                raise RecordError(f"actions[{i}]", str(e)) from None
            out.append(copy.deepcopy(state))
        return out


def record_of(state: "GameState", **headers: Any) -> Record:
    """The record of a game so far (headers: players, comments, source, date, title)."""
    outcome = state.outcome
    result = None
    if outcome is not None:
        result = {"winner": outcome.winner, "reason": outcome.reason,
                  "scores": list(outcome.scores), "ranking": list(outcome.ranking)}
    return Record(game=state.game, rules=dataclasses.asdict(state.rules), seed=state.seed,
                  deal=state.initial_deal(), actions=state.history_text(), result=result, **headers)


def _new_state(record: Record) -> "GameState":
    module = game_module(record.game)
    rules = rules_from_dict(module, record.rules)
    try:
        return module.new_game(rules=rules, seed=record.seed, deal=record.deal,
                               players=record.players or None)
    except RecordError as e:
        raise RecordError(f"deal.{e.path}" if e.path else "deal", str(e).split(": ", 1)[-1]) from None
    except (CardlabError, ValueError, TypeError, KeyError) as e:
        raise RecordError("deal", str(e)) from None


def rules_from_dict(module: Any, data: dict[str, Any]) -> Any:
    """Rebuild a game's ``Rules`` from its fields, naming the first unknown or bad field."""
    if not isinstance(data, dict):
        raise RecordError("rules", "must be an object of rule fields")
    known = {f.name: f for f in dataclasses.fields(module.Rules)}
    for key in data:
        if key not in known:
            raise RecordError(f"rules.{key}", f"unknown rule field; known: {', '.join(known)}")
    base = module.PRESETS.get(data.get("name"), module.Rules())
    try:
        return dataclasses.replace(base, **data)
    except (ValueError, TypeError) as e:
        raise RecordError("rules", str(e)) from None


_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "game": (str, True), "rules": (dict, True), "seed": ((int, type(None)), True),
    "deal": (dict, True), "actions": (list, True), "players": (list, False),
    "comments": (dict, False), "source": (str, False), "date": (str, False),
    "title": (str, False), "result": ((dict, type(None)), False),
}


def loads(text: str, check_result: bool = True) -> Record:
    """Read and validate a record from JSON text; replays it to check every action."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("", f"not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError("", "a record is a JSON object")
    if data.pop("format", FORMAT) != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}")
    for key in data:
        if key not in _FIELDS:
            raise RecordError(key, f"unknown field; known: {', '.join(_FIELDS)}")
    for key, (kind, required) in _FIELDS.items():
        if key not in data:
            if required:
                raise RecordError(key, "missing")
            continue
        if not isinstance(data[key], kind) or (kind is not bool and isinstance(data[key], bool)):
            raise RecordError(key, f"has the wrong type ({type(data[key]).__name__})")
    if data["game"] not in GAMES:
        raise RecordError("game", f"unknown game {data['game']!r}; known: {', '.join(GAMES)}")
    for i, action in enumerate(data["actions"]):
        if not isinstance(action, str):
            raise RecordError(f"actions[{i}]", "an action is a text")
    comments = {}
    for key, value in data.get("comments", {}).items():
        if not key.isdigit() or int(key) >= max(1, len(data["actions"])):
            raise RecordError(f"comments.{key}", "keys are action indices within the record")
        if not isinstance(value, str):
            raise RecordError(f"comments.{key}", "a comment is a text")
        comments[int(key)] = value
    data["comments"] = comments
    record = Record(**data)
    state = record.replay()
    if check_result and record.result is not None:
        got = record_of(state).result
        if got != record.result:
            raise RecordError("result", f"the actions lead to {got}, not to the stored {record.result}")
    return record


def load(path: str | Path) -> Record:
    """Read and validate a record file."""
    return loads(Path(path).read_text(encoding="utf-8"))


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


def to_frame(events: Iterable[Any]) -> "pd.DataFrame":
    """The events of a game as a pandas DataFrame, one row per event."""
    import pandas as pd
    return pd.DataFrame(event_rows(events))
