"""The record format as one JSON Schema (draft 2020-12), and validation naming the first bad path.

The schema is built at run time from the code's own declarations, so the published file
``docs/record.schema.json`` (:func:`write_schema`; a test compares) cannot drift: each game's
rules section from the JSON-schema fragments of its ``Rules`` fields (``metadata["schema"]``),
the preset names from ``PRESETS`` and ``ALIASES``, the card texts from the packs. The deal
shapes follow each game's deal reader (``initial_deal()`` writes them).

:func:`validate` runs `jsonschema <https://python-jsonschema.readthedocs.io>`_ with one change:
an integer is an ``int`` and nothing else (JSON Schema also counts ``1.0``; a ``bool`` never is),
so seats and counts are exact. Of all the errors found, the first in document order is reported,
as a :class:`~cardlab.errors.RecordError` whose ``path`` goes down to the item
(``deal.hands[1][3]``, ``rules.target``, ``actions[12]``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import jsonschema
from jsonschema import Draft202012Validator

from .cards import french_deck, italian_deck
from .errors import RecordError
from .game import GAMES, game_module
from .record_json import Part, json_path, shorten

FORMAT = "cardlab-record/1"
NAME_CHARS = 64
"""The longest player name."""
TEXT_CHARS = 20_000
"""The longest comment, source or title."""
ACTION_CHARS = 400
"""The longest action text (the longest the games write is under 60)."""
MAX_ACTIONS = 100_000
"""The most actions in one record (random games of every preset take under 1,000)."""
MAX_ERRORS = 1_000
"""How many schema errors are looked at to find the first one in the document."""
SEED_RANGE = (-2**63, 2**64 - 1)
DOCS_SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "record.schema.json"


# --- the schema -------------------------------------------------------------------------------
def _card(title: str, cards: list) -> dict:
    """A card's text in one pack: a pattern of the texts (much faster to check than an enum)."""
    return {"type": "string", "pattern": "^(?:" + "|".join(c.ascii() for c in cards) + ")$", "title": title}


def _seats(module: ModuleType) -> tuple[int, int]:
    """The fewest and most seats: the bounds of a ``players`` rules field, else two."""
    for f in dataclasses.fields(module.Rules):
        if f.name == "players":
            fragment = f.metadata["schema"]
            return fragment["minimum"], fragment["maximum"]
    return 2, 2


def _obj(properties: dict, required: list[str] | None = None, **more: Any) -> dict:
    return {"type": "object", "properties": properties, "required": required or list(properties),
            "additionalProperties": False, **more}


def _seat(module: ModuleType) -> dict:
    return {"type": "integer", "minimum": 0, "maximum": _seats(module)[1] - 1}


def _cleopatra_deal(module: ModuleType) -> dict:
    pattern = {"type": "string", "pattern": "^[-JQKA]*$", "maxLength": 52,
               "title": "a hand in pattern notation: J Q K A, and - for a number card"}
    cards = {"type": "array", "items": _card("a card of the French pack", french_deck()), "maxItems": 52,
             "uniqueItems": True}
    hands = {"type": "array", "minItems": 2, "maxItems": 2, "title": "two hands, X's then Y's, top card first",
             "if": {"prefixItems": [{"type": "string"}]}, "then": {"items": pattern}, "else": {"items": cards}}
    return _obj({"hands": hands, "first": _seat(module)},
                description="Two hands (card lists, or both in pattern notation) and the first player's seat.")


def _trappola_deal(module: ModuleType) -> dict:
    cards = {"type": "array", "items": _card("a card of the Italian pack", italian_deck()), "minItems": 36,
             "maxItems": 36, "uniqueItems": True, "title": "the 36 cards in dealing order"}
    return _obj({"dealer": _seat(module), "cards": cards},
                description="The first deal: the dealer's seat and the whole pack in dealing order (T1, T3).")


def _kirifu_deal(module: ModuleType) -> dict:
    low, high = _seats(module)
    cards = {"type": "array", "items": _card("a card of the French pack or a joker", french_deck(jokers=2)),
             "maxItems": 54, "uniqueItems": True}
    hands = {"type": "array", "items": {**cards, "minItems": 1}, "minItems": low, "maxItems": high,
             "title": "one hand per seat"}
    return _obj({"world": {"enum": ["S", "H", "D", "C"], "title": "a suit letter (K2)"},
                 "first": _seat(module), "hands": hands, "stock": cards},
                description="The world suit, the first player, every hand and the stock, top card first.")


_DEALS: dict[str, Callable[[ModuleType], dict]] = {
    "cleopatra": _cleopatra_deal, "trappola": _trappola_deal, "kirifu": _kirifu_deal}


def rules_schema(module: ModuleType) -> dict:
    """A game's rules section, from the ``metadata["schema"]`` fragment of each ``Rules`` field."""
    properties = {}
    for f in dataclasses.fields(module.Rules):
        if "schema" not in f.metadata:
            raise TypeError(f"{module.__name__}.Rules.{f.name} declares no metadata['schema']")
        properties[f.name] = dict(f.metadata["schema"])
    presets = list(module.PRESETS)
    properties["name"] = {**properties["name"], "enum": presets + list(getattr(module, "ALIASES", {})),
                          "title": "a preset name: " + ", ".join(presets)}
    return _obj(properties, ["name"], description=(
        f"The rules of {module.__name__.rsplit('.', 1)[-1].title()}: a preset name (older spellings are "
        "accepted) and any fields that differ from it."))


def _players(module: ModuleType) -> dict:
    low, high = _seats(module)
    count = f"{low}" if low == high else f"{low} to {high}"
    return {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": NAME_CHARS},
            "if": {"minItems": 1}, "then": {"minItems": low, "maxItems": high, "title": f"{count} names, one per seat"}}


def _text(limit: int, title: str) -> dict:
    return {"type": "string", "maxLength": limit, "title": title}


@functools.cache
def record_schema() -> dict:
    """The JSON Schema of a record (draft 2020-12), as published in ``docs/record.schema.json``."""
    modules = {game: game_module(game) for game in GAMES}
    seat = {"type": "integer", "minimum": 0, "maximum": max(_seats(m)[1] for m in modules.values()) - 1}
    result = _obj({"winner": {"type": ["integer", "null"], "minimum": seat["minimum"], "maximum": seat["maximum"]},
                   "reason": _text(200, "why the game ended"),
                   "scores": {"type": "array", "items": {"type": "number"}, "maxItems": 8},
                   "ranking": {"type": "array", "items": seat, "maxItems": 8}})
    properties = {
        "format": {"const": FORMAT},
        "game": {"enum": list(GAMES), "title": "a game: " + ", ".join(GAMES)},
        "rules": {"type": "object"},
        "seed": {"type": ["integer", "null"], "minimum": SEED_RANGE[0], "maximum": SEED_RANGE[1],
                 "title": "the seed of the game's random generator"},
        "deal": {"type": "object"},
        "actions": {"type": "array", "maxItems": MAX_ACTIONS, "items": {
            "type": "string", "minLength": 1, "maxLength": ACTION_CHARS, "pattern": "^[!-~]+( [!-~]+)*$",
            "title": "an action's text: printable ASCII words, one space apart"}},
        "players": {"type": "array", "description": "The players' names in seat order; [] for the default names."},
        "comments": {"type": "object", "maxProperties": MAX_ACTIONS,
                     "propertyNames": {"pattern": "^(0|[1-9][0-9]{0,5})$", "title": "an action index"},
                     "additionalProperties": _text(TEXT_CHARS, "a comment")},
        "source": _text(TEXT_CHARS, "where the game comes from"),
        "date": _text(40, "when the game was played"),
        "title": _text(TEXT_CHARS, "a title"),
        "result": {**result, "type": ["object", "null"]},
    }
    defs = {}
    per_game = []
    for game, module in modules.items():
        defs[f"{game}_rules"] = rules_schema(module)
        defs[f"{game}_deal"] = _DEALS[game](module)
        per_game.append({"if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                         "then": {"properties": {"rules": {"$ref": f"#/$defs/{game}_rules"},
                                                 "deal": {"$ref": f"#/$defs/{game}_deal"},
                                                 "players": _players(module)}}})
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "cardlab game record",
            "description": ("A game of Cleopatra, Trappola or Kirifu: headers, the initial deal, the actions "
                            "in text form and comments keyed by action index. cardlab reads integers "
                            "strictly: 1.0 is not an integer, and true is not 1."),
            **_obj(properties, ["game", "rules", "seed", "deal", "actions"]), "allOf": per_game, "$defs": defs}


def schema_text() -> str:
    """The schema as the published file holds it."""
    return json.dumps(record_schema(), ensure_ascii=False, indent=1) + "\n"


def write_schema(path: str | Path = DOCS_SCHEMA) -> Path:
    """Regenerate the published schema (``python -m cardlab.record_schema``)."""
    path = Path(path)
    path.write_text(schema_text(), encoding="utf-8")
    return path


# --- validation -------------------------------------------------------------------------------
def _is_int(checker: Any, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_Strict = jsonschema.validators.extend(
    Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_int))


@functools.cache
def _validator() -> Any:
    return _Strict(record_schema())


_KINDS = {"integer": "an integer", "number": "a number", "string": "a text", "array": "a list",
          "object": "an object", "boolean": "true or false", "null": "null"}


def _located(error: jsonschema.ValidationError) -> tuple[list[Part], str]:
    """The path of one error down to the item, and a message in plain words."""
    path, kind, value, bad = list(error.absolute_path), error.validator, error.validator_value, error.instance
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    got = shorten(bad)
    if kind == "required":
        missing = next(k for k in value if k not in bad)
        return path + [missing], "missing"
    if kind == "additionalProperties":
        known = list(error.schema.get("properties", {}))
        return path + [next(k for k in bad if k not in known)], f"unknown field; known: {', '.join(known)}"
    if kind == "uniqueItems":
        first: dict[str, int] = {}
        for i, item in enumerate(bad):
            key = json.dumps(item, sort_keys=True)
            if key in first:
                return path + [i], f"{shorten(item)} appears twice (first at {json_path(path + [first[key]])})"
            first[key] = i
    if "propertyNames" in error.relative_schema_path:
        return path + [bad], f"not {title}" if title else error.message
    words = {
        "type": lambda: f"must be {' or '.join(_KINDS[t] for t in ([value] if isinstance(value, str) else value))}, "
                        f"not {got}",
        "enum": lambda: f"{got} is not {title}" if title else f"must be one of {shorten(value, 80)}, not {got}",
        "const": lambda: f"must be {shorten(value)}, not {got}",
        "pattern": lambda: f"{got} is not {title}" if title else f"{got} does not match {value}",
        "minimum": lambda: f"must be at least {value}, not {got}",
        "maximum": lambda: f"must be at most {value}, not {got}",
        "minItems": lambda: f"needs at least {value} items, not {len(bad)}",
        "maxItems": lambda: f"takes at most {value} items, not {len(bad)}",
        "minLength": lambda: "must not be empty" if value == 1 else f"needs at least {value} characters",
        "maxLength": lambda: f"text of {len(bad):,} characters; the limit is {value:,}",
        "maxProperties": lambda: f"{len(bad):,} entries; the limit is {value:,}",
    }
    message = words[kind]() if kind in words else error.message
    note = title if kind in ("minItems", "maxItems", "type") else None
    note = note or (error.schema.get("description") if kind in _NOTED and isinstance(error.schema, dict) else None)
    return path, f"{message} ({note.rstrip('.')})" if note else message


_NOTED = ("type", "enum", "const", "minimum", "maximum", "minLength", "maxLength")
"""Errors whose message ends with the field's ``description`` (the rules fields cite their rule)."""


def _document_order(path: list[Part], data: Any) -> tuple[int, ...]:
    """Where a path lies in the document: object keys in their written order, then list indices."""
    order, node = [], data
    for part in path:
        if isinstance(node, dict):
            keys = list(node)
            order.append(keys.index(part) if part in node else len(keys))
        else:
            order.append(part if isinstance(part, int) else 0)
        node = node[part] if isinstance(node, (dict, list)) and _has(node, part) else None
    return tuple(order)


def _has(node: dict | list, part: Part) -> bool:
    return part in node if isinstance(node, dict) else isinstance(part, int) and part < len(node)


def validate(data: Any) -> None:
    """Check parsed JSON against :func:`record_schema`; raise ``RecordError`` at the first bad path
    (in document order, of the first :data:`MAX_ERRORS` errors found)."""
    located = [_located(e) for e in itertools.islice(_validator().iter_errors(data), MAX_ERRORS)]
    if located:
        path, message = min(located, key=lambda pm: _document_order(pm[0], data))
        raise RecordError(json_path(path), message)


if __name__ == "__main__":
    print(write_schema())
