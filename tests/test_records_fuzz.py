"""Fuzzing records (issue 12): mutations of valid records of every game and preset either load
and replay, or raise RecordError with a path; never another exception. Bounded to a few seconds."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.errors import RecordError
from cardlab.game import game_module
from cardlab.registry import builtin_games
from cardlab.record_schema import TEXT_CHARS
from cardlab.records import loads, record_of

GAMES = [info.name for info in builtin_games()]
CASES = [(game, preset) for game in GAMES for preset in game_module(game).PRESETS]
HOSTILE: list[Any] = [None, True, False, 0, 1, -1, 2, 7, 1.0, 0.5, 2**64, -2**70, 10**39, "", "x", "no", "300",
                      "QZ", "5H", "AS", "JokerR", "K--", "X 5H", "slap X@" + "9" * 60, "slap X@١٢", "send",
                      "\u0000", "\ud800", "<img src=x onerror=alert(1)>", [], {}, [1], ["5H"], {"a": 1}]

def fuzz(examples: int) -> settings:
    """Bounded, repeatable runs: the whole file takes a few seconds."""
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def valid_record(game: str, preset: str, seed: int, steps: int) -> dict:
    """The record of a game after ``steps`` random legal actions (seeded)."""
    state = game_module(game).new_game(preset, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.play(rnd.choice(state.legal_actions()))
    return json.loads(record_of(state).to_json())


class Twice(dict):
    """An object that is written with one of its keys twice (see :func:`dump`)."""

    key: str


def dump(value: Any) -> str:
    """JSON text, writing a :class:`Twice` object's ``key`` a second time."""
    if isinstance(value, dict):
        pairs = list(value.items()) + ([(value.key, value[value.key])] if isinstance(value, Twice) else [])
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in pairs) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(dump, value)) + "]"
    return json.dumps(value)


def paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        out += paths(child, path + (key,))
    return out


def _enlarge(value: Any, rnd: random.Random) -> Any:
    if isinstance(value, str):
        return value * rnd.choice((2, 50, TEXT_CHARS)) or "x" * (TEXT_CHARS + 1)
    if isinstance(value, list):
        return value * rnd.choice((2, 3)) + [copy.deepcopy(rnd.choice(HOSTILE)) for _ in range(rnd.randrange(3))]
    if isinstance(value, dict):
        return {**value, **{f"extra{i}": i for i in range(rnd.randrange(1, 4))}}
    if isinstance(value, bool) or value is None:
        return [value] * 3
    return int(str(int(value)) + "9" * rnd.choice((1, 10, 45)))


def _truncate(value: Any, rnd: random.Random) -> Any:
    if isinstance(value, (str, list)):
        return value[:rnd.randrange(len(value) + 1)]
    if isinstance(value, dict):
        return dict(list(value.items())[:rnd.randrange(len(value) + 1)])
    return value // 2 if isinstance(value, int) and not isinstance(value, bool) else value


def _nest(value: Any, rnd: random.Random) -> Any:
    for _ in range(rnd.randrange(1, 12)):
        value = [value] if rnd.random() < 0.5 else {"v": value}
    return value


def mutate(data: dict, rnd: random.Random) -> tuple[str, Any]:
    """One mutation of a random element: ``(operation, mutated data)``; the root is never replaced."""
    data = copy.deepcopy(data)
    path = rnd.choice(paths(data)[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key, value = path[-1], parent[path[-1]]
    op = rnd.choice(("delete", "retype", "duplicate", "truncate", "nest", "enlarge", "unknown key"))
    if op == "delete":
        del parent[key]
    elif op == "retype":
        parent[key] = copy.deepcopy(rnd.choice(HOSTILE))
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif op == "duplicate":
        twice = Twice(parent)
        twice.key = key
        twice[key] = copy.deepcopy(rnd.choice(HOSTILE + [value]))
        if not path[:-1]:
            return op, twice
        grand = data
        for step in path[:-2]:
            grand = grand[step]
        grand[path[-2]] = twice
    elif op == "unknown key":
        target = value if isinstance(value, dict) else parent if isinstance(parent, dict) else data
        target["unknown"] = copy.deepcopy(rnd.choice(HOSTILE))
    else:
        parent[key] = {"truncate": _truncate, "nest": _nest, "enlarge": _enlarge}[op](value, rnd)
    return op, data


def load_outcome(text: str | bytes) -> str:
    """``"ok"`` (loaded and replayed) or the path of the RecordError; anything else propagates."""
    try:
        loads(text).replay()
    except RecordError as e:
        assert isinstance(e.path, str) and str(e).startswith(e.path) and str(e) != e.path
        return e.path or "(document)"
    return "ok"


@fuzz(100)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 15),
       rnd=st.randoms(use_true_random=False), mutations=st.integers(1, 3))
def test_mutated_records_load_and_replay_or_fail_with_a_path(case, seed, steps, rnd, mutations):
    data = valid_record(*case, seed, steps)
    for _ in range(mutations):
        _, data = mutate(data, rnd)
    assert load_outcome(dump(data)) != "(document)"


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=8)


@fuzz(40)
@given(case=st.sampled_from(CASES), steps=st.integers(0, 10), pick=st.integers(0, 10**6), value=JSON)
def test_any_json_value_in_any_place_loads_or_fails_with_a_path(case, steps, pick, value):
    data = valid_record(*case, 1, steps)
    where = paths(data)[1:]
    path = where[pick % len(where)]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    assert load_outcome(json.dumps(data)) != "(document)"


@fuzz(40)
@given(case=st.sampled_from(CASES), cut=st.integers(0, 10**6), garbage=st.binary(max_size=8))
def test_damaged_text_is_a_record_error(case, cut, garbage):
    text = json.dumps(valid_record(*case, 2, 5)).encode()
    cut %= len(text)
    load_outcome(text[:cut] + garbage + text[cut + len(garbage):])


@fuzz(100)
@given(blob=st.binary(max_size=300) | st.text(max_size=300))
def test_random_bytes_and_text_are_record_errors(blob):
    assert load_outcome(blob) != "ok"
