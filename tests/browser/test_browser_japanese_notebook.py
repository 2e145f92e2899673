"""A notebook of the Japanese edition in JupyterLab (issue 26): ``notebooks/ja/01_cleopatra.ipynb``,
opened and run from the top in Chromium, shows its Japanese — the rendered Markdown in the
notebook's own font and the labels of its tables and replays — with real glyphs: no character is
drawn as the missing-glyph box (the check of ``test_browser_fonts``)."""

from __future__ import annotations

import pytest
from test_browser_fonts import _JS_MISSING, JAPANESE, TOFU

pytestmark = pytest.mark.browser

NOTEBOOK = "ja/01_cleopatra.ipynb"

_JS_MARKDOWN = """(japanese) => {
  const isJapanese = new RegExp(japanese, 'g');
  const shown = [...document.querySelectorAll('.jp-RenderedMarkdown')];
  const text = shown.map(block => block.innerText).join('\\n');
  const family = shown.length ? getComputedStyle(shown[0]).fontFamily : '';
  return {headings: [...document.querySelectorAll('.jp-RenderedMarkdown :is(h1, h2, h3)')].map(h => h.innerText),
          characters: [...new Set(text.match(isJapanese) || [])].join(''), family};
}"""


def test_a_japanese_notebook_shows_its_text_and_tables_with_real_glyphs(open_notebook):
    notebook = open_notebook(NOTEBOOK)
    table = notebook.table(".cardlab-cleopatra")
    markdown = notebook.page.evaluate(_JS_MARKDOWN, JAPANESE)
    assert any(heading.startswith("クレオパトラ") for heading in markdown["headings"])
    assert len(markdown["characters"]) > 100                  # the page's prose is Japanese
    found = notebook.page.evaluate(_JS_MISSING, [TOFU, [markdown["characters"]], markdown["family"], JAPANESE])
    drawn = found["labels"][:-1]                              # the Japanese labels of the tables and replays
    assert "クレオパトラ" in drawn and table.locator("svg text").count() > 0
    assert found["missing"] == [], ("Japanese drawn as empty boxes: install a Japanese font "
                                    "(Debian/Ubuntu: fonts-noto-cjk)")
