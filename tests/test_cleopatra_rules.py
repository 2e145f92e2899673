"""Cleopatra rules C1–C15 (rules/cleopatra.md), one or more tests per rule, plus the relatives."""

from __future__ import annotations

import pytest

from cardlab.cards import Card, parse_cards
from cardlab.errors import IllegalActionError, RecordError
from cardlab.games.cleopatra import (BEGGAR_MY_NEIGHBOUR, CLEOPATRA, EGYPTIAN_RATSCREW, Captured, Pending,
                                     Played, Reshuffled, Slap, Turn, new_game, slap, variant)
from cardlab.games.cleopatra.patterns import hands_from_patterns, pattern_of
from cardlab.records import loads, record_of


def game(x: str, y: str, rules=CLEOPATRA, first: int = 0, seed: int = 0):
    """A game from two hands written as card text, top card first."""
    return new_game(rules, seed=seed, deal={"hands": [x.split(), y.split()], "first": first})


def turn(g, n: int = 1) -> None:
    for _ in range(n):
        g.play(g.legal_actions()[0])


def test_C1_two_players_one_pack_without_jokers():
    g = new_game(seed=1)
    cards = g.hands[0] + g.hands[1]
    assert len(g.hands) == 2 and len(cards) == 52 == len(set(cards))
    assert not any(c.is_joker for c in cards)


def test_C2_split_by_colour_first_player_red_by_default():
    for seed in range(5):
        g = new_game(seed=seed)
        first = g.current_player
        assert {c.color for c in g.hands[first]} == {"red"}
        assert {c.color for c in g.hands[1 - first]} == {"black"}
        assert len(g.hands[0]) == len(g.hands[1]) == 26
    g = new_game(variant(first_colour="black", first="X"), seed=2)
    assert {c.color for c in g.hands[0]} == {"black"}


def test_C2_hands_are_shuffled_from_the_seed():
    assert new_game(seed=4).hands == new_game(seed=4).hands
    assert new_game(seed=4).hands != new_game(seed=5).hands


def test_C3_first_player_seeded_random_or_fixed():
    firsts = {new_game(seed=s).current_player for s in range(20)}
    assert firsts == {0, 1}
    assert new_game(seed=7).current_player == new_game(seed=7).current_player
    assert new_game(variant(first="Y"), seed=7).current_player == 1


def test_C4_turn_the_top_card_only():
    g = game("5H 9D", "10S 2C")
    assert g.legal_actions() == [Turn(0, Card.parse("5H"))]
    before = g.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        g.play("X 9D")
    assert e.value.rule == "C4" and e.value.legal == ["X"]    # the hidden top card is not named (issue 38)
    assert "5H" not in str(e.value) and "5♥" not in str(e.value)
    with pytest.raises(IllegalActionError) as e:
        g.play("Y 10S")
    assert e.value.rule == "turn"
    assert g.fingerprint() == before
    assert g.play("X") == Turn(0, Card.parse("5H"))          # the seat due turns its top card, unseen
    assert g.pile == [Card.parse("5H")] and g.hands[0] == [Card.parse("9D")]
    with pytest.raises(IllegalActionError) as e:
        g.play("X")
    assert e.value.rule == "turn"


def test_C5_number_card_passes_the_turn():
    g = game("5H 9D", "10S 2C")
    turn(g)
    assert g.current_player == 1 and g.owed == 0


@pytest.mark.parametrize("honour,owed", [("JH", 1), ("QH", 2), ("KH", 3), ("AH", 5)])
def test_C6_honour_demands_payment(honour, owed):
    g = game(f"{honour} 2H", "3S 4S 5S 6S 7S 8S")
    turn(g)
    assert g.owed == owed and g.current_player == 1 and g.creditor == 0
    turn(g, owed - 1)
    assert g.current_player == 1 and g.owed == 1
    turn(g)
    assert g.pile == [] and len(g.won[0]) == owed + 1          # the whole pile


def test_C6_honour_in_payment_reverses_roles():
    g = game("QH 2H 3H", "4S KS 5S 6S")
    turn(g, 3)                       # X Q, Y 4, Y K: X must now pay 3
    assert g.creditor == 1 and g.owed == 3 and g.current_player == 0
    with pytest.raises(IllegalActionError):
        g.play("Y 5S")


def test_C6_a_payment_ending_without_a_pair_is_collected_at_once():
    g = game("QH 9H 8H", "3S 4S 5S")
    turn(g, 3)                       # X Q, Y pays 3 and 4: X takes the three cards
    assert g.pile == [] and len(g.won[0]) == 3 and g.collector is None
    assert [type(e) for e in g.events][-1] is Captured and g.current_player == 0


def test_C10_a_pair_made_by_the_last_payment_card_can_be_slapped():
    """C10: the slap beats the collection, by either player."""
    for slapper in (0, 1):
        g = game("QH 9H 8H", "3S 3D 4S")
        turn(g, 3)                   # X Q, Y pays 3 and 3: the payment is complete on a pair
        assert g.pile and g.collector == 0 and g.owed == 0 and g.current_player == 0
        assert g.view().collector == 0 and isinstance(g.events[-1], Pending)
        assert g.steps()[-1].text == "Y pays 3♠, 3♦; X collects the pile unless someone slaps the pair."
        assert slap(0) in g.legal_actions() and slap(1) in g.legal_actions()
        g.play(slap(slapper))
        assert g.pile == [] and len(g.won[slapper]) == 3 and g.collector is None
        assert g.current_player == slapper and g.steps()[-1].text.endswith(f"takes 3 cards.")


def test_C10_unslapped_the_honours_owner_collects_when_play_goes_on():
    g = game("QH 9H 8H", "3S 3D 4S")
    turn(g, 3)
    assert g.legal_actions()[0] == Turn(0, Card.parse("9H"))
    g.play("X 9H")                   # nobody slapped: X collects, then turns his card
    assert g.won[0] == parse_cards("QH 3S 3D") and g.pile == parse_cards("9H") and g.collector is None
    captured = [e for e in g.events if isinstance(e, Captured)]
    assert [(e.player, e.n, e.how, e.step, e.action) for e in captured] == [(0, 3, "payment", 2, 3)]
    assert [s.text for s in g.steps()[1:]] == ["Y pays 3♠, 3♦; X takes 3 cards.", "X plays 9♥."]


def test_C10_a_pending_collection_is_undone_exactly():
    g = game("QH 9H 8H", "3S 3D 4S")
    turn(g, 3)
    before = g.fingerprint()
    g.play("X 9H")
    g.undo()
    assert g.fingerprint() == before and g.collector == 0


def test_C7_captures_are_kept_apart_from_the_hand():
    g = game("JH 2H 3H", "4S 5S 6S")
    turn(g, 2)
    assert g.won[0] == parse_cards("JH 4S") and g.hands[0] == parse_cards("2H 3H")
    assert [type(e) for e in g.events].count(Captured) == 1


def test_C8_captor_plays_next():
    g = game("JH 2H", "4S 5S")
    turn(g, 2)
    assert g.current_player == 0


def test_C9_empty_hand_reshuffles_the_won_pile_with_the_seeded_rng():
    def after(seed):
        g = game("JH 2H 3H", "4S 5S 6S 7S 8S", seed=seed)
        turn(g, 2)                   # X takes J 4; hand 2H 3H
        turn(g, 4)                   # X 2, Y 5, X 3, Y 6 -> X due with an empty hand
        return g
    g = after(11)
    assert g.hands[0] == [] and len(g.won[0]) == 2             # nothing shuffled yet ...
    due = g.legal_actions()[0]
    turn(g)                                                     # ... until X turns his next card
    assert [type(e) for e in g.events[-2:]] == [Reshuffled, Played] and g.events[-2].player == 0
    assert g.events[-2].step == g.events[-1].step and g.events[-1].card == due.card
    assert sorted(map(str, g.hands[0] + g.pile[-1:])) == sorted(["J♥", "4♠"]) and g.won[0] == []
    orders = {after(s).legal_actions()[0] for s in range(12)}
    assert len(orders) == 2                                     # both orders occur across seeds
    assert after(11).legal_actions()[0] == due                  # and the seed fixes the order


def test_C9_cards_won_by_a_slap_on_the_pair_on_top_are_shuffled_in_too():
    """C9 after C10: X is due with an empty hand and a pair on top; X slaps it, then turns a card
    from his won pile shuffled together with the slapped cards."""
    turned = set()
    for seed in range(8):
        g = game("JH 2H 6H", "4S 5S 6S 7S", seed=seed)
        turn(g, 2)                   # X takes J 4; hand 2H 6H
        turn(g, 3)                   # X 2, Y 5, X 6 -> Y due
        turn(g)                      # Y 6: a pair, X due with an empty hand
        assert g.pair_on_top and g.hands[0] == [] and g.current_player == 0
        g.play("slap X")             # X takes 2 5 6 6 into his won pile (J 4)
        assert len(g.won[0]) == 2 + 4 and not any(isinstance(e, Reshuffled) for e in g.events)
        turn(g)
        assert isinstance(g.events[-2], Reshuffled) and g.events[-2].n == 6
        assert len(g.hands[0]) == 5 and g.won[0] == []
        turned.add(str(g.pile[-1]))
    assert turned & {"2♥", "5♠", "6♥", "6♠"}                  # a slapped card can come up first


def test_C9_and_C10_a_pending_collection_is_shuffled_into_an_empty_hand():
    g = game("JH QH", "4S 3S 3D 5S")  # X J, Y 4: X takes J 4
    turn(g, 5)                       # X Q, his last card in hand; Y pays 3 and 3: a pair
    assert g.collector == 0 and g.hands[0] == [] and len(g.won[0]) == 2 and not g.is_over
    due = g.legal_actions()[0]
    turn(g)                          # X collects Q 3 3, shuffles them in with J 4, turns one
    assert [type(e) for e in g.events[-3:]] == [Captured, Reshuffled, Played]
    assert g.events[-2].n == 5 and g.pile == [due.card] and len(g.hands[0]) == 4


def test_C10_either_player_may_slap_a_pair_and_take_the_pile():
    g = game("7H KH 2H", "7S 3S 4S")
    turn(g, 2)
    assert slap(0) in g.legal_actions() and slap(1) in g.legal_actions()
    g.play("slap X")
    assert g.pile == [] and len(g.won[0]) == 2 and g.current_player == 0


def test_C10_slap_cancels_a_payment_and_own_pair_may_be_slapped():
    g = game("KH 9H 8H", "3S 3D 4S 5S")      # X K, Y pays 3, 3 (a pair) -> Y slaps his own pair
    turn(g, 3)
    assert g.owed == 1
    g.play("slap Y")
    assert g.owed == 0 and g.creditor is None and g.current_player == 1 and len(g.won[1]) == 3


def test_C11_earliest_slap_wins_the_race():
    g = game("7H 2H", "7S 3S")
    turn(g, 2)
    g.play("slap X@310 Y@230")
    assert len(g.won[1]) == 2 and g.history_text()[-1] == "slap X@310 Y@230"


def test_C11_exact_tie_is_a_seeded_coin():
    def winner(seed):
        g = game("7H 2H", "7S 3S", seed=seed)
        turn(g, 2)
        g.play("slap X@200 Y@200")
        return g.events[-1].player
    assert {winner(s) for s in range(16)} == {0, 1}
    assert all(winner(s) == winner(s) for s in range(5))


def test_C12_unslapped_pair_is_gone_after_the_next_card():
    g = game("7H 2H 5H", "7S 3S 6S")
    turn(g, 2)
    turn(g)                                  # nobody slapped: play goes on
    assert not g.pair_on_top and slap(0) not in g.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        g.play("slap Y")
    assert e.value.rule == "C13"


def test_C13_false_slap_no_effect_by_default():
    g = game("7H 2H", "8S 3S")
    turn(g, 2)
    before = g.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        g.play("slap X")
    assert e.value.rule == "C13" and g.fingerprint() == before


def test_C13_apply_refuses_a_false_slap_too_so_every_record_replays():
    """Issue 12: a slap with no effect is no action; apply() refuses it as play() does."""
    g = game("7H 2H", "8S 3S")
    turn(g, 2)
    before = g.fingerprint()
    for action in (slap(0), Slap(((1, 200),)), Slap(((0, 100), (1, 200)))):
        with pytest.raises(IllegalActionError) as e:
            g.apply(action)
        assert e.value.rule in ("C13", "C11") and g.fingerprint() == before
    assert loads(record_of(g).to_json()).replay().fingerprint() == g.fingerprint()


def test_C13_false_slap_burns_a_card_in_the_variant():
    g = game("7H 2H 9H", "8S 3S 4S", rules=variant(false_slap="burn"))
    turn(g, 2)
    g.play("slap X")
    assert g.under == [Card.parse("2H")] and g.hands[0] == [Card.parse("9H")]
    assert g.events[-1].burned == Card.parse("2H")
    assert loads(record_of(g).to_json()).replay().fingerprint() == g.fingerprint()


@pytest.mark.parametrize("text", ["slap X@٣٠٠", "slap X@²", "slap X@" + "9" * 5000, "slap X@-5", "slap X@3.5",
                                  "slap XY", "XY 7H"])
def test_C11_slap_times_are_whole_ms_in_ascii_digits(text):
    """Issue 12: non-ASCII digits and 5,000-digit times are unreadable, not a ValueError."""
    g = game("7H 2H", "7S 3S")
    turn(g, 2)
    before = g.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        g.play(text)
    assert e.value.rule == "syntax" and g.fingerprint() == before


def test_C14_faces_variant_makes_any_two_pictures_a_pair():
    for rules, expected in ((CLEOPATRA, False), (variant(slaps="same_rank_or_faces"), True)):
        g = game("JH 2H", "KS 3S 4S", rules=rules)
        turn(g, 2)                            # J then K (K is Y's payment and an honour)
        assert g.pair_on_top is expected
    g = game("AH 2H", "KS 3S 4S", rules=variant(slaps="same_rank_or_faces"))
    turn(g, 2)
    assert not g.pair_on_top                  # an ace is not a picture card


def test_C15_out_at_once_after_the_last_card_even_an_honour():
    g = game("9H KH", "9S 4S 5S")
    turn(g, 2)                                # a pair 9 9 is on top ...
    turn(g)                                   # ... X plays K, his last card: he has lost
    assert g.is_over and g.outcome.winner == 1 and g.outcome.reason == "no cards"
    assert g.legal_actions() == []
    with pytest.raises(IllegalActionError) as e:
        g.play("slap Y")
    assert e.value.rule == "over"


def test_C15_a_won_pile_keeps_a_player_in():
    g = game("JH 2H", "4S 5S 6S")
    turn(g, 2)                                # X takes J 4
    turn(g, 2)                                # X plays 2 (hand empty, won pile 2): still in
    assert not g.is_over and g.current_player == 0 and len(g.won[0]) == 2


def test_steps_follow_the_source_numbering():
    g = game("5H QH 8H", "10S 9S 2S 4S")
    turn(g, 6)
    steps = g.steps()
    assert [s.number for s in steps] == [1, 2, 3, 4, 5]
    assert steps[3].text == "Y pays 9♠, 2♠; X takes 5 cards."
    assert steps[2].text == "X plays Q♥; Y must pay."
    assert list(steps[3].actions) == [3, 4]


def test_strict_api_rejects_unreadable_actions():
    g = game("5H", "6S")
    for text in ("Z 5H", "slap X@ Y", "slap X X", "X 1O"):
        with pytest.raises(IllegalActionError) as e:
            g.play(text)
        assert e.value.rule == "syntax"


def test_deal_errors_name_the_field():
    with pytest.raises(RecordError) as e:
        new_game(deal={"hands": [["5H", "5H"], ["2S"]]})
    assert e.value.path == "hands[0][1]"
    with pytest.raises(RecordError) as e:
        new_game(deal={"hands": [["5H"], ["2Z"]]})
    assert e.value.path == "hands[1][0]"
    with pytest.raises(RecordError) as e:
        new_game(deal={"hands": ["JJJ", "JJ"]})
    assert e.value.path == "hands[1]"
    with pytest.raises(ValueError):
        variant(slaps="sometimes")


# --- Beggar-my-neighbour -----------------------------------------------------------------------
# Published record games, in pattern notation, with their card and trick counts, as listed by
# Richard P. Mann's "Beggar-my-neighbour records" page (via the beggarmypython README) and by
# Casella et al., "A non-terminating game of Beggar-My-Neighbor", arXiv:2403.13855 (2024).
RECORD_GAMES = [
    ("Paulhus 1999", "------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--", 4791, 670),
    ("Mann and Wu 2007", "K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--", 7157, 1007),
    ("Rucklidge 2014", "-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK", 7959, 1122),
    ("Nessler 2022", "---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---", 8344, 1164),
]


def finish(g):
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("name,a,b,cards,tricks", RECORD_GAMES, ids=[r[0] for r in RECORD_GAMES])
def test_beggar_my_neighbour_published_record_games(name, a, b, cards, tricks):
    g = finish(new_game(BEGGAR_MY_NEIGHBOUR, deal={"hands": [a, b]}, undo=False))
    assert (g.outcome.stats["cards"], g.outcome.stats["tricks"]) == (cards, tricks)
    assert g.outcome.reason in ("no cards", "cannot play")


def test_beggar_my_neighbour_casella_deal_loops():
    """Casella (2024), arXiv:2403.13855: the first known non-terminating deal."""
    g = finish(new_game(BEGGAR_MY_NEIGHBOUR, deal={"hands": ["---K---Q-KQAJ-----AAJ--J--",
                                                             "----------Q----KQ-J-----KA"]}, undo=False))
    assert g.outcome.reason == "loop" and g.outcome.winner is None
    assert g.outcome.stats["tricks"] > 62 and g.outcome.stats["cards"] > 0


def test_loop_positions_ignore_which_number_cards():
    """The loop is caught at the first trick whose position repeats up to number cards, although
    the exact cards (which number card is where) have not repeated by then."""
    g = new_game(BEGGAR_MY_NEIGHBOUR, deal={"hands": ["---K---Q-KQAJ-----AAJ--J--",
                                                      "----------Q----KQ-J-----KA"]}, undo=False)
    patterns, exact = [], []
    while not g.is_over:
        if not g.pile:
            patterns.append((g.current_player, pattern_of(g.hands[0]), pattern_of(g.hands[1])))
            exact.append((g.current_player, *map(tuple, g.hands)))
        g.apply(g.legal_actions()[0])
    assert g.outcome.reason == "loop"
    last_pattern = (g.to_move, pattern_of(g.hands[0]), pattern_of(g.hands[1]))
    assert len(set(patterns)) == len(patterns) and last_pattern in patterns
    assert (g.to_move, *map(tuple, g.hands)) not in exact


def test_beggar_my_neighbour_captures_go_under_the_hand_in_played_order():
    g = new_game(BEGGAR_MY_NEIGHBOUR, deal={"hands": [["QH", "9H"], ["2S", "3S", "4S"]]})
    turn(g, 3)
    assert g.hands[0] == parse_cards("9H QH 2S 3S") and g.won == [[], []] and g.current_player == 0


def test_beggar_my_neighbour_last_card_played_is_not_yet_out():
    g = new_game(BEGGAR_MY_NEIGHBOUR, deal={"hands": [["5H", "6H"], ["2S"]]})
    turn(g, 2)                                # Y has played his last card but is still in
    assert not g.is_over
    turn(g)
    assert g.outcome.reason == "cannot play" and g.outcome.winner == 0
    assert g.outcome.stats == {"cards": 3, "tricks": 1, "steps": 3}   # the pile left counts


def test_patterns_round_trip():
    hands = hands_from_patterns(["K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"])
    assert [pattern_of(h) for h in hands] == ["K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"]
    assert len(set(hands[0] + hands[1])) == 52


def test_every_game_has_a_step_cap():
    g = finish(new_game(variant(max_steps=5), seed=3))
    assert g.outcome.reason == "cap" and g.outcome.stats["steps"] == 5


def test_ratscrew_sandwich_and_burn():
    g = new_game(EGYPTIAN_RATSCREW, deal={"hands": [["7H", "7D", "2H"], ["3S", "4S"]]})
    turn(g, 3)                                # 7 3 7: a sandwich
    assert g.pair_on_top and slap(1) in g.legal_actions()
    g.play("slap Y")
    assert g.hands[1] == parse_cards("4S 7H 3S 7D")
    g = new_game(EGYPTIAN_RATSCREW, deal={"hands": [["7H", "2H"], ["3S", "4S"]]})
    turn(g)
    g.play(Slap(((1, 90),)))                  # false slap: Y burns 3S under the pile
    turn(g)
    assert g.under == [Card.parse("3S")] and g.current_player == 0
