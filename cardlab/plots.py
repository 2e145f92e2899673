"""Plot helpers for the notebooks: estimates with their intervals, and captions that state findings."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def interval_plot(ax: "Axes", table: "pd.DataFrame", value: str = "rate", label: str | None = None,
                  **style: Any) -> None:
    """Plot ``table[value]`` against its index with 95% error bars from ``low``/``high``."""
    x = list(table.index)
    y = table[value].to_numpy()
    errors = [y - table["low"].to_numpy(), table["high"].to_numpy() - y]
    ax.errorbar(x, y, yerr=errors, marker="o", capsize=4, label=label, **style)


def caption(fig: "Figure", text: str, width: int = 95) -> None:
    """Write the finding under the figure, wrapped, in italics."""
    fig.text(0.02, -0.01, textwrap.fill(text, width), ha="left", va="top", fontsize=10, style="italic")
