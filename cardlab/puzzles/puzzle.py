"""A puzzle and a set of puzzles: positions of real games where one choice is clearly best.

A :class:`Puzzle` holds the game's record up to the position (the solver's seat is the one to
move after its last action), the answer, what every legal choice was worth in the search that
confirmed it (:class:`Choice`), the IDs of the rules that explain the answer, a theme, and how
often the rule-of-thumb and the random player find the answer (its difficulty). What a table
shows of it comes from the solver's view only (:meth:`Puzzle.view`).

A :class:`PuzzleSet` is one game's puzzles with the seed and settings that made them, stored as
JSON (``cardlab-puzzles/2``: version 2 adds ``exact`` and the unit ``points ahead``), validated on load: the schema, then every puzzle's record replayed
and its answer and choices checked against the position. Any fault is a :class:`PuzzleError`
naming the field.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..coach.review import explaining
from ..coach.search import Estimate, Reason, playouts_for
from ..errors import CardlabError
from ..game import GameState
from ..record_json import json_path
from ..records import Record, loads

FORMAT = "cardlab-puzzles/2"
DATA = Path(__file__).resolve().parents[1] / "data" / "puzzles"
"""Where the shipped sets are: ``<game>.json``."""
SOLVED_UNIT = "points ahead"
"""The unit of figures from solved worlds: the points the rest of the deal adds, the mover's minus
the opponent's, both playing perfectly (a game's ``puzzles`` part names it as its ``UNIT``)."""
LEVELS = ("easy", "medium", "hard")
"""The difficulties, from :attr:`Puzzle.difficulty`."""


class PuzzleError(CardlabError, ValueError):
    """A puzzle or a set of puzzles is not valid; ``path`` names the first bad field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


@dataclass(frozen=True)
class Choice:
    """One legal choice of a puzzle (its action text) and its estimate: the mean and 95 % interval."""

    action: str
    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module's docstring). ``seed``: the seed its searches and the bots' tries
    were made from (:mod:`cardlab.puzzles.build`); ``thumb`` and ``random``: the share of those tries
    in which the rule-of-thumb and the random player chose the answer; ``playouts``: the playouts
    or solved worlds behind each choice's figures; ``exact``: the view determines every card and
    the figures are what perfect play gives (no interval)."""

    id: str
    record: Record
    seat: int
    seed: int
    answer: str
    unit: str
    playouts: int
    choices: tuple[Choice, ...]
    rules: tuple[str, ...]
    theme: str
    thumb: float
    random: float
    exact: bool = False

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def step(self) -> int:
        """The position's index in the game: the number of actions before it."""
        return len(self.record.actions)

    def position(self) -> GameState:
        """The position, replayed from the record (a new state each time)."""
        return self.record.replay()

    def view(self) -> Any:
        """The position as the solver sees it."""
        return self.position().view(self.seat)

    @property
    def difficulty(self) -> str:
        """``"easy"`` when the rule-of-thumb player finds the answer and the random player often
        does, ``"medium"`` when only the rule-of-thumb player does, ``"hard"`` when it does not."""
        if self.thumb < 0.5:
            return "hard"
        return "easy" if self.random >= 0.5 else "medium"

    def estimates(self, state: GameState | None = None) -> list[Estimate]:
        """The choices as the coach's estimates (in legal order), with their words and reasons
        computed anew from the solver's view of ``state`` (default: the position)."""
        state = self.position() if state is None else state
        playouts = playouts_for(state, self.seat, None)
        by_text = {c.action: c for c in self.choices}
        out = []
        for action in playouts.actions:
            c = by_text[state.action_text(action)]
            out.append(Estimate(action, c.action, playouts.words(action), c.mean, c.low, c.high, self.playouts,
                                self.unit, playouts.higher_is_better, playouts.reasons(action)))
        return out

    def reasons(self, state: GameState | None = None) -> list[Reason]:
        """The rules of thumb that explain the answer (from the solver's view)."""
        estimates = self.estimates(state)
        best = next(e for e in estimates if e.text == self.answer)
        return explaining(best, [e for e in estimates if e is not best])

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["record"] = json.loads(self.record.to_json())
        data["choices"] = [dataclasses.asdict(c) for c in self.choices]
        data["rules"] = list(self.rules)
        return data


@dataclass
class PuzzleSet:
    """One game's puzzles, made by :func:`cardlab.puzzles.build` from ``seed`` with ``settings``."""

    game: str
    seed: int
    settings: dict[str, Any]
    puzzles: list[Puzzle] = field(default_factory=list)

    def to_json(self) -> str:
        data = {"format": FORMAT, "game": self.game, "seed": self.seed, "settings": self.settings,
                "puzzles": [p.to_dict() for p in self.puzzles]}
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_json(), encoding="utf-8")
        return path

    def select(self, theme: str | None = None, difficulty: str | None = None) -> list[Puzzle]:
        """The puzzles of ``theme`` and ``difficulty`` (None: any)."""
        return [p for p in self.puzzles if theme in (None, p.theme) and difficulty in (None, p.difficulty)]

    def __len__(self) -> int:
        return len(self.puzzles)


NUMBER = {"type": "number"}
SHARE = {"type": "number", "minimum": 0, "maximum": 1}
TEXT = {"type": "string", "minLength": 1, "maxLength": 400}
PUZZLE_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["id", "record", "seat", "seed", "answer", "unit", "playouts", "choices", "rules", "theme", "thumb",
                 "random", "exact"],
    "properties": {
        "id": TEXT, "record": {"type": "object"}, "seat": {"type": "integer", "minimum": 0},
        "seed": {"type": "integer"},
        "answer": TEXT, "unit": {"enum": ["points", SOLVED_UNIT, "win chance", "place"]},
        "playouts": {"type": "integer", "minimum": 1},
        "choices": {"type": "array", "minItems": 2, "items": {
            "type": "object", "additionalProperties": False, "required": ["action", "mean", "low", "high"],
            "properties": {"action": TEXT, "mean": NUMBER, "low": NUMBER, "high": NUMBER}}},
        "rules": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z][0-9]+$"}},
        "theme": TEXT, "thumb": SHARE, "random": SHARE, "exact": {"type": "boolean"},
    },
}
SET_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["format", "game", "seed", "settings", "puzzles"],
    "properties": {"format": {"const": FORMAT}, "game": TEXT, "seed": {"type": "integer"},
                   "settings": {"type": "object"}, "puzzles": {"type": "array", "items": PUZZLE_SCHEMA}},
}


def loads_set(text: str | bytes) -> PuzzleSet:
    """A set of puzzles from its JSON text, validated (see the module's docstring)."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise PuzzleError("", f"not JSON: {e}") from None
    from jsonschema import Draft202012Validator  # here, not when a puzzle table opens

    error = next(iter(sorted(Draft202012Validator(SET_SCHEMA).iter_errors(data), key=lambda e: list(e.path))), None)
    if error is not None:
        raise PuzzleError(json_path(list(error.path)), error.message[:200])
    puzzles = [_puzzle(item, data["game"], f"puzzles[{i}]") for i, item in enumerate(data["puzzles"])]
    return PuzzleSet(data["game"], data["seed"], data["settings"], puzzles)


def _puzzle(item: dict[str, Any], game: str, path: str) -> Puzzle:
    try:
        record = loads(json.dumps(item["record"]))
    except CardlabError as e:
        raise PuzzleError(f"{path}.record", str(e)) from None
    if record.game != game:
        raise PuzzleError(f"{path}.record.game", f"a puzzle of {record.game!r} in the set of {game!r}")
    state = record.replay()
    if state.is_over or state.current_player != item["seat"]:
        raise PuzzleError(f"{path}.seat", f"seat {item['seat']} is not the one to move after the record's actions")
    legal = sorted(state.action_text(a) for a in state.legal_actions())
    if sorted(c["action"] for c in item["choices"]) != legal:
        raise PuzzleError(f"{path}.choices", f"the choices are not the position's legal actions {legal}")
    if item["answer"] not in legal:
        raise PuzzleError(f"{path}.answer", f"{item['answer']!r} is not a legal action of the position")
    fields = {**item, "record": record, "choices": tuple(Choice(**c) for c in item["choices"]),
              "rules": tuple(item["rules"])}
    return Puzzle(**fields)


def load_set(path: str | Path) -> PuzzleSet:
    """A set of puzzles from its file, validated."""
    return loads_set(Path(path).read_bytes())


def shipped(game: str) -> PuzzleSet:
    """The set of puzzles that comes with the kit for ``game`` (``cardlab/data/puzzles/``): read and
    validated once per process (every record replayed), then handed out as a new set of the same
    frozen puzzles each time."""
    loaded = _shipped(game)
    return PuzzleSet(loaded.game, loaded.seed, dict(loaded.settings), list(loaded.puzzles))


@functools.cache
def _shipped(game: str) -> PuzzleSet:
    path = DATA / f"{game}.json"
    if not path.is_file():
        have = ", ".join(sorted(p.stem for p in DATA.glob("*.json"))) or "none"
        raise PuzzleError("game", f"no puzzles are shipped for {game!r}; games with puzzles: {have}")
    return load_set(path)
