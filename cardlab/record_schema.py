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
import sys
from pathlib import Path
from typing import Any, Iterable

from .errors import RecordError
from . import registry
from .registry import GameInfo
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
def card_schema(title: str, cards: list) -> dict:
    """A card's text in one pack: a pattern of the texts (much faster to check than an enum)."""
    return {"type": "string", "pattern": "^(?:" + "|".join(c.ascii() for c in cards) + ")$", "title": title}


def object_schema(properties: dict, required: list[str] | None = None, **more: Any) -> dict:
    """An object of exactly ``properties`` (all ``required`` unless listed)."""
    return {"type": "object", "properties": properties, "required": required or list(properties),
            "additionalProperties": False, **more}


def seat_schema(info: GameInfo) -> dict:
    """A seat of the game: 0 to its most seats less one."""
    return {"type": "integer", "minimum": 0, "maximum": info.players[1] - 1}


ANY_DEAL = {"type": "object", "description": "The game's deal, checked by its engine's deal reader."}
"""The deal of a game that declares no ``deal_schema`` part."""


def rules_schema(module: Any, title: str | None = None) -> dict:
    """A game's rules section, from the ``metadata["schema"]`` fragment of each ``Rules`` field of
    its engine ``module`` (a module or any object with the engine's names); ``title``: the game's
    name for people (default: the module's last name, capitalised)."""
    name = getattr(module, "__name__", None) or title
    if name is None:
        raise TypeError("rules_schema: an engine without a __name__ needs a title")
    title = title or name.rsplit(".", 1)[-1].title()
    properties = {}
    for f in dataclasses.fields(module.Rules):
        if "schema" not in f.metadata:
            raise TypeError(f"{name}.Rules.{f.name} declares no metadata['schema']")
        properties[f.name] = dict(f.metadata["schema"])
    presets = list(module.PRESETS)
    properties["name"] = {**properties["name"], "enum": presets + list(getattr(module, "ALIASES", {})),
                          "title": "a preset name: " + ", ".join(presets)}
    return object_schema(properties, ["name"], description=(
        f"The rules of {title}: a preset name (older spellings are "
        "accepted) and any fields that differ from it."))


def _players(info: GameInfo) -> dict:
    low, high = info.players
    count = f"{low}" if low == high else f"{low} to {high}"
    return {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": NAME_CHARS},
            "if": {"minItems": 1}, "then": {"minItems": low, "maxItems": high, "title": f"{count} names, one per seat"}}


def _text(limit: int, title: str) -> dict:
    return {"type": "string", "maxLength": limit, "title": title}


def record_schema(infos: tuple[GameInfo, ...] | None = None) -> dict:
    """The JSON Schema of a record (draft 2020-12) of the games ``infos`` (default: every
    registered game); the package's games give the published ``docs/record.schema.json``."""
    return _schema(registry.all_games() if infos is None else tuple(infos))


@functools.cache
def _schema(infos: tuple[GameInfo, ...]) -> dict:
    names = [info.name for info in infos]
    seat = {"type": "integer", "minimum": 0, "maximum": max(info.players[1] for info in infos) - 1}
    result = object_schema({"winner": {"type": ["integer", "null"], "minimum": seat["minimum"], "maximum": seat["maximum"]},
                   "reason": _text(200, "why the game ended"),
                   "scores": {"type": "array", "items": {"type": "number"}, "maxItems": 8},
                   "ranking": {"type": "array", "items": seat, "maxItems": 8}})
    properties = {
        "format": {"const": FORMAT},
        "game": {"enum": names, "title": "a game: " + ", ".join(names)},
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
    for info in infos:
        game = info.name
        defs[f"{game}_rules"] = rules_schema(info.module, info.title)
        defs[f"{game}_deal"] = info.part("deal_schema", lambda info: ANY_DEAL)(info)
        per_game.append({"if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                         "then": {"properties": {"rules": {"$ref": f"#/$defs/{game}_rules"},
                                                 "deal": {"$ref": f"#/$defs/{game}_deal"},
                                                 "players": _players(info)}}})
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "cardlab game record",
            "description": (f"A game of {_either(info.title for info in infos)}: headers, the initial deal, the actions "
                            "in text form and comments keyed by action index. cardlab reads integers "
                            "strictly: 1.0 is not an integer, and true is not 1."),
            **object_schema(properties, ["game", "rules", "seed", "deal", "actions"]), "allOf": per_game, "$defs": defs}


def _either(titles: Iterable[str]) -> str:
    """``"A, B or C"``."""
    *most, last = titles
    return f"{', '.join(most)} or {last}" if most else last


def schema_text() -> str:
    """The schema of the package's games, as the published file holds it."""
    return json.dumps(record_schema(registry.builtin_games()), ensure_ascii=False, indent=1) + "\n"


def write_schema(path: str | Path = DOCS_SCHEMA) -> Path:
    """Regenerate the published schema (``python -m cardlab.record_schema``)."""
    path = Path(path)
    path.write_text(schema_text(), encoding="utf-8")
    return path


# --- validation -------------------------------------------------------------------------------
def _is_int(checker: Any, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _import_jsonschema() -> Any:
    """jsonschema, imported without its optional IRI checks (``rfc3987_syntax``) if nothing has
    imported them yet: at import they build 39 grammars, 1.5–6 s of a notebook's first record
    load, for the ``iri`` formats that no record's schema uses (and no format is checked here).
    A program that imported ``rfc3987_syntax`` before keeps it."""
    hide = "rfc3987_syntax" not in sys.modules and "jsonschema" not in sys.modules
    if hide:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]   # an import of it fails
    try:
        import jsonschema
    finally:
        if hide:
            del sys.modules["rfc3987_syntax"]
    return jsonschema


@functools.cache
def _validator(infos: tuple[GameInfo, ...]) -> Any:
    """The validator of ``infos``' records: Draft 2020-12 where a whole float is no integer.
    jsonschema is imported here, the first time a record is checked, not when a table opens."""
    jsonschema = _import_jsonschema()
    draft = jsonschema.Draft202012Validator
    strict = jsonschema.validators.extend(draft, type_checker=draft.TYPE_CHECKER.redefine("integer", _is_int))
    return strict(_schema(infos))


_KINDS = {"integer": "an integer", "number": "a number", "string": "a text", "array": "a list",
          "object": "an object", "boolean": "true or false", "null": "null"}


def _located(error: Any) -> tuple[list[Part], str]:
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
        node = _child(node, part)
    return tuple(order)


def _child(node: Any, part: Part) -> Any:
    """``node[part]`` where the document has it, else None."""
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and part < len(node):
        return node[part]
    return None


def validate(data: Any) -> None:
    """Check parsed JSON against :func:`record_schema`; raise ``RecordError`` at the first bad path
    (in document order, of the first :data:`MAX_ERRORS` errors found)."""
    located = [_located(e) for e in itertools.islice(_validator(registry.all_games()).iter_errors(data), MAX_ERRORS)]
    if located:
        path, message = min(located, key=lambda pm: _document_order(pm[0], data))
        raise RecordError(json_path(path), message)


if __name__ == "__main__":
    print(write_schema())
