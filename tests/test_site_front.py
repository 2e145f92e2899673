"""The static site's front page and the wheels the build writes itself (issue 27): every notebook
of both languages is listed under its own title and linked as a Voici page and in JupyterLab;
a wheel's RECORD is true to its files."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sysconfig
import zipfile
from pathlib import Path

from tools.site.build import KERNEL_LOADS, stub_wheel, unused_files
from tools.site.front import front_page, title_of
from tools.site.offline import service_worker
from tools.site.wheel import write_wheel

ROOT = Path(__file__).resolve().parents[1]


def test_the_front_page_lists_every_notebook_of_both_languages_with_its_title():
    page = front_page(ROOT)
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        path = notebook.relative_to(ROOT).as_posix()
        assert f'href="voici/render/{path[:-len(".ipynb")]}.html"' in page, path
        if notebook.stem != "classroom":
            assert f'href="lab/index.html?path={path}"' in page, path
            assert title_of(notebook) in page, path
    assert title_of(ROOT / "notebooks" / "01_cleopatra.ipynb") == "Cleopatra (クレオパトラ)"
    sections = re.findall(r'<section lang="(\w+)">', page)
    assert sections == ["en", "ja"]


def test_the_front_page_carries_what_jupyterlite_s_apps_read_from_it():
    """JupyterLite's apps read the site's root and settings from its front page's config element."""
    config = re.search(r'<script id="jupyter-config-data" type="application/json" '
                       r'data-jupyter-lite-root="\.">(.*?)</script>', front_page(ROOT))
    assert config and json.loads(config.group(1)) == {}


def test_a_rule_page_of_each_game_is_linked_in_each_language_and_exists():
    page = front_page(ROOT)
    for path in re.findall(r'href="lab/index.html\?path=(docs/[^"]+)"', page):
        assert (ROOT / path).is_file(), path
    assert page.count("?path=docs/") == 6


def test_a_written_wheel_records_every_file_with_its_digest(tmp_path):
    wheel = write_wheel(tmp_path / "demo-1.0-py3-none-any.whl", [
        ("demo/__init__.py", b"x = 1\n"), ("demo-1.0.dist-info/METADATA", b"Name: demo\n")])
    with zipfile.ZipFile(wheel) as archive:
        record = archive.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        for line in record[:-1]:
            name, digest, size = line.split(",")
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data)
    assert record[-1] == "demo-1.0.dist-info/RECORD,,"
    with zipfile.ZipFile(stub_wheel("sqlite3", tmp_path)) as stub:
        assert sorted(stub.namelist()) == ["sqlite3-1.0.0.dist-info/METADATA", "sqlite3-1.0.0.dist-info/RECORD",
                                           "sqlite3-1.0.0.dist-info/WHEEL"]


def test_the_service_worker_keeps_every_file_a_page_asks_for_and_changes_with_the_site(tmp_path):
    """The worker is written over every copy of JupyterLite's, lists every file but the source
    maps (the front page and classrooms first) and carries a version that changes with any file
    (issue 41)."""
    for name, text in (("index.html", "front"), ("service-worker.js", "lite"), ("build/service-worker.js", "lite"),
                       ("build/app.js", "js"), ("build/app.js.map", "{}"),
                       ("build/fa-solid-900.woff2", "font"), ("files/docs/pictures/deal.svg", "<svg/>"),
                       ("voici/render/notebooks/ja/classroom.html", "ja"), ("static/pyodide/pyodide.asm.wasm", "w")):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    kept = service_worker(tmp_path)
    assert kept[:2] == ["index.html", "voici/render/notebooks/ja/classroom.html"]
    assert sorted(kept) == sorted(["index.html", "voici/render/notebooks/ja/classroom.html", "build/app.js",
                                   "build/fa-solid-900.woff2", "files/docs/pictures/deal.svg",
                                   "static/pyodide/pyodide.asm.wasm"])
    worker = (tmp_path / "service-worker.js").read_text()
    assert worker == (tmp_path / "build" / "service-worker.js").read_text()
    assert f"const PRECACHE = {json.dumps(kept)};" in worker and "/api/drive" in worker
    (tmp_path / "build" / "app.js").write_text("js, changed")
    service_worker(tmp_path)
    version = re.compile(r'const VERSION = "(\w+)";')
    assert version.search(worker).group(1) != version.search((tmp_path / "service-worker.js").read_text()).group(1)
    assert "enableCache=true" in front_page(ROOT)


def test_the_build_drops_source_maps_and_the_old_formats_of_fonts_that_have_a_woff2(tmp_path):
    names = ("build/app.js", "build/app.js.map", "build/fa-solid-900.woff2", "build/fa-solid-900.svg",
             "build/fa-solid-900.eot", "build/MathJax_Main-Regular.woff", "files/docs/pictures/deal.svg")
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in unused_files(tmp_path)) == \
        ["build/app.js.map", "build/fa-solid-900.eot", "build/fa-solid-900.svg"]


def test_the_kernel_loads_at_once_everything_its_start_up_would_install_one_by_one():
    """The Pyodide kernel's start-up installs with micropip, one after the other, each of a list of
    packages not already loaded as Pyodide starts: the site loads them all as it starts (issue 41)."""
    static = (Path(sysconfig.get_path("data")) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
              / "static")
    lists = {found for script in static.glob("*.js")
             for found in re.findall(r'\["sqlite3"(?:,"\w+")*\]', script.read_text(encoding="utf-8"))}
    assert lists, "the kernel's start-up list was not found"
    for found in lists:
        assert set(json.loads(found)) <= set(KERNEL_LOADS), found
    assert {"micropip", "piplite"} <= set(KERNEL_LOADS)
