"""The frame of the site's pages, in the reader's language (:func:`frame_pages`).

Voici writes every page in English whatever its notebook: ``<html lang="en">``, the notebook's file
name as the tab's title, and a spinner that says "Running ...", "Starting up kernel..." and
"Executing 3 of 18". Each Voici page here gets its notebook's language (a notebook under
``notebooks/ja/`` is Japanese) and its first heading as its title, and a progress indicator in
that language from the first paint: what is loading (Python, then cardlab, then the page's
parts), how far (the part of the page being made, of how many) and the seconds so far; the page
shows its parts as they are made, not only once all are. Every page
of the site also names its icon, so that no browser asks for ``/favicon.ico`` at the web root,
outside the site's folder, and takes the site's style for phones (:data:`SITE_STYLE`).
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

from .front import title_of

PROGRESS = {
    "en": {"loading": "Loading Python into this browser…", "starting": "Starting Python and cardlab…",
           "running": "Setting out the page: part {index} of {count}", "seconds": "{seconds} s",
           "steps": "step {step} of 3"},
    "ja": {"loading": "このブラウザに Python を読み込んでいます…", "starting": "Python と cardlab を起動しています…",
           "running": "ページを準備しています：{count} 個中 {index} 個目", "seconds": "{seconds} 秒",
           "steps": "3 段階中 {step} 段階目"},
}
"""The progress indicator's words: the three steps (Python loading, starting, the page's cells)."""
PROGRESS_SCRIPT = """<script>
(() => {
  const words = %s;
  const text = document.getElementById('loading_text');
  const shown = document.createElement('div');
  shown.className = 'cardlab-progress';
  shown.innerHTML = '<progress></progress><span class="cardlab-progress-step"></span> · <span class="cardlab-progress-seconds"></span>';
  text.after(shown);
  const bar = shown.querySelector('progress'), step = shown.querySelector('.cardlab-progress-step');
  const seconds = shown.querySelector('.cardlab-progress-seconds'), started = Date.now();
  const say = (line, at, index, count) => {
    text.textContent = line;
    step.textContent = words.steps.replace('{step}', at);
    if (count) { bar.max = count; bar.value = index; } else { bar.removeAttribute('value'); }
  };
  const tick = () => { seconds.textContent = words.seconds.replace('{seconds}', Math.round((Date.now() - started) / 1000)); };
  tick();
  const clock = setInterval(() => { if (!document.getElementById('loading')) clearInterval(clock); tick(); }, 1000);
  say(words.loading, 1);
  const steps = window.cardlabSteps = [];    // [milliseconds since the page opened, part, parts]: for measuring
  window.update_loading_text = (index, count, said) => {
    steps.push([Math.round(performance.now()), index, count]);
    const spinner = document.getElementById('loading');
    if (spinner && spinner.style.display === 'none') spinner.style.display = 'flex';
    if (count) say(words.running.replace('{index}', index).replace('{count}', count), 3, index, count);
    else say(words.starting, 2);
    const cells = document.getElementById('rendered_cells');
    if (count && window.themeLoaded && cells && cells.style.display === 'none'
        && cells.querySelector('.jp-Cell-outputWrapper')) {
      cells.style.display = '';               // the parts made so far: the first table plays
      spinner.classList.add('cardlab-loading-bar');
      window.dispatchEvent(new Event('resize'));
    }
  };
})();
</script>
<style>.cardlab-progress { display: flex; gap: 0.4rem; align-items: center; justify-content: center;
  flex-wrap: wrap; font: 1rem system-ui, sans-serif; color: #444; } .cardlab-progress progress { width: 12rem; }
#loading { flex-direction: column; } #loading_text { text-align: center; padding: 0 1rem; }
#loading.cardlab-loading-bar { position: sticky; top: 0; height: auto; flex-direction: row; flex-wrap: wrap;
  gap: 0 0.6rem; padding: 0.3rem; background: #fffffff0; box-shadow: 0 1px 4px #0003; }
#loading.cardlab-loading-bar .spinner-container { display: none; }
#loading.cardlab-loading-bar #loading_text { font-size: 0.95rem; margin: 0; }</style>"""
"""Voici's page calls ``window.update_loading_text(index, count, text)`` as it goes: this takes its
place, after Voici's own (its first words shown before any script of the page has run). Voici
shows the page only once every cell has run; this shows it as soon as one cell has shown
something (the first table plays while the rest is made), the progress a bar at its top."""
SITE_STYLE = """<style id="cardlab-site-style">
.jp-RenderedHTMLCommon table { display: block; max-width: 100%; overflow-x: auto;
  background: linear-gradient(to right, #fff 30%, #fff0) left / 2rem 100% no-repeat local,
    linear-gradient(to left, #fff 30%, #fff0) right / 2rem 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, #0004, #0000) left / 0.8rem 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, #0004, #0000) right / 0.8rem 100% no-repeat scroll; }
</style>"""
"""The site's style for phones: a table wider than its page (the rule pages' variants) scrolls
inside its box, a shadow at the edge where more of it lies. (The tables' own style hides their
keyboard hints on a touch screen: ``cardlab/widgets/view.css``.)"""
_VOICI_SCRIPT_END = "window.voila_finish = () => {};\n</script>"


def lang_of(notebook: Path, files: Path) -> str:
    """The language of a notebook of the site's ``files``: "ja" under ``notebooks/ja/``."""
    return "ja" if "ja" in notebook.relative_to(files / "notebooks").parts else "en"


def voici_frame(page: str, lang: str, title: str) -> str:
    """A Voici page's text in ``lang``: its ``<html lang>``, its ``<title>`` and its progress."""
    if _VOICI_SCRIPT_END not in page:
        raise ValueError("not a Voici page of the version the site takes (no voila_finish)")
    words = json.dumps(PROGRESS[lang], ensure_ascii=False)
    page = re.sub(r'<html lang="[^"]*">', f'<html lang="{lang}">', page, count=1)
    page = re.sub(r"<title>[^<]*</title>", f"<title>{html.escape(title)}</title>", page, count=1)
    page = page.replace('<h2 id="loading_text">Running ...</h2>',
                        f'<h2 id="loading_text">{html.escape(PROGRESS[lang]["loading"])}</h2>', 1)
    return page.replace(_VOICI_SCRIPT_END, _VOICI_SCRIPT_END + PROGRESS_SCRIPT % words, 1)


def with_site_head(page: str, icon: str) -> str:
    """``page`` with the site's style (:data:`SITE_STYLE`), naming ``icon`` as its icon unless it
    names one."""
    if "<head>" not in page or SITE_STYLE in page:
        return page
    link = "" if 'rel="icon"' in page else f'<link rel="icon" href="{icon}">'
    return page.replace("<head>", f"<head>{link}{SITE_STYLE}", 1)


def frame_pages(out: Path) -> None:
    """Every HTML page of the site at ``out`` names the site's icon and takes its style; each Voici page of a notebook
    gets its language, its title and the progress indicator (:func:`voici_frame`)."""
    files, render, icon = out / "files", out / "voici" / "render", out / "lab" / "favicon.ico"
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        framed = with_site_head(text, Path(os.path.relpath(icon, page.parent)).as_posix())
        if page.is_relative_to(render):
            notebook = files / page.relative_to(render).with_suffix(".ipynb")
            if notebook.is_file():
                framed = voici_frame(framed, lang_of(notebook, files), title_of(notebook))
        if framed != text:
            page.write_text(framed, encoding="utf-8")
