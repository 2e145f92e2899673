"""Plot helpers for the notebooks: estimates with their intervals, and captions that state findings."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text
    from matplotlib.typing import RcKeyType


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
    boxes = [ax.get_tightbbox() for ax in fig.axes]       # drawn by the figure's own renderer
    lowest = min([box.y0 / fig.bbox.height for box in boxes if box is not None] + [0.0])
    wide = any(_columns(ch) == 2 for ch in text)
    return fig.text(0.02, lowest - 0.03, wrap_wide(text, width) if wide else textwrap.fill(text, width), ha="left",
                    va="top", fontsize=10, style="italic")


_UNIT = re.compile(r"[A-Za-z0-9.,%+\-−–~/:'½]+|\s+|.")
"""What a line may not break inside: a run of Latin letters, digits and the signs of a number."""
NO_LINE_START = "、。，．）」』】〕％：！？!?,.;:)]%"
"""Japanese line-breaking rule (禁則): these never begin a line."""


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap_wide(text: str, width: int) -> str:
    """``text`` with wide (CJK) characters wrapped at ``width`` columns (a wide character is two):
    a line breaks between characters, never inside a number or a Latin word (8,344; −0.4), and
    never before closing punctuation (:data:`NO_LINE_START`)."""
    lines, line = [], ""
    for unit in _UNIT.findall(text):
        if line.strip() and _columns(line + unit) > width and unit[0] not in NO_LINE_START and not unit.isspace():
            lines.append(line.rstrip())
            line = unit
        else:
            line += unit
    return "\n".join(lines + [line.rstrip()])


#: Japanese fonts by family name, in the order tried (those the SVG drawings ask for too)
JAPANESE_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "Hiragino Sans", "Yu Gothic",
                  "Meiryo")


def fonts_for(lang: str) -> dict[RcKeyType, Any]:
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
