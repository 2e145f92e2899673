"""The static site (``make site``) in Chromium, as a class would use it from a school's web space:
built, served by a plain static server from a subfolder, every request to another origin aborted
(and the test failed if one is attempted). In the browser's own Python (Pyodide) each game's
table plays a move, Trappola's and Kirifu's search players answer with theirs, the coach gives a
hint, the Cleopatra sample replay steps, a notebook opens and runs, and the Voici classroom page
plays (issue 27)."""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.site.build import build, size_of
from tools.site.front import title_of

JA_CLASSROOM = Path(__file__).resolve().parents[2] / "notebooks" / "ja" / "classroom.ipynb"

pytestmark = pytest.mark.browser
SUBFOLDER = "class/cardlab"
KERNEL_MS = 180_000          # the first visit: the Pyodide core, the wheels and cardlab's imports
ACTION_MS = 60_000           # a move in the browser's Python, with the computer's answer


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built into ``<root>/class/cardlab/`` and served from ``<root>`` on 127.0.0.1."""
    root = tmp_path_factory.mktemp("web")
    built = build(root / SUBFOLDER, step=lambda line: None)
    print(f"site: {size_of(built) / 1e6:.1f} MB")
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/{SUBFOLDER}/"
    server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def offline_page(chromium: Any, site: str, width: int = 1366, **options: Any) -> tuple[Any, Any, list[str]]:
    """A new browser context (``options`` for it) and page that may not leave the site's origin:
    every other request is aborted and listed (the list returned)."""
    origin = re.match(r"https?://[^/]+/", site).group(0)
    outside: list[str] = []

    def route(request: Any) -> None:
        if request.request.url.startswith((origin, "data:", "blob:")):
            request.continue_()
        else:
            outside.append(request.request.url)
            request.abort()

    context = chromium.new_context(viewport={"width": width, "height": 900}, **options)
    page = context.new_page()
    page.route("**/*", route)
    return context, page, outside


class Console:
    """A JupyterLite console (the REPL app) on a page that may not leave the site's origin."""

    def __init__(self, chromium: Any, site: str, code: str) -> None:
        self.asked = 0
        self.context, self.page, self.outside = offline_page(chromium, site)
        self.url = f"{site}repl/index.html?kernel=python&toolbar=1&code={urllib.parse.quote(code)}"
        self.ready_s = self.visit()

    def visit(self) -> float:
        """Open the console, which runs its code; the seconds until that code has printed."""
        started = time.perf_counter()
        self.page.goto(self.url)
        self.page.locator(".jp-CodeConsole-content .jp-OutputArea-output").first.wait_for(timeout=KERNEL_MS)
        self.asked = 0
        return time.perf_counter() - started

    def ask(self, expression: str) -> str:
        """The printed value of the Python ``expression``, run at the console's prompt."""
        self.asked += 1
        marker = f"@{self.asked}:"
        self.page.locator(".jp-CodeConsole-promptCell .cm-content").click()
        self.page.keyboard.insert_text(f"print({marker!r}, {expression})")
        self.page.keyboard.press("Shift+Enter")
        output = self.page.locator(".jp-CodeConsole-content .jp-OutputArea-output", has_text=marker).last
        output.wait_for(timeout=ACTION_MS)
        return output.inner_text().split(marker, 1)[1].strip()

    def table(self, css: str) -> Any:
        """The table inside the first game widget of class ``css``, once it is drawn."""
        table = self.page.locator(css).first.locator(".cardlab-table").first
        table.locator(".cardlab-svg svg").first.wait_for(timeout=ACTION_MS)
        return table

    def holds(self, condition: str) -> None:
        """Wait until the Python ``condition`` holds in the browser's kernel."""
        deadline = time.monotonic() + ACTION_MS / 1000
        while self.ask(f"bool({condition})") != "True":
            assert time.monotonic() < deadline, f"never held: {condition}"
            self.page.wait_for_timeout(500)


def click(table: Any, prefixes: tuple[str, ...]) -> str:
    """Click the first target of the drawing whose name starts with one of ``prefixes``, once
    the drawing offers one (the computer may be moving)."""
    deadline = time.monotonic() + ACTION_MS / 1000
    while True:
        targets = re.findall(r'data-target="([^"]+)"', table.locator(".cardlab-svg").inner_html())
        target = next((t for prefix in prefixes for t in targets if t.startswith(prefix)), None)
        if target:
            part = table.locator(f'.cardlab-svg [data-target="{target}"]').first
            stack = part.locator(".cardlab-stack")          # a hand to turn from: its cards, not the gap
            if stack.count():                               # between them and its label
                stack.first.click()
            else:
                part.click(**({"position": {"x": 12, "y": 20}} if target.startswith("hand:") else {}))
            return target
        assert time.monotonic() < deadline, f"no target {prefixes} in {targets}"
        table.page.wait_for_timeout(300)


SETUP = """\
from cardlab.widgets import CleopatraReplay, CleopatraTable, KirifuTable, TrappolaTable
from IPython.display import display
cleo, trap, kiri = CleopatraTable(seed=83), TrappolaTable(seed=5, coach=True), KirifuTable(seed=3, bot="search")
replay = CleopatraReplay()
display(cleo, trap, kiri, replay)
print("tables ready")
"""


def test_the_site_plays_every_table_offline_from_a_subfolder(chromium, site):
    console = Console(chromium, site, SETUP)
    try:
        first_visit = console.ready_s
        # Cleopatra: the reader turns a card (C4) and the computer answers
        click(console.table(".cardlab-cleopatra"), ("turn",))
        console.holds("len(cleo.state.history) >= 1")
        # the kernel completes a name as JupyterLab asks it to on Tab (jedi, over the site's stubs)
        assert "state" in console.ask("__import__('pyodide_kernel').kernel_instance.complete('cleo.stat', 9)['matches']")
        # Trappola: the coach marks the choices (a hint), the reader plays; the search player answers
        trap = console.table(".cardlab-trappola")
        started = time.perf_counter()
        console.holds("trap.coach.ready")
        hint_s = time.perf_counter() - started
        assert "data-hint" in trap.locator(".cardlab-svg").inner_html()
        while not click(trap, ("keep", "declare", "play")).startswith("play"):
            console.holds("trap.state.current_player != 0 or trap.coach.ready")
        started = time.perf_counter()
        console.holds("sum(a.startswith('play') for a in trap.state.history_text()) >= 2")
        trappola_s = time.perf_counter() - started
        # Kirifu: the reader cuts, takes or passes a card (K5-K12); the search players move on
        kiri = console.table(".cardlab-kirifu")
        first = click(kiri, ("cut ", "take ", "passed:", "hand:"))
        if first.startswith("passed:"):                   # a card passed to the reader: cut it or take it
            click(kiri, ("cut ", "take "))
        elif first.startswith("hand:"):                   # the reader's card to pass
            click(kiri, ("btn:pass",))
        started = time.perf_counter()
        console.holds("len(kiri.state.history) >= 2")
        kirifu_s = time.perf_counter() - started
        # the Cleopatra sample replay steps forward
        caption = console.page.locator(".cardlab-caption").first
        before = caption.inner_text()
        console.page.locator(".cardlab-forward").first.click()
        console.page.wait_for_function("([el, text]) => el.innerText !== text",
                                       arg=[caption.element_handle(), before], timeout=ACTION_MS)
        print(f"\nsite figures: a usable table {first_visit:.1f} s after opening (first visit); "
              f"a hint {hint_s:.1f} s; Trappola's answer {trappola_s:.1f} s; Kirifu's {kirifu_s:.1f} s")
        assert console.outside == [], console.outside
        later_visit = console.visit()                          # the browser's cache: a later visit
        print(f"site figures: a later visit's table after {later_visit:.1f} s")
        assert console.outside == [], console.outside
    finally:
        console.context.close()


EVERY_CELL_RAN = """() => {
    const panel = window.jupyterapp.shell.currentWidget, cells = panel.content.model.cells;
    for (let i = 0; i < cells.length; i++) {
        if (cells.get(i).type === 'code' && !cells.get(i).executionCount) return false;
    }
    return panel.sessionContext.session.kernel.status === 'idle';
}"""
"""In the Notebook app: every code cell of the notebook shown has run, and its kernel is idle."""


def test_the_classroom_notebook_runs_in_the_site_without_an_error(chromium, site):
    """The classroom page, every cell run in the browser: its three tables, the replay, the rule
    pages (found beside the notebooks) and the practice widgets, and not one traceback."""
    context, page, outside = offline_page(chromium, site)
    try:
        page.goto(f"{site}notebooks/index.html?path=notebooks/classroom.ipynb")
        page.wait_for_function("() => window.jupyterapp !== undefined", timeout=KERNEL_MS)
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=KERNEL_MS)
        page.wait_for_timeout(3000)                          # the notebook's kernel session starting
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        page.locator(".cardlab-rule-page").nth(2).wait_for(timeout=KERNEL_MS)     # the last rule page
        page.locator(".cardlab-kirifu .cardlab-table .cardlab-svg svg").first.wait_for(timeout=ACTION_MS)
        page.locator(".cardlab-puzzle .cardlab-svg svg").first.wait_for(timeout=ACTION_MS)
        exercise = page.locator(".cardlab-exercise").first           # the last cell's practice
        exercise.locator(".cardlab-exercise-choice").first.click()
        exercise.locator(".cardlab-exercise-verdict b").wait_for(timeout=ACTION_MS)   # answered in Python
        page.wait_for_function(EVERY_CELL_RAN, timeout=ACTION_MS)
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.all_inner_texts()
        assert page.locator(".cardlab-table").count() >= 4
        assert page.locator(".cardlab-rule-page").count() == 3
        assert outside == [], outside
    finally:
        context.close()


def links_lead_within(page: Any, site: str) -> list[str]:
    """The page's links into the site, each checked to lead to a file of it (and a page opened in
    JupyterLab, ``?path=``, to a file of the site's files)."""
    links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    inside = [link for link in links if link.startswith(site)]
    for link in inside:
        address, _, query = link.partition("#")[0].partition("?")
        assert page.request.get(address).ok, link
        if query.startswith("path="):
            assert page.request.get(f"{site}files/{query[5:].split('&')[0]}").ok, link
    return inside


def test_the_voici_classroom_page_plays_offline_and_links_within_the_site(chromium, site):
    """The front page leads, in English and Japanese, to the classroom and every notebook; the
    classroom is a Voici page of outputs only, without code: once it has loaded its tables play
    offline (a card turned, a Trappola card chosen, a Kirifu card), no traceback, its links lead
    to pages of the site, and nothing leaves it."""
    context, page, outside = offline_page(chromium, site)
    try:
        page.goto(site)
        front = links_lead_within(page, site)
        for folder in ("notebooks", "notebooks/ja"):
            assert f"{site}voici/render/{folder}/classroom.html" in front, front
            assert f"{site}lab/index.html?path={folder}/01_cleopatra.ipynb" in front, front
        started = time.perf_counter()
        page.locator("a.play").first.click()
        cleopatra = page.locator(".cardlab-cleopatra .cardlab-table").first
        cleopatra.locator(".cardlab-svg svg").first.wait_for(timeout=KERNEL_MS)
        print(f"\nsite figures: the Voici classroom's first table after {time.perf_counter() - started:.1f} s")
        page.locator(".cardlab-exercise").first.wait_for(timeout=ACTION_MS)     # the page has loaded:
        context.set_offline(True)                                                # the network goes away
        for table, moves in ((cleopatra, ("turn",)),
                             (page.locator(".cardlab-trappola .cardlab-table").first, ("keep", "declare", "play")),
                             (page.locator(".cardlab-kirifu .cardlab-table").first,
                              ("cut ", "take ", "passed:", "hand:"))):
            drawing = table.locator(".cardlab-svg")
            before = drawing.inner_html()
            click(table, moves)
            page.wait_for_function("([el, html]) => el.innerHTML !== html", arg=[drawing.element_handle(), before],
                                   timeout=ACTION_MS)
        errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.all_inner_texts()
        context.set_offline(False)
        assert any(link.endswith("/ja/classroom.html") for link in links_lead_within(page, site))
        assert outside == [], outside
    finally:
        context.close()


def test_on_a_phone_the_japanese_voici_classroom_fits_its_width(chromium, site):
    """The Japanese classroom page on a phone (390 px): the page does not scroll sideways and
    every table lies within the screen's width."""
    context, page, outside = offline_page(chromium, site, width=390)
    try:
        page.goto(f"{site}voici/render/notebooks/ja/classroom.html")
        tables = page.locator(".cardlab-table")
        page.locator(".cardlab-kirifu .cardlab-table .cardlab-svg svg").first.wait_for(timeout=KERNEL_MS)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for k in range(tables.count()):
            box = tables.nth(k).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (k, box)
        assert "教室" in page.locator("h1").first.inner_text()
        assert outside == [], outside
    finally:
        context.close()


KEPT = """() => navigator.serviceWorker.ready.then((registration) => new Promise((answer) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => answer(event.data);
    registration.active.postMessage('status', [channel.port2]);
}))"""
"""What the site's service worker holds of the site: ``{kept, total}`` files."""

RUN_FIRST_CODE_CELL = """() => {
    const panel = window.jupyterapp.shell.currentWidget, notebook = panel.content;
    if (!panel.sessionContext.session || !panel.sessionContext.session.kernel) return false;
    const cells = notebook.model.cells;
    for (let i = 0; i < cells.length; i++) {
        if (cells.get(i).type === 'code') { notebook.activeCellIndex = i; break; }
    }
    window.jupyterapp.commands.execute('notebook:run-cell');
    return true;
}"""
"""In JupyterLab: run the notebook's first code cell once its kernel is there."""


def plays(table: Any, moves: tuple[str, ...]) -> None:
    """Click one of ``moves`` on ``table`` and wait until Python has redrawn it."""
    drawing = table.locator(".cardlab-svg")
    drawing.locator("svg").first.wait_for(timeout=KERNEL_MS)
    before = drawing.inner_html()
    click(table, moves)
    table.page.wait_for_function("([el, html]) => el.innerHTML !== html", arg=[drawing.element_handle(), before],
                                 timeout=ACTION_MS)


def test_after_one_online_visit_the_whole_site_opens_and_plays_offline(chromium, site):
    """A classroom opened online; the site's service worker keeps the whole site meanwhile. With
    the network gone the classroom reloads and plays, the other language's classroom opens in a
    new tab and plays, and a notebook opens in JupyterLab, runs its table and plays (issue 41)."""
    context, page, outside = offline_page(chromium, site, width=390)
    try:
        page.goto(f"{site}voici/render/notebooks/classroom.html")
        page.locator(".cardlab-cleopatra .cardlab-table .cardlab-svg svg").first.wait_for(timeout=KERNEL_MS)
        deadline = time.monotonic() + KERNEL_MS / 1000
        while (kept := page.evaluate(KEPT))["kept"] < kept["total"]:
            assert time.monotonic() < deadline, kept
            page.wait_for_timeout(1000)
        context.set_offline(True)
        page.reload()
        plays(page.locator(".cardlab-cleopatra .cardlab-table").first, ("turn",))
        japanese = context.new_page()
        japanese.goto(f"{site}voici/render/notebooks/ja/classroom.html")
        plays(japanese.locator(".cardlab-cleopatra .cardlab-table").first, ("turn",))
        lab = context.new_page()
        lab.goto(f"{site}lab/index.html?path=notebooks/classroom.ipynb")
        lab.wait_for_function("() => window.jupyterapp !== undefined", timeout=KERNEL_MS)
        lab.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=KERNEL_MS)
        lab.wait_for_function(RUN_FIRST_CODE_CELL, timeout=KERNEL_MS, polling=1000)
        plays(lab.locator(".cardlab-cleopatra .cardlab-table").first, ("turn",))
        errors = [p.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() for p in (page, japanese, lab)]
        assert errors == [0, 0, 0]
        assert outside == [], outside
    finally:
        context.close()


def test_the_front_page_says_what_works_offline_and_keeps_the_site(chromium, site):
    """The front page alone registers the site's service worker, which keeps the whole site; its
    status line says so in both languages; the two play buttons come first."""
    context, page, outside = offline_page(chromium, site, width=360)
    try:
        page.goto(site)
        buttons = page.locator("a.play")
        assert [buttons.nth(k).get_attribute("lang") for k in range(buttons.count())] == ["en", "ja"]
        assert all(buttons.nth(k).bounding_box()["y"] < 900 for k in range(2))    # in the first screen
        page.locator("#offline[data-kept]").wait_for(timeout=ACTION_MS)
        page.wait_for_function("() => { const s = document.getElementById('offline').dataset;"
                               " return s.kept === s.total; }", timeout=KERNEL_MS)
        assert "offline" in page.locator("#offline [lang=en]").inner_text()
        assert "オフライン" in page.locator("#offline [lang=ja]").inner_text()
        assert outside == [], outside
    finally:
        context.close()


FIRST_WORDS = """() => [document.getElementById('loading_text')?.innerText || '',
                       document.querySelector('.cardlab-progress')?.innerText || '']"""


def test_on_a_touch_phone_the_japanese_classroom_is_japanese_to_the_frame(chromium, site):
    """The Japanese classroom on a 360 px touch screen (issue 41): ``lang="ja"``, a Japanese title
    and a Japanese progress indicator from the first paint; a rule page's wide table scrolls inside
    its box; and no request
    for an icon at the web root, outside the site's folder."""
    context, page, outside = offline_page(chromium, site, width=360, has_touch=True, is_mobile=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.goto(f"{site}voici/render/notebooks/ja/classroom.html")
        words = " ".join(page.evaluate(FIRST_WORDS))
        assert re.search("[ぁ-んァ-ン]", words) and not re.search("Running|Starting|Executing", words), words
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert page.title() == title_of(JA_CLASSROOM) and re.search("[ぁ-んァ-ン]", page.title())   # its heading
        page.locator(".cardlab-kirifu .cardlab-table .cardlab-svg svg").first.wait_for(timeout=KERNEL_MS)
        rules = page.locator("details.cardlab-rule-page").first
        rules.locator("summary").click()
        wide = rules.locator("table").evaluate_all(
            "tables => tables.filter(t => t.scrollWidth > t.clientWidth + 20).map(t => "
            "[getComputedStyle(t).overflowX, t.getBoundingClientRect().right])")
        assert wide and all(overflow == "auto" and right <= 360 for overflow, right in wide), wide
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        origin = re.match(r"https?://[^/]+/", site).group(0)
        assert f"{origin}favicon.ico" not in asked
        assert outside == [], outside
    finally:
        context.close()
