"""The Pyodide kernel's start made short (:func:`quick_start`): the modules it imports come
compiled, and IPython leaves its terminal out.

When the site's kernel starts, Pyodide imports the kernel (``pyodide_kernel``, which imports
IPython), then the page's first cell imports cardlab. Two things made that most of the wait:

- **IPython's terminal**: ``import IPython`` imports ``IPython.terminal.embed`` for the name
  ``IPython.embed``, and with it prompt_toolkit and the terminal's shell, which a kernel never
  uses: about two thirds of the kernel's imports. The site's IPython wheel gets that name
  lazily (:func:`lazy_embed`), as IPython gets its other entry points.
- **Unpacking**: Pyodide unpacks every wheel file by file as it starts; jedi's carries stubs of
  Django and of typeshed's third-party libraries, none of which the site has: over a third of the
  files of the start, left out (:data:`UNUSED`), and pygments' lexers of other languages than
  Python, 1 MB that every phone fetched.
- **Compiling**: the wheels from PyPI and Pyodide's standard library hold Python sources, which
  every visit compiled to bytecode again in the browser, where compiling is slow. The modules that
  the kernel's start and the classrooms import (:func:`start_imports`) are compiled at build
  time by Pyodide itself, in Node
  (``startup.mjs``), which is the very interpreter that runs them in the browser. cardlab's
  bytecode goes beside its sources (``__pycache__``, checked hash-based pycs, which Python takes
  only while they match their source), for tracebacks and reading; the other modules' bytecode
  takes their source's place in their wheel or the standard library's zip (:data:`KEEP_SOURCES`).
  Only what is imported at the start is compiled, without column positions (tracebacks keep
  their lines), the standard library's without docstrings and asserts (as under ``-OO``, which
  its tests pass): bytecode weighs more than its source, and the rest would weigh on every phone
  for nothing.
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from .wheel import write_wheel

SITE_PACKAGES = PurePosixPath("lib/python3.13/site-packages")
"""Where Pyodide installs the wheels (relative to its root), as ``startup.mjs`` writes them."""
STDLIB = PurePosixPath("lib/python313.zip")
"""Where Pyodide's standard library (``python_stdlib.zip``) is, likewise."""
KERNEL_START = "import pyodide_kernel\n"
"""What the kernel's start imports (IPython with it)."""


def start_imports(pages: Iterable[Path]) -> str:
    """The kernel's start and the import statements of the code cells of ``pages`` (notebooks:
    the classrooms), as one piece of code: what a phone imports before its first table. The rest
    of cardlab (the Lab's notebooks' modules) stays uncompiled, for lighter wheels."""
    statements = [KERNEL_START]
    for page in pages:
        for cell in json.loads(page.read_text())["cells"]:
            if cell["cell_type"] == "code":
                lines = "".join(cell["source"]).splitlines()
                tree = ast.parse("\n".join(line for line in lines if not line.lstrip().startswith(("%", "!"))))
                statements += [ast.unparse(node) + "\n" for node in ast.walk(tree)
                               if isinstance(node, (ast.Import, ast.ImportFrom))]
    return "".join(dict.fromkeys(statements))


UNUSED = {"jedi": ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/"),
          "pygments": ("pygments/lexers/",)}
"""Folders of the start's wheels whose files nothing in the site reads (left there, emptied but
for :data:`USED`)."""
USED = frozenset(f"pygments/lexers/{name}.py" for name in ("__init__", "_mapping", "python", "special"))
"""What stays of those folders: pygments' lexers of Python and plain text, which IPython colours
tracebacks and sources with (JupyterLab colours code itself). Other languages' lexers, 1 MB that
every phone fetched, are left out: ``IPython.display.Code`` in another language would not find its."""

_EMBED = b"from .terminal.embed import embed\n"
_LAZY_EMBED = b'''def __getattr__(name):
    """``IPython.embed``, imported when asked for: the terminal (prompt_toolkit) is no kernel's."""
    if name == "embed":
        from .terminal.embed import embed
        return embed
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")
'''


def lazy_embed(source: bytes) -> bytes:
    """IPython's ``__init__.py`` with ``embed`` imported when first asked for, not at import."""
    if source.count(_EMBED) != 1:
        raise ValueError("IPython/__init__.py: not the IPython the site takes (no single import of embed)")
    return source.replace(_EMBED, _LAZY_EMBED)


def _members(wheel: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(wheel) as source:
        return [(info, source.read(info)) for info in source.infolist()
                if not info.filename.endswith(".dist-info/RECORD")]


def patch_ipython(wheel: Path) -> None:
    """The IPython wheel at ``wheel`` rewritten with :func:`lazy_embed`."""
    write_wheel(wheel, [(info, lazy_embed(data) if info.filename == "IPython/__init__.py" else data)
                     for info, data in _members(wheel)])


def without_unused(wheel: Path, prefixes: tuple[str, ...], used: frozenset[str] = frozenset()) -> None:
    """The wheel at ``wheel`` rewritten without the files whose names start with ``prefixes`` but
    for those in ``used``, each of those folders left there (jedi lists its stubs' folders)."""
    kept = [(info, data) for info, data in _members(wheel)
            if info.filename in used or not info.filename.startswith(prefixes)]
    write_wheel(wheel, [*kept, *((zipfile.ZipInfo(folder), b"") for folder in prefixes)])


def compiled_startup(static: Path, packages: Iterable[str], code: str) -> Path:
    """Run Pyodide (from ``static``, with its lock and wheels) in Node: load ``packages``, run
    ``code`` (:func:`start_imports`), and write the bytecode of each module it imported from a
    wheel or the standard library into a new folder (returned), at the module's path in Pyodide
    with ``.pyc`` for ``.py``."""
    out = Path(tempfile.mkdtemp(prefix="cardlab-pyc-"))
    script = Path(__file__).with_name("startup.mjs")
    done = subprocess.run(["node", str(script), str(static.resolve()), str(out), json.dumps(list(packages)), code],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"compiling the kernel's start in Pyodide failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    return out


CACHE_TAG = "cpython-313"
"""Pyodide's Python's tag in the names of its bytecode files (``sys.implementation.cache_tag``)."""
KEEP_SOURCES = ("cardlab",)
"""The wheels whose compiled modules keep their source beside the bytecode (``__pycache__``), for
the tracebacks and the reading of the kit's own code; elsewhere the bytecode takes the source's
place (the standard library's, IPython's), which would otherwise weigh on every phone twice."""


def _in_pycache(source: str) -> str:
    """``a/b.py`` -> ``a/__pycache__/b.cpython-313.pyc``."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{CACHE_TAG}.pyc".lstrip("/")


def with_bytecode(members: Iterable[tuple[zipfile.ZipInfo, bytes]], bytecode: dict[str, bytes],
                  keep_sources: bool) -> tuple[list[tuple[zipfile.ZipInfo | str, bytes]], int]:
    """An archive's ``members`` with the ``bytecode`` of some (by member name): beside the source
    in ``__pycache__`` if ``keep_sources``, else in the source's place (``module.pyc``, where
    Python's sourceless loader and ``zipimport`` look); and how many modules got their bytecode."""
    kept: list[tuple[zipfile.ZipInfo | str, bytes]] = []
    count = 0
    for info, data in members:
        pyc = bytecode.get(info.filename)
        if pyc is None:
            kept.append((info, data))
            continue
        count += 1
        kept += [(info, data), (_in_pycache(info.filename), pyc)] if keep_sources else [(info.filename[:-3] + ".pyc", pyc)]
    return kept, count


def add_bytecode(static: Path, compiled: Path) -> int:
    """Put the bytecode under ``compiled`` (:func:`compiled_startup`) into the standard library's
    zip and the wheels of ``static`` (:func:`with_bytecode`); returns how many modules."""
    def bytecode_under(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix()[:-1]: p.read_bytes() for p in root.rglob("*.pyc")} if root.is_dir() else {}

    stdlib = static / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as source:
        members = [(info, source.read(info)) for info in source.infolist()]
    kept, added = with_bytecode(members, bytecode_under(compiled / STDLIB), keep_sources=False)
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in kept:
            archive.writestr(info, data)
    installed = bytecode_under(compiled / SITE_PACKAGES)
    for wheel in sorted(static.glob("*.whl")):
        keep = any(wheel.name.startswith(f"{name}-") for name in KEEP_SOURCES)
        kept, count = with_bytecode(_members(wheel), installed, keep)
        if count:
            write_wheel(wheel, kept)
            added += count
    return added


def quick_start(static: Path, packages: Iterable[str], pages: Iterable[Path]) -> int:
    """Make the kernel's start in ``static/`` (Pyodide's folder of the site, its lock written)
    short: IPython without its terminal at import, no file that nothing reads, the modules that
    the start and ``pages`` (the classrooms) import compiled; the lock's digests follow the wheels. Returns how many modules come compiled."""
    lock_path = static / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    patch_ipython(static / lock["packages"]["ipython"]["file_name"])
    for name, prefixes in UNUSED.items():
        without_unused(static / lock["packages"][name]["file_name"], prefixes, USED)
    _update_digests(lock, static)
    lock_path.write_text(json.dumps(lock))
    compiled = compiled_startup(static, packages, start_imports(pages))
    try:
        added = add_bytecode(static, compiled)
    finally:
        shutil.rmtree(compiled)
    _update_digests(lock, static)
    lock_path.write_text(json.dumps(lock))
    return added


def _update_digests(lock: dict, static: Path) -> None:
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((static / entry["file_name"]).read_bytes()).hexdigest()
