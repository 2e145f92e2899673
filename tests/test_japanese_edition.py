"""The Japanese edition (issue 26): every English page and notebook of the edition has its Japanese
counterpart under docs/ja/ or notebooks/ja/ (the same file name one folder deeper) with the same
sections — the same headings, level by level, in the same order (for a notebook, in the same
cells) — and, for a notebook, the same live cells: the same code but for ``lang="ja"`` on the
tables, replays, drawings and coach, on the classroom page the Japanese rule pages, and the words
the code shows (its strings: printed lines, tables' headers, charts' labels; the names of keywords
that name a table's columns; and its comments), which are Japanese (issue 40); a refusal is told
with ``error.say("ja")``. The two link each
other, every file link of a Japanese page leads to a file of the repository, and no section of a
Japanese page is left untranslated. (The notebooks' outputs are checked by nbval, which runs
notebooks/ja/ with the rest of notebooks/.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = ["docs/README.md", "docs/glossary.md", "docs/rules/cleopatra.md", "docs/rules/trappola.md",
         "docs/rules/kirifu.md"]
NOTEBOOKS = ["notebooks/00_start_here.ipynb", "notebooks/01_cleopatra.ipynb", "notebooks/02_trappola.ipynb",
             "notebooks/03_kirifu.ipynb", "notebooks/04_experiments.ipynb", "notebooks/05_record_hunt.ipynb",
             "notebooks/06_your_own_game.ipynb", "notebooks/07_puzzles.ipynb",
             "notebooks/classroom.ipynb"]
EDITION = PAGES + NOTEBOOKS

KANA = re.compile(r"[\u3040-\u30ff]")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^(#{1,6}) ", re.MULTILINE)
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
# what a Japanese code cell adds to the English one: an action named in words where the English
# shows its text form (``game.say_action(a, lang="ja")`` for ``game.action_text(a)``, a record's
# ``said_actions(lang="ja")`` for its ``actions``), a card's ``picture(lang="ja")`` (named in Japanese)
# for the card itself, the language of its widgets and drawings,
# of a refusal (``error.say("ja")`` where English prints ``error``), matplotlib's Japanese fonts,
# the tables' labels in Japanese (``labelled(table, "ja")``, see _Unlabelled; the presets' Japanese
# names, a game's ``RULES_JA``, as its own labels) and the classroom's
# rule pages from docs/ja/
JAPANESE_ONLY = [(re.compile(r'\.say_action\(([^()]*?),\s*lang="ja"\)'), r".action_text(\1)"),
                 (re.compile(r'\.said_actions\(lang="ja"\)'), ".actions"),
                 (re.compile(r'\.picture\(lang="ja"\)'), ""),
                 (re.compile(r',\s*lang="ja"'), ""), (re.compile(r'\(lang="ja"\)'), "()"),
                 (re.compile(r'print\(error\.say\("ja"\)\)'), "print(error)"),
                 (re.compile(r'\nfrom cardlab\.plots import fonts_for\nplt\.rcParams\.update\(fonts_for\("ja"\)\)'), ""),
                 (re.compile(r'\nfrom cardlab\.words\.frames import labelled'), ""),
                 (re.compile(r'\nfrom cardlab\.games\.\w+\.words import RULES_JA'), ""),
                 (re.compile(r',\s*docs=DOCS / "ja"'), ""), (re.compile(r"import DOCS, "), "import ")]


def japanese(english: str) -> Path:
    """The Japanese counterpart of the repository file ``english``: ``docs/rules/kirifu.md`` →
    ``docs/ja/rules/kirifu.md``."""
    top, rest = english.split("/", 1)
    return REPO / top / "ja" / rest


def markdown_cells(path: Path) -> list[str]:
    """The Markdown of a page (one piece) or of a notebook (one piece a Markdown cell)."""
    if path.suffix != ".ipynb":
        return [path.read_text(encoding="utf-8")]
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"]


def code_cells(path: Path) -> list[str]:
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def heading_levels(markdown: str) -> list[int]:
    """The levels of the headings of ``markdown``, in order (lines of code blocks are no headings)."""
    return [len(hashes) for hashes in HEADING.findall(FENCE.sub("", markdown))]


def sections(markdown: str) -> list[str]:
    """``markdown`` cut at its headings: the text before the first and the text of each section."""
    return [part for part in HEADING.split(FENCE.sub("", markdown)) if part.strip() and not part.startswith("#")]


def file_links(path: Path) -> set[Path]:
    """The repository files the Markdown of ``path`` links to (links to the web left out)."""
    targets = {target.split("#")[0] for text in markdown_cells(path) for target in LINK.findall(text)}
    return {(path.parent / target).resolve() for target in targets if target and not re.match(r"\w+:", target)}


class _Unworded(ast.NodeTransformer):
    """The code with every string (an f-string too) and every keyword's name made empty (a pandas
    column named by keyword, ``agg(turned=...)``): what the code does, not what it says."""

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        self.generic_visit(node)
        return ast.keyword(arg=node.arg and "", value=node.value)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("")


class _Unlabelled(ast.NodeTransformer):
    """``labelled(table, "ja"[, own labels])`` as ``table``: the Japanese notebook shows a table with its labels in
    Japanese (:func:`cardlab.words.frames.labelled`); what it computes is the English one's table."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        japanese = isinstance(node.func, ast.Name) and node.func.id == "labelled" and len(node.args) in (2, 3)
        return node.args[0] if japanese and isinstance(node.args[1], ast.Constant) and node.args[1].value == "ja" else node


def as_english(code: str) -> str:
    """What a Japanese code cell does, as the English one would write it: ``lang="ja"`` and
    ``labelled(…, "ja")`` dropped, its strings emptied and its comments gone."""
    for pattern, english in JAPANESE_ONLY:
        code = pattern.sub(english, code)
    return live(code, _Unlabelled())


MAGIC = re.compile(r"^(\s*)([%!].*)$", re.MULTILINE)


def live(code: str, *passes: ast.NodeTransformer) -> str:
    """``code`` as Python's syntax tree (after ``passes``) with its strings emptied (an IPython magic
    line kept as it is)."""
    tree = ast.parse(MAGIC.sub(lambda m: f"{m[1]}_magic({m[2]!r}, 0)", code))
    for transformer in passes:
        tree = transformer.visit(tree)
    return ast.dump(_Unworded().visit(tree))


@pytest.mark.parametrize("english", EDITION)
def test_every_english_page_and_notebook_has_its_japanese_counterpart(english):
    assert japanese(english).is_file(), f"{english} has no Japanese edition at {japanese(english).relative_to(REPO)}"


@pytest.mark.parametrize("english", EDITION)
def test_a_japanese_counterpart_has_the_same_sections(english):
    """The same headings at the same levels — in a notebook, cell by cell."""
    ours = [heading_levels(text) for text in markdown_cells(REPO / english)]
    assert [heading_levels(text) for text in markdown_cells(japanese(english))] == ours


@pytest.mark.parametrize("english", NOTEBOOKS)
def test_a_japanese_notebook_has_the_same_live_cells(english):
    assert [as_english(code) for code in code_cells(japanese(english))] == list(map(live, code_cells(REPO / english)))


@pytest.mark.parametrize("english", [n for n in NOTEBOOKS if n != "notebooks/00_start_here.ipynb"])
def test_a_japanese_notebook_makes_its_tables_in_japanese(english):
    """Every cell that makes a table, a replay or a coach's table in English says ``lang="ja"`` in
    Japanese (the start page's demo table speaks no language: it has no ``lang``)."""
    made = re.compile(r"\b(\w*Table|\w*Replay|replay|hint_table|review|plot_slaps|table_svg)\((?!\))")
    kernel = any("kernel_replay import replay" in code for code in code_cells(japanese(english)))  # a game state, no words
    for code in code_cells(japanese(english)):
        for line in code.splitlines():
            call = made.search(line.split("#")[0])
            if call and kernel and call.group(1) == "replay":
                continue
            if call and "import" not in line and not line.lstrip().startswith(("def ", "class ")):
                assert 'lang="ja"' in line, f"{japanese(english).name}: {line.strip()}"


@pytest.mark.parametrize("english", EDITION)
def test_no_section_of_a_japanese_page_is_left_in_english(english):
    for text in markdown_cells(japanese(english)):
        for section in sections(text):
            assert KANA.search(section), f"{japanese(english).name}: untranslated: {section.strip()[:80]!r}"


@pytest.mark.parametrize("english", EDITION)
def test_every_file_link_of_a_japanese_page_leads_to_a_file_of_the_repository(english):
    """The Japanese files are one folder deeper: a link copied from the English file would miss."""
    for target in file_links(japanese(english)):
        assert target.exists(), f"{japanese(english).relative_to(REPO)} links to {target}, which is not there"


@pytest.mark.parametrize("english", EDITION)
def test_a_japanese_page_links_its_english_original(english):
    assert (REPO / english).resolve() in file_links(japanese(english))


@pytest.mark.parametrize("english", EDITION)
def test_an_english_page_links_its_japanese_counterpart(english):
    assert japanese(english).resolve() in file_links(REPO / english), f"{english} does not link its Japanese edition"


def test_the_readme_has_a_japanese_section_leading_to_the_edition():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## 日本語", 1)[1].split("\n## ", 1)[0]
    assert "make lab" in section and KANA.search(section)
    assert {japanese("docs/README.md"), japanese("notebooks/00_start_here.ipynb")} <= file_links(REPO / "README.md")
