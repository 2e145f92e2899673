"""Kirifu's computer players: what they know, what they prefer, and the benchmark's command line."""

from __future__ import annotations

import random

import pytest

from tools.games.kirifu import bench
from cardlab.games.kirifu.bots import SearchBot, ThumbBot, determinize, make_bot, thumb_action
from cardlab.cards import Card
from cardlab.games import kirifu
from kirifu_helpers import position

C = Card.parse


def _midgame(seed: int) -> kirifu.State:
    state = kirifu.new_game(seed=seed, players=4)
    rng = random.Random(seed)
    for _ in range(25):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_determinize_keeps_everything_public_and_redeals_the_rest():
    for seed in range(20):
        state = _midgame(seed)
        me = state.current_player
        sample = determinize(state, me, random.Random(seed))
        assert sample.hands[me] == state.hands[me]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert len(sample.stock) == len(state.stock) and sample.discard == state.discard
        assert sample.passed == state.passed and sample.world == state.world
        for p, known in enumerate(state.known):
            assert set(known) <= set(sample.hands[p])
        cards = [c for h in sample.hands for c in h]
        cards += sample.stock + sample.discard + sample.passed + sample.taken + sample.chosen
        assert len(cards) == len(set(cards)) == 52
        assert sample.legal_actions() == state.legal_actions()


def test_determinize_varies_the_hidden_cards():
    state = _midgame(3)
    other = (state.current_player + 1) % 4
    hands = {determinize(state, state.current_player, random.Random(s)).hands[other] for s in range(10)}
    assert len(hands) > 1


def test_search_sees_only_what_its_seat_may_know():
    """Two games that differ only in cards hidden from the mover get the same choice."""
    state = _midgame(5)
    me, other = state.current_player, (state.current_player + 2) % 4
    swapped = _midgame(5)
    hidden_a = next(c for c in swapped.hands[other] if c not in swapped.known[other])
    hidden_b = swapped.stock[0]
    swapped.hands = tuple(tuple(hidden_b if c == hidden_a else c for c in h) if p == other else h
                          for p, h in enumerate(swapped.hands))
    swapped.stock = (hidden_a,) + swapped.stock[1:]
    assert swapped.hands != state.hands and swapped.view(me) == state.view(me)
    assert SearchBot(9, budget=12).choose(state) == SearchBot(9, budget=12).choose(swapped)


def test_thumb_cuts_with_the_cheapest_cutter_and_keeps_the_ace():
    state = position(["2C", "AS 10H 3D QH 6D", "7C"], passed="9H", turn=1, world="H", stock="2S 3S")
    assert thumb_action(state) == ("cut", C("9H"), C("10H"))
    only_ace = position(["2C", "AS 3D 4D 6D 7D", "7C"], passed="9H", turn=1, world="H", stock="2S 3S")
    assert thumb_action(only_ace) == ("take", C("9H"))  # keeps the almighty ace while the stock lasts
    endgame = position(["2C", "AS 3D", "7C"], passed="9H", turn=1, world="H")
    assert thumb_action(endgame) == ("cut", C("9H"), C("AS"))


def test_thumb_uses_osoroi_and_passes_what_is_hardest_to_cut():
    state = position(["4S 4D 9C KH 2C", "2D 3D 5D 6D 7D", "7C"], world="H", stock="2S")
    action = thumb_action(state)
    assert action[0] == "osoroi" and {C("4S"), C("4D")} <= set(action[1]) and C("KH") not in action[1]
    single = position(["3C KC 5H 8D", "2D 3D 5D 6D 7D", "7C"], world="H", stock="2S")
    assert thumb_action(single) == ("pass", C("KC"))  # only ♣A, hearts and ♠A can cut it


def test_bots_are_seeded_and_named():
    state = _midgame(7)
    assert make_bot("search", 4, budget=6).choose(state) == make_bot("search", 4, budget=6).choose(state)
    assert {make_bot(k).name for k in ("random", "thumb", "search")} == {"random", "rule-of-thumb", "search"}
    assert isinstance(make_bot("thumb"), ThumbBot)
    with pytest.raises(ValueError, match="unknown Kirifu bot"):
        make_bot("oracle")


def test_benchmark_prints_a_line_per_bot(capsys):
    assert bench.main(["--games", "6", "--players", "3", "--budget", "4", "--processes", "1", "--part", "strength"]) == 0
    out = capsys.readouterr().out
    for name in ("search", "thumb", "random"):
        assert any(line.split()[1:2] == [name] or line.split()[:1] == [name] for line in out.splitlines())
    assert "6 games" in out and "ms/decision" in out


def test_benchmark_times_the_search_both_ways_and_at_equal_time(capsys):
    """The speed part times the search on the kernel and with engine playouts; the equal-time part
    seats the search at a budget matched in time against the search at the given budget."""
    assert bench.main(["--players", "3", "--speed-games", "200", "--search-budget", "4", "--positions", "1",
                       "--equal-games", "12", "--processes", "1", "--part", "speed", "--part", "equal-time"]) == 0
    out = capsys.readouterr().out
    assert "search, budget 4, playouts" in out and "search, budget 4, decisions" in out
    assert "Equal time per decision" in out and "place of search" in out and "12 games" in out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_benchmark_seatings_are_balanced(players):
    """Over the benchmark's seatings every bot sits in every seat, and right after every other bot
    (receiving what that bot passes), equally often, counted per seat it holds in the line-up
    (issue 14: one fixed order round the table favoured one bot)."""
    from collections import Counter
    lineup = bench.LINEUP[:players]
    orders = bench.seatings(players)
    assert len(orders) == len(set(orders)) and all(sorted(o) == sorted(lineup) for o in orders)
    slots = Counter(lineup)
    seated = Counter((i, o[i]) for o in orders for i in range(players))
    assert len({seated[i, a] / slots[a] for i in range(players) for a in slots}) == 1
    after = Counter((o[i - 1], o[i]) for o in orders for i in range(players))
    assert len({after[a, b] / (slots[a] * (slots[b] - (a == b)))
                for a in slots for b in slots if slots[b] - (a == b)}) == 1
