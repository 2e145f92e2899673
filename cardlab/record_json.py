"""Reading a record's JSON text within limits; every failure is a ``RecordError`` with a path.

Python's JSON reader has sharp edges for hostile input: deep nesting raises ``RecursionError``,
a 5,000-digit number raises ``ValueError`` (the int-conversion limit), a repeated key silently
wins, ``NaN`` is accepted. Here the size is checked before parsing, numbers longer than
:data:`MAX_DIGITS`, ``NaN``/``Infinity`` and repeated keys are parsed into markers that
:func:`parse` then reports at their path, and nesting deeper than :data:`MAX_DEPTH` is refused.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, Iterator

from .errors import RecordError

MAX_BYTES = 4_000_000
"""The largest record file (100,000 actions take about 1 MB)."""
MAX_DEPTH = 8
"""The deepest nesting of arrays and objects (a record needs 4: record, deal, hands, hand)."""
MAX_DIGITS = 40
"""The longest number, in characters (a 128-bit seed has 39 digits)."""

Part = str | int


def json_path(parts: Iterator[Part] | list[Part] | tuple[Part, ...]) -> str:
    """``["deal", "hands", 1, 3]`` as ``deal.hands[1][3]`` (odd keys quoted and shortened)."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z0-9_-]{1,40}", part):
            out += f".{part}" if out else part
        else:
            out += f"[{shorten(part)}]"
    return out


def shorten(value: Any, limit: int = 40) -> str:
    """A value as JSON for a message, cut to about ``limit`` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, _Marker) else str(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _Marker:
    """A value the JSON reader could not take as it stands; :func:`parse` reports it by path."""

    def __init__(self, text: str, why: str) -> None:
        self.text, self.why = text, why

    def __str__(self) -> str:
        return self.text if len(self.text) <= 20 else f"{self.text[:12]}… ({len(self.text)} characters)"


class _Object(dict):
    """A JSON object that remembers the first key given twice."""

    repeated: str | None = None


def _too_long(text: str) -> _Marker | None:
    if len(text) <= MAX_DIGITS:
        return None
    return _Marker(text, f"a number of {len(text)} characters; the limit is {MAX_DIGITS}")


def _int(text: str) -> int | _Marker:
    return _too_long(text) or int(text)


def _float(text: str) -> float | _Marker:
    marker = _too_long(text)
    if marker:
        return marker
    value = float(text)
    return value if math.isfinite(value) else _Marker(text, f"{text} is out of range")


def _constant(text: str) -> _Marker:
    return _Marker(text, f"{text} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    out = _Object()
    for key, value in pairs:
        if key in out and out.repeated is None:
            out.repeated = key
        out[key] = value
    return out


_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant,
                            object_pairs_hook=_object)


def read_bytes(path: str | Path) -> bytes:
    """A record file's bytes, refusing files over :data:`MAX_BYTES`; any failure is a RecordError."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError("", f"cannot read {str(path)!r}: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise RecordError("", f"{str(path)!r} is larger than {MAX_BYTES:,} bytes, the limit for a record")
    return data


def parse(text: str | bytes) -> Any:
    """The JSON value of a record's text (or UTF-8 bytes), checked against the limits above."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise RecordError("", f"the record is larger than {MAX_BYTES:,} bytes, the limit")
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError("", f"not UTF-8 text: byte {e.start} is {text[e.start]:#04x}") from None
    if not isinstance(text, str):
        raise RecordError("", f"a record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise RecordError("", f"the record is longer than {MAX_BYTES:,} characters, the limit")
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise RecordError("", f"not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError("", f"nested far deeper than {MAX_DEPTH} levels, the limit") from None
    _check(data, [])
    return data


def _check(value: Any, path: list[Part]) -> None:
    """Report the first marker, repeated key, unencodable text or too deep nesting by its path."""
    if isinstance(value, _Marker):
        raise RecordError(json_path(path), value.why)
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as e:
                raise RecordError(json_path(path), f"text with a lone surrogate at character {e.start}") from None
        return
    if not isinstance(value, (dict, list)):
        return
    if len(path) >= MAX_DEPTH:
        raise RecordError(json_path(path), f"nested deeper than {MAX_DEPTH} levels, the limit")
    if isinstance(value, list):
        for i, item in enumerate(value):
            _check(item, path + [i])
        return
    for key, item in value.items():
        _check(key, path + [key])
        if key == getattr(value, "repeated", None):
            raise RecordError(json_path(path + [key]), "given twice in the same object")
        _check(item, path + [key])
