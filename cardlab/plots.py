"""Plot helpers for the notebooks: estimates with their intervals, and captions that state findings."""

from __future__ import annotations

import textwrap
import unicodedata
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
    """Write the finding under the figure, wrapped at ``width`` characters (half as many in text
    with wide, CJK, characters), in italics, below everything the axes draw (tick labels, axis
    titles and legends may reach under the figure's edge)."""
    renderer = fig.canvas.get_renderer()
    lowest = min([ax.get_tightbbox(renderer).y0 / fig.bbox.height for ax in fig.axes] + [0.0])
    wide = any(unicodedata.east_asian_width(ch) in "WF" for ch in text)
    return fig.text(0.02, lowest - 0.03, textwrap.fill(text, width // 2 if wide else width), ha="left", va="top",
                    fontsize=10, style="italic")


#: Japanese fonts by family name, in the order tried (those the SVG drawings ask for too)
JAPANESE_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "Hiragino Sans", "Yu Gothic",
                  "Meiryo")


def fonts_for(lang: str) -> dict[str, Any]:
    """Matplotlib settings (for ``plt.rc_context``) that draw the words of ``lang``: for Japanese,
    DejaVu Sans with the Japanese fonts installed behind it (matplotlib takes each glyph from the
    first font that has it); for English, none. Matplotlib's font list may have been made without
    the system's fonts: then the files of those named like Japanese fonts are added to it."""
    if lang != "ja":
        return {}
    from matplotlib import font_manager

    def known() -> list[str]:
        names = {font.name for font in font_manager.fontManager.ttflist}
        return [name for name in JAPANESE_FONTS if name in names]

    if not known():
        for path in font_manager.findSystemFonts():
            if any(part in path.replace(" ", "").lower() for part in ("cjk", "ipa", "notosansjp", "hiragino",
                                                                       "yugoth", "meiryo")):
                font_manager.fontManager.addfont(path)
    return {"font.family": ["DejaVu Sans", *known()]}
