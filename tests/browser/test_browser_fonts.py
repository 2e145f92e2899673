"""Japanese on the tables renders with real glyphs, never as empty boxes ("tofu").

The tables' drawings name one font stack (``SANS`` of the SVG drawing module) that finds the system's Japanese
font on Windows, macOS and Linux. The check shows the three tables' drawings in Chromium and draws
every Japanese character of their labels (and the issue's words 世界 切る おもらい おそろい 山札)
on a canvas, in the font the label asks for. A character counts as missing when its picture equals
the picture of an unassigned code point (which no font has, so the missing-glyph box is drawn) or
the picture of a different character (every missing character gets the same box).
The check is itself checked: in a Chromium that sees no CJK font (fontconfig told to reject them),
it must report the labels as missing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

WORDS = ("世界", "切る", "おもらい", "おそろい", "山札")   # the labels the issue saw as boxes
TOFU = "\u0378"                                       # unassigned: drawn as the missing glyph
JAPANESE = r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]"
# one per system: Linux (fonts-noto-cjk, fonts-ipaexfont), macOS, Windows
SYSTEM_FONTS = ("Noto Sans CJK JP", "IPAexGothic", "Hiragino Sans", "Yu Gothic", "Meiryo")

_JS_MISSING = """([tofu, words, family, japanese]) => {
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const picture = (ch, font) => {
    ctx.clearRect(0, 0, 64, 64);
    ctx.font = `48px ${font}`;
    ctx.fillText(ch, 4, 52);
    return ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3).join(',');  // alpha
  };
  const isJapanese = new RegExp(japanese);
  const labels = [...document.querySelectorAll('svg text')]
    .filter(t => isJapanese.test(t.textContent))
    .map(t => [t.textContent, getComputedStyle(t).fontFamily]);
  labels.push(...words.map(w => [w, family]));
  const missing = [], drawn = new Map();
  for (const [text, font] of labels) {
    const box = picture(tofu, font);
    for (const ch of text) {
      if (!isJapanese.test(ch)) continue;
      const p = picture(ch, font);
      if (p === box || (drawn.has(p) && drawn.get(p) !== ch)) missing.push(`${ch} of "${text}" in ${font}`);
      drawn.set(p, ch);
    }
  }
  return {labels: labels.map(([text]) => text), missing};
}"""


def table_drawings() -> list[str]:
    """The three games' tables as the widgets draw them at the start of a game."""
    from cardlab.games.cleopatra.table import CleopatraTable
    from cardlab.games.kirifu.table import KirifuTable
    from cardlab.games.trappola.table import TrappolaTable

    return [CleopatraTable(seed=0).view.svg, TrappolaTable(seed=1).view.svg, KirifuTable(seed=1).view.svg]


def japanese_label_fonts(drawings: list[str]) -> dict[str, str]:
    """Each Japanese ``<text>`` label of ``drawings`` and the font-family it names."""
    texts = re.findall(r'<text[^>]*font-family="([^"]*)"[^>]*>([^<]*)</text>', "".join(drawings))
    return {label: family for family, label in texts if re.search(JAPANESE, label)}


def missing_glyphs(browser: Any) -> dict[str, list[str]]:
    """Show the tables in ``browser`` and return the Japanese labels and the characters drawn as boxes."""
    drawings = table_drawings()
    stack = next(iter(japanese_label_fonts(drawings).values()))
    page = browser.new_page()
    try:
        page.set_content("<!doctype html><html><body>" + "".join(drawings) + "</body></html>")
        return page.evaluate(_JS_MISSING, [TOFU, list(WORDS), stack, JAPANESE])
    finally:
        page.close()


def test_every_japanese_label_names_a_japanese_font_of_each_system():
    labels = japanese_label_fonts(table_drawings())
    assert any("山札" in label for label in labels)  # the tables do show Japanese
    for label, stack in labels.items():
        families = [name.strip().strip("'") for name in stack.split(",")]
        assert set(SYSTEM_FONTS) <= set(families), label
        assert families[-1] == "sans-serif", label


def test_japanese_labels_of_the_tables_render_with_real_glyphs(chromium):
    found = missing_glyphs(chromium)
    assert any("山札" in label for label in found["labels"][:-len(WORDS)])  # the page shows the tables' Japanese
    assert found["missing"] == [], ("Japanese drawn as empty boxes: install a Japanese font "
                                    "(Debian/Ubuntu: fonts-noto-cjk)")


def test_the_check_sees_boxes_where_no_japanese_font_is_installed(chromium, tmp_path):
    fonts = subprocess.run(["fc-list", ":lang=ja", "file"], capture_output=True, text=True).stdout if shutil.which(
        "fc-list") else ""
    files = sorted({line.split(":")[0].strip() for line in fonts.splitlines() if line.strip()})
    if not files:
        pytest.skip("fontconfig finds no Japanese font to hide")
    config = tmp_path / "fonts.conf"
    rejects = "".join(f"<glob>{Path(f).parent}/*</glob>" for f in files)
    config.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                      '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
                      f"<selectfont><rejectfont>{rejects}</rejectfont></selectfont></fontconfig>")
    plain = chromium.browser_type.launch(executable_path=shutil.which("chromium"),
                                         args=["--no-sandbox", "--disable-gpu"],
                                         env={**os.environ, "FONTCONFIG_FILE": str(config)})
    try:
        found = missing_glyphs(plain)
    finally:
        plain.close()
    assert {word for word in WORDS if any(f'"{word}"' in m for m in found["missing"])} == set(WORDS)
