"""The bit-word kernel of the deterministic rules (:mod:`cardlab.games.cleopatra.kernel_bits`:
Beggar-my-neighbour and every variant with captures under the hand and no slaps) plays as the
engine does: thousands of random deals replayed in the engine from their seeds end with the same
winner, reason, cards, tricks and steps; the published records card for card; Casella's loop,
stopped at the engine's first repeated trick-start position, from either seat; the step cap, at
every size around the loop; and game for game as the per-card kernel (:mod:`.kernel`, which plays
the rows with the J detail)."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from cardlab.games.cleopatra import BEGGAR_MY_NEIGHBOUR, variant
from cardlab.games.cleopatra.kernel import COLUMNS, REASONS, deal_rows, play_games
from cardlab.games.cleopatra.kernel_replay import replay
from cardlab.sim import sample_size
from test_kernels_cleopatra import CASELLA, RECORDS, engine_row, row_of

DEALS = [{"hands": [a, b], "first": 0} for _, a, b, _, _ in RECORDS] + [CASELLA]
MIRRORED = [{"hands": deal["hands"][::-1], "first": 1} for deal in DEALS]
"""The same games with the seats swapped: Y leads with X's hand."""
VARIANTS = [  # each a way the bit-word kernel differs: who leads, payments, when a player is out, the deal
    BEGGAR_MY_NEIGHBOUR,
    variant(BEGGAR_MY_NEIGHBOUR, first="Y", ace=5, name="bmn_y_ace5"),
    variant(BEGGAR_MY_NEIGHBOUR, lose="no_cards", name="bmn_no_cards"),
    variant(BEGGAR_MY_NEIGHBOUR, jack=1, queen=1, king=1, ace=1, name="bmn_ones"),
    variant(BEGGAR_MY_NEIGHBOUR, ace=500, name="bmn_ace_owes_everything"),
    variant(captures="under_hand", slaps="none", name="deterministic_cleopatra"),   # colour deal, C15
]


def per_card(rules, run_seed: int, n: int, deals: np.ndarray | None = None) -> dict:
    """The rows of the per-card kernel (the detail path), without the detail columns."""
    rows = play_games(rules, run_seed, 0, n, deals=deals, detail=True)
    return {key: rows[key] for key in ("seed", *COLUMNS)}


def assert_same(rows: dict, other: dict) -> None:
    for key in ("seed", *COLUMNS):
        assert np.array_equal(rows[key], other[key]), key


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_games_are_the_per_card_kernels(rules):
    """Every column of tens of thousands of random games, as the per-card kernel plays them."""
    n = sample_size(200_000, 40_000)
    rows = play_games(rules, 11, 0, n)
    assert_same(rows, per_card(rules, 11, n))
    assert {REASONS[r] for r in rows["reason"]} == ({"no cards"} if rules.lose == "no_cards"
                                                     else {"no cards", "cannot play"})


@pytest.mark.parametrize("rules,n", [(BEGGAR_MY_NEIGHBOUR, sample_size(5000, 2000)), *((r, 200) for r in VARIANTS[1:])],
                         ids=lambda x: getattr(x, "name", ""))
def test_random_deals_replay_in_the_engine(rules, n):
    """C2-C9, C15 on thousands of seeded deals: each row is the engine's game from its seed."""
    rows = play_games(rules, 12, 0, n)
    for i in range(n):
        assert row_of(rows, i) == engine_row(replay(rules, int(rows["seed"][i]))), (rules.name, i)


def test_the_published_records_and_the_loop_from_either_seat():
    """The record games card for card, and Casella's deal, which never ends: stopped at the engine's
    first repeated trick-start position; the same with the seats swapped (Y leads X's hand)."""
    rows = play_games(BEGGAR_MY_NEIGHBOUR, 0, 0, 2 * len(DEALS), deals=deal_rows(DEALS + MIRRORED))
    cards_tricks = [(int(c), int(t)) for c, t in zip(rows["cards"], rows["tricks"])]
    assert cards_tricks[:4] == cards_tricks[5:9] == [r[3:] for r in RECORDS]
    assert [REASONS[r] for r in rows["reason"][[4, 9]]] == ["loop", "loop"] and (rows["winner"][[4, 9]] == -1).all()
    assert (rows["winner"][:4] == 1 - rows["winner"][5:9]).all() and (rows["steps"][:5] == rows["steps"][5:]).all()
    for i, deal in enumerate(DEALS + MIRRORED):
        assert row_of(rows, i) == engine_row(replay(BEGGAR_MY_NEIGHBOUR, int(rows["seed"][i]), deal=deal)), i
    assert_same(rows, per_card(BEGGAR_MY_NEIGHBOUR, 0, len(rows["seed"]), deal_rows(DEALS + MIRRORED)))


def test_the_cap_at_every_size_around_the_loop():
    """The cap ends a game before a card that would start a step past it, in a lead (every card a
    step) or a payment (a step); a loop repeated before the cap is a loop, a game capped before its
    repetition is capped: the per-card kernel's rows at hundreds of caps, the engine's at some."""
    deals = deal_rows(DEALS + MIRRORED)
    loop = play_games(BEGGAR_MY_NEIGHBOUR, 0, 4, 5, deals=deals[4:5])["steps"][0]   # where Casella's loop repeats
    caps = sorted({*range(1, 60), *range(60, 9000, 97), *range(loop - 30, loop + 30)})
    reasons = set()
    for cap in caps:
        rules = variant(BEGGAR_MY_NEIGHBOUR, max_steps=cap)
        rows = play_games(rules, 0, 0, len(deals), deals=deals)
        assert_same(rows, per_card(rules, 0, len(deals), deals))
        assert rows["steps"].max() <= cap
        reasons |= {REASONS[r] for r in rows["reason"]}
        if cap in (1, 2, 7, 41, loop - 1, loop, loop + 1):
            for i, deal in enumerate(DEALS + MIRRORED):
                assert row_of(rows, i) == engine_row(replay(rules, int(rows["seed"][i]), deal=deal)), (cap, i)
    assert reasons == {"cap", "loop", "no cards", "cannot play"}


def test_false_slaps_that_burn_cards_are_played_card_by_card():
    """slaps="none" with false_slap="burn": a seat that blunders burns cards (C13), which the
    bit-word kernel does not play; those rows are the per-card kernel's, and replay in the engine."""
    rules = variant(BEGGAR_MY_NEIGHBOUR, false_slap="burn", name="bmn_burn")
    clumsy = (0.0, 350.0, 90.0, 150.0, 0.05)
    rows = play_games(rules, 3, 0, 100, models=[clumsy, clumsy])
    for i in range(100):
        state = replay(rules, int(rows["seed"][i]), [clumsy, clumsy])
        assert row_of(rows, i) == engine_row(state), i
    assert not np.array_equal(rows["cards"], play_games(rules, 3, 0, 100)["cards"])


def test_rows_do_not_depend_on_the_split_nor_the_threads():
    """Game i is the same game in any slice of the run, on one thread or two."""
    whole = play_games(BEGGAR_MY_NEIGHBOUR, 5, 0, 3000)
    parts = [play_games(BEGGAR_MY_NEIGHBOUR, 5, a, b) for a, b in ((0, 1234), (1234, 1235), (1235, 3000))]
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        single = play_games(BEGGAR_MY_NEIGHBOUR, 5, 0, 3000)
    finally:
        numba.set_num_threads(threads)
    for key, column in whole.items():
        assert np.array_equal(column, np.concatenate([p[key] for p in parts])), key
        assert np.array_equal(column, single[key]), key
