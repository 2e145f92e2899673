"""cardlab's games inside OpenSpiel (issue 16): the adapters pass OpenSpiel's own random simulation
test, draw the engines' chance as chance nodes, show each player exactly their view, return the
engine's outcome, and bots cross between the two worlds."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import cardlab.openspiel  # noqa: E402  (registers the games)
from cardlab.games.cleopatra.bots import SlapBot  # noqa: E402
from cardlab.games.kirifu.bots import ThumbBot  # noqa: E402
from cardlab.games.trappola.bots import RuleOfThumbBot, SearchBot  # noqa: E402
from cardlab.cards import italian_deck  # noqa: E402
from cardlab.errors import RulesError  # noqa: E402
from cardlab.games import kirifu, trappola  # noqa: E402
from cardlab.games.cleopatra.events import Slapped  # noqa: E402
from cardlab.openspiel import CardlabBot, OpenSpielPlayer, ismcts_bot, ismcts_player  # noqa: E402
from cardlab.games.cleopatra.openspiel import NO_SLAP, SLAP  # noqa: E402
from cardlab.games.kirifu.openspiel import place_utility  # noqa: E402
from cardlab.sim import simulate  # noqa: E402

# every game and preset with decisions (long games to 300 get one simulation), and
# Beggar-my-neighbour, which has none: a game of chance alone
SIM_TESTS = [
    ("cardlab_trappola", 3), ("cardlab_trappola(returns=result)", 2),
    ("cardlab_trappola(preset=trappola)", 1), ("cardlab_trappola(preset=four-twos-104)", 1),
    ("cardlab_trappola(preset=by-anyone)", 1),
    ("cardlab_kirifu(players=3)", 1), ("cardlab_kirifu", 1), ("cardlab_kirifu(players=5)", 1),
    ("cardlab_kirifu(preset=kirifu-joker)", 1), ("cardlab_kirifu(preset=kirifu-2-7,players=2)", 1),
    ("cardlab_kirifu(preset=kirifu-no-osoroi,players=3)", 1),
    ("cardlab_cleopatra", 1), ("cardlab_cleopatra(preset=egyptian-ratscrew)", 2),
    ("cardlab_cleopatra(preset=beggar-my-neighbour)", 2),
]


def play_randomly(state, rng: random.Random, stop=lambda s: False):
    """Random chance outcomes and random legal actions until the end (or ``stop``)."""
    while not state.is_terminal() and not stop(state):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def deal(state, rng: random.Random):
    """Draw the chance outcomes of the deal."""
    return play_randomly(state, rng, stop=lambda s: not s.is_chance_node())


def test_import_cardlab_does_not_import_pyspiel():
    code = ("import sys, cardlab, cardlab.games.trappola, cardlab.sim, cardlab.games.kirifu.bots; "
            "assert 'pyspiel' not in sys.modules and 'cardlab.openspiel' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name,sims", SIM_TESTS)
def test_openspiels_random_simulation_test_with_serialization(name, sims):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=sims, serialize=True, verbose=False)


def test_bad_parameters_name_the_field():
    with pytest.raises(RulesError, match="rules.name"):
        pyspiel.load_game("cardlab_trappola(preset=poker)")
    with pytest.raises(RulesError, match="returns"):
        pyspiel.load_game("cardlab_trappola(returns=points)")
    with pytest.raises(RulesError, match="players: K1"):
        pyspiel.load_game("cardlab_kirifu(players=6)")


def test_a_trappola_deal_is_dealt_card_by_card_as_the_engine_deals_T3():
    """The dealer is a chance node of 2, then each of the 36 cards one of those left (35 nodes):
    the first outcome every time deals the pack in order, by the engine's T3 packets."""
    state = pyspiel.load_game("cardlab_trappola").new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        sizes.append(len(outcomes))
        state.apply_action(0)
    assert sizes == [2] + list(range(36, 1, -1))
    engine = state.engine
    assert engine.initial_deal() == {"dealer": 0, "cards": [c.ascii() for c in italian_deck()]}
    assert len(engine.hands[0]) == len(engine.hands[1]) == 9 and len(engine.stock) == 18
    assert state.current_player() == 1          # the non-dealer speaks first (T4)


def test_a_new_deal_of_a_game_to_300_is_chance_again_T16():
    state = deal(pyspiel.load_game("cardlab_trappola(preset=trappola)").new_initial_state(), random.Random(1))
    rng = random.Random(2)
    play_randomly(state, rng, stop=lambda s: s.is_chance_node())
    assert len(state.engine.sheets) == 0 and len(state.need) == 35    # the last card waits for the shuffle
    deal(state, rng)
    assert len(state.engine.sheets) == 1 and state.engine.deal_no == 1


@pytest.mark.parametrize("returns", ["margin", "result"])
def test_trappola_returns_are_the_engines_score_T15(returns):
    for seed in range(3):
        state = play_randomly(pyspiel.load_game(f"cardlab_trappola(returns={returns})").new_initial_state(),
                              random.Random(seed))
        engine = state.engine
        again = trappola.new_game("single-deal", deal=engine.initial_deal())
        for action in engine.history:
            again.play(action)
        a, b = again.outcome.scores
        margin = a - b if returns == "margin" else np.sign(a - b)
        assert state.returns() == [margin, -margin]


def test_kirifu_returns_a_zero_sum_place_utility_K17():
    assert [place_utility(q, 4) for q in (1, 2, 3, 4)] == pytest.approx([1, 1 / 3, -1 / 3, -1])
    for seed in range(3):
        state = play_randomly(pyspiel.load_game("cardlab_kirifu(players=3)").new_initial_state(),
                              random.Random(seed))
        outcome = state.engine.outcome
        if outcome is not None:
            assert state.returns() == pytest.approx([place_utility(q, 3) for q in outcome.scores])
        assert sum(state.returns()) == pytest.approx(0)


def test_kirifu_stops_at_the_cap_and_shares_the_places_left():
    state = play_randomly(pyspiel.load_game("cardlab_kirifu(max_actions=6)").new_initial_state(),
                          random.Random(0))
    assert len(state.engine.history) == 6 and not state.engine.is_over
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_a_trappola_players_information_state_does_not_see_hidden_cards_T6():
    """Seat 0 holds the same hand in two deals whose other cards differ: seat 0's information
    states and tensors are equal, seat 1's are not."""
    game = pyspiel.load_game("cardlab_trappola")
    mine = "AS RS CS FS 10S 9S 8S 7S 2S"
    deals = [trappola.make_deal([mine, "AB RB CB FB 10B 9B 8B 7B 2B"], dealer=1),
             trappola.make_deal([mine, "AC RC CC FC 10C 9C 8C 7C 2C"], dealer=1)]
    states = [game.state_from(trappola.new_game("single-deal", deal=d)) for d in deals]
    for _ in range(3):   # seat 0 keeps, seat 1 keeps, seat 0 leads a card
        texts = [(s.information_state_string(0), s.observation_string(0)) for s in states]
        assert texts[0] == texts[1]
        assert states[0].information_state_tensor(0) == states[1].information_state_tensor(0)
        assert states[0].information_state_string(1) != states[1].information_state_string(1)
        action = states[0].legal_actions()[-1]
        for s in states:
            s.apply_action(action)


@pytest.mark.parametrize("name", ["cardlab_trappola", "cardlab_kirifu(players=3)"])
def test_resampled_hidden_cards_leave_the_players_information_unchanged(name):
    """Nothing hidden leaks: other deals of the unseen cards, consistent with a player's view
    (as IS-MCTS draws them), give that player the same strings and tensors; and they do move
    hidden cards."""
    game, rng = pyspiel.load_game(name), random.Random(3)
    state, moved = deal(game.new_initial_state(), rng), 0
    for _ in range(30):
        if state.is_terminal():
            break
        p = state.current_player()
        other = state.resample_from_infostate(p, rng.random)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.information_state_tensor(p) == state.information_state_tensor(p)
        assert other.legal_actions() == state.legal_actions()
        moved += other.engine.hands != state.engine.hands
        state.apply_action(rng.choice(state.legal_actions()))
        deal(state, rng)
    assert moved > 0


def test_a_trappola_observation_shows_the_last_finished_deal_and_only_its_public_cards_T16():
    """In a game to 300 the view keeps the deal that has just ended (``last_deal``): it is in the
    observation, it shows that deal's tricks and discarded hand (T6) but no card of its stock left
    over, and resampled hidden cards leave the observation as it is."""
    game, rng = pyspiel.load_game("cardlab_trappola(preset=trappola)"), random.Random(0)
    state = play_randomly(deal(game.new_initial_state(), rng), rng,
                          stop=lambda s: bool(s.engine.sheets) and not s.is_chance_node())
    p, ended = state.current_player(), state.engine.view(None).last_deal
    line = next(row for row in state.observation_string(p).splitlines() if row.startswith("last_deal="))
    shown = set(re.split(r"[\s\[\]()=]+", line))
    public = {c.ascii() for t in ended.tricks for c in t.cards} | {c.ascii() for hand in ended.discards[1] for c in hand}
    assert public <= shown and len(ended.tricks) == 9 and len(public) == 27
    assert not shown & {c.ascii() for c in ended.stock} and ended.stock
    for _ in range(3):
        other = state.resample_from_infostate(p, rng.random)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.information_state_string(p) == state.information_state_string(p)


def first_slap_round(game, seed: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or state.choices is None:
        actions, probs = zip(*state.chance_outcomes()) if state.is_chance_node() else ([NO_SLAP], [1])
        state.apply_action(rng.choices(actions, probs)[0])
    return state


def test_cleopatra_slaps_are_hidden_decisions_and_a_race_is_a_coin_C10_C11_C12():
    game = pyspiel.load_game("cardlab_cleopatra")
    state = first_slap_round(game, 0)
    assert state.engine.pair_on_top and state.current_player() == 0
    slaps, passes = state.clone(), state.clone()
    slaps.apply_action(SLAP)
    passes.apply_action(NO_SLAP)
    assert slaps.current_player() == passes.current_player() == 1
    assert slaps.information_state_string(1) == passes.information_state_string(1)   # hidden
    assert slaps.information_state_string(0) != passes.information_state_string(0)
    both, only, none = slaps.clone(), slaps.clone(), passes.clone()
    both.apply_action(SLAP)                     # C11: both slap, the earlier hand wins: a coin
    assert both.is_chance_node() and both.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    both.apply_action(1)
    assert [e.player for e in both.engine.events if isinstance(e, Slapped)] == [1]
    only.apply_action(NO_SLAP)                  # C10: the one slapper takes the pile
    assert [e.player for e in only.engine.events if isinstance(e, Slapped)] == [0]
    none.apply_action(NO_SLAP)                  # C12: play goes on with the next card
    assert not any(isinstance(e, Slapped) for e in none.engine.events)
    assert len(none.engine.history) > len(state.engine.history)


def test_beggar_my_neighbour_is_a_game_of_chance_alone():
    state = pyspiel.load_game("cardlab_cleopatra(preset=beggar-my-neighbour)").new_initial_state()
    nodes = 0
    while not state.is_terminal():
        assert state.is_chance_node()
        state.apply_action(random.Random(nodes).randrange(len(state.chance_outcomes())))
        nodes += 1
    assert nodes == 51 and state.engine.outcome is not None


def test_cardlab_bots_play_as_openspiel_bots():
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    game = pyspiel.load_game("cardlab_trappola")
    returns = evaluate_bots(game.new_initial_state(), [CardlabBot(SearchBot(1, budget=40)),
                                                        CardlabBot(RuleOfThumbBot(2))], np.random.RandomState(0))
    assert returns[0] == -returns[1]
    cleo = first_slap_round(pyspiel.load_game("cardlab_cleopatra"), 1)
    assert CardlabBot(SlapBot(1, attention=1.0)).step(cleo) == SLAP
    assert CardlabBot(SlapBot(1, attention=0.0)).step(cleo) == NO_SLAP


def test_an_openspiel_bot_plays_trappola_and_kirifu_as_a_cardlab_player():
    game = pyspiel.load_game("cardlab_trappola")
    player = OpenSpielPlayer(ismcts_bot(game, simulations=20, seed=1), game)
    state = trappola.new_game("single-deal", seed=4)
    bots = [player, RuleOfThumbBot(2)]
    while not state.is_over:
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    game = pyspiel.load_game("cardlab_kirifu(players=3)")
    player = OpenSpielPlayer(ismcts_bot(game, simulations=5, seed=1), game)
    state = kirifu.new_game("kirifu", seed=2, players=3)
    for _ in range(3):   # the first turns: IS-MCTS in seat 0, the rule of thumb elsewhere
        bot = player if state.current_player == 0 else ThumbBot(state.current_player)
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_an_openspiel_bot_is_a_player_spec_of_simulate():
    spec = ismcts_player("cardlab_trappola", simulations=10)
    rows = simulate("trappola", "single-deal", [spec, "thumb"], n=2, seed=5)
    assert len(rows) == 2 and set(rows["winner"]) <= {0, 1, None}
    assert (rows["points_0"] >= 0).all() and (rows["tricks"] == 9).all()
    again = simulate("trappola", "single-deal", [spec, "thumb"], n=2, seed=5)
    assert rows.equals(again)   # seeded: the same games again


def test_a_cleopatra_player_must_slap_in_real_time():
    with pytest.raises(ValueError, match="real-time"):
        game = pyspiel.load_game("cardlab_cleopatra")
        OpenSpielPlayer(ismcts_bot(game), game)


def test_the_trappola_endgame_is_small_enough_for_cfr_T10_T15():
    """The last three tricks of a deal with the six cards in hand dealt again: OpenSpiel's random
    test passes, its tree loads as an extensive-form game, and CFR's average policy there is
    nearly unexploitable while the uniform and rule-of-thumb policies are not."""
    from open_spiel.python.algorithms import exploitability
    from open_spiel.python.algorithms.gambit import export_gambit
    from cardlab.openspiel import CardlabPolicy
    game = pyspiel.load_game("cardlab_trappola_endgame(seed=1,tricks=3)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 20) for i in range(20)]    # C(6, 3) splits
    state.apply_action(0)
    assert len(state.engine.tricks) == 6 and list(map(len, state.engine.hands)) == [3, 3]
    tree = pyspiel.load_efg_game(export_gambit(game))
    solver = pyspiel.CFRSolver(tree)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    uniform = pyspiel.nash_conv(tree, pyspiel.UniformRandomPolicy(tree))
    assert pyspiel.nash_conv(tree, solver.average_policy()) < uniform / 20
    assert exploitability.nash_conv(game, CardlabPolicy(game, RuleOfThumbBot(0))) > 1


def test_an_openspiel_bot_sits_at_the_trappola_table():
    """A whole deal at the notebook table against IS-MCTS, driven by clicks as the browser sends
    them: the table takes the OpenSpiel player as its bot."""
    from cardlab.games.trappola.table import TrappolaTable
    game = pyspiel.load_game("cardlab_trappola")
    table = TrappolaTable(rules="single-deal", seed=3, bot=OpenSpielPlayer(ismcts_bot(game, simulations=10, seed=2), game))
    for _ in range(40):
        if table.state.is_over:
            break
        legal = table.state.view(0).legal
        table.click(next((a for a in legal if a in ("keep",) or a.startswith("declare")), legal[0]))
    assert table.state.is_over and len(table.state.tricks) == 9
    assert sum(isinstance(e, trappola.Played) and e.player == 1 for e in table.state.events) == 9
