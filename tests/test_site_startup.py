"""The site's kernel starts short (issue 41): IPython gives ``embed`` without importing its terminal,
and the bytecode compiled at build time goes where Python looks for it, beside cardlab's sources
or in the place of the others'. (That Pyodide runs the built site is the browser test's.)"""

from __future__ import annotations

import importlib
import json
import sys
import zipfile

import pytest

from tools.site.startup import KERNEL_START, lazy_embed, start_imports, with_bytecode, without_unused
from tools.site.wheel import write_wheel


def test_ipython_s_embed_is_imported_only_when_asked_for(tmp_path, monkeypatch):
    package = tmp_path / "lazyipy"
    (package / "terminal").mkdir(parents=True)
    (package / "__init__.py").write_bytes(lazy_embed(b"import sys\nfrom .terminal.embed import embed\nx = 1\n"))
    (package / "terminal" / "__init__.py").write_text("")
    (package / "terminal" / "embed.py").write_text("def embed():\n    return 'shell'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("lazyipy")
    assert module.x == 1 and "lazyipy.terminal.embed" not in sys.modules
    assert module.embed() == "shell" and "lazyipy.terminal.embed" in sys.modules
    with pytest.raises(AttributeError, match="no attribute 'other'"):
        module.other  # noqa: B018


def test_an_ipython_without_the_import_of_embed_is_refused():
    with pytest.raises(ValueError, match="embed"):
        lazy_embed(b"from .core import release\n")


def _members(names: list[str]) -> list[tuple[zipfile.ZipInfo, bytes]]:
    return [(zipfile.ZipInfo(name), name.encode()) for name in names]


def test_bytecode_goes_beside_the_kept_sources_or_in_their_place():
    members = _members(["pkg/__init__.py", "pkg/mod.py", "pkg/data.json"])
    bytecode = {"pkg/mod.py": b"PYC", "other/x.py": b"ELSEWHERE"}
    kept, count = with_bytecode(members, bytecode, keep_sources=True)
    names = [info if isinstance(info, str) else info.filename for info, _ in kept]
    assert count == 1
    assert names == ["pkg/__init__.py", "pkg/mod.py", "pkg/__pycache__/mod.cpython-313.pyc", "pkg/data.json"]
    assert dict((n, d) for n, (_, d) in zip(names, kept))["pkg/__pycache__/mod.cpython-313.pyc"] == b"PYC"
    kept, count = with_bytecode(members, bytecode, keep_sources=False)
    names = [info if isinstance(info, str) else info.filename for info, _ in kept]
    assert count == 1 and names == ["pkg/__init__.py", "pkg/mod.pyc", "pkg/data.json"]


def test_a_wheel_loses_only_the_files_nothing_reads(tmp_path):
    wheel = write_wheel(tmp_path / "jedi-1-py3-none-any.whl", [
        ("jedi/__init__.py", b""), ("jedi/third_party/django-stubs/x.pyi", b""),
        ("jedi/third_party/typeshed/stdlib/os.pyi", b""), ("jedi-1.dist-info/METADATA", b"Name: jedi\n")])
    without_unused(wheel, ("jedi/third_party/django-stubs/",))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert names == ["jedi/__init__.py", "jedi/third_party/typeshed/stdlib/os.pyi",
                         "jedi-1.dist-info/METADATA", "jedi/third_party/django-stubs/", "jedi-1.dist-info/RECORD"]
        assert archive.getinfo("jedi/third_party/django-stubs/").is_dir()     # the folder stays, empty
        assert "django-stubs" not in archive.read("jedi-1.dist-info/RECORD").decode()


def test_a_wheel_keeps_the_used_files_of_an_unused_folder(tmp_path):
    wheel = write_wheel(tmp_path / "pygments-1-py3-none-any.whl", [
        ("pygments/lexers/__init__.py", b""), ("pygments/lexers/python.py", b""),
        ("pygments/lexers/rust.py", b""), ("pygments-1.dist-info/METADATA", b"Name: pygments\n")])
    without_unused(wheel, ("pygments/lexers/",), frozenset({"pygments/lexers/__init__.py", "pygments/lexers/python.py"}))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "pygments/lexers/rust.py" not in names
    assert {"pygments/lexers/__init__.py", "pygments/lexers/python.py"} <= set(names)


def test_the_start_compiles_what_the_kernel_and_the_pages_import(tmp_path):
    page = tmp_path / "classroom.ipynb"
    page.write_text(json.dumps({"cells": [
        {"cell_type": "markdown", "source": ["import nothing"]},
        {"cell_type": "code", "source": ["%matplotlib inline\n", "from cardlab.widgets import CleopatraTable\n",
                                         "def f():\n", "    import json\n", "table = CleopatraTable()\n"]},
        {"cell_type": "code", "source": ["from cardlab.widgets import CleopatraTable"]}]}))
    code = start_imports([page, page])
    assert code.splitlines() == [KERNEL_START.strip(), "from cardlab.widgets import CleopatraTable", "import json"]
