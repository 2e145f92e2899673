"""`make lab` as a first-time reader meets it: the start page opens by itself, no news prompt
greets the reader, the rule pages in docs/ are reachable and open as rendered pages, the
notebooks' stored pictures show before anything is run, and opening and saving every notebook
leaves its file as it was (issue 29: a clean checkout).

The server runs the very commands `make lab` would run (read from `make --dry-run lab`: the
notebooks trusted, then `jupyter lab`), from a temporary copy of the repository's notebooks/ and
docs/, with empty Jupyter user folders.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
START_PAGE = "notebooks/00_start_here.ipynb"
INDEX_PAGE = "docs/README.md"
RULE_PAGE = "docs/rules/cleopatra.md"
NOTIFICATIONS = "@jupyterlab/apputils-extension:notification"
SERVER_START_S = 90
PAGE_MS = 120_000


def make_lab_commands() -> list[list[str]]:
    """The `jupyter ...` lines of `make lab` (the last one `jupyter lab ...`), as arguments
    (nothing is run: a dry run)."""
    if not shutil.which("make"):
        pytest.skip("make is not installed")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    dry = subprocess.run(["make", "--dry-run", "--silent", "lab"], cwd=REPO, env=env, check=True,
                         capture_output=True, text=True).stdout
    lines = [shlex.split(line) for line in dry.replace("\\\n", " ").splitlines() if line.strip()]
    commands = [args for args in lines if args[:1] == [".venv/bin/jupyter"]]
    assert commands and commands[-1][1] == "lab", f"`make lab` ends with no `.venv/bin/jupyter lab`:\n{dry}"
    return commands


@pytest.fixture(scope="module")
def reader_lab(_browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """`make lab`'s server with empty user folders; yields the URL it would open and its token."""
    base = tmp_path_factory.mktemp("reader-lab")
    root = base / "repo"
    for folder in ("notebooks", "docs"):
        shutil.copytree(REPO / folder, root / folder)
    homes = {name: base / name.lower() for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR",
                                                    "JUPYTERLAB_WORKSPACES_DIR", "JUPYTERLAB_SETTINGS_DIR")}
    for folder in homes.values():
        folder.mkdir()
    env = {**os.environ, **{k: str(v) for k, v in homes.items()}}
    *before, lab = make_lab_commands()
    for args in before:    # trusting the notebooks
        subprocess.run([str(REPO / args[0]), *args[1:]], cwd=root, env=env, check=True, capture_output=True)
    token = "cardlab-reader-token"
    command = [sys.executable, "-m", "jupyterlab", *lab[2:], "--allow-root", "--no-browser",
               "--ip=127.0.0.1", "--port=0", f"--IdentityProvider.token={token}",
               "--LabApp.expose_app_in_browser=True"]
    log = base / "jupyter.log"
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=root, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        url = _wait_for_open_url(process, homes["JUPYTER_RUNTIME_DIR"], log)
        yield {"url": url, "token": token, "base": re.match(r"http://[^/]+", url).group(0), "root": root, "log": log}
    finally:
        process.terminate()  # jupyter lab shuts its kernels down and exits on SIGTERM
        process.wait(timeout=60)


def _wait_for_open_url(process: subprocess.Popen, runtime: Path, log: Path) -> str:
    """The URL the server asks the browser to open (its `file-to-run` page), once it is written."""
    deadline = time.monotonic() + SERVER_START_S
    while not (pages := list(runtime.glob("jpserver-file-to-run-*-open.html"))):
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"`make lab`'s server did not start:\n{log.read_text(errors='replace')[-3000:]}",
                        pytrace=False)
        time.sleep(0.25)
    found = re.search(r'url=(http[^"]+)"', pages[0].read_text())
    assert found, pages[0].read_text()
    return found.group(1).replace("&amp;", "&")


def _get(lab: dict[str, Any], path: str) -> Any:
    request = urllib.request.Request(lab["base"] + path, headers={"Authorization": f"token {lab['token']}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_make_lab_serves_the_repository_and_opens_the_start_page(reader_lab):
    assert reader_lab["url"].split("?")[0].endswith(f"/lab/tree/{START_PAGE}")
    listing = {item["name"] for item in _get(reader_lab, "/api/contents")["content"]}
    assert {"docs", "notebooks"} <= listing  # the notebooks' rule pages can be reached
    assert _get(reader_lab, f"/api/contents/{RULE_PAGE}?content=0")["type"] == "file"


def test_the_address_make_lab_prints_opens_the_start_page(reader_lab):
    """Issue 39: the address printed in the terminal (for a browser that did not open by itself)
    opened the Launcher."""
    deadline = time.monotonic() + SERVER_START_S
    while not (printed := re.findall(r"(http://127\.0\.0\.1:\d+/\S*)", reader_lab["log"].read_text())):
        assert time.monotonic() < deadline, reader_lab["log"].read_text()
        time.sleep(0.25)
    assert all(url.split("?")[0].endswith(f"/lab/tree/{START_PAGE}") for url in printed), printed


def test_first_visit_shows_the_start_page_without_news_and_rule_pages_render(reader_lab, chromium, tmp_path):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(reader_lab["url"])
        page.wait_for_function(
            "(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;"
            " return w && w.context && w.context.path === path && k && k.status === 'idle'; }",
            arg=START_PAGE, timeout=PAGE_MS, polling=250)
        assert page.locator(".jp-Launcher").count() == 0  # the start page, not the launcher
        settings = page.evaluate("(id) => window.jupyterapp.serviceManager.settings.fetch(id)"
                                 ".then(s => s.schema.properties)", NOTIFICATIONS)
        assert settings["fetchNews"]["default"] == "false"  # never asks about news ...
        assert settings["checkForUpdates"]["default"] is False  # ... nor looks for updates
        assert page.locator(".Toastify__toast").count() == 0
        page.screenshot(path=str(tmp_path / "start-page.png"))

        page.evaluate("(path) => window.jupyterapp.commands.execute('docmanager:open', {path})", INDEX_PAGE)
        shown = page.locator(".jp-MainAreaWidget:not(.lm-mod-hidden) .jp-RenderedMarkdown")
        shown.locator("a", has_text="Cleopatra").click()  # the index, rendered, links the rule pages
        page.wait_for_function("(path) => window.jupyterapp.shell.currentWidget.context.path === path",
                               arg=RULE_PAGE, timeout=PAGE_MS)
        heading = shown.locator("h1").first
        heading.wait_for(timeout=PAGE_MS)
        assert "Cleopatra" in heading.inner_text()  # a rendered page, not Markdown source in an editor
        page.screenshot(path=str(tmp_path / "rule-page.png"))
    finally:
        context.close()


OPENED = ("(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
          " return w && w.context && w.context.path === path && w.context.isReady; }")
SAVED = "(path) => !window.jupyterapp.shell.currentWidget.context.model.dirty"
# code cells with outputs that JupyterLab does not trust (it draws their SVG pictures as text)
UNTRUSTED = ("() => [...window.jupyterapp.shell.currentWidget.model.cells]"
             ".filter(c => c.type === 'code' && c.outputs.length > 0 && !c.trusted).length")


def test_notebooks_show_their_pictures_unrun_and_opening_and_saving_them_changes_no_file(reader_lab, chromium):
    """Issue 29, first open: untrusted, a notebook showed '<IPython.core.display.SVG object>' in
    place of its pictures; and JupyterLab's save rewrote four notebooks (their kernel's name)."""
    notebooks = sorted((REPO / "notebooks").rglob("*.ipynb"))      # the Japanese edition's too
    assert len(notebooks) >= 14
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(reader_lab["url"])
        page.wait_for_function(OPENED, arg=START_PAGE, timeout=PAGE_MS, polling=250)
        for notebook in notebooks:
            path = notebook.relative_to(REPO).as_posix()
            page.evaluate("(path) => window.jupyterapp.commands.execute('docmanager:open', {path}).then(() => true)", path)
            page.wait_for_function(OPENED, arg=path, timeout=PAGE_MS, polling=250)
            page.locator(".jp-MainAreaWidget:not(.lm-mod-hidden) .jp-OutputArea-output").first.wait_for(timeout=PAGE_MS)
            assert page.evaluate(UNTRUSTED) == 0, f"{path} has outputs JupyterLab does not trust"
            text = page.locator(".jp-MainAreaWidget:not(.lm-mod-hidden)").inner_text()
            assert "IPython.core.display.SVG object" not in text, f"{path} shows no pictures (not trusted)"
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save').then(() => true)")
            page.wait_for_function(SAVED, arg=path, timeout=PAGE_MS, polling=250)
            saved = (reader_lab["root"] / path).read_bytes()
            assert saved == notebook.read_bytes(), f"{path} was changed by JupyterLab's save"
            page.evaluate("() => window.jupyterapp.commands.execute('application:close').then(() => true)")
    finally:
        context.close()


def test_running_a_notebook_and_saving_it_changes_no_file(reader_lab, chromium):
    """Issue 39: autosave wrote each run's outputs into notebooks/*.ipynb, and the teacher's next
    `git pull` failed. `make lab`'s pre-save hook saves a kit notebook whose cells are unchanged as
    its file was (cardlab/notebook_files.py)."""
    from conftest import LabNotebook

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    path = "notebooks/02_trappola.ipynb"
    try:
        page.goto(reader_lab["url"].replace(START_PAGE, path))
        notebook = LabNotebook(page, path)
        notebook.run_all()
        page.locator(".cardlab-trappola .cardlab-table svg").first.wait_for(timeout=PAGE_MS)   # it ran
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save').then(() => true)")
        page.wait_for_function(SAVED, arg=path, timeout=PAGE_MS, polling=250)
        assert (reader_lab["root"] / path).read_bytes() == (REPO / path).read_bytes()
    finally:
        context.close()
