"""The notebooks as the static site serves them (:func:`for_site`), and the check of which cells
need the full kit (:func:`plain_run`).

In the site Python runs in the browser (Pyodide), where numpy, pandas, matplotlib and numba do
not exist. The kit's notebooks mark each code cell that needs them with the cell tag
``full-kit`` (the experiments' tables and plots, the simulations); in the site's copy such a
cell becomes a note that says so, shows its code and keeps its stored pictures, so that the
reader sees what it does and what it drew, and never a traceback. The lines of other cells
that only import those libraries (``import pandas as pd``, ``%matplotlib inline``) are left
out. ``tests/test_site_notebooks.py`` checks the tags: run as the site runs them (on the
kernels' plain path, those libraries unimportable), every untagged cell works and every tagged
cell fails.
"""

from __future__ import annotations

import base64
import copy
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

TAG = "full-kit"
UNAVAILABLE = ("numpy", "pandas", "matplotlib", "numba", "scipy", "llvmlite")
"""The libraries the site does not have."""
_IMPORT = re.compile(r"^\s*(%matplotlib\b.*|import\s+(\w+)[\w.]*(\s+as\s+\w+)?|from\s+(\w+)[\w.]*\s+import\s+.*)$")
NOTE = {
    "en": ("**This part runs in the full kit.** It needs pandas, matplotlib or the compiled "
           "simulations, which a browser does not have: open this notebook with `make lab` on a "
           "computer with Python (see the [README](../README.md)). Its code:"),
    "ja": ("**ここはフルキットで動く部分です。** pandas や matplotlib、コンパイルした"
           "シミュレーションが必要で、ブラウザでは動きません。Python の入ったコンピューターで "
           "`make lab` を使ってこのノートブックを開いてください（[README](../README.md) を参照）。"
           "コードは次のとおりです。"),
}
PICTURE = {"en": "What it drew in the full kit:", "ja": "フルキットで描いた図："}


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def unavailable_import(line: str) -> bool:
    """Whether ``line`` only imports a library the site does not have (or is a matplotlib magic)."""
    match = _IMPORT.match(line)
    if not match:
        return False
    module = match.group(2) or match.group(4)
    return match.group(1).startswith("%matplotlib") or module in UNAVAILABLE


def site_source(cell: dict) -> str:
    """A code cell's source without the lines that import what the site does not have, nor the
    one-line calls on what they imported (``pd.set_option(...)``)."""
    lines = _source(cell).split("\n")
    dropped = [line for line in lines if unavailable_import(line)]
    aliases = {m.group(1) for line in dropped for m in [re.search(r"\bas\s+(\w+)\s*$", line)] if m}
    configures = re.compile(rf"^({'|'.join(map(re.escape, aliases))})\.\w+\(.*\)\s*$") if aliases else None
    kept = [line for line in lines if line not in dropped and not (configures and configures.match(line))]
    return "\n".join(kept).strip("\n")


def lighter_png(png: bytes) -> bytes:
    """``png`` in 256 colours without dithering, if that is smaller: a chart or a screenshot of
    tables looks the same (its pixels differ on average by under 0.1 of 255, only in the blend of
    a line's edge) and weighs about a third. A picture with transparency is left as it is."""
    from PIL import Image

    picture = Image.open(io.BytesIO(png))
    if picture.mode not in ("RGB", "RGBA"):
        return png
    if picture.convert("RGBA").getchannel("A").getextrema() != (255, 255):      # some transparency
        return png
    paletted = picture.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", optimize=True)
    return min(png, out.getvalue(), key=len)


def _pictures(cell: dict, lang: str) -> list[str]:
    """The cell's stored pictures as Markdown images (data addresses)."""
    shown = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "image/png" in data:
            png = lighter_png(base64.b64decode("".join(data["image/png"])))
            shown.append(f"![]({'data:image/png;base64,' + base64.b64encode(png).decode()})")
        elif "image/svg+xml" in data:
            svg = "".join(data["image/svg+xml"]).encode("utf-8")
            shown.append(f"![](data:image/svg+xml;base64,{base64.b64encode(svg).decode()})")
    return [PICTURE[lang], *shown] if shown else []


def _note(cell: dict, lang: str) -> dict:
    fence = "```"
    text = "\n\n".join([NOTE[lang], f"{fence}python\n{_source(cell).strip()}\n{fence}", *_pictures(cell, lang)])
    return {"cell_type": "markdown", "id": cell.get("id", "note"), "metadata": {"tags": [TAG]}, "source": text}


def for_site(notebook: dict, lang: str) -> dict:
    """The site's copy of ``notebook`` (in ``lang``, "en" or "ja"): each ``full-kit`` cell a note
    (:data:`NOTE`), the other code cells without their imports of :data:`UNAVAILABLE`, a cell
    left empty by that dropped."""
    if lang not in NOTE:
        raise ValueError(f"lang: 'en' or 'ja', not {lang!r}")
    site = copy.deepcopy(notebook)
    cells = []
    for cell in site["cells"]:
        if cell["cell_type"] == "code" and TAG in cell.get("metadata", {}).get("tags", []):
            cells.append(_note(cell, lang))
        elif cell["cell_type"] == "code":
            source = site_source(cell)
            if source:
                cells.append({**cell, "source": source})
        else:
            cells.append(cell)
    site["cells"] = cells
    return site


# --- the check: each cell run as the site runs it ---------------------------------------------------
_RUNNER = r'''
import importlib.abc, json, sys, traceback
class _Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.partition(".")[0] in UNAVAILABLE:
            raise ImportError(f"No module named {name!r} (not in the site)")
sys.meta_path.insert(0, _Absent())
namespace = {"__name__": "__main__"}
results = []
for source, tagged in json.loads(sys.stdin.read()):
    try:                                   # a tagged cell in a copy: in the site it is only a note
        exec(compile(source, "<cell>", "exec"), dict(namespace) if tagged else namespace)
        results.append(None)
    except BaseException as error:
        results.append(f"{type(error).__name__}: {error}")
print("\n" + json.dumps(results))
'''


def plain_run(notebook: dict, cwd: Path, timeout: float = 1200) -> list[tuple[int, str | None]]:
    """Run the code cells of ``notebook`` in order, as the site runs them: their site source
    (:func:`site_source`) in a fresh interpreter on the kernels' plain path with
    :data:`UNAVAILABLE` unimportable; a ``full-kit`` cell as it is, on a copy of the names so far
    (in the site it is a note: what it defines is not there for the cells after it). For each
    code cell (its index in the notebook) the error it raised, or None."""
    indices = [i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code"]
    cells = [(notebook["cells"][i], TAG in notebook["cells"][i].get("metadata", {}).get("tags", [])) for i in indices]
    sources = [(_source(cell) if tagged else site_source(cell), tagged) for cell, tagged in cells]
    runner = f"UNAVAILABLE = {UNAVAILABLE!r}\n" + _RUNNER
    env = {**os.environ, "CARDLAB_PLAIN_KERNELS": "1", "MPLBACKEND": "Agg"}
    out = subprocess.run([sys.executable, "-c", runner], check=False, input=json.dumps(sources), capture_output=True,
                         text=True, cwd=cwd, env=env, timeout=timeout)
    if out.returncode:
        raise RuntimeError(f"the cells' run failed:\n{out.stderr[-3000:]}")
    return list(zip(indices, json.loads(out.stdout.strip().rsplit("\n", 1)[-1])))


def tag_full_kit(path: Path) -> list[int]:
    """Tag the code cells of the notebook at ``path`` that fail as the site runs them (see
    :func:`plain_run`), again until none but the tagged fails: a cell that needs one tagged is
    tagged too. Writes the notebook (only the tags change) and returns the tagged cells."""
    path = Path(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    while True:
        failing = [i for i, error in plain_run(notebook, path.parent)
                   if error and TAG not in notebook["cells"][i].get("metadata", {}).get("tags", [])]
        if not failing:
            break
        for i in failing:
            notebook["cells"][i].setdefault("metadata", {}).setdefault("tags", []).append(TAG)
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return [i for i, c in enumerate(notebook["cells"]) if TAG in c.get("metadata", {}).get("tags", [])]
