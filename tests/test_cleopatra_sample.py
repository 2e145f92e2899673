"""The shipped 100-step sample game against the source's narration (rules/cleopatra.md)."""

from __future__ import annotations

from cardlab.games.cleopatra import CLEOPATRA
from cardlab.games.cleopatra.sample import SAMPLE_ATTEMPT, SAMPLE_SEED, load_sample
from tools.games.cleopatra.sample_search import search_sample

# The source's steps 1-16 (seeds/cleopatra.ja.txt, translated in rules/cleopatra.md): who turns
# which ranks ("#" = a number card the source does not name), and who takes how many cards how.
SOURCE_STEPS = {
    1: ("X", ["5"], None), 2: ("Y", ["10"], None), 3: ("X", ["Q"], None),
    4: ("Y", ["9", "2"], ("X", 5, "payment")),
    5: ("X", ["8"], None), 6: ("Y", ["4"], None), 7: ("X", ["K"], None),
    8: ("Y", ["5", "J"], None),
    9: ("X", ["7"], ("Y", 6, "payment")),
    10: ("Y", ["A"], None),
    11: ("X", ["#", "#", "K"], None),
    12: ("Y", ["A"], None),
    13: ("X", ["4", "2", "2"], ("Y", 8, "slap")),
    14: ("Y", ["9"], None), 15: ("X", ["J"], None),
    16: ("Y", ["J"], ("Y", 3, "slap")),
}
NUMBERS = {"2", "3", "4", "5", "6", "7", "8", "9", "10"}


def captures_in(state, step):
    from cardlab.games.cleopatra import Captured
    return [("XY"[e.player], e.n, e.how) for e in state.events if isinstance(e, Captured) and e.step == step]


def test_sample_matches_the_source_card_for_card_on_steps_1_to_16():
    state = load_sample().replay()
    steps = state.steps()
    for number, (who, ranks, capture) in SOURCE_STEPS.items():
        step = steps[number - 1]
        assert step.number == number and "XY"[step.player] == who, number
        got = [c.rank for c in step.cards]
        assert len(got) == len(ranks), number
        for rank, want in zip(got, ranks):
            assert rank in NUMBERS if want == "#" else rank == want, (number, got)
        assert captures_in(state, number) == ([capture] if capture else []), number


def test_sample_ends_at_step_100_with_x_turning_his_last_card_a_10():
    """C15: X has neither hand nor won pile after his 10; Y wins at once. The 10 makes no pair,
    so no reading of C10 (a slap "at any moment") could change step 100."""
    state = load_sample().replay()
    last = state.steps()[-1]
    assert last.number == 100 and last.player == 0 and [c.rank for c in last.cards] == ["10"]
    assert last.text.startswith("X plays") and not state.pair_on_top
    assert state.outcome.winner == 1 and state.outcome.reason == "no cards"
    assert state.hands[0] == [] and state.won[0] == [] and len(state.steps()) == 100


def test_sample_setup_x_first_with_the_red_cards():
    record = load_sample()
    state = record.replay(upto=0)
    assert state.rules == CLEOPATRA and state.current_player == 0
    assert {c.color for c in state.hands[0]} == {"red"} and {c.color for c in state.hands[1]} == {"black"}


def test_sample_comments_carry_the_source_narration_on_its_steps():
    record = load_sample()
    steps = record.replay().steps()
    sourced = {n: steps[n - 1].actions[-1] for n in [*SOURCE_STEPS, 100]}
    assert set(record.comments) == set(sourced.values())
    for n, action in sourced.items():
        assert record.comments[action].startswith(f"Step {n} of the source, paraphrased:")
    assert "Y slaps" in record.comments[sourced[13]] and "10" in record.comments[sourced[100]]


def test_sample_search_is_reproducible_from_its_seed():
    """The shipped game is the search's attempt SAMPLE_ATTEMPT (each attempt has its own RNG, so
    it replays alone; ``python -m tools.games.cleopatra.sample_search`` runs the whole search)."""
    found = search_sample(SAMPLE_SEED, first=SAMPLE_ATTEMPT)
    shipped = load_sample()
    assert found.attempts == SAMPLE_ATTEMPT and found.record.to_json() == shipped.to_json()
    assert f"seed={SAMPLE_SEED}), attempt {SAMPLE_ATTEMPT}" in shipped.title


def test_the_shipped_game_shows_a_pending_collection():
    """C10: in step 46 a payment's last card makes a pair that nobody slaps; the honour's owner
    collects it when play goes on (the replay validates every action under the revised rules)."""
    from cardlab.games.cleopatra import Pending
    state = load_sample().replay()
    pending = [e for e in state.events if isinstance(e, Pending)]
    assert [e.step for e in pending] == [46]
    owner = "XY"[pending[0].player]
    assert captures_in(state, 46) == [(owner, captures_in(state, 46)[0][1], "payment")]


def test_the_sample_s_steps_are_told_in_either_language_from_one_catalogue():
    """The engine's steps and the table's captions are one narration (cardlab.games.cleopatra.
    narration): in English the engine's describe and the story agree; in Japanese no English word."""
    import re

    from cardlab.games.cleopatra.narration import describe, story
    from cardlab.games.cleopatra.story import step_text
    game = load_sample().replay()
    english, japanese = game.steps(), game.steps(lang="ja")
    assert [s.number for s in english] == [s.number for s in japanese] == list(range(1, 101))
    for en, ja in zip(english, japanese):
        assert en.text == step_text(game, en, "en") and ja.text == step_text(game, ja, "ja")
        assert not re.search(r"[A-Za-z]{2,}", ja.text.replace("ms", "")), ja.text
        assert ja.text.endswith("。") and en.text.endswith(".")
    assert [game.describe(ev) for ev in game.events] == [describe(ev, game.players) for ev in game.events] \
        == [line.text for ev in game.events for line in story([ev], game.players, "en")]
