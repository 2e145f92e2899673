"""Every game's events are told from its words catalogue in both languages (issue 37: no English
templates left in an engine; issue 40: no English on a Japanese page): ``state.describe(event,
lang)`` over whole random games — in Japanese no English word (names, card texts and rule IDs
aside), in English the same events told as before."""

from __future__ import annotations

import random
import re

import pytest

from cardlab.registry import game_info

NAMES = {"cleopatra": ["X", "Y"], "trappola": ["Ada", "Bea"], "kirifu": ["Ada", "Bea", "Cho", "Dai"]}
ALLOWED = re.compile(r"(?<![A-Za-z])(?:Ada|Bea|Cho|Dai|X|Y|T\d+|[CK]\d+|ms|[0-9]+[SBCDH]|[ARCFJQK][SBCDH]|[0-9AJQKRCF]+)"
                     r"(?![A-Za-z])")


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_event_is_told_in_japanese_without_english(name):
    module = game_info(name).module
    told = 0
    for seed in range(3):
        state, rng = module.new_game(seed=seed, players=NAMES[name]), random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        for event in state.events:
            english, japanese = state.describe(event), state.describe(event, lang="ja")
            assert english.strip() and japanese.strip() and english != japanese
            left = re.findall(r"[A-Za-z]{2,}", ALLOWED.sub("", japanese))
            assert not left, f"{type(event).__name__}: {japanese!r} keeps English {left}"
            told += 1
    assert told > 20
