"""How soon the static site's classroom plays in Chromium, first and second visit, and its bytes.

``python -m tools.bench site [--site site] [--lang en] [--runs 1]`` serves a built site (``make
site``; ``--site`` names its folder) from a subfolder with a plain static server, opens its front
page in Debian's Chromium (Playwright; never ``playwright install``), follows the play link of the
classroom in ``--lang`` and prints, for a first visit (a fresh browser profile) and a second one
(the same browser, the front page and the link again), the seconds from the link's click to:

- **progress shown**: the page's progress indicator;
- **kernel started**: Python, the wheels and the kernel ready (the page begins its parts);
- **table drawn**: the first Cleopatra table's drawing;
- **answered a click**: that table redrawn after a click on it (the figure of issue 41);
- **page made**: the page's last part (the exercise) shown.

For the first visit it also prints the **bytes to the first playable table**: the files the
pages and their workers asked for until the click was answered (not the service worker's copy of
the rest of the site for offline use, which it makes meanwhile), as stored and as gzip (level 6,
as a static host compresses them); and the site's whole size, likewise. Figures, not tests: nothing is asserted.
The machine's load is printed with them: on a shared machine compare before and after in the
same minutes.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tools.bench.browser import CHROMIUM_ARGS

SUBFOLDER = "class/cardlab"
WAIT_MS = 300_000
MARKS = ("progress shown", "kernel started", "table drawn", "answered a click", "page made")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """``site`` served from ``/class/cardlab/`` on 127.0.0.1: its address."""
    with tempfile.TemporaryDirectory() as root:
        folder = Path(root) / SUBFOLDER
        folder.parent.mkdir(parents=True)
        folder.symlink_to(site.resolve(), target_is_directory=True)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=root))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/{SUBFOLDER}/"
        finally:
            server.shutdown()


def gzip_size(path: Path) -> int:
    """The bytes of ``path`` gzipped (level 6)."""
    return len(gzip.compress(path.read_bytes(), 6))


def _click_table(table: Any) -> None:
    """Click the first of the drawing's targets that turns a card (Cleopatra's turn)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        targets = re.findall(r'data-target="(turn[^"]*)"', table.locator(".cardlab-svg").inner_html())
        if targets:
            part = table.locator(f'.cardlab-svg [data-target="{targets[0]}"]').first
            stack = part.locator(".cardlab-stack")
            (stack.first if stack.count() else part).click()
            return
        time.sleep(0.05)
    raise TimeoutError("the table offered no card to turn")


def visit(page: Any, site: str, lang: str) -> tuple[dict[str, float], float]:
    """Open the front page, follow the classroom's play link in ``lang``: the seconds of each
    of :data:`MARKS` after the click, and when (``time.perf_counter()``) the click was answered."""
    page.goto(site)
    link = page.locator("a.play").nth(0 if lang == "en" else 1)
    started = time.perf_counter()
    link.click()
    marks: dict[str, float] = {}
    page.locator(".cardlab-progress").first.wait_for(timeout=WAIT_MS)
    marks["progress shown"] = time.perf_counter() - started
    table = page.locator(".cardlab-cleopatra .cardlab-table").first
    table.locator(".cardlab-svg svg").first.wait_for(timeout=WAIT_MS)
    marks["table drawn"] = time.perf_counter() - started
    opened = page.evaluate("() => performance.now()") / 1000 - (time.perf_counter() - started)
    steps = page.evaluate("() => window.cardlabSteps || []")
    parts = [at for at, _index, count in steps if count]
    if parts:
        marks["kernel started"] = parts[0] / 1000 - opened
    drawing = table.locator(".cardlab-svg")
    before = drawing.inner_html()
    _click_table(table)
    page.wait_for_function("([el, html]) => el.innerHTML !== html", arg=[drawing.element_handle(), before],
                           timeout=WAIT_MS)
    answered = time.perf_counter()
    marks["answered a click"] = answered - started
    page.locator(".cardlab-exercise").first.wait_for(timeout=WAIT_MS)
    marks["page made"] = time.perf_counter() - started
    return marks, answered


def run(site: Path, lang: str, chromium: str) -> tuple[list[dict[str, float]], list[Path]]:
    """One fresh browser, two visits: their marks, and the files that the first visit's pages and
    their workers asked for, from the front page until the click was answered (the service
    worker's copy of the rest of the site for offline use left out)."""
    from playwright.sync_api import sync_playwright

    with serve(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        asked: list[tuple[float, str]] = []
        page.on("request", lambda request: asked.append((time.perf_counter(), request.url)))
        first, answered = visit(page, url, lang)
        files = [site / path for path in dict.fromkeys(
            urllib.parse.unquote(urllib.parse.urlsplit(address).path[len(urllib.parse.urlsplit(url).path):])
            for at, address in asked if at <= answered and address.startswith(url))]
        files = [path for path in files if path.is_file()]
        page.wait_for_timeout(3000)
        second, _ = visit(page, url, lang)
        browser.close()
    return [first, second], files


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench site", description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=Path("site"), help="the built site's folder (default site/)")
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="which classroom (default en)")
    parser.add_argument("--runs", type=int, default=1, help="fresh browsers, each with two visits (default 1)")
    parser.add_argument("--files", type=int, default=0, help="list the N biggest files to the first table (gzip)")
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("the site benchmark needs chromium (Debian: apt-get install -y chromium)", file=sys.stderr)
        return 2
    if not (args.site / "voici").is_dir():
        print(f"no built site in {args.site}: make site (or python -m tools.site build --out DIR)", file=sys.stderr)
        return 2
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    runs = []
    for _ in range(args.runs):
        visits, first_table = run(args.site, args.lang, chromium)
        runs.append(visits)
        for name, marks in zip(("first visit", "second visit"), visits):
            print(f"{name:>13}: " + ", ".join(f"{m} {marks[m]:.1f} s" for m in MARKS if m in marks))
    if args.runs > 1:
        for i, name in enumerate(("first visit", "second visit")):
            print(f"{name:>13} (median of {args.runs}): " + ", ".join(
                f"{m} {statistics.median(r[i][m] for r in runs if m in r[i]):.1f} s" for m in MARKS))
    packed = {path: gzip_size(path) for path in first_table}
    print(f"bytes to the first playable table: {sum(packed.values()) / 1e6:.1f} MB gzip "
          f"({sum(p.stat().st_size for p in first_table) / 1e6:.1f} MB stored, {len(first_table)} files)")
    for path, size in sorted(packed.items(), key=lambda item: -item[1])[:args.files]:
        print(f"  {size / 1e6:6.2f} MB  {path.relative_to(args.site)}")
    files = [p for p in args.site.rglob("*") if p.is_file()]
    print(f"the whole site: {sum(gzip_size(p) for p in files) / 1e6:.1f} MB gzip "
          f"({sum(p.stat().st_size for p in files) / 1e6:.1f} MB stored, {len(files)} files)")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0
