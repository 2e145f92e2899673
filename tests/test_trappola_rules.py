"""Trappola rules T1–T16, one or more tests each (the test name cites the rule ID)."""

from __future__ import annotations


import pytest

from cardlab.cards import ITALIAN, Card, italian_deck, parse_cards
from cardlab.contract import cards_in
from cardlab.errors import IllegalActionError, RecordError
from cardlab.games import trappola as T
from cardlab.games.trappola.scoring import (RANKS, Trick, beats, card_points, closing_streak,
                                            deal_sheet, declaration_value)
from cardlab.records import loads, record_of
from engine_checks import assert_refused

# Seat 0 holds six spades and three 2s; seat 1 holds every denaro: seat 0 wins every trick.
SWEEP = ("AS RS CS FS 10S 9S 2S 2B 2C", "AD RD CD FD 10D 9D 8D 7D 2D")


def cards(text: str) -> list[Card]:
    return parse_cards(text, ITALIAN)


def started(hands=SWEEP, rules=T.TRAPPOLA, stock: str = "", dealer: int = 1) -> T.State:
    """A game on a fixed deal, both players keeping their hands (play begins)."""
    g = T.new_game(rules, seed=7, deal=T.make_deal(hands, stock, dealer))
    g.play("keep")
    g.play("keep")
    return g


def play_all(g: T.State, moves: str) -> None:
    for m in moves.split(","):
        g.play(m.strip())


def test_T1_pack_of_36_italian_cards_ranked_A_R_C_F_10_9_8_7_2():
    g = T.new_game(seed=3)
    everything = g.hands[0] + g.hands[1] + g.stock
    assert sorted(map(str, everything)) == sorted(map(str, italian_deck())) and len(everything) == 36
    assert RANKS == ("A", "R", "C", "F", "10", "9", "8", "7", "2")
    for hi, lo in zip(RANKS, RANKS[1:]):
        assert beats(Card(lo, "coppe"), Card(hi, "coppe")) is False
        assert beats(Card(hi, "coppe"), Card(lo, "coppe")) is True


def test_T2_card_points_A6_R5_C4_F3_others_0_total_72():
    assert [card_points([Card(r, "denari")]) for r in RANKS] == [6, 5, 4, 3, 0, 0, 0, 0, 0]
    assert card_points(italian_deck()) == 72


def test_T3_deal_in_packets_of_4_then_5_non_dealer_first_18_in_stock():
    order = [c.ascii() for c in italian_deck()]
    g = T.new_game(deal={"dealer": 0, "cards": order})
    deck = italian_deck()
    assert g.hands[1] == deck[0:4] + deck[8:13]    # non-dealer: first packet of 4, then of 5
    assert g.hands[0] == deck[4:8] + deck[13:18]   # dealer
    assert g.stock == deck[18:] and len(g.stock) == 18


def test_T3_the_deal_comes_from_the_seeded_rng():
    a, b, c = T.new_game(seed=11), T.new_game(seed=11), T.new_game(seed=12)
    assert a.initial_deal() == b.initial_deal() != c.initial_deal()


def test_T4_non_dealer_exchanges_top_nine_then_last_nine_and_must_keep():
    g = T.new_game(deal=T.make_deal(SWEEP, dealer=1))
    first_hand, stock = list(g.hands[0]), list(g.stock)
    assert g.current_player == 0 and g.legal_actions() == ["exchange", "keep"]
    g.play("exchange")
    assert g.hands[0] == stock[:9] and g.discards[0] == [tuple(first_hand)]
    assert g.current_player == 0 and g.legal_actions() == ["exchange", "keep"]
    g.play("exchange")
    assert g.hands[0] == stock[9:] and len(g.discards[0]) == 2 and g.stock == []
    # must keep the last nine: the dealer has no stock left, so the play begins at once (T5, T10)
    assert g.phase == T.PLAY and g.current_player == 0
    assert_refused(g, "exchange", "T4")


def test_T5_dealer_exchanges_twice_when_18_remain():
    g = T.new_game(deal=T.make_deal(SWEEP, dealer=1))
    g.play("keep")
    stock = list(g.stock)
    assert g.current_player == 1 and g.legal_actions() == ["exchange", "keep"]
    g.play("exchange")
    assert g.hands[1] == stock[:9] and g.legal_actions() == ["exchange", "keep"]
    g.play("exchange")
    assert g.hands[1] == stock[9:] and g.phase == T.PLAY and g.current_player == 0


def test_T5_dealer_exchanges_once_when_9_remain_and_never_when_none():
    g = T.new_game(deal=T.make_deal(SWEEP, dealer=1))
    g.play("exchange")
    g.play("keep")
    assert g.current_player == 1 and len(g.stock) == 9
    g.play("exchange")
    assert g.stock == [] and g.phase == T.PLAY
    assert_refused(g, "exchange", "T4")


def test_T6_discarded_hands_are_public_to_both_players():
    g = T.new_game(deal=T.make_deal(SWEEP, dealer=1))
    g.play("exchange")
    seen_by_dealer = g.view(1)
    assert seen_by_dealer.discards[0] == (tuple(cards(SWEEP[0])),)
    assert seen_by_dealer.hands[0] is None and seen_by_dealer.stock is None
    assert seen_by_dealer.hands[1] == tuple(g.hands[1])


def test_T7_declare_three_before_playing_one_said_as_three():
    g = started()
    assert "declare 2" in g.legal_actions()
    g.play("declare 2")
    ev = g.events[-1]
    assert (ev.player, ev.said, ev.count) == (0, "three", 3)
    assert g.view(1).declarations == ((0, "three", None),)   # the rank stays hidden ...
    assert g.view(0).declarations == ((0, "three", "2"),)    # ... except from the declarer
    assert_refused(g, "declare 2", "T7")                      # once only


def test_T7_aces_are_named_and_four_is_said_four():
    g = started(("AS AB AC AD RS RB RC 7S 8S", "2S 2B 2C 2D 9S 9B 9C 9D 10S"))
    g.play("declare A")
    assert g.events[-1].said == "four aces" and g.view(1).declarations == ((0, "four aces", "A"),)
    g.play("declare R")
    assert g.events[-1].said == "three"


def test_T7_cannot_declare_what_you_do_not_hold_or_after_playing_one():
    g = started(("AS AB AC 7D RS RB RC 7S 8S", "2S 2B 2C 2D 9S 9B 9C 9D 10S"))
    err = assert_refused(g, "declare F", "T7")
    assert "declare A" in err.legal
    g.play("play RS")
    g.play("play 9S")
    assert_refused(g, "declare R", "T7")   # a king has been played: too late
    assert "declare A" in g.legal_actions()


def test_T7_declarations_only_during_the_play():
    g = T.new_game(deal=T.make_deal(SWEEP, dealer=1))
    assert_refused(g, "declare 2", "T7")


def _taken_fourth(rules: T.Rules, taker_holds_three: bool) -> T.State:
    """Seat 1 leads the F of denari, seat 0 (holding FS FB FC) wins or loses it."""
    hands = ("FS FB FC " + ("AD" if taker_holds_three else "AB") + " 7S 8S 9S 10S 7B",
             "FD 2D 9D 8D 10D 7C 8C 9C 10C")
    g = started(hands, rules, dealer=0)
    g.play("play FD")
    g.play("play AD" if taker_holds_three else "play 7S")
    return g


def test_T8_three_barred_once_the_declarer_has_taken_the_fourth():
    g = _taken_fourth(T.TRAPPOLA, taker_holds_three=True)
    assert g.tricks[-1].winner == 0 and "declare F" not in g.legal_actions()
    assert_refused(g, "declare F", "T8")


def test_T8_default_allows_three_when_the_opponent_took_the_fourth():
    g = _taken_fourth(T.TRAPPOLA, taker_holds_three=False)
    assert g.tricks[-1].winner == 1
    g.play("play 7C")  # seat 1 leads again
    assert "declare F" in g.legal_actions()


def test_T8_variant_by_anyone_bars_it_whoever_took_the_fourth():
    g = _taken_fourth(T.BY_ANYONE, taker_holds_three=False)
    g.play("play 7C")
    assert_refused(g, "declare F", "T8")


def test_T9_declaration_values_added_after_the_play():
    assert [declaration_value(r, n) for r, n in
            (("A", 3), ("A", 4), ("R", 3), ("C", 4), ("F", 3), ("2", 3), ("2", 4))] == \
        [12, 24, 6, 12, 6, 10, 20]
    g = started(("AS AB AC AD RS RB RC 2S 2B", "FS FB FC FD 2C 2D 9S 9B 9C"))
    g.play("declare A")
    g.play("declare R")
    assert g.deal_points() == (0, 0)  # nothing is scored at once
    bots_finish(g)
    assert g.sheets[0].declarations == (24 + 6, 0)
    assert g.sheets[0].total[0] == sum(getattr(g.sheets[0], k)[0] for k in
                                       ("cards", "twos", "last_trick", "streak")) + 30


def bots_finish(g: T.State) -> None:
    """Finish the deal by always playing the first legal card (no more declarations)."""
    deal = g.deal_no
    while not g.is_over and g.deal_no == deal:
        g.play(next(a for a in g.legal_actions() if a.startswith("play")))


def test_T10_non_dealer_leads_first_and_the_winner_leads_next():
    g = started(dealer=1)
    assert g.current_player == 0
    g = started(("AD RD CD FD 10D 9D 8D 7D 2D", "AS RS CS FS 10S 9S 2S 2B 2C"), dealer=0)
    assert g.current_player == 1
    g.play("play 9S")
    g.play("play 2D")
    assert g.tricks[-1].winner == 1 and g.current_player == 1


def test_T11_must_follow_suit_else_any_card_no_trumps():
    g = started(("AS 7S AB RB CB FB 10B 9B 8B", "RS 2S AC RC CC FC 10C 9C 8C"))
    g.play("play 7S")
    assert g.legal_actions() == ["play RS", "play 2S"]
    err = assert_refused(g, "play AC", "T11")
    assert "follow suit" in str(err)
    assert_refused(g, "play AD", "T11")  # not in the hand
    g.play("play RS")
    assert g.tricks[-1].winner == 1
    g.play("play AC")
    assert len(g.legal_actions()) == 9 - 1   # void in cups: any card
    g.play("play 8B")
    assert g.tricks[-1].winner == 1          # an off-suit card never wins, whatever its rank


def test_T11_a_led_two_wins_only_against_a_void():
    g = started()
    play_all(g, "play 2S, play 7D")
    assert g.tricks[-1].winner == 0 and g.tricks[-1].winning_card == Card("2", "spade")
    h = started(("2S AB RB CB FB 10B 9B 8B 7B", "7S AC RC CC FC 10C 9C 8C 7C"))
    play_all(h, "play 2S, play 7S")
    assert h.tricks[-1].winner == 1


def test_T12_a_trick_won_with_a_two_scores_10_at_once():
    g = started()
    play_all(g, "play 2S, play 7D")
    assert g.events[-1].bonus == 10 and g.deal_points() == (10, 0)


def test_T13_last_trick_scores_6():
    g = started(("2S AS RS CS FS 10S 9S 8S 7S", "AD RD CD FD 10D 9D 8D 7D 2D"))
    bots_finish(g)
    sheet = g.sheets[0]
    assert sheet.last_trick == (6, 0) and sheet.streak == (0, 0) and sheet.twos == (10, 0)
    assert sheet.total == (36 + 10 + 6, 0)


@pytest.mark.parametrize("n_twos_at_end, streak", [(1, 26), (2, 52), (3, 78)])
def test_T14_closing_streak_replaces_the_10s_and_the_6(n_twos_at_end, streak):
    g = started()
    twos = ["2S", "2B", "2C"]
    order = ["AS", "RS", "CS", "FS", "10S", "9S"]
    # one 2 early (scores its 10), the rest at the end
    early = twos[: 3 - n_twos_at_end]
    for card in early + order + twos[3 - n_twos_at_end:]:
        g.play(f"play {card}")
        g.play(next(a for a in g.legal_actions() if a.startswith("play")))
    sheet = g.sheets[0]
    assert sheet.streak == (streak, 0) and sheet.streak_length == n_twos_at_end
    assert sheet.twos == (10 * len(early), 0) and sheet.last_trick == (0, 0)
    assert sheet.total[0] == 36 + streak + 10 * len(early)  # 36 card points in play


def test_T14_a_two_that_is_not_last_breaks_no_streak_rule():
    g = started()
    for card in ["2S", "AS", "RS", "CS", "FS", "10S", "9S", "2B", "AS"][:8] + ["2C"]:
        g.play(f"play {card}")
        g.play(next(a for a in g.legal_actions() if a.startswith("play")))
    assert g.sheets[0].streak_length == 2 and g.sheets[0].twos == (10, 0)


def test_T14_variant_four_twos_104_scores_a_streak_of_four():
    """Unreachable with two players (the follower's last card would have to avoid all four
    suits, see the property tests), so the scorer is checked on a constructed deal."""
    spade = [Card(r, "spade") for r in RANKS]
    den = [Card(r, "denari") for r in RANKS]
    tricks = [Trick(0, spade[i], den[i], 0) for i in range(5)]
    tricks += [Trick(0, Card("2", s), den[5 + i], 0) for i, s in
               enumerate(("spade", "bastoni", "coppe", "spade"))]
    assert closing_streak(tricks, 3) == (0, 3) and closing_streak(tricks, 4) == (0, 4)
    assert deal_sheet(0, 1, tricks, [], 4).streak == (104, 0)
    sheet3 = deal_sheet(0, 1, tricks, [], 3)
    assert sheet3.streak == (78, 0) and sheet3.twos == (10, 0)
    assert T.FOUR_TWOS_104.longest_streak == 4 and T.TRAPPOLA.longest_streak == 3


def test_T15_each_player_scores_the_card_points_of_their_tricks():
    """Only the 18 cards played count: 72 and 78 only when every counter is in the hands."""
    g = started(("AS RS CS FS AB RB CB FB 7S", "AD RD CD FD AC RC CC FC 7D"))
    bots_finish(g)
    assert sum(g.sheets[0].cards) == 72 and sum(g.sheets[0].cards) + sum(g.sheets[0].last_trick) == 78
    g = T.new_game(T.SINGLE_DEAL, seed=5)
    while not g.is_over:
        g.play(next(a for a in g.legal_actions() if not a.startswith("declare")))
    s = g.sheets[0]
    for p in (0, 1):
        assert s.cards[p] == card_points(c for t in g.tricks if t.winner == p for c in t.cards)
    assert sum(s.cards) == card_points(c for t in g.tricks for c in t.cards) <= 72
    assert g.scores == list(s.total)
    frame = g.score_sheet()
    assert list(frame.columns) == list(g.players) and frame.loc["deal total"].tolist() == list(s.total)
    japanese = g.score_sheet(lang="ja")
    assert japanese.index.name == "項目" and japanese.loc["ディールの得点"].tolist() == list(s.total)
    assert japanese.loc["カードの点（T2、T15）"].tolist() == frame.loc["card points (T2, T15)"].tolist()


def test_T16_deals_continue_to_300_with_the_dealer_alternating():
    g = T.new_game(seed=21)
    dealers = []
    while not g.is_over:
        if not dealers or dealers[-1][0] != g.deal_no:
            dealers.append((g.deal_no, g.dealer))
        g.play(g.legal_actions()[-1])
    assert len(dealers) > 1
    assert all(a[1] != b[1] for a, b in zip(dealers, dealers[1:]))
    assert max(g.scores) >= 300 and g.scores[0] != g.scores[1]
    before_last = [sum(s.total[p] for s in g.sheets[:-1]) for p in (0, 1)]
    assert max(before_last) < 300 or before_last[0] == before_last[1]
    assert g.outcome.winner == (0 if g.scores[0] > g.scores[1] else 1)


def test_T16_equal_totals_past_300_play_another_deal():
    g = started(("2S AS RS CS FS 10S 9S 8S 7S", "AD RD CD FD 10D 9D 8D 7D 2D"))
    g.scores = [378 - 52, 378]  # seat 0 will score 52 (36 + 10 + 6): 378 each
    bots_finish(g)
    assert g.scores == [378, 378] and not g.is_over and g.deal_no == 1 and g.dealer == 0


def test_T16_the_view_keeps_the_finished_deal_as_it_ended_though_the_next_one_is_dealt_T7():
    """After the ninth trick the engine deals again at once; every view keeps the deal as it ended
    (``last_deal``): its last trick, its points and its score sheet, seen by the same seat — the
    tricks are public, the stock left over and the opponent's declared rank (T7) stay hidden."""
    g = started()
    g.play("declare 2")                                   # seat 0's three 2s, rank unnamed to seat 1
    while sum(map(len, g.hands)) > 1:
        g.play(next(a for a in g.legal_actions() if a.startswith("play")))
    assert all(g.view(p).last_deal is None for p in (0, 1, None))
    before, stock = {p: g.view(p) for p in (0, 1, None)}, tuple(g.stock)
    g.play(g.legal_actions()[-1])                         # the ninth trick
    won = [e for e in g.events if isinstance(e, T.TrickWon)]
    scored = next(e for e in g.events if isinstance(e, T.DealScored))
    points = [sum(e.points + e.bonus for e in won if e.winner == p) for p in (0, 1)]
    assert (g.deal_no, g.phase) == (1, T.EXCHANGE)
    for p in (0, 1, None):
        last = g.view(p).last_deal
        assert (last.player, last.deal, last.legal, last.trick, last.last_deal) == (p, 0, (), (), None)
        assert last.tricks[:8] == before[p].tricks and last.tricks[-1].cards == won[-1].cards
        assert last.deal_points == tuple(points) and last.scores == scored.totals == tuple(g.scores)
        assert last.sheets == (g.sheets[0],) and last.declarations == before[p].declarations
        assert last.hands == tuple(() if p in (None, q) else None for q in (0, 1))
        assert last.stock == (stock if p is None else None) and last.stock_size == len(stock)
        if p is not None:
            assert cards_in(last) == {c for t in last.tricks for c in t.cards}   # no card of the stock
    assert [d[2] for d in g.view(1).last_deal.declarations] == [None]
    assert [d[2] for d in g.view(0).last_deal.declarations] == ["2"]
    g.undo()
    assert g.view(0).last_deal is None


def test_T16_variant_single_deal():
    g = T.new_game("single-deal", seed=2)
    while not g.is_over:
        g.play(g.legal_actions()[0])
    assert len(g.sheets) == 1 and g.outcome.reason == "one deal"


def test_view_hides_the_opponents_hand_and_the_stock():
    g = T.new_game(seed=9)
    v = g.view(0)
    assert v.hands[0] == tuple(g.hands[0]) and v.hands[1] is None and v.stock is None
    assert v.hand_sizes == (9, 9) and v.stock_size == 18
    assert g.view().hands[1] == tuple(g.hands[1]) and g.view().stock == tuple(g.stock)
    other = 1 - g.current_player
    assert g.view(other).legal == () and g.view(g.current_player).legal == tuple(g.legal_actions())


def test_out_of_turn_and_unreadable_actions_are_refused():
    g = T.new_game(seed=9)
    before = g.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        g.play("keep", player=1 - g.current_player)
    assert info.value.rule == "turn"
    for text in ("shuffle", "play ZZ", "declare 7"):
        with pytest.raises(IllegalActionError) as info:
            g.play(text)
        assert info.value.rule == "syntax"
    assert g.fingerprint() == before
    assert_refused(g, "play AS", "T10")


def test_action_texts_round_trip():
    g = started()
    for a in g.legal_actions():
        assert g.parse_action(a) == a
    assert g.parse_action(" Play 2s ") == "play 2S" and g.parse_action("2s") == "play 2S"


def test_records_replay_and_bad_deals_are_refused():
    g = T.new_game(seed=13, players=["Ada", "Bo"])
    while not g.is_over:
        g.play(g.legal_actions()[len(g.history) % len(g.legal_actions())])
    rec = loads(record_of(g, players=list(g.players)).to_json())
    assert rec.replay().fingerprint() == g.fingerprint()
    with pytest.raises(RecordError):
        T.new_game(deal={"dealer": 0, "cards": ["AS"] * 36})
    with pytest.raises(RecordError):
        T.new_game(deal={"dealer": 2, "cards": [c.ascii() for c in italian_deck()]})
