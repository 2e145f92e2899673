"""The notebooks' tables and progress bars in the reader's language (issue 40): ``labelled(table,
"ja")`` names a simulation's columns, ``cardlab.stats``' columns, ``describe()``'s rows, the ways a
game ends and yes/no in Japanese and leaves numbers and the reader's own labels alone;
``simulate(..., lang="ja")`` shows its progress bar with no English on it."""

from __future__ import annotations

import io
import re

import pandas as pd
import pytest

from cardlab.sim import progress_bar, run_games
from cardlab.stats import mean_table, rate_table
from cardlab.words.frames import LABELS_JA, label, labelled

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _row(seed: int) -> dict:
    return {"winner": seed % 2, "reason": "loop" if seed % 3 else "no cards", "cards": seed % 50, "slaps_1": 1}


def test_a_simulations_table_shows_japanese_column_names_and_words_and_keeps_its_numbers():
    rows = run_games(_row, 12, seed=1, progress=False)
    shown = labelled(rows, "ja")
    assert list(shown.columns) == ["シード", "勝者", "終わり方", "出したカード", "叩いて取った組（席1）"]
    assert set(shown["終わり方"]) == {"同じ局面の繰り返し", "カードがなくなった"}
    assert shown["出したカード"].tolist() == rows["cards"].tolist()          # numbers stay numbers
    assert list(rows.columns) == ["seed", "winner", "reason", "cards", "slaps_1"]   # the table itself unchanged
    assert not any(ENGLISH_WORD.search(str(c)) for c in shown.columns)


def test_the_stats_tables_and_describe_are_named_in_japanese_index_names_and_booleans_included():
    frame = pd.DataFrame({"has": [True, False, True, True], "won": [1, 0, 1, 0], "cards": [3, 5, 7, 9]})
    rates = labelled(rate_table(frame, "has", frame["won"] == 1), "ja")
    assert list(rates.columns) == ["ゲーム数", "割合", "下限", "上限"] and list(rates.index) == ["いいえ", "はい"]
    means = labelled(mean_table(frame.assign(group=[0, 1, 0, 1]), ["group", "has"], "cards"), "ja")
    assert "平均" in means.columns and list(means.index.levels[0]) == [0, 1] and set(means.index.levels[1]) == {"はい", "いいえ"}
    described = labelled(frame[["cards"]].describe(), "ja")
    assert {"件数", "平均", "標準偏差", "最小", "最大"} <= set(described.index)
    assert labelled(frame["has"].rename("my own label"), "ja").tolist() == ["はい", "いいえ", "はい", "はい"]


def test_a_dict_a_label_and_english_and_bad_input():
    assert labelled({"reason": "cannot play", "tricks": 66}, "ja") == {"終わり方": "出すカードがない", "トリック数": 66}
    assert label("place_3", "ja") == "順位（席3）" and label("Ada", "ja") == "Ada" and label(0, "ja") == 0
    assert labelled({"reason": "loop"}, "en") == {"reason": "loop"}
    assert list(labelled(pd.DataFrame({"x_wins": [0.5], "cards": [3]}), "ja", {"x_wins": "X の勝率"}).columns) == \
        ["X の勝率", "出したカード"]
    assert all(not ENGLISH_WORD.search(word) for word in LABELS_JA.values())
    with pytest.raises(ValueError, match="lang"):
        labelled({"reason": "loop"}, "fr")
    with pytest.raises(TypeError, match="DataFrame"):
        labelled([1, 2], "ja")


def test_the_progress_bar_speaks_the_readers_language():
    shown = {}
    for lang, total, counts in (("en", 1000, "games"), ("ja", 1000, "games"), ("ja", None, "cards")):
        bar = progress_bar(total, "cleopatra", lang, progress=True, counts=counts)
        bar.fp = io.StringIO()
        bar.update(1000)
        shown[lang, counts] = str(bar)
        bar.close()
    assert "games" in shown["en", "games"] and "cleopatra" in shown["en", "games"]
    assert "シミュレーション" in shown["ja", "games"] and "1000/1000ゲーム" in shown["ja", "games"]
    assert "エンジンで再生：1000枚" in shown["ja", "cards"]
    assert not any(ENGLISH_WORD.search(text) for (lang, _), text in shown.items() if lang == "ja"), shown
    assert progress_bar(10, "x", "ja", progress=False) is None
    with pytest.raises(ValueError, match="lang"):
        progress_bar(10, "x", "de", progress=True)
    with pytest.raises(ValueError, match="counts"):
        progress_bar(10, "x", "ja", progress=True, counts="tricks")


def test_simulate_and_the_record_searches_show_their_bars_in_the_readers_language(capsys):
    from cardlab.games.cleopatra.record_hunt import hill_climbing, random_sampling
    from cardlab.sim import simulate

    simulate("cleopatra", n=20, seed=1, progress=True, lang="ja")
    random_sampling(budget=1024, seed=1, batch=512, progress=True, lang="ja")
    hill_climbing(budget=1024, seed=1, chains=512, progress=True, lang="ja")
    bars = capsys.readouterr().err
    assert bars.count("シミュレーション") >= 3 and "20/20ゲーム" in bars and "1024/1024ゲーム" in bars
    ours = [line for line in re.split(r"[\r\n]", bars) if "シミュレーション" in line]   # (a kernel compiling says so apart)
    assert ours and not any(ENGLISH_WORD.search(line) for line in ours), ours
    random_sampling(budget=1024, seed=1, batch=512, progress=True)
    assert "random sampling" in capsys.readouterr().err


def test_a_duel_counts_its_games_on_a_bar_in_the_readers_language(capsys):
    from cardlab.bots import RandomBot
    from cardlab.sim import duel

    duel("trappola", RandomBot, RandomBot, 4, "single-deal", progress=True, lang="ja")
    bars = capsys.readouterr().err
    assert "シミュレーション" in bars and "4/4ゲーム" in bars
    duel("trappola", RandomBot, RandomBot, 4, "single-deal", progress=True)
    assert "trappola" in capsys.readouterr().err
    duel("trappola", RandomBot, RandomBot, 4, "single-deal", progress=False)
    assert capsys.readouterr().err == ""


def test_a_review_counts_the_moves_it_reviews_on_a_bar_in_the_readers_language(capsys):
    from cardlab.bots import RandomBot
    from cardlab.coach import review
    from cardlab.game import play_out
    from cardlab.games import trappola

    game = trappola.new_game("single-deal", seed=3)
    play_out(game, [RandomBot(1), RandomBot(2)])
    review(game, player=0, budget=8, seed=1, lang="ja", progress=True)
    bars = capsys.readouterr().err
    assert f"{len(game.history)}/{len(game.history)}手" in bars and "振り返り" in bars
    review(game, player=0, budget=8, seed=1, progress=False)
    assert capsys.readouterr().err == ""


def test_a_single_answer_and_a_missing_value_are_said_in_japanese_and_left_as_they_are_in_english():
    assert [labelled(value, "ja") for value in (True, False, None, "loop")] == ["はい", "いいえ", "なし", "同じ局面の繰り返し"]
    assert [labelled(value, "en") for value in (True, None, "loop")] == [True, None, "loop"]
    table = labelled(pd.DataFrame({"winner": [1, None]}, dtype=object), "ja")
    assert list(table["勝者"]) == [1, "なし"]
    assert table.index.name is None and labelled(pd.Series([None], dtype=object), "ja").index.name is None  # no name stays none
