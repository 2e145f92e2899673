"""The NumPy batch path (cardlab.fast.batch) plays Beggar-my-neighbour exactly as the scalar fast
path and the engine do: same winner, reason, cards, tricks and steps, deal by deal (C4–C6, C8
and the Beggar-my-neighbour relatives' captures under the hand, loss when unable to play, steps
as the source numbers them, the step cap and the loop check)."""

from __future__ import annotations

import numpy as np
import pytest

from cardlab.fast.batch import PACK, beggar_batch, deal_dict, deals, result, row_of
from cardlab.fast.cleopatra import beggar
from cardlab.games.cleopatra import BEGGAR_MY_NEIGHBOUR, new_game, variant

MANN_WU = {"hands": ["K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"], "first": 0}
NESSLER = {"hands": ["---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---"], "first": 0}
CASELLA = {"hands": ["---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"], "first": 0}


def scalar(row: np.ndarray, **kwargs):
    return beggar(row[0::2].tolist(), row[1::2].tolist(), loop_check=True, **kwargs)


def engine(deal: dict, rules=BEGGAR_MY_NEIGHBOUR) -> tuple:
    g = new_game(rules, deal=deal, undo=False)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    out = g.outcome
    return (out.winner, out.reason, out.stats["cards"], out.stats["tricks"], out.stats["steps"])


def test_ten_thousand_deals_match_the_scalar_path():
    """C4–C6, C8: every game of a 10,000-deal batch equals ``beggar(..., loop_check=True)``."""
    hands = deals(2026, 10_000)
    out = beggar_batch(hands)
    mismatches = [i for i in range(len(hands)) if result(out, i) != scalar(hands[i])]
    assert mismatches == []
    assert set(out["reason"].tolist()) >= {0, 1}          # both ways to lose occur


@pytest.mark.parametrize("first,pay", [(1, (0, 1, 2, 3, 4)), (0, (0, 1, 2, 3, 5)), (1, (0, 4, 3, 2, 1))])
def test_other_leaders_and_payments_match_the_scalar_path(first, pay):
    """C3: Y may lead; C6: any payments per honour (Cleopatra's A pays 5)."""
    hands = deals(first * 10 + pay[4], 1500)
    out = beggar_batch(hands, first=first, pay=pay, tail=0)
    assert [result(out, i) for i in range(len(hands))] == [scalar(h, first=first, pay=pay) for h in hands]
    rules = variant(BEGGAR_MY_NEIGHBOUR, first="XY"[first], jack=pay[1], queen=pay[2], king=pay[3], ace=pay[4])
    for i in range(0, 1500, 100):
        assert tuple(result(out, i)) == engine(deal_dict(hands[i], first), rules), i


def test_a_sample_matches_the_engine():
    """The batch deal, replayed through ``deal_dict`` in the engine, gives the same game."""
    hands = deals(7, 2000)
    out = beggar_batch(hands)
    for i in range(0, 2000, 6):                             # 334 games
        assert tuple(result(out, i)) == engine(deal_dict(hands[i])), i


def test_record_games_and_a_loop_inside_a_batch():
    """Mann & Wu 2007 and Nessler 2022 record games; Casella's deal never ends (engine: "loop")."""
    records = [MANN_WU, NESSLER, CASELLA]
    hands = np.vstack([deals(11, 300)] + [row_of(d) for d in records])
    expected = [engine(d) for d in records]
    assert [e[2:4] for e in expected[:2]] == [(7157, 1007), (8344, 1164)]   # the published figures
    assert expected[2][:2] == (None, "loop")
    for tail in (0, 200):                                   # arrays to the end, or the scalar tail
        out = beggar_batch(hands, tail=tail)
        assert [tuple(result(out, i)) for i in range(300, 303)] == expected
        assert [result(out, i) for i in range(300)] == [scalar(h) for h in hands[:300]]


@pytest.mark.parametrize("max_steps", [1, 2, 3, 17, 40, 151, 700])
def test_the_step_cap(max_steps):
    """The cap ends a game between steps; a player who cannot play first still loses."""
    hands = np.vstack([deals(max_steps, 400), row_of(MANN_WU), row_of(CASELLA)])
    out = beggar_batch(hands, max_steps=max_steps, tail=0)
    assert [result(out, i) for i in range(len(hands))] == [scalar(h, max_steps=max_steps) for h in hands]
    assert "cap" in {result(out, i).reason for i in range(len(hands))}
    rules = variant(BEGGAR_MY_NEIGHBOUR, max_steps=max_steps)
    for i in (0, 1, 2, 400, 401):
        assert tuple(result(out, i)) == engine(deal_dict(hands[i]), rules), i


def test_without_the_loop_check_a_loop_runs_to_the_cap():
    out = beggar_batch(row_of(CASELLA)[None, :], loop_check=False, tail=0)
    assert result(out, 0) == beggar(*[row_of(CASELLA)[s::2].tolist() for s in (0, 1)], loop_check=False)
    assert result(out, 0).reason == "cap"


def test_deals_are_seeded_shuffled_packs():
    a, b, c = deals(5, 200), deals(5, 200), deals(6, 200)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert a.shape == (200, 52) and (np.sort(a, axis=1) == np.sort(PACK)).all()
    assert len({r.tobytes() for r in a}) == 200
    assert np.array_equal(deals(5, 37), a[:37])             # game i is found again without the others


def test_deal_dict_and_row_of_round_trip():
    row = deals(3, 1)[0]
    deal = deal_dict(row)
    assert deal["first"] == 0 and [len(h) for h in deal["hands"]] == [26, 26]
    assert np.array_equal(row_of(deal), row)
    assert row_of(MANN_WU)[0::2].tolist() == ["-JQKA".index(ch) for ch in MANN_WU["hands"][0]]


@pytest.mark.parametrize("kwargs", [{"hands": np.zeros((2, 50))}, {"hands": np.full((1, 52), 5)},
                                    {"pay": (1, 1, 2, 3, 4)}, {"max_steps": 0}, {"first": 2}])
def test_bad_arguments_raise(kwargs):
    with pytest.raises(ValueError):
        beggar_batch(**{"hands": deals(0, 1), **kwargs})
