"""How steady and quick the classroom page's tables are in Chromium: INP and layout shift per table.

``python -m tools.bench browser [--moves N] [--window 1280x1000]`` serves the classroom page
(``notebooks/classroom.ipynb``) with Voila, as ``make app`` does, opens it in Debian's Chromium
(Playwright; never ``playwright install``) and plays a scripted game on each table (the reader's
clicks, some of them double-clicks, the computer answering), the table scrolled to the top of the
window. For each table it prints what the reader feels:

- **INP**, Interaction to Next Paint (the Event Timing API, ``PerformanceObserver('event')`` with
  ``durationThreshold: 16``): the longest event of each interaction, from the press to the next
  paint; median and 95th percentile of all interactions (those under 16 ms, which the browser
  does not report, count as 16);
- **answer**: from the press to the table's next drawing on screen (the kernel's round trip, the
  computer's moves and the redraw);
- **layout shift** (the Layout Instability API, ``PerformanceObserver('layout-shift')``): the
  shifts whose sources are elements of the table or below it, their count, the largest move of
  a source in px, and their score: CLS as the browser counts it (shifts within 500 ms of an input,
  ``hadRecentInput``, left out) and all of them;
- the table's **height** while it is played (least and most, px): a table that changes height
  moves everything below it.

Figures, not tests: nothing is asserted (tests/browser/test_browser_app.py plays each table and
fails on a shift). The recorder (:data:`RECORDER_JS`) and :func:`play` are shared with that test.
Which tables the page has and how a reader plays each is the games' own: each game's
``tools/games/<game>/classroom.py`` (:class:`PageTable`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlab.registry import all_games

from .part import game_tool

REPO = Path(__file__).resolve().parents[2]
PAGE = "notebooks/classroom.ipynb"
EVENT_THRESHOLD_MS = 16      # the least durationThreshold the Event Timing API takes
ANSWER_MS = 30_000           # a gesture's answer: the kernel's round trip and the computer's moves
SERVER_START_S = 90
PAGE_MS = 300_000            # Voila runs every cell before it sends the page
READER_PAUSE_S = 0.3         # a reader's pause between two gestures (the pointer rests meanwhile)
DOUBLE_CLICK_S = 0.12        # between the two presses of a double-click
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

RECORDER_JS = r"""(tables) => {
  if (window.__cardlabPerf) return;
  const rec = window.__cardlabPerf = {shifts: [], events: [], drawn: [], presses: []};
  const roots = () => tables.map((sel) => document.querySelector(sel));
  const name = (el) => {
    if (!el) return "(gone)";
    const e = el.nodeType === 1 ? el : el.parentElement;
    if (!e) return "(text)";
    const ours = [...(e.classList || [])].filter((c) => c.startsWith("cardlab-") || c.startsWith("widget-"));
    const target = e.getAttribute && e.getAttribute("data-target");
    return e.tagName.toLowerCase() + ours.slice(0, 3).map((c) => "." + c).join("") + (target ? `[${target}]` : "");
  };
  // Where a node is: inside table i (i), below table i and not inside it (i + 0.5), above all (-1).
  const place = (node) => {
    if (!node || !node.isConnected) return null;
    let at = -1;
    roots().forEach((root, i) => {
      if (!root) return;
      if (root.contains(node)) at = i;
      else if (root.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) at = Math.max(at, i + 0.5);
    });
    return at;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      rec.shifts.push({t: e.startTime, value: e.value, recent: e.hadRecentInput, sources: e.sources.map((s) => ({
        node: name(s.node), place: place(s.node), before: [s.previousRect.y, s.previousRect.height],
        after: [s.currentRect.y, s.currentRect.height]}))});
    }
  }).observe({type: "layout-shift", buffered: false});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) rec.events.push({t: e.startTime, id: e.interactionId, name: e.name, duration: e.duration,
                                            delay: e.processingStart - e.startTime,
                                            processing: e.processingEnd - e.processingStart});
    }
  }).observe({type: "event", durationThreshold: 16, buffered: false});
  for (const type of ["pointerdown", "keydown"])
    document.addEventListener(type, (e) => rec.presses.push(e.timeStamp), {capture: true});
  // a new drawing (data-seq) of table i, and when it was painted (the frame after it)
  new MutationObserver((changes) => {
    const now = performance.now();
    for (const c of changes) {
      const i = roots().findIndex((root) => root && root.contains(c.target));
      requestAnimationFrame(() => setTimeout(() => rec.drawn.push({table: i, t: now, painted: performance.now()})));
    }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["data-seq"]});
}"""
"""Installed once in the page (``page.evaluate(RECORDER_JS, page_order(page))``): it records in
``window.__cardlabPerf`` every layout shift (its sources placed in or below a table), every event
of an interaction taking 16 ms or more, every press and every new drawing of a table."""

HEIGHT_JS = "(sel) => Math.round(document.querySelector(sel).getBoundingClientRect().height * 10) / 10"
# no card moving, and the drawing taking clicks (view.js drops those sooner than a reaction after it)
SETTLED_JS = "(sel) => !document.querySelector(`${sel} .cardlab-svg[data-moving], ${sel} .cardlab-svg[aria-disabled]`)"
SEEN_JS = """(start) => {
  const r = window.__cardlabPerf, late = (x) => x.t >= start;
  return {shifts: r.shifts.filter(late), events: r.events.filter(late), drawn: r.drawn.filter(late),
          presses: r.presses, count: performance.interactionCount};
}"""
SEQ_JS = "(sel) => Number(document.querySelector(sel + ' .cardlab-table .cardlab-svg').dataset.seq)"


# --- the tables of the page ------------------------------------------------------------------------
Reader = Callable[[list[str], str], "str | None"]
"""A scripted reader: (targets of the drawing, its markup) -> the target to click, ``key:<key>``
to press a key, or None (nothing to do yet, or the end)."""


@dataclass(frozen=True)
class PageTable:
    """A table of the classroom page: its ``name`` as the figures say it, its ``selector`` (the CSS
    class of its root: the first element of the page that has it) and the scripted ``reader`` who
    plays it (None: a table the benchmark does not play, a replay, below which a shift is placed
    all the same)."""

    name: str
    selector: str
    reader: Reader | None = None


def page_tables() -> list[PageTable]:
    """Every game's tables of the classroom page, in the registry's order: ``TABLES`` of the
    game's ``tools/games/<game>/classroom.py``, where it has one."""
    found = [game_tool(info, "classroom") for info in all_games()]
    return [table for module in found if module is not None for table in module.TABLES]


def played_tables() -> dict[str, PageTable]:
    """The tables that a scripted reader plays, by name."""
    return {table.name: table for table in page_tables() if table.reader is not None}


PAGE_ORDER_JS = """(selectors) => selectors.filter((sel) => document.querySelector(sel)).sort((a, b) =>
  document.querySelector(a).compareDocumentPosition(document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)"""
"""The selectors of the tables on the page, in the page's order (a shift is placed in one, or below one)."""


def page_order(page: Any) -> list[str]:
    """The selectors of :func:`page_tables` found on ``page``, in its order."""
    order: list[str] = page.evaluate(PAGE_ORDER_JS, [table.selector for table in page_tables()])
    return order


# --- playing a table ------------------------------------------------------------------------------------
@dataclass
class Played:
    """What the recorder saw while one table was played: ``shifts`` (layout-shift entries with a
    source in or below the table), ``interactions`` (the longest event of each, ms; those under
    16 ms as 16), ``answers`` (press to the next drawing painted, ms), ``heights`` (the table's
    height after each gesture, px), ``gestures`` (the targets pressed; ``2x`` a double-click)."""

    table: str
    gestures: list[str] = field(default_factory=list)
    shifts: list[dict[str, Any]] = field(default_factory=list)
    interactions: list[float] = field(default_factory=list)
    answers: list[float] = field(default_factory=list)
    heights: list[float] = field(default_factory=list)
    pressed_at: list[float] = field(default_factory=list)

    @property
    def moved_px(self) -> float:
        """The largest move of an element of the table or below it (px, up or down), of those seen
        in the window before and after (the others moved into or out of it)."""
        return max((abs(m) for _, m in self.moves()), default=0.0)

    def moves(self) -> list[tuple[str, float]]:
        """Every element that moved, and by how much (px down; nan: into or out of the window)."""
        return [(s["node"], s["after"][0] - s["before"][0] if s["before"][1] and s["after"][1] else float("nan"))
                for e in self.shifts for s in e["sources"]]

    def score(self, recent: bool) -> float:
        """The layout shift score: of the shifts the browser counts in CLS (not within 500 ms of
        an input), or of all of them (``recent=True``)."""
        return sum(e["value"] for e in self.shifts if recent or not e["recent"])


def next_target(page: Any, selector: str, reader: Reader) -> str | None:
    """What ``reader`` presses next on the table's drawing shown now (None: nothing yet, or the end)."""
    drawing = page.locator(f"{selector} .cardlab-table .cardlab-svg").first.inner_html()
    return reader(re.findall(r'data-target="([^"]+)"', drawing), drawing)


AIM_JS = """(el) => {
  const box = el.getBoundingClientRect();
  for (const [dx, dy] of [[12, 20], [box.width / 2, box.height / 2], [box.width / 2, 20], [12, box.height / 2]]) {
    const x = box.left + Math.min(dx, box.width - 1), y = box.top + Math.min(dy, box.height - 1);
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest("[data-target]") === el) return [x, y];
  }
  return null;
}"""
"""Where a reader aims at a clickable element: a little inside its top left corner (a card's
index, which the next card of a row leaves free), else its middle; a point that hits it."""


def press(page: Any, selector: str, target: str, double: bool) -> None:
    """A click on ``target`` where a reader would aim (:data:`AIM_JS`), or a double-click: two
    presses, the second of which the table never sends; ``key:<key>``: that key pressed on the
    table (which takes the focus first)."""
    if target.startswith("key:"):
        page.locator(f"{selector} .cardlab-table .cardlab-svg").first.focus()
        page.keyboard.press(target[4:])
        return
    element = page.locator(f'{selector} .cardlab-table .cardlab-svg [data-target="{target}"]').first
    element.scroll_into_view_if_needed()
    aim = element.evaluate(AIM_JS)
    if aim is None:
        raise RuntimeError(f"{target!r} of {selector} cannot be hit: something covers it")
    page.mouse.click(*aim)
    if double:
        time.sleep(DOUBLE_CLICK_S)
        page.mouse.down(click_count=2)              # the second press of a double-click (detail 2)
        page.mouse.up(click_count=2)


def wait_answer(page: Any, selector: str, seq: int, reader: Reader) -> None:
    """Wait until the table has drawn again after drawing ``seq`` and, if the computer still has
    to move, until there is something for the reader to do (or the game is over)."""
    page.wait_for_function(f"(seq) => ({SEQ_JS})({selector!r}) > seq", arg=seq, timeout=ANSWER_MS, polling=20)
    deadline = time.monotonic() + ANSWER_MS / 1000
    while next_target(page, selector, reader) is None and time.monotonic() < deadline:
        time.sleep(0.1)
    page.wait_for_function(SETTLED_JS, arg=selector, timeout=ANSWER_MS, polling=50)


def play(page: Any, name: str, moves: int, double_every: int = 4) -> Played:
    """Play ``moves`` gestures on the table ``name`` of :func:`played_tables` (every
    ``double_every``-th a double-click), the table at the top of the window, and return what the
    recorder saw meanwhile."""
    table = played_tables()[name]
    selector, reader, order = table.selector, table.reader, page_order(page)
    assert reader is not None
    page.evaluate(RECORDER_JS, order)
    page.locator(selector).first.evaluate("(el) => el.scrollIntoView({block: 'start', behavior: 'instant'})")
    page.wait_for_function(SETTLED_JS, arg=selector, timeout=ANSWER_MS, polling=50)
    time.sleep(0.5)                                     # the scroll's own frames pass
    start = page.evaluate("() => performance.now()")
    counted = page.evaluate("() => performance.interactionCount")
    played = Played(name, heights=[page.evaluate(HEIGHT_JS, selector)])
    firsts: list[int] = []                              # the index of each gesture's first press
    for n in range(moves):
        target = next_target(page, selector, reader)
        if target is None:
            break                                       # the game is over
        double = n % double_every == double_every - 1 and not target.startswith("key:")
        seq = page.evaluate(SEQ_JS, selector)
        pressed = page.evaluate("() => window.__cardlabPerf.presses.length")
        press(page, selector, target, double)
        played.gestures.append(("2x " if double else "") + target)
        wait_answer(page, selector, seq, reader)
        firsts.append(pressed)
        played.heights.append(page.evaluate(HEIGHT_JS, selector))
        time.sleep(READER_PAUSE_S)
    time.sleep(0.5)                                     # the last shifts are reported
    index = order.index(selector)
    seen = page.evaluate(SEEN_JS, start)
    played.shifts = [e for e in seen["shifts"]
                     if any(s["place"] is not None and s["place"] >= index for s in e["sources"])]
    longest: dict[int, float] = {}
    for event in seen["events"]:
        longest[event["id"]] = max(longest.get(event["id"], 0.0), event["duration"])
    unreported = max(0, seen["count"] - counted - len(longest))
    played.interactions = sorted(longest.values()) + [float(EVENT_THRESHOLD_MS)] * unreported
    drawn = sorted(d["painted"] for d in seen["drawn"] if d["table"] == index)
    for first in firsts:
        t = seen["presses"][first]
        played.pressed_at.append(t)
        painted = next((p for p in drawn if p > t), None)
        if painted is not None:
            played.answers.append(painted - t)
    return played


# --- the page ---------------------------------------------------------------------------------------
@contextlib.contextmanager
def classroom_server(arguments: Sequence[str] = (PAGE,), variables: Mapping[str, str] | None = None) -> Iterator[str]:
    """The classroom page served by Voila (``voila *arguments``, as ``make app`` serves it, with the
    environment ``variables`` it sets) on a free local port, with no browser opened; its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as base:
        log = Path(base) / "voila.log"
        env = {**os.environ, **(variables or {}), "JUPYTER_RUNTIME_DIR": str(Path(base) / "runtime")}
        env.pop("MPLBACKEND", None)
        command = [sys.executable, "-m", "voila", *arguments, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
        with log.open("w") as out:
            process = subprocess.Popen(command, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + SERVER_START_S
            while "running at" not in log.read_text(errors="replace"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voila did not start:\n{log.read_text(errors='replace')[-2000:]}")
                time.sleep(0.25)
            yield f"http://127.0.0.1:{port}/"
        finally:
            process.terminate()
            process.wait(timeout=60)


def open_page(browser: Any, url: str, window: tuple[int, int]) -> Any:
    """The page at ``url`` in a window of ``window`` (width, height) CSS px, once every table is drawn."""
    page = browser.new_context(viewport={"width": window[0], "height": window[1]}).new_page()
    page.set_default_timeout(ANSWER_MS)
    page.goto(url, timeout=PAGE_MS)
    for table in page_tables():
        page.locator(f"{table.selector} .cardlab-table .cardlab-svg svg").first.wait_for(timeout=PAGE_MS)
    page.evaluate("() => document.fonts.ready.then(() => true)")
    return page


# --- the figures ------------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def report(played: Played) -> str:
    """One table's figures in two lines."""
    inp, answers = played.interactions, played.answers
    low, high = min(played.heights), max(played.heights)

    def ms(value: float) -> str:
        return f"<{EVENT_THRESHOLD_MS}" if value <= EVENT_THRESHOLD_MS else f"{value:.0f}"

    worst = sorted({f"{node} {dy:+.0f}" for node, dy in played.moves()})[:6]
    return (f"{played.table}: {len(played.gestures)} gestures, {len(inp)} interactions: INP median {ms(statistics.median(inp)) if inp else '-'} ms,"
            f" p95 {ms(percentile(inp, 0.95)) if inp else '-'} ms; answer median "
            f"{statistics.median(answers) if answers else float('nan'):.0f} ms, p95 {percentile(answers, 0.95):.0f} ms\n"
            f"  layout shifts of the table or below: {len(played.shifts)}, largest move {played.moved_px:.0f} px, "
            f"CLS {played.score(False):.4f} (all shifts {played.score(True):.4f}); height {low:.0f}..{high:.0f} px"
            + (f"\n  moved: {', '.join(worst)}" if worst else ""))


def details(played: Played) -> str:
    """Every shift of the table or below: after which gesture, how long after its press, its
    score (``recent``: within 500 ms of an input) and what moved how far."""
    lines = []
    for e in played.shifts:
        n = sum(t <= e["t"] for t in played.pressed_at)
        after = f"{e['t'] - played.pressed_at[n - 1]:.0f} ms after gesture {n} ({played.gestures[n - 1]})" if n else "before"
        moved = ", ".join(f"{s['node']} {s['after'][0] - s['before'][0]:+.0f} px" if s["before"][1] and s["after"][1]
                          else f"{s['node']} (into or out of view)" for s in e["sources"])
        lines.append(f"    {after}: {e['value']:.4f}{' recent' if e['recent'] else ''}: {moved}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench browser", description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=24, help="gestures per table (default 24)")
    parser.add_argument("--window", default="1280x1000", help="the window, WIDTHxHEIGHT CSS px (default 1280x1000)")
    tables = ",".join(played_tables())
    parser.add_argument("--tables", default=tables, help=f"tables to play (default {tables})")
    parser.add_argument("--shifts", action="store_true", help="list every shift")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.window.split("x"))
    window = (width, height)
    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("the browser benchmark needs Playwright (pip install -e '.[test]')", file=sys.stderr)
        return 2
    if chromium is None:
        print("the browser benchmark needs chromium (Debian: apt-get install -y chromium)", file=sys.stderr)
        return 2
    print(f"classroom page ({PAGE}) served by Voila, Chromium at {window[0]}x{window[1]}, "
          f"{args.moves} gestures per table (every 4th a double-click)")
    with classroom_server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = open_page(browser, url, window)
            for name in args.tables.split(","):
                played = play(page, name, args.moves)
                print(report(played) + (f"\n{details(played)}" if args.shifts and played.shifts else ""), flush=True)
        finally:
            browser.close()
    return 0
