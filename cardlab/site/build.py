"""``make site``: the classroom as a static JupyterLite site that runs in any browser, offline.

The site is JupyterLite (``jupyterlite-core``) with its Pyodide kernel
(``jupyterlite-pyodide-kernel``): Python compiled to WebAssembly runs the notebooks in the
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
5. the notebooks (as :func:`cardlab.site.notebooks.for_site` makes them for the site) and the rule
   pages, then ``jupyter lite build``.

Downloads are kept in ``.cache/site/`` and reused. The site works from any static file server and
from a subfolder of a site: every address in it is relative.

    python -m cardlab.site build --out site
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "site"
PYODIDE = "314.0.7"
"""The Pyodide release on npm (its core only: the interpreter, the standard library and the lock)."""
STARTUP = ("micropip", "jedi", "ipython", "packaging")
"""What the kernel loads from the lock when it starts (with what they depend on)."""


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


def pyodide_core(cache: Path = CACHE) -> Path:
    """The npm package of Pyodide, unpacked in the cache (downloaded once)."""
    package = cache / f"pyodide-{PYODIDE}" / "package"
    if not (package / "pyodide-lock.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        _run(["npm", "pack", "--silent", f"pyodide@{PYODIDE}"], cwd=cache, stdout=subprocess.DEVNULL)
        with tarfile.open(cache / f"pyodide-{PYODIDE}.tgz") as archive:
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
              "--platform", "any", "--python-version", "3.14", "--implementation", "py", "-d", str(folder),
              f"{name}=={version}"])
        found = [p for p in folder.glob("*.whl") if _norm(p.name.split("-")[0]) == _norm(stem)
                 and p.name.split("-")[1] == version]
    return found[0]


def site_wheel(out: Path) -> Path:
    """cardlab's wheel for the site: built from this checkout, its requirements dropped (the
    lock says what it needs), its RECORD kept true."""
    with tempfile.TemporaryDirectory() as tmp:
        _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp,
              str(ROOT)], stdout=subprocess.DEVNULL)
        built = next(Path(tmp).glob("cardlab-*.whl"))
        target = out / built.name
        with zipfile.ZipFile(built) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
            record_name = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
            lines = []
            for info in source.infolist():
                if info.filename == record_name:
                    continue
                data = source.read(info)
                if info.filename.endswith(".dist-info/METADATA"):
                    data = b"".join(line for line in data.splitlines(keepends=True)
                                    if not line.startswith(b"Requires-Dist:"))
                wheel.writestr(info, data)
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                lines.append(f"{info.filename},sha256={digest},{len(data)}")
            wheel.writestr(record_name, "\n".join([*lines, f"{record_name},,"]) + "\n")
    return target


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _entry(name: str, version: str, wheel: Path, imports: Iterable[str], depends: Iterable[str]) -> dict:
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": _sha256(wheel), "package_type": "package", "imports": list(imports),
            "depends": [_norm(d) for d in depends], "unvendored_tests": False, "shared_library": False}


def pyodide_folder(static: Path, cache: Path = CACHE, step: Callable[[str], None] = print) -> None:
    """``static/pyodide/``: the core, every wheel the site's kernel loads, and the lock of exactly
    those wheels."""
    core = pyodide_core(cache)
    static.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "pyodide.js", "python_stdlib.zip",
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
        if key in added:
            extra = added[key]
            wheel = pure_wheel(extra.name, extra.version, cache)
            packages[key] = _entry(extra.name, extra.version, wheel, extra.imports, extra.depends)
        else:
            entry = dict(known[key])
            wheel = pure_wheel(entry["name"], entry["version"], cache)
            packages[key] = {**entry, "file_name": wheel.name, "sha256": _sha256(wheel)}
        shutil.copy2(wheel, static / wheel.name)
        for dependency in packages[key]["depends"]:
            take(dependency)

    for name in (*STARTUP, *CARDLAB_NEEDS):
        take(name)
    step(f"  {len(packages)} wheels from PyPI, as Pyodide's lock lists them or beside it")
    ours = site_wheel(static)
    packages["cardlab"] = _entry("cardlab", ours.name.split("-")[1], ours, ["cardlab"], CARDLAB_NEEDS)
    (static / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": packages}))


def files_folder(files: Path) -> None:
    """The site's files: the notebooks (made for the site) and the rule pages with their pictures."""
    try:
        from cardlab.site.notebooks import for_site
    except ImportError:                                   # pragma: no cover - before that module
        def for_site(notebook: dict, lang: str) -> dict:
            return notebook
    for source in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in source.parts:
            continue
        target = files / source.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        lang = "ja" if "ja" in source.relative_to(ROOT / "notebooks").parts else "en"
        notebook = for_site(json.loads(source.read_text(encoding="utf-8")), lang)
        target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    shutil.copytree(ROOT / "docs", files / "docs", dirs_exist_ok=True)
    shutil.copy2(ROOT / "README.md", files / "README.md")


def lite_settings(lite: Path) -> None:
    """``jupyter-lite.json``: no package from PyPI at run time, cardlab loaded as the kernel starts."""
    kernel = {"loadPyodideOptions": {"packages": ["cardlab", "ipywidgets", "anywidget"]}}
    settings = {"jupyter-lite-schema-version": 0,
                "jupyter-config-data": {"appName": "cardlab", "disablePyPIFallback": True,
                                        "exposeAppInBrowser": True,
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
        step("jupyter lite build")
        if out.exists():
            shutil.rmtree(out)
        _run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite), "--output-dir", str(out),
              "--contents", str(lite / "files")], cwd=tmp, stdout=subprocess.DEVNULL)
    if not (out / "index.html").exists():
        raise RuntimeError(f"jupyter lite build wrote no site in {out}")
    for source_map in out.rglob("*.map"):     # the front end's source maps: half the size, for debugging only
        source_map.unlink()
    step(f"site built: {out} ({size_of(out) / 1e6:.1f} MB)")
    return out


def size_of(folder: Path) -> int:
    """The bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in Path(folder).rglob("*") if p.is_file())
