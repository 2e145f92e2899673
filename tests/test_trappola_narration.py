"""T12 against T14 (issue 26): the narration of a trick taken with a 2 tells the story the score
sheet tells. T12 scores 10 for a trick won with a 2; T14 replaces the 10s of a closing streak (the
last 1 to 3 tricks, 4 with ``four_twos_104``, all won with a 2 by one player) and the 6 for the last
trick by 26, 52 or 78. The narration said "+10 for the 2 (T12)" for the last trick of such a streak,
while the sheet showed 0 under T12 and the streak under T14."""

from __future__ import annotations

import random

import pytest

from cardlab.games import trappola
from cardlab.games.trappola.draw_html import event_line
from cardlab.games.trappola.events import bonus_words
from cardlab.games.trappola.scoring import STREAK_VALUES, TRICKS_PER_DEAL, TWO_BONUS

NAMES = ("Ada", "Bea")


def deals(rules: trappola.Rules, seeds: range) -> list[tuple[list, object]]:
    """The tricks won (TrickWon events) and the score sheet of every deal of random games."""
    out = []
    for seed in seeds:
        game, rng = trappola.new_game(rules, seed=seed, players=NAMES), random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
        tricks: list = []
        for event in game.events:
            if isinstance(event, trappola.TrickWon):
                tricks.append(event)
            elif isinstance(event, trappola.DealScored):
                out.append((tricks, game.sheets[event.deal]))
                tricks = []
    return out


@pytest.mark.parametrize("rules", [trappola.TRAPPOLA, trappola.FOUR_TWOS_104], ids=["three", "four_twos_104"])
def test_the_narration_of_every_2_agrees_with_the_score_sheet_T12_T14(rules):
    longest = rules.longest_streak
    seen = {"log_bonus": 0, "log_bonus_unless": 0, "log_bonus_streak": 0}
    for tricks, sheet in deals(rules, range(60)):
        streak = range(TRICKS_PER_DEAL - sheet.streak_length + 1, TRICKS_PER_DEAL + 1)   # the tricks of T14
        counted = [0, 0]                  # the 10s the narration promises, as they turned out
        for trick in tricks:
            key = bonus_words(trick, longest)
            if key is None:
                continue
            seen[key] += 1
            if key == "log_bonus":        # T12 for certain: never part of a closing streak
                assert trick.trick not in streak
            if key == "log_bonus_streak":  # the last trick won with a 2: the streak scores instead
                assert trick.trick in streak and sheet.streak[trick.winner] == STREAK_VALUES[sheet.streak_length]
            if trick.trick not in streak:
                counted[trick.winner] += TWO_BONUS
        assert list(sheet.twos) == counted, (sheet, tricks)
        told_streak = tricks[-1].bonus > 0
        assert (sum(sheet.streak) > 0) == told_streak and (sum(sheet.last_trick) == 0) == told_streak
    assert all(seen.values()), seen       # every kind of story was told


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_log_and_describe_cite_T12_for_the_10_and_T14_for_the_streak_in_both_languages(lang):
    ten, maybe, last = (trappola.TrickWon(n, 0, (), 0, TWO_BONUS) for n in (3, 8, TRICKS_PER_DEAL))
    said = {n: event_line(event, NAMES, you=1, lang=lang)[0] for n, event in ((3, ten), (8, maybe), (9, last))}
    assert "+10" in said[3] and "T12" in said[3] and "T14" not in said[3]
    assert "+10" in said[8] and "T12" in said[8] and "T14" in said[8]
    assert "+10" not in said[9] and "T14" in said[9] and "T12" not in said[9]
    told = {n: trappola.describe(event, NAMES) for n, event in ((3, ten), (8, maybe), (9, last))}
    assert "+10 for the 2 (T12)" in told[3] and "T14" in told[8] and "+10" not in told[9] and "T14" in told[9]
    quiet = trappola.TrickWon(9, 0, (), 6, 0)
    assert "T12" not in event_line(quiet, NAMES, 1, lang)[0] and "T14" not in trappola.describe(quiet, NAMES)


def test_the_engine_tells_the_story_by_its_own_rules_longest_streak_T14():
    sixth = trappola.TrickWon(6, 0, (), 0, TWO_BONUS)
    three, four = (trappola.new_game(rules, seed=1, players=NAMES) for rules in (trappola.TRAPPOLA,
                                                                                  trappola.FOUR_TWOS_104))
    assert "T14" not in three.describe(sixth) and "T14" in four.describe(sixth)
