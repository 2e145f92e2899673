"""Plot helpers for the notebooks: estimates with their intervals, and captions that state findings."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text


def interval_plot(ax: "Axes", table: "pd.DataFrame", value: str = "rate", label: str | None = None,
                  **style: Any) -> None:
    """Plot ``table[value]`` against its index with 95% error bars from ``low``/``high``."""
    x = list(table.index)
    y = table[value].to_numpy()
    errors = [y - table["low"].to_numpy(), table["high"].to_numpy() - y]
    ax.errorbar(x, y, yerr=errors, marker="o", capsize=4, label=label, **style)


def caption(fig: "Figure", text: str, width: int = 95) -> "Text":
    """Write the finding under the figure, wrapped, in italics, below everything the axes draw
    (tick labels and axis titles may reach under the figure's edge)."""
    renderer = fig.canvas.get_renderer()
    lowest = min([ax.get_tightbbox(renderer).y0 / fig.bbox.height for ax in fig.axes] + [0.0])
    return fig.text(0.02, lowest - 0.03, textwrap.fill(text, width), ha="left", va="top", fontsize=10,
                    style="italic")
