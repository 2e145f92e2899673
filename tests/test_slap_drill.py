"""The slap trainer's reaction drill (issue 25): a target to beat, every race decided by the
engine (C10, C11: the first hand to arrive takes the pile)."""

from __future__ import annotations

import pytest

from cardlab.games.cleopatra.events import Slapped
from cardlab.games.cleopatra.table_drill import SlapDrill


def run(drill: SlapDrill, my_ms: float | None, limit: int = 2_000) -> None:
    """Play the drill to its end: the browser's timers run out in order, and the reader slaps every
    pair at ``my_ms`` after it appears (None: never)."""
    slapped = None
    for _ in range(limit):
        if drill.done:
            return
        if my_ms is not None and drill.pair_open and slapped != len(drill.state.history):
            slapped = len(drill.state.history)
            drill.press(" ", t=my_ms)
            continue
        tag = min(drill.timers, key=drill.timers.get)
        drill.view.send_event({"type": "timer", "tag": tag, "t": 0})
    pytest.fail("the drill did not end")


def test_a_reader_faster_than_the_target_takes_every_pair_and_beats_it_C11():
    drill = SlapDrill(pairs=4, target_ms=350, seed=3)
    run(drill, 220)
    slaps = [e for e in drill.state.events if isinstance(e, Slapped)]
    assert len(slaps) == 4 and all(e.player == drill.you for e in slaps)
    assert "you took 4 of 4 pairs" in drill.message and "median time was 220 ms" in drill.message
    assert "Every pair was yours: target beaten!" in drill.message
    assert drill.timers == {} and drill.choices() == []


def test_a_slower_reader_loses_every_race_to_the_computer_C11():
    drill = SlapDrill(pairs=3, target_ms=300, seed=5)
    run(drill, 410)
    slaps = [e for e in drill.state.events if isinstance(e, Slapped)]
    assert len(slaps) == 3 and all(e.player != drill.you for e in slaps)
    assert "you took 0 of 3 pairs" in drill.message and "Not yet: the target is 300 ms" in drill.message


def test_without_a_slap_the_computer_takes_each_pair_and_each_is_told():
    drill = SlapDrill(pairs=2, target_ms=350, seed=1)
    told = []
    while not drill.done:
        tag = min(drill.timers, key=drill.timers.get)
        drill.view.send_event({"type": "timer", "tag": tag, "t": 0})
        if drill.message not in told:
            told.append(drill.message)
    assert any(m.startswith("Pair 1 of 2: the computer's (350 ms)") for m in told)
    assert "you slapped none of the 2 pairs" in drill.message and "median" not in drill.message
    assert "Not yet" not in drill.message and "beaten" not in drill.message


def test_a_reader_who_took_some_pairs_hears_how_many_and_the_verdict():
    """Slapping at the target itself loses every race (the computer's hand is down first at ties
    too), so this reader slapped every pair but took none: a median, and not yet."""
    drill = SlapDrill(pairs=2, target_ms=350, seed=6)
    run(drill, 350)
    assert "you took 0 of 2 pairs" in drill.message and "median time was 350 ms" in drill.message
    assert "Not yet: the target is 350 ms." in drill.message


def test_after_the_drill_input_is_ignored_and_n_twice_starts_another():
    drill = SlapDrill(pairs=1, target_ms=350, seed=2)
    run(drill, None)
    history = len(drill.state.history)
    drill.press(" ", t=100)
    assert len(drill.state.history) == history and drill.done
    drill.press("n")
    drill.press("n")
    assert not drill.done and drill.games == 2 and drill.seed.value == 3
    assert drill.message.startswith("Slap every pair")


def test_the_drill_speaks_japanese_and_refuses_bad_settings():
    drill = SlapDrill(pairs=2, seed=4, lang="ja")
    assert "ミリ秒" in drill.message and "350" in drill.message
    run(drill, 200)
    assert "2組中2組" in drill.message and "全部の組をあなたが取りました。目標達成です！" in drill.message
    unslapped = SlapDrill(pairs=2, seed=4, lang="ja")
    run(unslapped, None)
    assert "どれも叩きませんでした" in unslapped.message and "中央値" not in unslapped.message
    with pytest.raises(ValueError, match="pairs"):
        SlapDrill(pairs=0)
