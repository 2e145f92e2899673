"""Puzzles from real games (issue 25): the shipped sets, the generator, and the puzzle table.

Every shipped puzzle is checked afresh: its record replays to a position where the solver is to
move with the stored choices; its answer is re-proved on a seed the generator never used
(:mod:`cardlab.puzzles.proof`: where the view determines every card the unique exact best by the
solver, otherwise no other choice better beyond the interval in the coach's playouts, an
evaluation independent of the solved worlds that built Trappola's set and a search other than the
ones that built Kirifu's), and a planted wrong answer is caught; its difficulty figures are recomputed;
its rules and theme follow from the coach's reasons; and its table shows no card hidden from the
solver's seat.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from rooms_helpers import hidden_cards, mentions

from cardlab.coach.search import HintSearch
from cardlab.games.kirifu.moves import ACE_OF_SPADES
from cardlab.puzzles import PuzzleError, Settings, build, loads_set, shipped
from cardlab.puzzles.__main__ import SHIPPED_SEED, main
from cardlab.puzzles.build import find_rate
from cardlab.puzzles.proof import beats_answer
from cardlab.registry import game_info, with_part
from cardlab.sim import quick
from cardlab.widgets.puzzle import PuzzleTable

RULE_NAMES_A_CARD = ("K6", "K7")
"""Kirifu's rules of the world suit and the almighty ♠A name the ♠A as a rule, wherever it is."""
GAMES = [info.name for info in with_part("puzzles")]
VERIFY = 271_828
"""The seed of the verifying searches: not one the generator uses (its seeds are game seeds x 10,000 + step)."""


@pytest.fixture(scope="module", params=GAMES)
def puzzles(request):
    return shipped(request.param)


def test_puzzles_are_shipped_for_trappola_and_kirifu_at_least_100_each():
    assert GAMES == ["trappola", "kirifu"]
    for game in GAMES:
        assert len(shipped(game)) >= 100
        assert shipped(game).seed == SHIPPED_SEED


def test_every_shipped_puzzle_replays_to_its_position_with_the_solver_to_move(puzzles):
    for puzzle in puzzles.puzzles:
        state = puzzle.position()
        assert state.current_player == puzzle.seat and len(state.history) == puzzle.step
        assert sorted(state.action_text(a) for a in state.legal_actions()) == sorted(c.action for c in puzzle.choices)
        assert puzzle.answer in {c.action for c in puzzle.choices}


def test_where_the_view_determines_every_card_the_answer_is_the_unique_exact_best(puzzles):
    """T2, T7–T15: the solver, on a fresh seed, values no other card as high as the answer."""
    exact = [p for p in puzzles.puzzles if p.exact]
    assert puzzles.game != "trappola" or len(exact) >= 10
    assert [(p.id, beats_answer(p, VERIFY)) for p in exact] == [(p.id, []) for p in exact]


def _beaten(puzzles, every: int, long: int) -> list[tuple[str, str, list[str]]]:
    """The shipped puzzles (every ``every``-th of those not exact) with a choice that beats the
    answer beyond the interval in a search of ``long`` hint budgets on the fresh seed."""
    hidden = [p for p in puzzles.puzzles if not p.exact][::every]
    return [(p.id, p.answer, beaten) for p in hidden if (beaten := beats_answer(p, VERIFY, long))]


@pytest.mark.skipif(not quick(), reason="the full run below checks every puzzle")
def test_no_choice_beats_a_shipped_answer_in_a_fresh_search_quick(puzzles):
    """Under CARDLAB_QUICK: every fourth puzzle, a hint-length search."""
    assert _beaten(puzzles, 4, 1) == []


@pytest.mark.slow
@pytest.mark.skipif(quick(), reason="minutes of searches: outside the quick suite")
def test_no_choice_beats_a_shipped_answer_in_a_fresh_long_search(puzzles):
    """Every puzzle, a search of the generator's long budget."""
    assert _beaten(puzzles, 1, puzzles.settings["long"]) == []


def test_a_planted_wrong_answer_is_caught(puzzles):
    """The worst choice of a puzzle (by its stored figures) planted as its answer: the proof finds
    choices that beat it, exactly where the puzzle is exact, else in the fresh search."""
    for exact in ({p.exact for p in puzzles.puzzles}):
        puzzle = next(p for p in puzzles.puzzles if p.exact == exact)
        sign = 1 if HintSearch(puzzle.position()).playouts.higher_is_better else -1
        worst = min(puzzle.choices, key=lambda c: sign * c.mean).action
        planted = dataclasses.replace(puzzle, answer=worst)
        assert puzzle.answer in beats_answer(planted, VERIFY), puzzle.id


def test_every_shipped_puzzle_s_difficulty_is_recomputed_the_same(puzzles):
    tries = puzzles.settings["tries"]
    for puzzle in puzzles.puzzles:
        assert find_rate(puzzle, puzzles.settings["players"], tries) == puzzle.thumb, puzzle.id
        assert find_rate(puzzle, "random", tries) == puzzle.random, puzzle.id


def test_every_shipped_puzzle_s_rules_and_theme_come_from_the_coach_s_reasons(puzzles):
    themes = game_info(puzzles.game).part("puzzles")
    for puzzle in puzzles.puzzles:
        rules = tuple(dict.fromkeys(r.rule for r in puzzle.reasons()))
        assert rules == puzzle.rules, puzzle.id
        assert puzzle.theme == themes.theme(puzzle.view(), puzzle.answer, list(rules)), puzzle.id
        assert puzzle.theme in themes.THEMES


def test_no_shipped_puzzle_s_table_shows_a_card_hidden_from_the_solver(puzzles):
    table = PuzzleTable(puzzles=puzzles)
    for index, puzzle in enumerate(puzzles.puzzles):
        table.show(index)
        hidden = hidden_cards(table.state, puzzle.seat)
        shown = table.table.view.svg + "".join(getattr(child, "value", "") for child in table.children[2:])
        assert mentions(shown, hidden) == [], puzzle.id
        table.answer(puzzle.answer)               # the figures and reasons too
        figures = table.verdict.value.partition("<ul>")[0]
        assert mentions(figures + table.table.view.svg, hidden) == [], puzzle.id
        for reason in puzzle.reasons():
            named = mentions(reason.say("en"), hidden)
            assert named == [] or (reason.rule in RULE_NAMES_A_CARD and set(named) == {ACE_OF_SPADES}), puzzle.id


def test_the_shipped_sets_have_puzzles_of_several_themes_and_every_difficulty(puzzles):
    themes = {p.theme for p in puzzles.puzzles}
    assert len(themes) >= 4
    assert {p.difficulty for p in puzzles.puzzles} == {"easy", "medium", "hard"}
    assert len({p.record.seed for p in puzzles.puzzles}) >= len(puzzles) // 2   # from many games


@pytest.mark.parametrize("game", GAMES)
def test_the_generator_is_deterministic_for_its_seed(game):
    first = shipped(game).puzzles[:2]
    again = build(game, SHIPPED_SEED, dataclasses.replace(Settings(**shipped(game).settings), count=2))
    assert [p.to_dict() for p in again.puzzles] == [p.to_dict() for p in first]
    other = build(game, SHIPPED_SEED + 1, dataclasses.replace(Settings(), count=1))
    assert [p.to_dict()["record"]["seed"] for p in other.puzzles] != [p.record.seed for p in first[:1]]


def test_the_command_line_builds_a_set_and_counts_it(tmp_path, capsys):
    assert main(["build", "--game", "kirifu", "--count", "2", "--out", str(tmp_path)]) == 0
    made = loads_set((tmp_path / "kirifu.json").read_bytes())
    assert [p.to_dict() for p in made.puzzles] == [p.to_dict() for p in shipped("kirifu").puzzles[:2]]
    out = capsys.readouterr().out
    assert "kirifu: 2 puzzles" in out and "by theme:" in out and "by difficulty:" in out
    with pytest.raises(SystemExit):
        main(["build", "--count", "0"])


# --- bad sets ------------------------------------------------------------------------------------
def _set_data(game: str = "kirifu") -> dict:
    return json.loads(shipped(game).to_json())


@pytest.mark.parametrize("change, path", [
    (lambda d: d.update(format="cardlab-puzzles/0"), "format"),
    (lambda d: d["puzzles"][0].update(seat=d["puzzles"][0]["seat"] + 1), "puzzles[0].seat"),
    (lambda d: d["puzzles"][0].update(answer="pass 2X"), "puzzles[0].answer"),
    (lambda d: d["puzzles"][0]["choices"].pop(), "puzzles[0].choices"),
    (lambda d: d["puzzles"][0]["record"]["actions"].append("take 2X"), "puzzles[0].record"),
    (lambda d: d["puzzles"][1].update(thumb=1.5), "puzzles[1].thumb"),
    (lambda d: d["puzzles"][1].pop("theme"), "puzzles[1]"),
])
def test_a_bad_set_is_refused_naming_the_field(change, path):
    data = _set_data()
    change(data)
    with pytest.raises(PuzzleError) as refused:
        loads_set(json.dumps(data))
    assert refused.value.path.startswith(path), str(refused.value)


def test_a_file_that_is_not_json_is_refused():
    with pytest.raises(PuzzleError, match="not JSON"):
        loads_set(b"{not json")
    with pytest.raises(PuzzleError, match="no puzzles are shipped for 'cleopatra'"):
        shipped("cleopatra")


def test_a_hidden_hand_trappola_puzzle_is_reproved_by_the_playout_policy_not_the_solver():
    """Issue 36: the re-proof of a puzzle the solver did not settle must not be the solved worlds
    that kept it: Trappola's PROOF_MEASURE plays every world out by the quick policy."""
    from cardlab.games.trappola.puzzles import PROOF_MEASURE

    hidden = [p for p in shipped("trappola").puzzles if not p.exact and p.position().phase != "exchange"]
    assert hidden, "no hidden-hand card-play puzzle shipped"
    state = hidden[0].position()
    assert HintSearch(state, seed=1).playouts.method in ("worlds", "exact")
    independent = HintSearch(state, seed=1, measure=PROOF_MEASURE)
    assert independent.playouts.method == "playouts" and independent.playouts.unit == "points"
