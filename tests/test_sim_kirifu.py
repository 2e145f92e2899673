"""Kirifu rows for experiments (issue 6)."""

from __future__ import annotations

import pytest

from cardlab.games import kirifu
from cardlab.games.kirifu import sim as sim_kirifu
from cardlab.sim import simulate


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_rows_rank_every_seat(seats):
    """K17: a finished game ranks every seat 1..n exactly once; the row says how many seats."""
    frame = simulate("kirifu", players=("random",) * seats, n=60, seed=seats, progress=False)
    finished = frame[frame["reason"] == "finished"]
    assert len(finished) == len(frame)  # random players do end their games
    for _, row in finished.iterrows():
        assert sorted(row[f"place_{s}"] for s in range(seats)) == list(range(1, seats + 1))
    assert f"place_{seats - 1}" in frame and f"place_{seats}" not in frame


def test_deal_columns_match_the_engine():
    """K2, K4, K7: world, first player and the ace of spades' holder are read from the deal."""
    for seed in range(40):
        row = sim_kirifu.play_one(seed)
        state = kirifu.new_game(kirifu.KIRIFU, seed=seed)
        deal = state.initial_deal()
        assert row["world"] == deal["world"] and row["first"] == deal["first"]
        holders = [s for s, hand in enumerate(deal["hands"]) if "AS" in hand]
        assert row["ace_of_spades"] == (holders[0] if holders else -1)
        for s, hand in enumerate(deal["hands"]):
            assert row[f"world_cards_{s}"] == sum(card.endswith(deal["world"]) for card in hand)


def test_rows_replay_the_engine_game():
    """The row is the engine's own game: same places as playing the seed by hand."""
    from cardlab.bots import RandomBot
    from cardlab.sim import bot_seed
    for seed in range(20):
        state = kirifu.new_game(kirifu.KIRIFU, seed=seed)
        bots = [RandomBot(bot_seed(seed, s)) for s in range(4)]
        while not state.is_over:
            state.play(state.action_text(bots[state.current_player].choose(state)))
        row = sim_kirifu.play_one(seed)
        assert [row[f"place_{s}"] for s in range(4)] == list(state.outcome.scores)
        assert row["actions"] == len(state.history)


def test_a_cycle_is_capped(monkeypatch):
    """Nothing forces an end (omorai can cycle): a game past the cap has no places."""
    monkeypatch.setattr(sim_kirifu, "MAX_ACTIONS", 10)
    row = sim_kirifu.play_one(1)
    assert row["reason"] == "cap" and row["place_0"] is None
