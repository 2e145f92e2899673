"""Kirifu rules K1–K23: one or more tests per rule, each citing its ID."""

from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import replace

import pytest

from cardlab.cards import Card, parse_cards
from cardlab.errors import IllegalActionError, RecordError
from cardlab.game import TERMINAL
from cardlab.games import kirifu
from cardlab.games.kirifu.moves import beats, is_osoroi_group, osoroi_groups, sort_cards
from cardlab.records import loads, record_of
from kirifu_helpers import deal_of, position, texts
from engine_checks import assert_refused as refused

C = Card.parse


# --- set-up -----------------------------------------------------------------------------------
def test_K1_three_to_five_players_with_one_pack_and_no_joker():
    for n in (3, 4, 5):
        state = kirifu.new_game(seed=n, players=n)
        cards = [c for h in state.hands for c in h] + list(state.stock)
        assert sorted(cards, key=str) == sorted(kirifu.french_deck(), key=str) and len(cards) == 52
    for n in (2, 6):
        with pytest.raises(ValueError, match="K1"):
            kirifu.new_game(seed=1, players=n)


def test_K1_variant_allows_two_to_seven_players():
    for n in (2, 7):
        state = kirifu.new_game(kirifu.KIRIFU_2_7, seed=3, players=n)
        assert len(state.hands) == n and len(state.stock) == 52 - 5 * n


def test_K2_world_suit_is_a_parameter_or_seeded():
    assert kirifu.new_game(replace(kirifu.KIRIFU, world="C"), seed=5).world == "C"
    worlds = {kirifu.new_game(seed=s).world for s in range(40)}
    assert worlds == set("SHDC")
    assert kirifu.new_game(seed=9).world == kirifu.new_game(seed=9).world
    with pytest.raises(ValueError, match="K2"):
        replace(kirifu.KIRIFU, world="X")


def test_K3_five_cards_each_face_down_rest_is_stock():
    state = kirifu.new_game(seed=11, players=3)
    assert [len(h) for h in state.hands] == [5, 5, 5] and len(state.stock) == 37
    view = state.view(1)
    assert view.hands[1] == state.hands[1] and view.hands[0] is None and view.hands[2] is None
    assert view.counts == (5, 5, 5) and view.stock == 37
    hidden = set(state.hands[0]) | set(state.hands[2]) | set(state.stock)
    assert not hidden & set(_cards_in(view))


def _cards_in(view: kirifu.View) -> list[Card]:
    """Every card value anywhere in a view (fields and events)."""
    out = [c for h in view.hands if h for c in h]
    out += [c for h in view.known for c in h] + list(view.discard + view.passed + view.taken + view.chosen)
    for ev in view.events:
        for f in dataclasses.fields(ev):
            value = getattr(ev, f.name)
            out += [value] if isinstance(value, Card) else list(value) if isinstance(value, tuple) else []
    return out


def test_K4_first_player_and_clockwise_turns():
    assert kirifu.new_game(replace(kirifu.KIRIFU, first=2), seed=1).current_player == 2
    assert {kirifu.new_game(seed=s).current_player for s in range(40)} == {0, 1, 2, 3}
    state = deal_of(["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "7C 8C 9C 10C JC", "7D 8D 9D 10D JD"], first=3)
    state.play("pass 7D")
    assert state.current_player == 0 and state.passed == (C("7D"),)


def test_K4_finished_players_are_skipped():
    state = position(["5S", "", "9S 10S", "2D"], turn=0)
    state.finished = (1,)
    assert state.receiver == 2
    state.play("pass 5S")
    assert state.current_player == 2 and state.passed == (C("5S"),)


# --- strength ---------------------------------------------------------------------------------
def test_K5_rank_order_within_a_suit():
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    for (i, a), (j, b) in itertools.product(enumerate(ranks), repeat=2):
        if f"{a}S" != "AS" and f"{b}S" != "AS":
            assert beats(C(a + "D"), C(b + "D"), world="H") == (i > j)


def test_K6_other_suits_do_not_beat_except_the_world():
    assert beats(C("2H"), C("KS"), world="H") and beats(C("3H"), C("KS"), world="H")  # the source's example
    assert beats(C("8S"), C("7S"), world="H") and not beats(C("8S"), C("7D"), world="H")
    assert not beats(C("KS"), C("2H"), world="H")
    assert not beats(C("AD"), C("2C"), world="H")
    assert beats(C("3H"), C("2H"), world="H") and not beats(C("2H"), C("3H"), world="H")


def test_K7_ace_of_spades_beats_everything_and_nothing_beats_it():
    for card in kirifu.french_deck():
        if card != C("AS"):
            assert beats(C("AS"), card, world="H")
            assert not beats(card, C("AS"), world="S")
            assert not beats(card, C("AS"), world="H")


def test_K7_variant_joker_above_the_ace_of_spades():
    joker = Card("Joker", "R")
    assert beats(joker, C("AS"), world="H") and not beats(C("AS"), joker, world="H")
    state = position(["2C 3C", "JokerR 4C", "5C"], passed="AS", turn=1, rules=kirifu.KIRIFU_JOKER)
    assert "cut AS with JokerR" in texts(state)
    refused(position(["2C 3C", "AS 4C", "5C"], passed="JokerR", turn=1, rules=kirifu.KIRIFU_JOKER),
            "cut JokerR with AS", "K7")


# --- a turn -----------------------------------------------------------------------------------
def test_K8_first_turn_passes_one_card_face_up_to_the_next():
    state = deal_of(["2C 5D 9S JH KC", "2D 3D 4D 5S 6D", "7C 8C 9C 10C JC"], first=0)
    assert texts(state) == [f"pass {c.ascii()}" for c in state.hands[0]]
    state.play("pass 9S")
    assert state.current_player == 1 and state.passed == (C("9S"),)
    assert kirifu.Passed(0, 1, (C("9S"),)) in state.events
    assert state.view(2).passed == (C("9S"),)  # everyone sees it


def test_K9_cut_discards_both_and_omorai_takes_into_hand():
    state = position(["2C", "10H 3D 4D 5D 6D", "7C"], passed="9H", turn=1, stock="2S 3S 4S 5S")
    assert texts(state) == ["cut 9H with 10H", "take 9H"]
    state.play("cut 9H with 10H")
    assert C("9H") in state.discard and C("10H") in state.discard and C("10H") not in state.hands[1]
    assert state.current_player == 1 and state.phase == kirifu.PASS
    other = position(["2C", "10H 3D 4D 5D 6D", "7C"], passed="9H", turn=1, stock="2S 3S")
    other.play("take 9H")
    assert C("9H") in other.hands[1] and len(other.hands[1]) == 6


def test_K9_weaker_or_off_suit_cutters_are_refused():
    state = position(["2C", "8S 3D 4H 5D 6D", "7C"], passed="7D 9H", turn=1, world="H", stock="2S")
    refused(state, "cut 7D with 3D", "K5")
    refused(state, "cut 9H with 8S", "K6")
    refused(state, "cut 9H with 4H", "K5")
    refused(state, "cut 7D with QD", "K9")


def test_K10_after_cutting_everything_pass_then_refill():
    state = position(["2C", "10H 3D 4D 5D 6D", "7C"], passed="9H", turn=1, stock="2S 3S 4S")
    state.play("cut 9H with 10H")
    state.play("pass 3D")
    assert len(state.hands[1]) == 5 and state.stock == (C("4S"),)
    assert state.current_player == 2 and state.passed == (C("3D"),)


def test_K11_after_omorai_pass_nothing_and_next_only_passes():
    state = position(["2C", "10H 3D 4D 5D 6D", "7C 8C"], passed="9H", turn=1, stock="2S 3S")
    state.play("take 9H")
    assert state.current_player == 2 and state.passed == () and state.phase == kirifu.PASS
    assert texts(state) == ["pass 7C", "pass 8C"]
    error = refused(state, "pass 9H", "K11")                 # the card taken, face up (K23)
    assert "so it is P2 who passes" in str(error)           # the refusal names the player moving
    assert refused(state, "pass 3D", "K8").fields == {"card": "3D"}   # P1's hidden card: as any other (issue 38)
    error = _refused_for(state, "pass 3D", player=1)         # the taker may not pass: not their turn
    assert error.rule == "turn" and "it is P2's to take" in str(error)
    refused(state, "take 9H", "K11")


def _refused_for(state, action: str, player: int) -> IllegalActionError:
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        state.play(action, player=player)
    assert state.fingerprint() == before
    return info.value


def test_K11_no_passing_while_a_taken_card_is_pending():
    state = position(["2C", "4S 4D 9C 10H 3D", "7C 8C"], passed="4H 4C 9D", turn=1, stock="2S")
    state.play("take 4H")
    refused(state, "pass 3D", "K11")


def test_K12_refill_to_five_only_when_under_five():
    state = position(["2C", "10H 3D 4D 5D 6D", "7C"], passed="9H", turn=1, stock="2S 3S")
    state.play("take 9H")
    assert len(state.hands[1]) == 6 and len(state.stock) == 2  # 6 cards: no draw
    short = position(["2C", "10H 3D", "7C"], passed="9H", turn=1, stock="2S 3S 4S 5S")
    short.play("take 9H")
    assert len(short.hands[1]) == 5 and short.stock == tuple(parse_cards("4S 5S"))
    thin = position(["2C", "10H 3D", "7C"], passed="9H", turn=1, stock="2S")
    thin.play("cut 9H with 10H")
    thin.play("pass 3D")
    assert thin.hands[1] == (C("2S"),) and thin.stock == ()


# --- osoroi -----------------------------------------------------------------------------------
def test_K13_a_pair_and_an_optional_extra_card():
    state = position(["4H 4S 9C KD 2C", "2D 3D 4D 5D 6D", "7C"], stock="2S")
    legal = texts(state)
    assert "osoroi 4S 4H" in legal and "osoroi 4S 4H 9C" in legal and "osoroi 4S 4H KD" in legal
    refused(state, "osoroi 4S 9C", "K13")
    refused(state, "osoroi 4S 4H 9C KD", "K13")
    refused(state, "send", "K13")
    state.play("osoroi 4S 4H 9C")
    refused(state, "pass KD", "K13")
    state.play("send")
    assert state.passed == sort_cards(parse_cards("4S 4H 9C")) and state.current_player == 1


def test_K13_osoroi_off_in_the_singles_preset():
    state = position(["4H 4S 9C KD 2C", "2D 3D 4D 5D 6D", "7C"], stock="2S", rules=kirifu.KIRIFU_SINGLES)
    assert all(t.startswith("pass ") for t in texts(state))
    refused(state, "osoroi 4S 4H", "K13")


def test_K14_several_groups_at_once_exactly_as_the_rules_allow():
    hand = "4H 4S 9C 9D KD JS 2C"
    state = position([hand, "2D 3D 4D 5D 6D 7D 8D 10D", "7C"], stock="2S")
    reachable = _reachable_passes(state)
    cards = parse_cards(hand)
    legal = set()
    for k in range(1, 9):
        for combo in itertools.combinations(cards, k):
            if k == 1 or _splits_into_groups(list(combo)):
                legal.add(frozenset(combo))
    assert reachable == legal
    assert frozenset(parse_cards("4H 4S 9C 9D KD JS")) in legal  # 3 × 2 pairs


def _splits_into_groups(cards: list[Card]) -> bool:
    if not cards:
        return True
    first = cards[0]
    for size in (2, 3):
        for rest in itertools.combinations(cards[1:], size - 1):
            group = (first, *rest)
            if is_osoroi_group(group) and _splits_into_groups([c for c in cards if c not in group]):
                return True
    return False


def _reachable_passes(state: kirifu.State) -> set[frozenset]:
    """Every set of cards a pass phase can send (explored through legal_actions)."""
    out: set[frozenset] = set()
    for action in state.legal_actions():
        state.apply(action)
        if state.current_player != 0:
            out.add(frozenset(state.passed))
        else:
            out |= _reachable_passes(state)
        state.undo()
    return out


def test_K15_never_more_cards_than_the_receiver_holds():
    state = position(["4H 4S 9C 9D KD", "2D 3D 4D", "7C"], stock="2S")
    assert max(len(a[1]) for a in state.legal_actions() if a[0] == "osoroi") == 3
    state.play("osoroi 4S 4H")
    assert texts(state) == ["send"]  # a second pair would make 4 > 3
    err = refused(state, "osoroi 9C 9D", "K15")
    assert "holds 3" in str(err)


def test_K16_cut_some_take_the_rest_source_example_4_4_9():
    state = position(["2C", "10C 5H 3D 2D 6S", "7C"], passed="4S 4H 9C", turn=1, world="D", stock="8S 8H")
    state.play("cut 9C with 10C")
    state.play("take 4S")
    assert state.current_player == 1  # still deciding the second 4
    state.play("take 4H")
    assert state.current_player == 2 and state.passed == ()  # passes nothing (K11)
    assert set(parse_cards("4S 4H")) <= set(state.hands[1])


def test_K16_receiver_options_are_every_distinct_cutter_assignment():
    state = position(["2C", "5H 10S 6D 7D", "7C"], passed="4H 5D 9S", turn=1, world="H", stock="2S")
    reached = _reachable_resolutions(state)
    hand, passed = parse_cards("5H 10S 6D 7D"), parse_cards("4H 5D 9S")
    expected = set()
    for choice in itertools.product(*[[None] + [c for c in hand if beats(c, p, "H")] for p in passed]):
        used = [c for c in choice if c]
        if len(used) == len(set(used)):
            expected.add(frozenset((p, c) for p, c in zip(passed, choice)))
    assert reached == expected and len(expected) > 10


def _reachable_resolutions(state: kirifu.State) -> set[frozenset]:
    out: set[frozenset] = set()
    for action in state.legal_actions():
        state.apply(action)
        if state.passed:
            out |= _reachable_resolutions(state)
        else:
            done = [e for e in state.events if isinstance(e, (kirifu.Cut, kirifu.Omorai))]
            out.add(frozenset((e.card, getattr(e, "cutter", None)) for e in done))
        state.undo()
    return out


# --- end and ranking --------------------------------------------------------------------------
def test_K17_finishing_order_down_to_the_last_player():
    state = position(["5S", "6S 2D", "3C 9H", "8D"], world="H", turn=0)
    state.play("pass 5S")  # P0 passed its last card with the stock empty: 1st
    assert state.finished == (0,)
    state.play("cut 5S with 6S")
    state.play("pass 2D")  # P1 is out too: 2nd
    assert state.finished == (0, 1) and state.current_player == 2
    state.play("take 2D")
    assert state.current_player == 3 and texts(state) == ["pass 8D"]
    state.play("pass 8D")  # P3 out: 3rd, P2 is last, left holding the 8♦
    assert state.is_over and state.current_player == TERMINAL and C("8D") in state.hands[2]
    assert state.outcome.ranking == (0, 1, 3, 2) and state.outcome.scores == (1, 2, 4, 3)
    assert state.outcome.winner == 0 and state.legal_actions() == []
    refused(state, "pass 3C", "over")


def test_K17_finishing_by_cutting_with_the_last_card():
    state = position(["5S 7C", "6S", "3C 9H"], world="H", turn=0)
    state.play("pass 5S")
    state.play("cut 5S with 6S")
    assert state.finished == (1,) and state.current_player == 2 and state.passed == ()


def test_K18_nobody_finishes_while_the_stock_has_cards():
    state = position(["5S 7C", "6S", "3C 9H"], world="H", turn=0, stock="2D 3D 4D 5D 6D 7D 8D")
    state.play("pass 5S")  # P0 refills with four cards
    state.play("cut 5S with 6S")  # P1's hand is empty but the stock is not: refill, not finished
    assert state.finished == () and state.hands[1] == sort_cards(parse_cards("6D 7D 8D"))


def test_K19_one_cutter_cuts_one_card():
    state = position(["2C", "10H 3D", "7C"], passed="9H 8H", turn=1, stock="2S")
    state.play("cut 9H with 10H")
    refused(state, "cut 8H with 10H", "K19")
    refused(state, "cut 9H with 3D", "K19")


def test_K20_a_taken_card_cannot_cut_in_the_same_turn():
    state = position(["2C", "3D 4D", "7C"], passed="9H 8H", turn=1, stock="2S")
    state.play("take 9H")
    refused(state, "cut 8H with 9H", "K20")
    assert texts(state) == ["take 8H"]


def test_K21_a_small_receiver_limits_the_pass_to_single_cards():
    state = position(["4H 4S 9C", "2D", "7C"], stock="2S")
    assert texts(state) == ["pass 4S", "pass 4H", "pass 9C"]


def test_K22_cut_everything_with_nothing_left_to_pass():
    state = position(["2C", "10H", "7C 8C"], passed="9H", turn=1, stock="2S 3S")
    state.play("cut 9H with 10H")
    assert state.current_player == 2 and state.passed == () and len(state.hands[1]) == 2


def test_K23_everything_passed_cut_and_taken_is_public():
    state = position(["2C 3C", "10H 3D 4D", "7C 8C"], passed="9H 2S", turn=1, stock="5S")
    state.play("cut 9H with 10H")
    state.play("take 2S")
    view = state.view(2)
    assert kirifu.Cut(1, C("9H"), C("10H")) in view.events and kirifu.Omorai(1, C("2S")) in view.events
    assert C("2S") in view.known[1] and view.hands[1] is None
    state.play("pass 7C")
    state.play("take 7C")
    state.play("pass 2S")  # a known card leaves the hand: no longer known there
    assert C("2S") not in state.view(0).known[1]


# --- errors, text, records --------------------------------------------------------------------
def test_unreadable_actions_raise_syntax_errors():
    state = kirifu.new_game(seed=2)
    for text in ("cut", "pass ZZ", "cut 9H by 10H", "osoroi"):
        refused(state, text, "syntax")


def test_action_text_round_trips():
    rng = random.Random(4)
    for seed in range(5):
        state = kirifu.new_game(seed=seed)
        while not state.is_over:
            for action in state.legal_actions():
                assert state.parse_action(state.action_text(action)) == action
            state.apply(rng.choice(state.legal_actions()))


def test_record_replays_and_bad_deals_are_refused():
    state = kirifu.new_game(seed=21, players=["Ann", "Ben", "Cho"])
    rng = random.Random(8)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = loads(record_of(state, players=list(state.players)).to_json())
    assert record.replay().fingerprint() == state.fingerprint()
    bad = dict(state.initial_deal(), hands=state.initial_deal()["hands"][:2])
    with pytest.raises(RecordError, match="hands"):
        kirifu.new_game(replace(kirifu.KIRIFU, players=3), deal=bad)
    dup = dict(state.initial_deal(), stock=state.initial_deal()["stock"][:-1] + ["2C"])
    with pytest.raises(RecordError, match="stock"):
        kirifu.new_game(replace(kirifu.KIRIFU, players=3), deal=dup)


def test_presets_are_documented_and_named():
    assert set(kirifu.PRESETS) == {"kirifu", "kirifu-joker", "kirifu-2-7", "kirifu-no-osoroi"}
    assert kirifu.new_game("kirifu-joker", seed=1).rules.joker
    with pytest.raises(ValueError, match="rules.name: unknown kirifu preset"):
        kirifu.new_game("kirifu-x")


def test_osoroi_groups_are_listed_once():
    groups = osoroi_groups(sort_cards(parse_cards("4S 4H 4D")), 3)
    assert len(groups) == 4 and len(set(groups)) == 4  # three pairs and the triple


def test_k23_a_game_that_ends_on_a_pass_leaves_the_passed_cards_known_in_the_last_hand():
    """The last player is left holding what was passed to them (K17), face up like any pass (K23):
    no other seat is told those cards are hidden."""
    for seed in range(300):
        state, rng = kirifu.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        passes = [e for e in state.events if isinstance(e, kirifu.Passed)]
        loser = state.finished[-1]
        if passes and passes[-1].to == loser and state.events.index(passes[-1]) > len(state.events) - 4:
            cards = passes[-1].cards
            assert set(cards) <= set(state.hands[loser]) and set(cards) <= set(state.known[loser])
            assert not any(c in state.hidden_cards(q) for q in range(len(state.players)) if q != loser for c in cards)
            return
    raise AssertionError("no game of 300 ended on a pass to the last player")
