"""The Cleopatra table at every moment, in a real JupyterLab (issue "Tables at every size and at
every moment"): New game deals the next seed, shown in the seed box, and entering a seed deals its
game again; new rules chosen mid-game wait for N, the game going on meanwhile, and then the
title, the hints, the keys and the space bar follow the rules in force; the replay's play and
stop are named, and stop pauses where autoplay got to."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

TABLE = ("from cardlab.games.cleopatra.table import CleopatraTable\n"
         "table = CleopatraTable(seed=5, attention=0.0)\n"
         "table")
REPLAY = ("from cardlab.games.cleopatra.table import CleopatraReplay\n"
          "replay = CleopatraReplay()\n"
          "replay.replayer.bar.speed.value = 300\n"
          "replay")
DEAL = "print(table.state.seed, table.state.initial_deal())"


def focused(table):
    """The table's drawing, focused as a Tab would."""
    box = table.locator(".cardlab-svg")
    box.focus()
    return box


def test_new_games_deal_new_seeds_and_new_rules_mid_game_wait_for_n(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([TABLE], "cleopatra_moments.ipynb")
    table = nb.table(".cardlab-cleopatra")
    root = nb.page.locator(".cardlab-cleopatra").first
    seed_box = root.locator(".cardlab-seed input")
    status, title = table.locator(".cardlab-status"), table.locator(".cardlab-svg svg text").first
    first = nb.execute(DEAL)

    root.locator(".cardlab-new-game").click()                       # New game: the next seed, a new deal
    expect(seed_box).to_have_value("6")                             # (drawn as before: 26 cards face down each)
    second = nb.execute(DEAL)
    assert second.startswith("6 ") and second[2:] != first[2:]

    seq = nb.seq_of(table)
    focused(table).press("Enter")                                   # a card: the game is going on
    nb.wait_drawn(table, seq)
    root.locator(".cardlab-rules select").select_option(label="Beggar-my-neighbour")
    expect(status).to_contain_text("New game with rules Beggar-my-neighbour? Press N")
    expect(title).to_have_text("Cleopatra クレオパトラ")            # the rules in force
    assert nb.execute("print(len(table.state.history) > 0, table.state.rules.name)").split() == ["True", "cleopatra"]

    focused(table).press("n")                                       # one N deals what was asked
    expect(title).to_have_text("Beggar-my-neighbour ベガー・マイ・ネイバー")
    expect(status).to_have_text("Press Enter (or click your hand) to turn a card.")
    expect(table.locator(".cardlab-keys")).to_have_text("Enter: turn")
    expect(seed_box).to_have_value("6")
    focused(table).press(" ")
    expect(status).to_contain_text('Slapping is not part of Beggar-my-neighbour (its rule slaps is "none")')

    root.locator(".cardlab-rules select").select_option(label="Cleopatra")   # no card turned: at once
    expect(title).to_have_text("Cleopatra クレオパトラ")
    seed_box.fill("5")
    seed_box.press("Enter")                                         # the first seed: the first deal again
    assert nb.execute(DEAL) == first


def test_the_replays_play_and_stop_are_named_and_stop_pauses_where_it_is(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([REPLAY], "cleopatra_replay_stop.ipynb")
    bar = nb.page.locator(".cardlab-cleopatra-replay .cardlab-replay").first
    play, stop, caption = bar.locator(".cardlab-play"), bar.locator(".cardlab-stop"), bar.locator(".cardlab-caption")
    for button in bar.locator("button").all():
        if button.is_visible():
            assert button.get_attribute("title"), button.inner_html()   # every button is named
    assert play.get_attribute("title").startswith("play") and stop.get_attribute("title").startswith("stop")
    expect(stop).to_be_disabled()
    play.click()
    nb.page.wait_for_function("el => /Step ([3-9]|\\d\\d+)\\//.test(el.innerText)", arg=caption.element_handle(),
                              timeout=15_000, polling=50)
    stop.click()
    expect(play).to_be_enabled()
    nb.page.wait_for_timeout(600)                                   # a step already on its way arrives
    step = int(re.search(r"Step (\d+)/", caption.inner_text()).group(1))
    nb.page.wait_for_timeout(1500)                                  # five steps' time at 300 ms
    assert step >= 3 and caption.inner_text().startswith(f"Step {step}/")
    assert nb.execute("print(replay.replayer.step)").strip() == str(step)
