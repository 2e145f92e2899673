"""Intervals used by the experiments notebook and the benchmarks."""

import pandas as pd
import pytest

from cardlab.stats import mean_interval, mean_table, rate_table, wilson


def test_wilson_interval_contains_the_rate_and_narrows_with_n():
    low, high = wilson(55, 100)
    assert low < 0.55 < high
    low2, high2 = wilson(550, 1000)
    assert high2 - low2 < high - low
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 20)[0] == pytest.approx(0.0, abs=1e-12) and wilson(20, 20)[1] == pytest.approx(1.0)


def test_mean_interval():
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and low < 2.5 < high
    assert mean_interval([5.0]) == (5.0, 5.0, 5.0)
    with pytest.raises(ValueError):
        mean_interval([])


def test_tables_by_group():
    frame = pd.DataFrame({"seat": [0, 0, 0, 1, 1], "won": [1, 1, 0, 0, 0], "pts": [10, 20, 30, 5, 7]})
    rates = rate_table(frame, "seat", frame["won"] == 1)
    assert rates.loc[0, "games"] == 3 and rates.loc[0, "rate"] == pytest.approx(2 / 3)
    assert rates.loc[1, "rate"] == 0.0
    means = mean_table(frame, "seat", "pts")
    assert means.loc[0, "mean"] == 20 and means.loc[1, "mean"] == 6


def test_a_mean_table_in_japanese_heads_the_same_figures_in_japanese():
    frame = pd.DataFrame({"seat": [0, 0, 0, 1, 1], "pts": [10, 20, 30, 5, 7]})
    english, japanese = mean_table(frame, "seat", "pts"), mean_table(frame, "seat", "pts", lang="ja")
    assert list(japanese.columns) == ["ゲーム数", "平均", "下限", "上限"]
    assert japanese.to_numpy().tolist() == english[["games", "mean", "low", "high"]].to_numpy().tolist()


def test_a_caption_sits_under_everything_the_axes_draw():
    """plots.caption: the finding is written below the tick labels and the axis title, even when
    they reach under the figure's edge (a short figure with long labels)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from cardlab.plots import caption, interval_plot

    fig, ax = plt.subplots(figsize=(6, 2))
    table = pd.DataFrame({"rate": [0.4, 0.6], "low": [0.3, 0.5], "high": [0.5, 0.7]}, index=["a\nb\nc", "d"])
    interval_plot(ax, table)
    ax.set_xlabel("a label under three-line tick labels")
    text = caption(fig, "A finding that takes two lines when wrapped. " * 4)
    renderer = fig.canvas.get_renderer()
    assert "\n" in text.get_text()
    assert text.get_window_extent(renderer).y1 < ax.get_tightbbox(renderer).y0
    plt.close(fig)


def test_a_japanese_caption_breaks_between_characters_never_inside_a_number_nor_before_closing_punctuation():
    from cardlab.plots import NO_LINE_START, wrap_wide

    text = ("でたらめな配り方1,000,000通りのうち、一番長いゲームは3,437枚です（破線は記録の8,344枚）。"
            "点差はディーラーでない側で-0.4点、ディーラーで+0.4点動きますが、誤差の範囲内です。") * 2
    wrapped = wrap_wide(text, 40)
    lines = wrapped.split("\n")
    assert len(lines) > 4 and "".join(lines) == text
    import unicodedata
    columns = [sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line) for line in lines]
    assert max(columns) <= 42 and min(columns[:-1]) >= 30               # 40 columns, or a closing mark more
    assert all(line[0] not in NO_LINE_START for line in lines)
    for number in ("1,000,000", "3,437", "8,344", "-0.4", "+0.4"):
        assert wrapped.count(number) == text.count(number), number
