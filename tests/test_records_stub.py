"""TEMPORARY (until the engine branch lands): JSON-schema metadata on the games' Rules fields.

The engine branch declares ``metadata={"schema": ...}`` on every Rules field; until it is merged,
the records tests put the same kind of fragments on the fields here. Delete this file then.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from cardlab.games import cleopatra, kirifu, trappola

_POSITIVE = {"type": "integer", "minimum": 1, "maximum": 100}
_NAME = {"type": "string", "maxLength": 40}
_FLAG = {"type": "boolean"}
FRAGMENTS = {
    cleopatra: {"name": _NAME, "jack": _POSITIVE, "queen": _POSITIVE, "king": _POSITIVE, "ace": _POSITIVE,
                **{key: {"enum": list(values)} for key, values in cleopatra.CHOICES.items()},
                "sandwich": _FLAG, "max_steps": {"type": "integer", "minimum": 1, "maximum": 1_000_000}},
    trappola: {"name": _NAME, "target": {"type": ["integer", "null"], "minimum": 1, "maximum": 10_000},
               "t8_by_anyone": _FLAG, "four_twos_104": _FLAG},
    kirifu: {"name": _NAME, **dict.fromkeys(("players", "min_players", "max_players"),
                                            {"type": "integer", "minimum": 2, "maximum": 7}),
             "hand_size": {"type": "integer", "minimum": 1, "maximum": 25},
             "world": {"enum": ["S", "H", "D", "C", None]},
             "first": {"type": ["integer", "null"], "minimum": 0, "maximum": 6},
             "osoroi": _FLAG, "joker": _FLAG},
}

for module, fragments in FRAGMENTS.items():
    for f in dataclasses.fields(module.Rules):
        if "schema" not in f.metadata:
            f.metadata = MappingProxyType({"schema": fragments[f.name]})
