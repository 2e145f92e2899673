"""Cleopatra in a real JupyterLab: run the notebook, step the sample replay to step 16, then play
a few cards in step mode and slap a pair with the space bar."""

from __future__ import annotations

import pytest

from cardlab.games.cleopatra import CLEOPATRA, new_game, variant

pytestmark = pytest.mark.browser
TABLE_SEED = 83   # the seed of the notebook's play table: a pair after four cards, unseen by the bot


def test_replay_to_step_16_then_slap_a_pair_with_the_space_bar(open_notebook):
    from playwright.sync_api import expect
    nb = open_notebook("01_cleopatra.ipynb")

    replay = nb.page.locator(".cardlab-cleopatra-replay").first
    caption = replay.locator(".cardlab-caption")
    for n in range(1, 17):
        replay.locator(".cardlab-forward").click()
        expect(caption).to_contain_text(f"Step {n}/100")
    text = caption.inner_text()
    assert "Y slaps" in text and "Y takes 3 cards" in text and "Step 16 of the source, paraphrased" in text

    # who turns each card until the first pair, as the engine plays the same seeded game
    game = new_game(variant(CLEOPATRA, first="X"), seed=TABLE_SEED)
    turns = []
    while not game.pair_on_top:
        turns.append(game.current_player)
        game.play(game.legal_actions()[0])
    table = nb.table(".cardlab-cleopatra")
    for seat in turns:
        before = nb.svg_of(table)
        if seat == 0:
            table.locator('[data-target="turn"]').first.click()
        nb.wait_svg_change(table, before)                 # your card, or the bot's on its timer
    before = nb.svg_of(table)
    table.locator(".cardlab-svg").press(" ")
    nb.wait_svg_change(table, before)
    expect(table.locator(".cardlab-status")).to_contain_text("You slapped first")
