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

from cardlab.pages import page_title
from cardlab.registry import game_names
from .offline import REGISTER

WORDS = {
    "en": {"lang": "English", "play": "Play: the classroom",
           "play_note": "Each game against the computer, and the sample game of Cleopatra's source replayed step by step.",
           "lessons": "The notebooks, as pages", "with_code": "with its code (JupyterLab)",
           "rules": "The rules", "console": "A Python console", "folder": "notebooks", "docs": "docs"},
    "ja": {"lang": "日本語", "play": "遊ぶ：教室で遊ぶカードゲーム",
           "play_note": "どのゲームもコンピューターと対戦でき、出典に載っているクレオパトラの一局を1手ずつ再生できます。",
           "lessons": "ノートブック（ページとして）", "with_code": "コード付き（JupyterLab）",
           "rules": "ルール", "console": "Python コンソール", "folder": "notebooks/ja", "docs": "docs/ja"},
}
INTRO = {
    "en": "Three card games to read about, play and explore. Everything runs in this browser: "
          "the first page to open loads Python, which takes a little while.",
    "ja": "三つのカードゲームを読み、遊び、調べるサイトです。すべてこのブラウザの中で動きます。"
          "最初に開くページは Python の読み込みに少し時間がかかります。",
}
OFFLINE = {
    "en": ("Offline: once this page or a classroom has been opened online, this browser keeps a copy of "
           "the whole site. Then both classrooms, every notebook (as a page and with its code in "
           "JupyterLab), the rule pages and the console open and play with the network gone, also "
           "after a reload and in a new tab. A private window, or clearing this site's data, forgets "
           "the copy.", "Copying the site for offline use: {kept} of {total} files…",
           "This browser has the whole site: it works offline."),
    "ja": ("オフライン：このページか教室を一度オンラインで開くと、このブラウザがサイト全体のコピーを保存します。"
           "その後は、二つの教室、すべてのノートブック（ページとしても、JupyterLab でコード付きでも）、"
           "ルールのページ、コンソールが、ネットワークなしで開いて遊べます。再読み込みしても、新しいタブでも使えます。"
           "プライベートウィンドウや、このサイトのデータの消去ではコピーは消えます。",
           "オフライン用にサイトをコピーしています：{total} ファイル中 {kept}…",
           "このブラウザにサイト全体が保存されました。オフラインでも使えます。"),
}
"""What works offline (:mod:`tools.site.offline`), and the status line's texts: filling, done."""
STYLE = """
body { font-family: system-ui, "Noto Sans CJK JP", sans-serif; margin: 0 auto; max-width: 64rem;
       padding: 1rem; line-height: 1.5; color: #1d1d1d; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 2rem; }
h1 { margin-bottom: 0.2rem; } h2 { font-size: 1.15rem; margin: 1.2rem 0 0.4rem; }
.play-row { display: flex; flex-wrap: wrap; gap: 0.6rem 1rem; margin: 0.8rem 0; }
#offline { font-weight: bold; }
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
            f'<p>{say["play_note"]}</p><h2>{say["lessons"]}</h2><ul>{items}</ul>'
            f'<h2>{say["rules"]}</h2><p>{rules}</p>'
            f'<p><a href="repl/index.html?kernel=python&amp;toolbar=1">{say["console"]}</a></p></section>')


LITE_CONFIG = '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>'
"""What JupyterLite's apps read from the site's front page, besides its ``jupyter-lite.json`` (an
app does not start without it): the site's root, and no settings of its own."""


def play_button(lang: str) -> str:
    """The link to ``lang``'s classroom, as a button."""
    return (f'<a class="play" lang="{lang}" href="voici/render/{WORDS[lang]["folder"]}/classroom.html">'
            f'{WORDS[lang]["play"]}</a>')


def front_page(files: Path) -> str:
    """The front page of a site whose files (notebooks and docs) are in ``files``: both languages'
    play buttons at the top, what works offline with the line that says how far the copy is, then
    each language's column."""
    offline = "".join(f'<p lang="{lang}">{OFFLINE[lang][0]}</p>' for lang in WORDS)
    status = " ".join(f'<span lang="{lang}" data-filling="{html.escape(OFFLINE[lang][1])}" '
                      f'data-done="{html.escape(OFFLINE[lang][2])}"></span>' for lang in WORDS)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">{LITE_CONFIG}"
            f"<link rel=\"icon\" href=\"lab/favicon.ico\"><title>cardlab</title><style>{STYLE}</style></head><body>"
            f"<h1>cardlab</h1><p>{INTRO['en']}</p><p lang=\"ja\">{INTRO['ja']}</p>"
            f"<p class=\"play-row\">{play_button('en')}{play_button('ja')}</p>{offline}"
            f"<p id=\"offline\" aria-live=\"polite\">{status}</p>"
            f"<div class=\"columns\">{column(files, 'en')}{column(files, 'ja')}</div>{REGISTER}</body></html>\n")
