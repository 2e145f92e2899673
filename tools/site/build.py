"""``make site``: the classroom as a static JupyterLite site that runs in any browser, offline.

The site is JupyterLite (``jupyterlite-core``) with its Pyodide kernel
(``jupyterlite-pyodide-kernel``) and Voici (``voici-core``), which shows each notebook as a page
of its outputs only, as Voilà does: Python compiled to WebAssembly runs the notebooks in the
reader's browser, and cardlab's kernels take their plain-Python path there
(:mod:`cardlab.kernels.jit`). Everything comes from the registries (PyPI and npm) and is served
from the site itself, never from a CDN:

1. the Pyodide core from npm (``pyodide``), into ``static/pyodide/``;
2. the pure wheels the kernel loads when it starts (micropip, IPython and what it needs, in the
   versions of Pyodide's lock) and those of cardlab's tables (ipywidgets, anywidget, psygnal,
   comm, jsonschema 4.17.3 with pure pyrsistent, the last version that needs no compiled
   extension), from PyPI, beside it;
3. cardlab's own wheel, whose metadata for the site asks for none of numpy, numba, pandas or
   matplotlib (no WebAssembly wheel of them is to be had from the registries);
4. Pyodide's lock rewritten to list exactly these wheels, with their own sha256, and the kernel
   told to load cardlab when it starts, so a notebook's first cell imports it as in the lab;
   then the kernel's start made short (:mod:`tools.site.startup`: IPython without its terminal,
   the modules it imports compiled by Pyodide in Node);
5. the notebooks (as :func:`tools.site.notebooks.for_site` makes them for the site) and the rule
   pages, then ``voici build`` of JupyterLab, the Notebook app, its console (the REPL) and the
   Voici pages;
6. the icons' font (Font Awesome, from npm), which Voici's pages would load from a CDN, and the
   front page (:mod:`tools.site.front`);
7. every page's frame in its language, with a progress indicator (:mod:`tools.site.frame`);
   the files no page needs dropped (:func:`unused_files`); and last, over JupyterLite's service
   worker, the site's own, which keeps the whole site for offline use (:mod:`tools.site.offline`).

Downloads are kept in ``.cache/site/`` and reused. The site works from any static file server and
from a subfolder of a site: every address in it is relative.

    python -m tools.site build --out site

The versions are those that work together (``pyproject.toml``'s extra ``site``): Voici's page
bundles JupyterLite 0.7's front end, which takes the Pyodide kernel 0.7.0, which expects Pyodide
0.29.0 (Python 3.13).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from pathlib import Path

from .frame import frame_pages
from .front import front_page
from .notebooks import for_site, lighter_png
from .offline import service_worker
from .startup import quick_start
from .wheel import write_wheel

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "site"
PYODIDE = "0.29.0"
"""The Pyodide release on npm (its core only: the interpreter, the standard library and the lock)."""
PYODIDE_PYTHON = "3.13"
"""Its Python, for which the pure wheels are fetched."""
NOT_TO_BE_HAD = ("matplotlib",)
"""What Pyodide's lock says a package depends on but no registry has for the browser: left out
(matplotlib-inline, which IPython loads, imports it only when a plot is shown)."""
TERMINAL_ONLY = ("prompt-toolkit", "wcwidth")
"""What IPython depends on only for its terminal (``IPython.terminal``), which the kernel never
imports once ``IPython.embed`` comes lazily (:func:`tools.site.startup.lazy_embed`): left out."""
STUBS = ("sqlite3",)
"""Modules of Python's own that Pyodide builds apart and npm does not carry, which the kernel
loads when it starts: empty wheels stand in for them (IPython keeps no history without
sqlite3)."""
FONT_AWESOME = "5.15.4"
"""The icons' font on npm (``@fortawesome/fontawesome-free``), in the major version that Voici's
pages link."""
APPS = ("lab", "notebooks", "repl", "voici")
"""The site's apps: JupyterLab, the Notebook app, the console and Voici's pages."""
STARTUP = ("micropip", "jedi", "ipython", "packaging", "comm", "sqlite3")
"""What the kernel loads from the lock when it starts (with what they depend on)."""
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel")
"""The Pyodide kernel's own wheels, in its front end's package index (``static/pypi/``), which its
start-up would install one after the other with micropip: put in the lock beside the rest, they
load with it, all at once."""
KERNEL_LOADS = ("cardlab", "ipywidgets", "anywidget", "micropip", *KERNEL_WHEELS, "sqlite3", "comm", "jedi", "ipython")
"""What the kernel loads as Pyodide starts (``loadPyodideOptions.packages``): cardlab's tables and
everything the kernel's start-up would otherwise install one by one, which it then skips."""


@dataclass(frozen=True)
class Extra:
    """A wheel the site adds to Pyodide's lock: its version, what it imports, what it needs."""

    name: str
    version: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]


def extras() -> tuple[Extra, ...]:
    """The wheels of cardlab's tables, beyond Pyodide's lock: the widget libraries in the versions
    of this environment (their front ends, built into the site, must match them)."""
    def installed(name: str) -> str:
        return metadata.version(name)

    return (Extra("comm", installed("comm"), ("comm",), ("traitlets",)),
            Extra("ipywidgets", installed("ipywidgets"), ("ipywidgets",), ("comm", "ipython", "traitlets")),
            Extra("psygnal", installed("psygnal"), ("psygnal",), ("typing-extensions",)),
            Extra("anywidget", installed("anywidget"), ("anywidget",), ("ipywidgets", "psygnal", "typing-extensions")),
            Extra("pyrsistent", "0.20.0", ("pyrsistent",), ()),
            Extra("jsonschema", "4.17.3", ("jsonschema",), ("attrs", "pyrsistent")))


CARDLAB_NEEDS = ("ipywidgets", "anywidget", "jsonschema")
"""What cardlab's wheel needs in the site."""


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _run(args: list[str], **options: object) -> None:
    subprocess.run(args, check=True, **options)  # type: ignore[call-overload]


def _run_quietly(args: list[str], cwd: Path) -> None:
    """Run ``args``, showing what they printed only if they fail."""
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args[:4])} … failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")


def npm_package(name: str, version: str, cache: Path = CACHE) -> Path:
    """The npm package ``name@version``, unpacked in the cache (downloaded once)."""
    package = cache / f"{name.strip('@').replace('/', '-')}-{version}" / "package"
    if not (package / "package.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            _run(["npm", "pack", "--silent", f"{name}@{version}"], cwd=tmp, stdout=subprocess.DEVNULL)
            with tarfile.open(next(Path(tmp).glob("*.tgz"))) as archive:
                archive.extractall(package.parent, filter="data")
    return package


def pure_wheel(name: str, version: str, cache: Path = CACHE) -> Path:
    """The pure (``none-any``) wheel of ``name==version`` from PyPI, in the cache."""
    folder = cache / "wheels"
    stem = _norm(name).replace("-", "_")
    found = [p for p in folder.glob("*.whl") if _norm(p.name.split("-")[0]) == _norm(name)
             and p.name.split("-")[1] == version] if folder.exists() else []
    if not found:
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--platform", "any", "--python-version", PYODIDE_PYTHON, "--implementation", "py", "-d", str(folder),
              f"{name}=={version}"])
        found = [p for p in folder.glob("*.whl") if _norm(p.name.split("-")[0]) == _norm(stem)
                 and p.name.split("-")[1] == version]
    return found[0]


def site_wheel(out: Path) -> Path:
    """cardlab's wheel for the site: built from this checkout, its requirements dropped (the
    lock says what it needs), its RECORD kept true."""
    def without_requirements(source: zipfile.ZipFile) -> Iterator[tuple[zipfile.ZipInfo, bytes]]:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/METADATA"):
                data = b"".join(line for line in data.splitlines(keepends=True)
                                if not line.startswith(b"Requires-Dist:"))
            if not info.filename.endswith(".dist-info/RECORD"):
                yield info, data

    with tempfile.TemporaryDirectory() as tmp:
        _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp,
              str(ROOT)], stdout=subprocess.DEVNULL)
        built = next(Path(tmp).glob("cardlab-*.whl"))
        with zipfile.ZipFile(built) as source:
            return write_wheel(out / built.name, without_requirements(source))


def stub_wheel(name: str, out: Path) -> Path:
    """An empty wheel of ``name`` 1.0.0 (:data:`STUBS`)."""
    info = f"{name}-1.0.0.dist-info"
    return write_wheel(out / f"{name}-1.0.0-py3-none-any.whl", [
        (f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n".encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: cardlab\nRoot-Is-Purelib: true\nTag: py3-none-any\n")])


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _entry(name: str, version: str, wheel: Path, imports: Iterable[str], depends: Iterable[str]) -> dict:
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": _sha256(wheel), "package_type": "package", "imports": list(imports),
            "depends": [_norm(d) for d in depends], "unvendored_tests": False, "shared_library": False}


def pyodide_folder(static: Path, cache: Path = CACHE, step: Callable[[str], None] = print) -> None:
    """``static/pyodide/``: the core, every wheel the site's kernel loads, and the lock of exactly
    those wheels."""
    core = npm_package("pyodide", PYODIDE, cache)
    static.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.asm.js", "pyodide.asm.wasm", "pyodide.mjs", "pyodide.js", "python_stdlib.zip",
                 "package.json"):
        shutil.copy2(core / name, static / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    known = {_norm(k): v for k, v in lock["packages"].items()}
    added = {_norm(e.name): e for e in extras()}
    packages: dict[str, dict] = {}

    def take(name: str) -> None:
        key = _norm(name)
        if key in packages:
            return
        if key in STUBS:
            wheel = stub_wheel(key, static)
            packages[key] = _entry(key, "1.0.0", wheel, [], [])
            return
        if key in added:
            extra = added[key]
            wheel = pure_wheel(extra.name, extra.version, cache)
            packages[key] = _entry(extra.name, extra.version, wheel, extra.imports, extra.depends)
        else:
            entry = dict(known[key])
            wheel = pure_wheel(entry["name"], entry["version"], cache)
            packages[key] = {**entry, "file_name": wheel.name, "sha256": _sha256(wheel),
                             "depends": [d for d in entry["depends"] if _norm(d) not in (*NOT_TO_BE_HAD, *TERMINAL_ONLY)]}
        shutil.copy2(wheel, static / wheel.name)
        for dependency in packages[key]["depends"]:
            take(dependency)

    for name in (*STARTUP, *CARDLAB_NEEDS):
        take(name)
    step(f"  {len(packages)} wheels from PyPI (as Pyodide's lock lists them or beside it) and stubs")
    index = Path(sysconfig.get_path("data")) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    for name in KERNEL_WHEELS:
        wheel = next(index.glob(f"{name}-*-py3-none-any.whl"))
        shutil.copy2(wheel, static / wheel.name)
        packages[_norm(name)] = _entry(name, wheel.name.split("-")[1], wheel, [name], [])
    ours = site_wheel(static)
    packages["cardlab"] = _entry("cardlab", ours.name.split("-")[1], ours, ["cardlab"], CARDLAB_NEEDS)
    (static / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": packages}))
    classrooms = sorted((ROOT / "notebooks").rglob("classroom.ipynb"))
    step(f"  the kernel's start made short: {quick_start(static, KERNEL_LOADS, classrooms)} modules compiled by Pyodide in Node")


def files_folder(files: Path) -> None:
    """The site's files: the notebooks (made for the site) and the rule pages with their pictures
    (in 256 colours: :func:`lighter_png`)."""
    for source in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in source.parts:
            continue
        target = files / source.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        lang = "ja" if "ja" in source.relative_to(ROOT / "notebooks").parts else "en"
        notebook = for_site(json.loads(source.read_text(encoding="utf-8")), lang)
        target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.copytree(ROOT / "docs", files / "docs", dirs_exist_ok=True)
    for picture in (files / "docs").rglob("*.png"):
        picture.write_bytes(lighter_png(picture.read_bytes()))
    shutil.copy2(ROOT / "README.md", files / "README.md")


def lite_settings(lite: Path) -> None:
    """``jupyter-lite.json``: no package from PyPI at run time, cardlab and the kernel's own
    packages loaded at once as Pyodide starts (:data:`KERNEL_LOADS`)."""
    kernel = {"loadPyodideOptions": {"packages": list(KERNEL_LOADS)}}
    settings = {"jupyter-lite-schema-version": 0,
                "jupyter-config-data": {"appName": "cardlab", "disablePyPIFallback": True,
                                        "exposeAppInBrowser": True, "enableServiceWorkerCache": True,
                                        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(settings, indent=1))
    overrides = ROOT / "jupyter" / "lab" / "settings" / "overrides.json"
    if overrides.exists():
        shutil.copy2(overrides, lite / "overrides.json")


def build(out: Path, cache: Path = CACHE, step: Callable[[str], None] = print) -> Path:
    """Build the site into ``out`` (replaced); returns it."""
    out = Path(out).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        lite = Path(tmp) / "lite"
        step(f"Pyodide {PYODIDE} and the wheels (cached in {cache})")
        pyodide_folder(lite / "static" / "pyodide", cache, step)
        step("the notebooks and the rule pages")
        files_folder(lite / "files")
        lite_settings(lite)
        step("voici build: " + ", ".join(APPS))
        if out.exists():
            shutil.rmtree(out)
        apps = [arg for app in APPS for arg in ("--apps", app)]
        _run_quietly([sys.executable, "-m", "voici_core.app", "build", "--lite-dir", str(lite),
                      "--output-dir", str(out), "--contents", str(lite / "files"), *apps], cwd=Path(tmp))
    if not (out / "voici" / "render").is_dir():
        raise RuntimeError(f"voici build wrote no site in {out}")
    voici_pages(out, local_icons(out, cache))
    frame_pages(out)
    (out / "index.html").write_text(front_page(out / "files"), encoding="utf-8")
    for unused in unused_files(out):
        unused.unlink()
    kept = service_worker(out)
    step(f"the service worker keeps {len(kept)} files for offline use")
    step(f"site built: {out} ({size_of(out) / 1e6:.1f} MB)")
    return out


FONT_AWESOME_CDN = (
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/",
    "https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css")
"""Where Voici's pages link the icons' font: Font Awesome 5 (the notebooks' pages, for the widgets'
icons) and 4.5 (the list of pages)."""


def local_icons(out: Path, cache: Path = CACHE) -> Path:
    """The icons' font served from the site: npm's ``@fortawesome/fontawesome-free`` (its CSS and
    the woff2 fonts, which browsers load) in ``voici/fontawesome/``; returns its CSS folder."""
    package = npm_package("@fortawesome/fontawesome-free", FONT_AWESOME, cache)
    icons = out / "voici" / "fontawesome"
    shutil.copytree(package / "css", icons / "css", dirs_exist_ok=True)
    shutil.copytree(package / "webfonts", icons / "webfonts", dirs_exist_ok=True,
                    ignore=lambda _folder, names: [n for n in names if not n.endswith(".woff2")])
    return icons / "css"


_PAGE_LINK = re.compile(r'href="(?![a-z]+:|/|#)([^"#?]+\.md)(#[^"]*)?"')


def voici_pages(out: Path, icons: Path) -> None:
    """Voici's pages mended in one pass: they link the icons' font in ``icons`` (the CSS folder of
    :func:`local_icons`), not on a CDN (the list of pages gets version 5 with its shims for the
    names of version 4); and the notebooks' links to the site's Markdown pages (the rule pages,
    the README), which point beside the rendered page where no such file is, open those pages in
    JupyterLab. (Voici itself points the links to notebooks at their pages.)"""
    render, lab = out / "voici" / "render", out / "lab" / "index.html"
    version_5, version_4 = FONT_AWESOME_CDN
    for page in (out / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        css = Path(os.path.relpath(icons, page.parent)).as_posix() + "/"
        mended = text.replace(version_5, css).replace(
            f'href="{version_4}"', f'href="{css}all.min.css"><link rel="stylesheet" href="{css}v4-shims.min.css"')
        if page.is_relative_to(render):
            mended = _PAGE_LINK.sub(partial(_in_lab, page.parent, render, lab), mended)
        if mended != text:
            page.write_text(mended, encoding="utf-8")


def _in_lab(folder: Path, render: Path, lab: Path, link: re.Match) -> str:
    """The link ``link`` of a page in ``folder`` (under ``render``) to a file, as the address of
    ``lab`` that opens that file."""
    target = Path(os.path.normpath(folder / link.group(1)))
    return f'href="{Path(os.path.relpath(lab, folder)).as_posix()}?path={target.relative_to(render).as_posix()}"'


OLD_FONT_FORMATS = (".eot", ".ttf", ".woff", ".svg")
"""The formats of a font that browsers of today never load where its ``.woff2`` is beside it."""


def unused_files(out: Path) -> list[Path]:
    """The files of the built site no page needs: the front end's source maps (half the site's
    size, for debugging only) and the old formats of every font that has a ``.woff2``."""
    return [p for p in out.rglob("*") if p.is_file() and (
        p.suffix == ".map" or (p.suffix in OLD_FONT_FORMATS and p.with_suffix(".woff2").is_file()))]


def size_of(folder: Path) -> int:
    """The bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in Path(folder).rglob("*") if p.is_file())
