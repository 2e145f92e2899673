"""`make app` as a reader meets it: the classroom page (notebooks/classroom.ipynb served by Voila)
shows the three games' tables, the Cleopatra sample's replay and the Cleopatra table of two people
at one keyboard, answers a click and the two people's keys, shows no code, and shows each game's
rules, folded, on the page (it serves no files to link to).

Every table of the page passes the layout check (tests/browser/layout.py: no text under 11 px,
nothing overlapping or clipped, no play area taller than 700 px) at output widths of 1200, 700
and 360 px (a phone) and in a 1366 x 768 window (a laptop) (issue 29). While a scripted game is
played on each table, nothing of that table or below it moves: no layout shift, no change of the
table's height (issue 28).

The server runs the very command `make app` would run (read from `make --dry-run app`), with
`--no-browser` on a free local port.
"""

from __future__ import annotations

import itertools
import os
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest
from layout import layout_problems

from tools.bench.browser import classroom_server

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
PAGE_MS = 180_000     # Voila runs every cell before it sends the page
ACTION_MS = 15_000
GAMES = (".cardlab-cleopatra", ".cardlab-cleopatra-replay", ".cardlab-cleopatra-duo", ".cardlab-trappola",
         ".cardlab-kirifu")
CODE = ".jp-CodeCell .jp-InputArea, .jp-CodeCell .jp-InputPrompt, .jp-CodeMirrorEditor, .cm-editor, .CodeMirror"


def make_app_command() -> tuple[dict[str, str], list[str]]:
    """The last line of `make app`: the variables it sets and its `voila ...` command, as arguments
    (nothing is run: a dry run)."""
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    dry = subprocess.run(["make", "--dry-run", "--silent", "app"], cwd=REPO, check=True, capture_output=True,
                         text=True, env={k: v for k, v in os.environ.items() if not k.startswith("MAKE")}).stdout
    *_, command = (shlex.split(line) for line in dry.replace("\\\n", " ").splitlines() if line.strip())
    variables = dict(word.split("=", 1) for word in itertools.takewhile(lambda word: "=" in word, command))
    command = command[len(variables):]
    assert command[:1] == [".venv/bin/voila"], f"`make app` ends with no `.venv/bin/voila`:\n{dry}"
    return variables, command


@pytest.fixture(scope="module")
def classroom_url(_browser_ready: None) -> Iterator[str]:
    """`make app`'s server (with `--no-browser`, on a free port); yields the page's URL."""
    variables, command = make_app_command()
    with classroom_server(command[1:], variables) as url:
        yield url


def test_make_app_serves_the_notebook_with_voila_and_opens_the_browser():
    variables, command = make_app_command()
    assert command[-1] == "notebooks/classroom.ipynb" and "--no-browser" not in command   # the page; it opens
    assert (REPO / command[-1]).is_file()
    assert "--template=cardlab" in command and (Path(variables["JUPYTER_PATH"]) / "voila/templates/cardlab").is_dir()


def test_make_app_culls_the_kernels_of_closed_pages():
    """Issue 39: a closed page's kernel (~240 MB) ran on for 6-8 minutes."""
    _, command = make_app_command()
    options = dict(word.split("=", 1) for word in command if word.startswith("--") and "=" in word)
    assert int(options["--MappingKernelManager.cull_idle_timeout"]) <= 120
    assert int(options["--MappingKernelManager.cull_interval"]) <= 60


def test_classroom_page_shows_the_tables_without_code_and_answers_a_click(classroom_url, chromium, tmp_path):
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(ACTION_MS)
    try:
        page.goto(classroom_url, timeout=PAGE_MS)
        for game in GAMES:
            page.locator(f"{game} .cardlab-table .cardlab-svg svg").first.wait_for(timeout=PAGE_MS)
        assert page.locator(CODE).count() == 0              # no code, no prompt, no editor ...
        cells = page.locator(".jp-CodeCell")
        assert cells.count() == cells.and_(page.locator(".jp-mod-noInput")).count() > 0  # ... outputs only
        text = page.locator("body").inner_text()
        assert "import" not in text and "CleopatraTable(" not in text
        for heading in ("Cleopatra", "Trappola", "Kirifu"):
            assert page.get_by_role("heading", name=heading).count() >= 1

        table = page.locator(".cardlab-cleopatra .cardlab-table").first
        drawing = table.locator(".cardlab-svg")
        before = drawing.inner_html()
        table.locator('[data-target="turn"]').first.click()   # you are X and turn the first card
        handle = drawing.element_handle()
        page.wait_for_function("([el, before]) => el.innerHTML !== before", arg=[handle, before],
                               timeout=ACTION_MS, polling=50)
        duo = page.locator(".cardlab-cleopatra-duo .cardlab-svg")
        before = duo.inner_html()
        duo.focus()
        for key in ("a", "k"):                             # Left's and Right's turn keys: the one due turns
            page.keyboard.press(key)
        page.wait_for_function("([el, before]) => el.innerHTML !== before", arg=[duo.element_handle(), before],
                               timeout=ACTION_MS, polling=50)
        page.screenshot(path=str(tmp_path / "classroom.png"), full_page=True)

        folds = page.locator("details.cardlab-rule-page")
        assert folds.count() == 3 and not folds.first.locator("h3").first.is_visible()   # folded
        folds.first.locator("summary").click()
        assert folds.first.get_by_role("heading", name="The source", exact=True).is_visible()
    finally:
        context.close()


ICON_FONT_LOADED = """async () => { await document.fonts.ready;
  const icon = document.querySelector('.cardlab-table-root button i.fa');
  const family = getComputedStyle(icon, '::before').fontFamily;
  return [family, [...document.fonts].some(f => f.family.includes('Font Awesome') && f.status === 'loaded')]; }"""


def test_the_classroom_page_asks_no_other_server_and_shows_its_icons_offline(classroom_url, chromium):
    """Issue 39: Voila's page took Font Awesome from a CDN, so the buttons' icons went missing offline."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    elsewhere: list[str] = []
    local = classroom_url.rstrip("/")

    def offline(route: Any) -> None:
        if route.request.url.startswith(local):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", offline)
    page = context.new_page()
    try:
        page.goto(classroom_url, timeout=PAGE_MS)
        page.locator(".cardlab-table-root button i.fa").first.wait_for(timeout=PAGE_MS)
        family, loaded = page.evaluate(ICON_FONT_LOADED)
        assert elsewhere == []
        assert "Font Awesome" in family and loaded
    finally:
        context.close()


TABLES = (".cardlab-cleopatra", ".cardlab-cleopatra-replay", ".cardlab-cleopatra-duo", ".cardlab-trappola",
          ".cardlab-kirifu")
VIEW_WIDTHS = "(sel) => [...document.querySelectorAll(sel)].map(el => el.querySelector('.cardlab-view').clientWidth)"
LAYOUT_REDRAWN = """(sel) => [...document.querySelectorAll(sel + ' .cardlab-view .cardlab-svg > svg')].every(svg => {
  const natural = parseFloat(svg.getAttribute('width')), shown = svg.getBoundingClientRect().width;
  return svg.dataset.playHeight && (shown >= natural - 1 || natural <= 360);
})"""


def output_width(page: Any) -> float:
    return page.evaluate(VIEW_WIDTHS, ", ".join(TABLES))[0]


@pytest.mark.parametrize("size", ["1200", "700", "360", "1366x768"])
def test_every_table_of_the_classroom_page_passes_the_layout_check(classroom_page, size):
    """At each size, once every view has reported its width and been redrawn in its layout (each
    drawing shown at least at its natural width, or a phone drawing at 360), every table passes."""
    page = classroom_page
    if "x" in size:
        width, height = map(int, size.split("x"))
        page.set_viewport_size({"width": width, "height": height})
    else:
        margin = page.viewport_size["width"] - output_width(page)
        page.set_viewport_size({"width": int(size) + round(margin), "height": 900})
        page.wait_for_function(f"() => Math.abs(({VIEW_WIDTHS})({TABLES[0]!r})[0] - {size}) <= 2",
                               timeout=ACTION_MS, polling=100)
    for table in TABLES:
        page.wait_for_function(LAYOUT_REDRAWN, arg=table, timeout=ACTION_MS, polling=100)
    found = {table: layout_problems(page, page.locator(table).first) for table in TABLES}
    shown = "\n".join(f"  {table}: {p}" for table, problems in found.items() for p in problems)
    assert not shown, f"at {size} (output {output_width(page):.0f} px):\n{shown}"


@pytest.fixture(scope="module")
def classroom_page(classroom_url: str, chromium: Any) -> Iterator[Any]:
    """The classroom page, loaded once (Voila runs every cell for each visit), resized by the tests."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(ACTION_MS)
    page.goto(classroom_url, timeout=PAGE_MS)
    for table in TABLES:
        page.locator(f"{table} .cardlab-table .cardlab-svg svg").first.wait_for(timeout=PAGE_MS)
    yield page
    context.close()


STEADY_WINDOW = {"width": 1280, "height": 1000}
MOVES = {"Cleopatra": 8, "Cleopatra for two": 8, "Trappola": 12, "Kirifu": 10}   # Trappola: to the second deal


@pytest.mark.parametrize("name", list(MOVES))
def test_playing_a_table_moves_nothing_on_the_page_issue_28(classroom_page, name):
    """Steady tables (issue 28): a scripted game is played on each table of the classroom page,
    the table at the top of a 1280 x 1000 window (clicks, every 4th a double-click; the people at
    one keyboard by their keys; Trappola to the next deal, through its score), by
    ``tools.bench.browser.play``, which records the Layout Instability API's entries
    (``PerformanceObserver('layout-shift')``) with their sources. The test fails on any entry one
    of whose sources is an element of the table or below it (the next tables), and on any change of
    the table's height between gestures (which moves everything below it, in the window or not).

    Entries with ``hadRecentInput`` (within 500 ms of a press) count too, although the browser
    leaves them out of CLS: the computer's moves and the redraw arrive within that time of the
    reader's press, and a shift then is exactly the one that moves a card or a button under the
    pointer between the two presses of a double-click (the Kirifu table moved 47 px so). The
    browser's rule assumes that a page moves as the user meant it to when they press; here the
    page moves because the computer played, which the reader did not do."""
    from tools.bench.browser import details, play

    page = classroom_page
    page.set_viewport_size(STEADY_WINDOW)
    for table in TABLES:
        page.wait_for_function(LAYOUT_REDRAWN, arg=table, timeout=ACTION_MS, polling=100)
    played = play(page, name, MOVES[name])
    assert len(played.gestures) == MOVES[name], played.gestures          # the game went on all along
    assert not played.shifts, f"{name}: layout shifts while it was played:\n{details(played)}"
    assert len(set(played.heights)) == 1, f"{name}: the table's height went {played.heights}"
