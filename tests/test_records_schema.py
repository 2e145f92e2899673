"""The published record schema (docs/record.schema.json) is what the code builds, from one
declaration of each rules field (the ``metadata["schema"]`` of the games' Rules fields)."""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace

import pytest
from jsonschema import Draft202012Validator

from cardlab.game import game_module
from cardlab.registry import builtin_games
from cardlab.record_schema import DOCS_SCHEMA, record_schema, rules_schema, schema_text
from cardlab.records import record_of

GAMES = [info.name for info in builtin_games()]


def test_the_published_schema_is_the_generated_one():
    assert DOCS_SCHEMA.read_text(encoding="utf-8") == schema_text(), \
        "docs/record.schema.json is stale: run python -m cardlab.record_schema"


def test_the_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(record_schema())


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_field_is_checked_against_its_own_declaration(game):
    module = game_module(game)
    rules = record_schema()["$defs"][f"{game}_rules"]
    fields = dataclasses.fields(module.Rules)
    assert list(rules["properties"]) == [f.name for f in fields] and rules["additionalProperties"] is False
    for f in fields[1:]:
        assert rules["properties"][f.name] == f.metadata["schema"]
    assert rules["properties"]["name"]["enum"] == [*module.PRESETS, *getattr(module, "ALIASES", {})]


@dataclasses.dataclass(frozen=True)
class _Rules:
    name: str = dataclasses.field(default="a", metadata={"schema": {"type": "string"}})
    target: int = dataclasses.field(default=3, metadata={"schema": {"type": "integer", "minimum": 1}})


def test_the_rules_section_comes_from_the_field_metadata():
    module = SimpleNamespace(__name__="cardlab.games.toy", Rules=_Rules, PRESETS={"a": _Rules()},
                             ALIASES={"old_a": "a"})
    assert rules_schema(module) == {
        "type": "object", "required": ["name"], "additionalProperties": False,
        "properties": {"name": {"type": "string", "enum": ["a", "old_a"], "title": "a preset name: a"},
                       "target": {"type": "integer", "minimum": 1}},
        "description": "The rules of Toy: a preset name (older spellings are accepted) and any fields "
                       "that differ from it."}


def test_a_rules_field_without_a_declaration_is_a_build_error():
    bare = dataclasses.make_dataclass("Rules", [("name", str, dataclasses.field(default="a"))], frozen=True)
    module = SimpleNamespace(__name__="cardlab.games.toy", Rules=bare, PRESETS={"a": bare()})
    with pytest.raises(TypeError, match=r"toy.Rules.name declares no metadata\['schema'\]"):
        rules_schema(module)


@pytest.mark.parametrize("game", GAMES)
def test_any_json_schema_validator_accepts_what_the_engine_writes(game):
    """A third party reading the published file (plain draft 2020-12) agrees on valid records."""
    validator = Draft202012Validator(json.loads(DOCS_SCHEMA.read_text(encoding="utf-8")))
    module = game_module(game)
    for preset in module.PRESETS:
        state = module.new_game(preset, seed=5)
        for _ in range(20):
            state.play(state.legal_actions()[0])
        data = json.loads(record_of(state).to_json())
        assert not list(validator.iter_errors(data))
        assert list(validator.iter_errors({**data, "rules": {**data["rules"], "name": "chess"}}))


def test_checking_a_record_builds_no_iri_grammars_yet_keeps_them_for_a_program_that_has_them():
    """jsonschema's optional IRI checks (rfc3987_syntax, seconds of grammar building at import) are
    left out of a record's first check, and stay importable afterwards."""
    import subprocess
    import sys

    probe = ("import sys\n{before}from cardlab.games.cleopatra.sample import load_sample\nload_sample()\n"
             "print('rfc3987_syntax' in sys.modules)\nimport importlib.util\n"
             "print(importlib.util.find_spec('rfc3987_syntax') is not None)\n")
    try:
        import rfc3987_syntax  # noqa: F401
    except ImportError:
        pytest.skip("rfc3987_syntax is not installed here")
    lean = subprocess.run([sys.executable, "-c", probe.format(before="")], capture_output=True, text=True, check=True)
    assert lean.stdout.split() == ["False", "True"]
    kept = subprocess.run([sys.executable, "-c", probe.format(before="import rfc3987_syntax\n")],
                          capture_output=True, text=True, check=True)
    assert kept.stdout.split() == ["True", "True"]
