"""Browser test harness: JupyterLab started by the tests, driven in Debian's Chromium by Playwright.

Write a browser test like this (``tests/browser/test_browser_<game>.py``)::

    import pytest

    pytestmark = pytest.mark.browser

    def test_table_answers_a_click(open_notebook):
        nb = open_notebook("01_cleopatra.ipynb")      # opened, kernel idle, all cells run
        table = nb.table()                             # the first .cardlab-table, once it is drawn
        before = nb.svg_of(table)
        table.locator("[data-target]").first.click()   # a click reaches Python ...
        nb.wait_svg_change(table, before)              # ... and Python redraws the table
        table.locator(".cardlab-svg").press("ArrowRight")  # keys go to the focused table

Fixtures
--------
``open_notebook(name) -> LabNotebook``
    Opens ``notebooks/<name>`` (a temporary copy) in JupyterLab, waits until the kernel is
    connected and idle *for that path*, runs all cells, waits until they have finished and fails
    with the traceback if a cell raised. Every call opens a fresh page; kernels are shut down after
    the test, so every test starts from a fresh kernel.
``open_cells(cells, name) -> LabNotebook``
    The same for a notebook made of the code cells ``cells`` (written next to the copies of the
    notebooks as ``name``): a table on its own, without a game notebook's other cells.
``lab_server`` (session)
    The running server: ``.url``, ``.token``, ``.root`` (the temporary copy of ``notebooks/``).
``chromium`` (session)
    The Playwright ``Browser`` (Debian's ``chromium``; ``playwright install`` is never needed).

``LabNotebook`` offers ``.page`` (the Playwright page), ``table(i)``, ``svg_of(table)``,
``wait_svg_change(table, before)``, ``seq_of(table)`` and ``wait_drawn(table, seq)`` (the number
of the drawing shown, which changes even when Python draws the same picture again), ``run_all()``, ``wait_idle()``, ``outputs_text()``,
``execute(code)`` (runs code in the kernel after every message the page has sent so far, and
returns what it printed: the way to read Python's state after a gesture without waiting a time)
and ``save_picture(locator, "docs/pictures/kirifu.png")`` (writes only when ``CARDLAB_SCREENSHOTS=1``).

Find controls by their CSS classes: ``.cardlab-table`` (a TableView; its drawing is in
``.cardlab-svg``, its status line ``.cardlab-status``), and the replay bar's ``.cardlab-first``,
``.cardlab-back``, ``.cardlab-forward``, ``.cardlab-last``, ``.cardlab-step``, ``.cardlab-play``,
``.cardlab-speed``, ``.cardlab-caption``. Clickable parts of a drawing have ``[data-target]``.

Without Chromium or Playwright every browser test is skipped, with the reason printed at the end
of the run; ``CARDLAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``) turns that skip into a failure.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SERVER_START_S = 90        # a busy 2-core machine: JupyterLab is usually ready in ~3 s
KERNEL_READY_MS = 120_000  # page load + kernel start
RUN_ALL_MS = 300_000       # every cell of a notebook
ACTION_MS = 15_000         # a click or key press and the redraw it causes
SETTINGS = {  # JupyterLab user settings: no news toast, every cell in the DOM (no windowing)
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"checkForUpdates": False, "fetchNews": "false", "doNotDisturbMode": True},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def _why_no_browser() -> str | None:
    """The reason browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if not shutil.which("chromium"):
        return "chromium is not installed (Debian: apt-get install -y chromium)"
    return None


_SKIPPED: list[str] = []


@pytest.fixture(scope="session")
def _browser_ready() -> None:
    reason = _why_no_browser()
    if reason is None:
        return
    if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests are required (CARDLAB_REQUIRE_BROWSER=1) but {reason}", pytrace=False)
    _SKIPPED.append(reason)
    pytest.skip(f"browser tests skipped: {reason}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _SKIPPED:
        terminalreporter.write_line(
            f"NOTE: browser tests were skipped because {_SKIPPED[0]}; "
            "set CARDLAB_REQUIRE_BROWSER=1 to make that an error.", yellow=True, bold=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LabServer:
    """A running ``jupyter lab``: its base ``url``, ``token`` and ``root`` folder."""

    url: str
    token: str
    root: Path
    process: subprocess.Popen
    log: Path

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API (``GET /api/sessions`` …) and return the decoded JSON."""
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        for session in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{session['id']}")

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


@pytest.fixture(scope="session")
def lab_server(_browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """JupyterLab on a free local port, serving a temporary copy of ``notebooks/``."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    dirs = {name: base / name.lower() for name in
            ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_WORKSPACES_DIR", "JUPYTERLAB_SETTINGS_DIR")}
    for folder in dirs.values():
        folder.mkdir()
    for name, values in SETTINGS.items():
        file = dirs["JUPYTERLAB_SETTINGS_DIR"] / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(values))
    env = {**os.environ, **{k: str(v) for k, v in dirs.items()}}
    env.pop("MPLBACKEND", None)
    port, token = _free_port(), "cardlab-test-token"
    log = base / "jupyter.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
               f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None"]
    with log.open("w") as out:
        process = subprocess.Popen(command, env=env, cwd=root, stdout=out, stderr=subprocess.STDOUT)
    server = LabServer(f"http://127.0.0.1:{port}", token, root, process, log)
    try:
        deadline = time.monotonic() + SERVER_START_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"jupyter lab exited with {process.returncode}:\n{server.log_tail()}", pytrace=False)
            try:
                server.api("GET", "/api/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"jupyter lab did not answer in {SERVER_START_S} s:\n{server.log_tail()}",
                                pytrace=False)
                time.sleep(0.25)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def chromium(_browser_ready: None) -> Iterator[Any]:
    """Playwright's Chromium, using the system's ``chromium`` binary."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def launch_without_fonts(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[list[str]], Any]]:
    """``launch_without_fonts(globs)``: another Chromium whose fontconfig rejects the font files
    matching ``globs`` (a machine without those fonts); closed after the test module."""
    launched: list[Any] = []

    def launch(globs: list[str]) -> Any:
        config = tmp_path_factory.mktemp("fonts") / "fonts.conf"
        rejects = "".join(f"<glob>{glob}</glob>" for glob in globs)
        config.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                          '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
                          f"<selectfont><rejectfont>{rejects}</rejectfont></selectfont></fontconfig>")
        launched.append(chromium.browser_type.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS,
                                                     env={**os.environ, "FONTCONFIG_FILE": str(config)}))
        return launched[-1]

    yield launch
    for browser in launched:
        browser.close()


# JavaScript run in the page; `jupyterapp` is exposed by --LabApp.expose_app_in_browser.
_JS_KERNEL_IDLE = """(path) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.sessionContext || !w.context || w.context.path !== path) return false;
  const sc = w.sessionContext, k = sc.session && sc.session.kernel;
  return Boolean(sc.isReady && k && k.connectionStatus === 'connected' && k.status === 'idle');
}"""
_JS_ALL_RUN = """(path) => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || w.context.path !== path) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  return w.content.widgets.every(c => c.model.type !== 'code'
      || (c.model.executionCount !== null && c.model.executionState !== 'running'));
}"""
_JS_EXECUTE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}"""
_JS_ERRORS = """() => {
  const w = window.jupyterapp.shell.currentWidget, errors = [];
  w.content.widgets.forEach((c, i) => {
    if (c.model.type !== 'code') return;
    for (const o of c.model.outputs.toJSON())
      if (o.output_type === 'error') errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
  });
  return errors;
}"""


class LabNotebook:
    """A notebook open in JupyterLab in Chromium, with helpers for cardlab's widgets."""

    def __init__(self, page: Any, path: str) -> None:
        self.page = page
        self.path = path

    def wait_idle(self, timeout_ms: int = KERNEL_READY_MS) -> None:
        """Wait until the kernel of this notebook is connected and idle."""
        self.page.wait_for_function(_JS_KERNEL_IDLE, arg=self.path, timeout=timeout_ms, polling=200)

    def run_all(self) -> None:
        """Run every cell, wait until all have finished; fail with the errors if a cell raised."""
        self.wait_idle()
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.page.wait_for_function(_JS_ALL_RUN, arg=self.path, timeout=RUN_ALL_MS, polling=250)
        errors = self.page.evaluate(_JS_ERRORS)
        if errors:
            pytest.fail(f"{self.path}: cells raised:\n" + "\n".join(errors), pytrace=False)

    def execute(self, code: str) -> str:
        """Run ``code`` in this notebook's kernel and return what it printed. The kernel handles
        messages in order, so every click or key the page sent before is handled by then."""
        out = self.page.evaluate(_JS_EXECUTE, code)
        if out.startswith("ERROR") or "\nERROR " in out:
            pytest.fail(f"{code!r} raised in the kernel: {out}", pytrace=False)
        return out

    def outputs_text(self) -> str:
        """The visible text of all cell outputs (to check what a cell printed)."""
        return "\n".join(self.page.locator(".jp-OutputArea-output").all_inner_texts())

    def table(self, within: str = "", index: int = 0) -> Any:
        """The ``index``-th TableView on the page, or inside the first element matching the CSS
        selector ``within`` (a game's widget), as a Playwright locator, once it shows a drawing."""
        scope = self.page.locator(within).first if within else self.page
        table = scope.locator(".cardlab-table").nth(index)
        table.locator(".cardlab-svg svg").first.wait_for(timeout=ACTION_MS)
        return table

    @staticmethod
    def svg_of(table: Any) -> str:
        """The SVG markup a table shows right now."""
        return table.locator(".cardlab-svg").inner_html()

    def wait_svg_change(self, table: Any, before: str, timeout_ms: int = ACTION_MS) -> str:
        """Wait until ``table`` shows something other than ``before`` (Python redrew it); return it."""
        handle = table.locator(".cardlab-svg").element_handle()
        self.page.wait_for_function("([el, before]) => el.innerHTML !== before", arg=[handle, before],
                                    timeout=timeout_ms, polling=50)
        return self.svg_of(table)

    @staticmethod
    def seq_of(table: Any) -> int:
        """The number of the drawing a table shows right now."""
        return int(table.locator(".cardlab-svg").get_attribute("data-seq"))

    def wait_drawn(self, table: Any, seq: int, timeout_ms: int = ACTION_MS) -> None:
        """Wait until ``table`` shows a drawing later than number ``seq`` (Python drew again)."""
        handle = table.locator(".cardlab-svg").element_handle()
        self.page.wait_for_function("([el, seq]) => Number(el.dataset.seq) > seq", arg=[handle, seq],
                                    timeout=timeout_ms, polling=50)

    def save_picture(self, locator: Any, relative_path: str) -> Path | None:
        """Screenshot ``locator`` into the repository (e.g. ``docs/pictures/kirifu.png``) if ``CARDLAB_SCREENSHOTS=1``
        (the window grows for the time of the picture if the element is taller)."""
        if os.environ.get("CARDLAB_SCREENSHOTS") != "1":
            return None
        target = REPO / relative_path
        target.parent.mkdir(parents=True, exist_ok=True)
        window = self.page.viewport_size
        height = math.ceil(locator.bounding_box()["height"]) + 200   # JupyterLab's bars and margins
        if height > window["height"]:   # an element taller than the window: grow the window (same width)
            self.page.set_viewport_size({"width": window["width"], "height": height})
        try:
            locator.screenshot(path=str(target), animations="disabled")
        finally:
            self.page.set_viewport_size(window)
        return target


class _Pages:
    """Opens notebooks of the server's root in fresh browser contexts, closed after the test."""

    def __init__(self, server: LabServer, browser: Any) -> None:
        self.server, self.browser, self.contexts = server, browser, []

    def open(self, name: str, window: int = 1280, file_browser: bool = True, browser: Any = None) -> LabNotebook:
        """``window``: the page's width in CSS px; ``file_browser``: JupyterLab's left area open
        (its default) or collapsed, set before the cells run; ``browser``: another Chromium
        (launched with other fonts …) instead of the session's."""
        if not (self.server.root / name).is_file():
            pytest.fail(f"no notebook {name!r} in notebooks/", pytrace=False)
        scale = 2 if os.environ.get("CARDLAB_SCREENSHOTS") == "1" else 1
        context = (browser or self.browser).new_context(viewport={"width": window, "height": 1000},
                                                        device_scale_factor=scale)
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(ACTION_MS)
        page.goto(f"{self.server.url}/lab/tree/{name}?token={self.server.token}&reset")
        notebook = LabNotebook(page, name)
        if not file_browser:
            notebook.wait_idle()
            page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        notebook.run_all()
        return notebook

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.server.shut_down_kernels()


@pytest.fixture
def open_notebook(lab_server: LabServer, chromium: Any) -> Iterator[Callable[[str], LabNotebook]]:
    """``open_notebook("00_start_here.ipynb")``: a page with the notebook open and all its cells run."""
    pages = _Pages(lab_server, chromium)
    yield pages.open
    pages.close()


@pytest.fixture
def open_cells(lab_server: LabServer, chromium: Any) -> Iterator[Callable[..., LabNotebook]]:
    """``open_cells(["from cardlab.widgets.demo import DemoTable", "DemoTable()"], "demo.ipynb")``:
    a notebook of these code cells, open with all of them run (``window=1000, file_browser=False,
    browser=…``: the page's size and browser, as for ``_Pages.open``)."""
    pages = _Pages(lab_server, chromium)

    def opener(cells: list[str], name: str, **options: Any) -> LabNotebook:
        notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
                               "outputs": [], "source": source} for i, source in enumerate(cells)],
                    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                "name": "python3"}},
                    "nbformat": 4, "nbformat_minor": 5}
        (lab_server.root / name).write_text(json.dumps(notebook))
        return pages.open(name, **options)

    yield opener
    pages.close()
