"""The site's front page (``index.html``): where a class starts, in English and in Japanese.

Each language's column leads to its classroom (the three tables and the replay, as a Voici page
without code), then to every notebook, each as a page and with its code in JupyterLab, then to the
rule pages (of the registered games) and a Python console. The notebooks are listed as the site
holds them, each under the title of its first heading.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from ..pages import page_title
from ..registry import game_names

WORDS = {
    "en": {"lang": "English", "play": "Play: the classroom",
           "play_note": "Each game against the computer, and the one published game of Cleopatra replayed step by step.",
           "lessons": "The notebooks, as pages", "with_code": "with its code (JupyterLab)",
           "rules": "The rules", "console": "A Python console", "folder": "notebooks", "docs": "docs"},
    "ja": {"lang": "日本語", "play": "遊ぶ：カードの台の教室",
           "play_note": "どのゲームもコンピューターと対戦でき、出典に載っているクレオパトラの一局を1手ずつ再生できます。",
           "lessons": "ノートブック（ページとして）", "with_code": "コード付き（JupyterLab）",
           "rules": "ルール", "console": "Python コンソール", "folder": "notebooks/ja", "docs": "docs/ja"},
}
INTRO = ("Traditional card games to read about, play and explore. Everything runs in this browser: "
         "the first page to open loads Python, which takes a little while; after that the site works "
         "offline.")
INTRO_JA = ("伝統的なカードゲームを読み、遊び、調べるサイトです。"
            "すべてこのブラウザの中で動きます。最初のページは Python の読み込みに少し時間がかかりますが、"
            "その後はオフラインでも使えます。")
STYLE = """
body { font-family: system-ui, "Noto Sans CJK JP", sans-serif; margin: 0 auto; max-width: 64rem;
       padding: 1rem; line-height: 1.5; color: #1d1d1d; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 2rem; }
h1 { margin-bottom: 0.2rem; } h2 { font-size: 1.15rem; margin: 1.2rem 0 0.4rem; }
a.play { display: inline-block; padding: 0.6rem 1rem; background: #2e6b46; color: white;
         border-radius: 6px; text-decoration: none; font-weight: bold; }
ul { padding-left: 1.2rem; } li { margin: 0.3rem 0; } .code { font-size: 0.9em; }
"""


def heading(markdown: str) -> str | None:
    """The text of the first heading of ``markdown``, if it has one."""
    return next((line.lstrip("#").strip() for line in markdown.splitlines() if line.startswith("#")), None)


def title_of(notebook: Path) -> str:
    """The text of the notebook's first heading (its file name if it has none)."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown" and (found := heading(source)):
            return found
    return notebook.stem


def column(files: Path, lang: str) -> str:
    """One language's column: its classroom, its notebooks, its rule pages and the console."""
    say = WORDS[lang]
    folder = say["folder"]
    notebooks = sorted(p for p in (files / folder).glob("*.ipynb") if p.stem != "classroom")
    pages = [files / say["docs"] / "rules" / f"{name}.md" for name in game_names()]
    items = "".join(
        f'<li><a href="voici/render/{folder}/{p.stem}.html">{html.escape(title_of(p))}</a>'
        f' · <a class="code" href="lab/index.html?path={folder}/{p.name}">{say["with_code"]}</a></li>'
        for p in notebooks)
    rules = " · ".join(f'<a href="lab/index.html?path={p.relative_to(files).as_posix()}">'
                       f'{html.escape(page_title(p.read_text(encoding="utf-8")))}</a>' for p in pages if p.is_file())
    return (f'<section lang="{lang}"><h2>{say["lang"]}</h2>'
            f'<p><a class="play" href="voici/render/{folder}/classroom.html">{say["play"]}</a></p>'
            f'<p>{say["play_note"]}</p><h2>{say["lessons"]}</h2><ul>{items}</ul>'
            f'<h2>{say["rules"]}</h2><p>{rules}</p>'
            f'<p><a href="repl/index.html?kernel=python&amp;toolbar=1">{say["console"]}</a></p></section>')


LITE_CONFIG = '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>'
"""What JupyterLite's apps read from the site's front page, besides its ``jupyter-lite.json`` (an
app does not start without it): the site's root, and no settings of its own."""


def front_page(files: Path) -> str:
    """The front page of a site whose files (notebooks and docs) are in ``files``."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{LITE_CONFIG}"
            f"<title>cardlab</title><style>{STYLE}</style></head><body>"
            f"<h1>cardlab</h1><p>{INTRO}</p><p lang=\"ja\">{INTRO_JA}</p>"
            f"<div class=\"columns\">{column(files, 'en')}{column(files, 'ja')}</div></body></html>\n")
