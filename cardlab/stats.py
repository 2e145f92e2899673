"""Small statistics for simulation results: intervals that state the uncertainty of a figure."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable

from .words.frames import frame_labels

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959964


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``successes`` may count ties as halves)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_interval(values: Iterable[float], z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean with its 95% normal-approximation interval."""
    xs = list(values)
    n = len(xs)
    if n == 0:
        raise ValueError("mean_interval of no values")
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def rate_table(frame: "pd.DataFrame", by: str | list[str], success: "pd.Series") -> "pd.DataFrame":
    """Per group of ``by``: games, the success rate and its 95% Wilson interval."""
    def summary(values: list[float]) -> dict[str, float]:
        low, high = wilson(sum(values), len(values))
        return {"rate": sum(values) / len(values), "low": low, "high": high}
    return _by_group(frame.assign(_value=success.astype(float)), by, summary)


def mean_table(frame: "pd.DataFrame", by: str | list[str], value: str, lang: str = "en") -> "pd.DataFrame":
    """Per group of ``by``: games, the mean of ``value`` and its 95% interval (``games``, ``mean``,
    ``low``, ``high``; with ``lang="ja"`` headed in Japanese, :func:`cardlab.words.frames.frame_labels`)."""
    def summary(values: list[float]) -> dict[str, float]:
        mean, low, high = mean_interval(values)
        return {"mean": mean, "low": low, "high": high}
    labels = frame_labels(lang)
    table = _by_group(frame.assign(_value=frame[value]), by, summary)
    return table.rename(columns=lambda name: labels.get(name, name))


def _by_group(frame: "pd.DataFrame", by: str | list[str], summary) -> "pd.DataFrame":
    import pandas as pd
    names = by if isinstance(by, list) else [by]
    rows = []
    for key, group in frame.groupby(by, sort=True):
        keys = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(names, keys)), "games": len(group), **summary(group["_value"].tolist())})
    return pd.DataFrame(rows).set_index(by)
