"""The Cleopatra family's kernel (cardlab.kernels) plays as the engine does: every row, replayed
in the engine from its seed with the kernel's draws (deal C2/C3, C9 reshuffles, C11 coins, the
seats' slaps C10 and false slaps C13), ends with the same winner, reason, cards, tricks and steps
and the same slaps won; the published Beggar-my-neighbour records, Casella's loop and the cap too."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from engine_checks import plain_python_result

from cardlab.cards import Card
from cardlab.games.cleopatra.kernel import REASONS, deal_rows, play_games
from cardlab.games.cleopatra.kernel_replay import deal_of, replay
from cardlab.games.cleopatra import (BEGGAR_MY_NEIGHBOUR, CLEOPATRA, EGYPTIAN_RATSCREW, State, Slapped,
                                     variant)
from cardlab.games.cleopatra.events import Captured, FalseSlap, Played

SLAPPER = (0.8, 350.0, 90.0, 150.0, 0.0)
KEEN = (1.0, 350.0, 5.0, 349.0, 0.0)                     # slaps every pair, nearly always at 349 ms: ties
SLOW = (0.5, 420.0, 60.0, 150.0, 0.0)
CLUMSY = (0.6, 300.0, 80.0, 150.0, 0.03)                 # and slaps falsely after 3 % of cards

RECORDS = [  # Richard P. Mann's list of record games; Casella et al., arXiv:2403.13855 (2024)
    ("Paulhus 1999", "------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--", 4791, 670),
    ("Mann and Wu 2007", "K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--", 7157, 1007),
    ("Rucklidge 2014", "-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK", 7959, 1122),
    ("Nessler 2022", "---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---", 8344, 1164),
]
CASELLA = {"hands": ["---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"], "first": 0}


def row_of(rows: dict, i: int) -> tuple:
    winner = int(rows["winner"][i])
    return (None if winner < 0 else winner, REASONS[rows["reason"][i]], int(rows["cards"][i]),
            int(rows["tricks"][i]), int(rows["steps"][i]), int(rows["slaps_0"][i]), int(rows["slaps_1"][i]))


def engine_row(state: State) -> tuple:
    out = state.outcome
    slaps = [sum(isinstance(e, Slapped) and e.player == s for e in state.events) for s in (0, 1)]
    return (out.winner, out.reason, out.stats["cards"], out.stats["tricks"], out.stats["steps"], *slaps)


def check(rules, models, n: int, run_seed: int = 1) -> dict:
    rows = play_games(rules, run_seed, 0, n, models)
    for i in range(n):
        assert row_of(rows, i) == engine_row(replay(rules, int(rows["seed"][i]), models)), (rules.name, i)
    return rows


MIX = [  # rules, models, games
    (BEGGAR_MY_NEIGHBOUR, None, 1500),
    (variant(BEGGAR_MY_NEIGHBOUR, first="Y", ace=5, name="bmn_y_ace5"), None, 300),
    (variant(captures="under_hand", slaps="none", name="deterministic_cleopatra"), None, 200),
    (variant(BEGGAR_MY_NEIGHBOUR, captures="won_pile", lose="no_cards", name="bmn_won_piles"), None, 200),
    (CLEOPATRA, None, 300),
]


@pytest.mark.parametrize("rules,models,n", MIX, ids=[m[0].name for m in MIX])
def test_rows_without_slaps_replay_in_the_engine(rules, models, n):
    """C2–C9, C15 and Beggar-my-neighbour's captures under the hand, loss when unable to play."""
    rows = check(rules, models, n)
    assert set(rows["first"].tolist()) == ({0, 1} if rules.first == "random" else {"XY".index(rules.first)})


SLAPPING = [
    (CLEOPATRA, (SLAPPER, SLAPPER), 400),
    (CLEOPATRA, (KEEN, KEEN), 150),
    (CLEOPATRA, (SLAPPER, SLOW), 200),
    (EGYPTIAN_RATSCREW, (CLUMSY, SLAPPER), 300),
    (variant(slaps="same_rank_or_faces", sandwich=True, false_slap="burn", name="faces_sandwich_burn"),
     (CLUMSY, CLUMSY), 200),
    (variant(first_colour="black", first="Y", ace=4, name="black_Y"), (SLOW, SLAPPER), 150),
    (variant(ace=500, name="ace_owes_everything"), (SLAPPER, SLAPPER), 100),
]


@pytest.mark.parametrize("rules,models,n", SLAPPING, ids=[m[0].name + str(i) for i, m in enumerate(SLAPPING)])
def test_rows_with_slaps_replay_in_the_engine(rules, models, n):
    """C9–C14 as updated (a pair made by a payment's last card may be slapped; the reshuffle waits
    for the next card): races by the seats' models, exact ties (C11 coins), false slaps that burn,
    faces and sandwiches, an ace owing more cards than anyone holds (C6)."""
    rows = check(rules, models, n)
    assert rows["slaps_0"].sum() > 0 and rows["slaps_1"].sum() > 0


def opponent_js(state: State) -> tuple:
    """From the engine's events: the opponent's Js (as dealt) each seat ever captured (C7, C10;
    burnt cards go under the pile, C13) and the first seat to capture one (-1 for none)."""
    hands = state.initial_deal()["hands"]
    owner = {Card.parse(text): seat for seat in (0, 1) for text in hands[seat]}
    taken: list[set] = [set(), set()]
    pile: list = []
    first = -1
    for ev in state.events:
        if isinstance(ev, Played):
            pile.append(ev.card)
        elif isinstance(ev, FalseSlap):
            pile.insert(0, ev.burned)
        elif isinstance(ev, Captured):
            js = {c for c in pile if c.rank == "J" and owner[c] != ev.player}
            first = ev.player if js and first < 0 else first
            taken[ev.player] |= js
            pile.clear()
    return len(taken[0]), len(taken[1]), first


DETAILED = [(CLEOPATRA, (SLAPPER, SLOW), 300), (EGYPTIAN_RATSCREW, (CLUMSY, SLAPPER), 200),
            (BEGGAR_MY_NEIGHBOUR, None, 200),
            (variant(slaps="same_rank_or_faces", sandwich=True, false_slap="burn", name="faces_sandwich_burn"),
             (CLUMSY, CLUMSY), 150)]


@pytest.mark.parametrize("rules,models,n", DETAILED, ids=[m[0].name for m in DETAILED])
def test_the_detail_columns_follow_the_js_as_the_events_do(rules, models, n):
    """detail=True: the kernel follows each J (C7 captures, C10 slaps, C13 burnt cards) and
    counts the opponent's Js each seat took as the engine's events tell; the other columns stay
    the same games."""
    rows = play_games(rules, 2, 0, n, models, detail=True)
    plain = play_games(rules, 2, 0, n, models)
    assert all(np.array_equal(plain[k], rows[k]) for k in plain)
    for i in range(n):
        state = replay(rules, int(rows["seed"][i]), models)
        got = (int(rows["opp_js_taken_0"][i]), int(rows["opp_js_taken_1"][i]), int(rows["first_opp_j_taker"][i]))
        assert got == opponent_js(state), (rules.name, i)
    assert rows["opp_js_taken_0"].sum() > 0 and (rows["first_opp_j_taker"] == 1).any()


def test_the_published_records_and_the_loop():
    """The record games card for card (Paulhus 1999 … Nessler 2022) and Casella's deal, which never
    ends: the kernel stops it at the engine's first repeated trick-start position."""
    deals = [{"hands": [a, b], "first": 0} for _, a, b, _, _ in RECORDS] + [CASELLA]
    rows = play_games(BEGGAR_MY_NEIGHBOUR, 0, 0, len(deals), deals=deal_rows(deals), detail=True)
    assert [(int(c), int(t)) for c, t in zip(rows["cards"][:4], rows["tricks"][:4])] == [r[3:] for r in RECORDS]
    for i, deal in enumerate(deals):
        state = replay(BEGGAR_MY_NEIGHBOUR, int(rows["seed"][i]), deal=deal)
        assert row_of(rows, i) == engine_row(state)
        assert (rows["opp_js_taken_0"][i], rows["opp_js_taken_1"][i], rows["first_opp_j_taker"][i]) == opponent_js(state)
    assert REASONS[rows["reason"][4]] == "loop" and rows["winner"][4] == -1


def test_a_game_does_not_depend_on_the_games_its_thread_played_before():
    """Each thread plays game after game in the same buffers (the loop check's saved position
    among them): the records and Casella's loop, each played alone, then two to a block of a
    thread (a record then the loop, the loop then a record, two records) end the same."""
    deals = [{"hands": [a, b], "first": 0} for _, a, b, _, _ in RECORDS] + [CASELLA]
    alone = play_games(BEGGAR_MY_NEIGHBOUR, 0, 0, len(deals), deals=deal_rows(deals))   # a block each
    order = [0, 4, 1, 4, 4, 2] + [i % 4 for i in range(506)]                            # 512 games: 256 blocks of 2
    after = play_games(BEGGAR_MY_NEIGHBOUR, 0, 0, len(order), deals=deal_rows([deals[i] for i in order]))
    for key in set(alone) - {"seed"}:
        assert np.array_equal(after[key], alone[key][order]), key


@pytest.mark.parametrize("max_steps", [1, 2, 5, 40, 300, 700])
def test_the_step_cap(max_steps):
    """The cap ends a game before a card that would start a step past it; a loop caught before
    the cap is still a loop, and a game capped before its loop repeats is capped."""
    deals = [{"hands": [a, b], "first": 0} for _, a, b, _, _ in RECORDS] + [CASELLA]
    for rules in (variant(BEGGAR_MY_NEIGHBOUR, max_steps=max_steps), variant(CLEOPATRA, max_steps=max_steps)):
        n = 60 if rules.deal == "shuffle" else 600                # random Cleopatra deals: 1-3 % reach 700 steps
        rows = play_games(rules, 2, 0, n, deals=deal_rows(deals * 12) if rules.deal == "shuffle" else None)
        capped = [i for i in range(n) if REASONS[rows["reason"][i]] == "cap"]
        assert capped and rows["steps"].max() <= max_steps
        for i in capped[:5] + list(range(0, n, n // 10)):
            deal = deals[i % len(deals)] if rules.deal == "shuffle" else None
            assert row_of(rows, i) == engine_row(replay(rules, int(rows["seed"][i]), deal=deal)), i


def test_rows_do_not_depend_on_the_split_nor_the_threads():
    """Game i is the same game in any slice of the run, on one thread or two."""
    whole = play_games(CLEOPATRA, 5, 0, 500, (SLAPPER, SLOW))
    parts = [play_games(CLEOPATRA, 5, a, b, (SLAPPER, SLOW)) for a, b in ((0, 123), (123, 124), (124, 500))]
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        single = play_games(CLEOPATRA, 5, 0, 500, (SLAPPER, SLOW))
    finally:
        numba.set_num_threads(threads)
    for key, column in whole.items():
        assert np.array_equal(column, np.concatenate([p[key] for p in parts])), key
        assert np.array_equal(column, single[key]), key
    assert len(set(whole["seed"].tolist())) == 500
    assert not np.array_equal(whole["cards"], play_games(CLEOPATRA, 6, 0, 500, (SLAPPER, SLOW))["cards"])


def test_the_deal_follows_the_rules():
    """C2: a colour each (the first player red by default), every rank twice; C3: a seeded first
    player; one shuffled pack for Beggar-my-neighbour, X leading."""
    rows = play_games(CLEOPATRA, 3, 0, 50)
    for i in range(50):
        deal = deal_of(CLEOPATRA, int(rows["seed"][i]))
        first = deal["first"]
        assert first == rows["first"][i]
        assert {c[-1] for c in deal["hands"][first]} == {"H", "D"}
        assert {c[-1] for c in deal["hands"][1 - first]} == {"S", "C"}
    assert (rows["js_0"] == 2).all() and (rows["as_1"] == 2).all()
    shuffled = play_games(BEGGAR_MY_NEIGHBOUR, 3, 0, 300)
    assert (shuffled["first"] == 0).all() and shuffled["js_0"].std() > 0
    assert (shuffled["js_0"] + shuffled["js_1"] == 4).all()


def test_the_same_source_runs_as_plain_python():
    """On the plain path (no numpy, no numba, as in Pyodide) the kernels give the compiled rows:
    the slap kernel with its J detail and the bit-word kernel of Beggar-my-neighbour."""
    script = ("from cardlab.games.cleopatra.kernel import play_games; "
              "from cardlab.games.cleopatra import CLEOPATRA, BEGGAR_MY_NEIGHBOUR; "
              f"m = [{list(CLUMSY)}, {list(SLAPPER)}]; "
              "a = play_games(CLEOPATRA, 4, 10, 16, m, detail=True); b = play_games(BEGGAR_MY_NEIGHBOUR, 4, 0, 40); "
              "result = [{k: v.tolist() for k, v in r.items()} for r in (a, b)]")
    compiled = [play_games(CLEOPATRA, 4, 10, 16, [CLUMSY, SLAPPER], detail=True),
                play_games(BEGGAR_MY_NEIGHBOUR, 4, 0, 40)]
    assert plain_python_result(script) == [{k: v.tolist() for k, v in r.items()} for r in compiled]


@pytest.mark.parametrize("kwargs", [{"start": 5, "stop": 4}, {"run_seed": -1}, {"models": [SLAPPER]},
                                    {"models": [(1.5, 300, 90, 150, 0), SLAPPER]},
                                    {"deals": np.zeros((3, 52))}])
def test_bad_arguments_raise(kwargs):
    with pytest.raises(ValueError):
        play_games(**{"rules": CLEOPATRA, "run_seed": 0, "start": 0, "stop": 3, **kwargs})
