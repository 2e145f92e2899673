"""The frame of the site's pages (issue 41): a Japanese notebook's Voici page says ``lang="ja"``,
has the notebook's Japanese title and a Japanese progress indicator from the first paint, not
Voici's English spinner; every page names the site's icon and takes the site's style."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.site.frame import PROGRESS, SITE_STYLE, frame_pages, voici_frame, with_site_head

VOICI_PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8" />
<title>classroom</title></head><link rel="icon" href="data:;base64,=">
<body><div id="loading"><h2 id="loading_text">Running ...</h2></div>
<script>
  window.update_loading_text = function(cell_index, cell_count, text) {
    let defaultText = `Executing ${cell_index} of ${cell_count}`
  }
  window.voila_finish = () => {};
</script>
</body></html>"""
"""The parts of a page of voici-core 0.10 that the frame changes."""


def _notebook(path: Path, heading: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": f"# {heading}\n\ntext"}]}))


def test_a_japanese_voici_page_has_its_language_title_and_progress_from_the_first_paint(tmp_path):
    _notebook(tmp_path / "files" / "notebooks" / "ja" / "classroom.ipynb", "教室で遊ぶカードゲーム")
    _notebook(tmp_path / "files" / "notebooks" / "classroom.ipynb", "The card tables' classroom")
    for folder in ("voici/render/notebooks/ja", "voici/render/notebooks"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "classroom.html").write_text(VOICI_PAGE)
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "index.html").write_text("<html><head><title>lab</title></head></html>")
    frame_pages(tmp_path)
    ja = (tmp_path / "voici/render/notebooks/ja/classroom.html").read_text()
    assert '<html lang="ja">' in ja and "<title>教室で遊ぶカードゲーム</title>" in ja
    assert f'<h2 id="loading_text">{PROGRESS["ja"]["loading"]}</h2>' in ja and "Running ..." not in ja
    assert ja.index("window.voila_finish") < ja.index("window.update_loading_text = (index, count, said)")
    assert PROGRESS["ja"]["starting"] in ja and PROGRESS["ja"]["running"] in ja
    en = (tmp_path / "voici/render/notebooks/classroom.html").read_text()
    assert '<html lang="en">' in en and "<title>The card tables&#x27; classroom</title>" in en
    assert PROGRESS["en"]["loading"] in en and PROGRESS["ja"]["loading"] not in en
    assert '<head><link rel="icon" href="favicon.ico"><style id="cardlab-site-style">' in \
        (tmp_path / "lab" / "index.html").read_text()
    assert ja.count(SITE_STYLE) == 1


def test_every_page_names_one_icon_and_an_unknown_page_is_refused():
    assert with_site_head("<html><head></head></html>", "../lab/favicon.ico") == \
        f'<html><head><link rel="icon" href="../lab/favicon.ico">{SITE_STYLE}</head></html>'
    framed = with_site_head(VOICI_PAGE, "x.ico")
    assert "x.ico" not in framed and 'href="data:;base64,="' in framed   # Voici's own (an empty icon) kept
    assert with_site_head(framed, "x.ico") == framed
    with pytest.raises(ValueError, match="voila_finish"):
        voici_frame("<html lang='en'></html>", "ja", "x")
