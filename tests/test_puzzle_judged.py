"""The evidence a puzzle stands on (cardlab.puzzles.judged) and Trappola's choices judged over
solved worlds (cardlab.games.trappola.solved_choices): exact where the view determines every card
(T4–T6), the same worlds for every choice, no judgement where the mover may declare (T7)."""

from __future__ import annotations

from cardlab.games.trappola.engine import EXCHANGE, KEEP_ACTION, OVER, SINGLE_DEAL, make_deal, new_game
from cardlab.games.trappola.solved_choices import judge_choices
from cardlab.games.trappola.solver import card_values, declarations_ahead
from cardlab.puzzles import Judged


def test_an_exact_judgement_has_one_answer_only_when_one_choice_is_strictly_best():
    assert Judged(("a", "b"), ((3.0,), (2.0,)), exact=True).clear_answer(1.0) == "a"
    assert Judged(("a", "b"), ((3.0,), (3.0,)), exact=True).clear_answer(1.0) is None
    assert Judged(("a", "b"), ((3.0,), (2.5,)), exact=True).clear_answer(1.0) is None


def test_a_sampled_judgement_needs_the_difference_beyond_its_interval_and_the_margin():
    clear = Judged(("a", "b"), ((5.0, 6.0, 5.0, 6.0), (1.0, 2.0, 1.0, 2.0)))
    assert clear.clear_answer(1.0) == "a" and clear.beaten_by("b") == ["a"]
    noisy = Judged(("a", "b"), ((9.0, 0.0, 9.0, 0.0), (0.0, 8.0, 0.0, 8.0)))
    assert noisy.clear_answer(1.0) is None and noisy.beaten_by("b") == []
    lower = Judged(("a", "b"), ((2.0, 2.0), (3.0, 3.0)), higher_is_better=False)
    assert lower.clear_answer(0.5) == "a"


def test_where_the_view_determines_every_card_the_judgement_is_the_solver_s():
    """T4: the non-dealer exchanges twice, so the stock is used up: one world, the solver's values
    (declarations apart, the same for every card)."""
    checked = 0
    for seed in range(5):
        g = new_game(SINGLE_DEAL, seed=seed)
        while g.phase == EXCHANGE:
            g.apply("exchange" if "exchange" in g.legal_actions() else "keep")
        while g.phase != OVER:
            actions = g.legal_actions()
            if len(actions) > 1 and not any(a.startswith("declare") for a in actions):
                judged = judge_choices(g, seed, 50)
                assert judged is not None and judged.exact and judged.worlds == 1
                extra = declarations_ahead(g)
                exact = {f"play {c.ascii()}": v - extra for c, v in card_values(g).items()}
                assert {t: judged.estimate(t)[0] for t in judged.texts} == exact
                checked += 1
            g.apply(actions[-1])
    assert checked > 10


def test_a_hidden_hand_is_judged_on_the_same_worlds_for_every_choice_and_exchanges_too():
    g = new_game(SINGLE_DEAL, seed=3)
    judged = judge_choices(g, 1, 6)
    assert judged is not None and not judged.exact and judged.texts == ("exchange", "keep")
    assert judged.worlds == 6 and judge_choices(g, 1, 6) == judged      # deterministic for its seed
    g.apply(KEEP_ACTION)
    g.apply(KEEP_ACTION)
    judged = judge_choices(g, 2, 8)
    assert judged is not None and not judged.exact and judged.worlds == 8
    assert len(judged.texts) == len(g.legal_actions())


def test_no_judgement_where_the_mover_may_declare():
    """T7: a card played before declaring may give the declaration up, which the solver leaves apart."""
    g = new_game(SINGLE_DEAL, deal=make_deal(["AS AB AC 7S 8S RD RB RC 9D", "2S 2B 2C 10S 10B 10C FD FB 9C"]))
    g.apply(KEEP_ACTION)
    g.apply(KEEP_ACTION)
    assert any(a.startswith("declare") for a in g.legal_actions())
    assert judge_choices(g, 1, 4) is None
