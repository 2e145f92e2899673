"""The kit's pages for readers (``docs/``) shown inside a notebook or the classroom page.

The classroom page (Voila) serves no files: a link to ``docs/rules/cleopatra.md`` leads nowhere
there. :func:`rule_page` puts a game's rule page on the page itself, folded under one line that
opens it::

    rule_page("cleopatra")    # the last line of a cell: "The rules of Cleopatra (C1–C15)", folded

Links of the page to other files of the kit (its notebooks, the record schema) keep their words
and lose their target, which the page cannot serve; links to the web stay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CardlabError
from .registry import game_info
from .words import check_lang

DOCS = Path(__file__).resolve().parents[1] / "docs"
_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\((?!https?://)[^)]*\)")
_HEADING = re.compile(r"^(#{1,4}) ", re.MULTILINE)
_ALONE = re.compile(r"^\[[^\]]+\]\((?!https?://)[^)]*\)\n\n?", re.MULTILINE)
#: the heading of a terms table's column in the other language, which a page in ``lang`` shown on
#: the classroom page leaves out (the Japanese rule pages give the English of each term for the code)
_OTHER_LANGUAGE = {"ja": "英語"}


def docs_folder() -> Path:
    """Where the kit's pages are: ``docs/`` beside the package (a clone of the repository), else
    the ``docs/`` of the folder a notebook runs in or of the one or two above it (the static
    site, whose notebooks and pages sit side by side in the browser's files)."""
    here = Path.cwd()
    for docs in (DOCS, *(folder / "docs" for folder in (here, *here.parents[:2]))):
        if (docs / "rules").is_dir():
            return docs
    return DOCS


def page_title(markdown: str) -> str:
    """A page's own title: its first heading without the name in the other language ("Cleopatra
    (クレオパトラ)" is "Cleopatra", "切りふ（Kirifu）" is "切りふ"); "" without a heading."""
    heading = next((line for line in markdown.splitlines() if line.startswith("#")), "")
    return re.split(r"\s*[(（]", heading.lstrip("#").strip())[0]


class PageError(CardlabError, LookupError):
    """A page of the kit that cannot be shown (the file is missing); the message names it."""


@dataclass(frozen=True)
class RulePage:
    """A game's rule page, shown folded under ``summary`` (a ``<details>`` element); its
    headings are moved two levels down, under the heading of the part of the page it is in."""

    summary: str
    markdown: str
    lang: str = field(default="en", repr=False)

    def _repr_markdown_(self) -> str:
        shown = _without_column(_ALONE.sub("", self.markdown), _OTHER_LANGUAGE.get(self.lang))
        body = _HEADING.sub(lambda m: "#" * (len(m.group(1)) + 2) + " ", _LINK.sub(r"\1", shown))
        return f"<details class='cardlab-rule-page'><summary>{self.summary}</summary>\n\n{body}\n\n</details>"


def _without_column(markdown: str, heading: str | None) -> str:
    """``markdown`` without the column headed ``heading`` of each of its tables (None: as it is);
    a line alone that is only a link to another page of the kit (the page in the other language)
    goes before, as the page shown cannot lead there."""
    if heading is None:
        return markdown
    lines, drop = markdown.split("\n"), None
    for n, line in enumerate(lines):
        cells = line.strip().strip("|").split("|") if line.startswith("|") else None
        if cells is None:
            drop = None
            continue
        if drop is None and heading in (c.strip() for c in cells):
            drop = [c.strip() for c in cells].index(heading)
        if drop is not None and len(cells) > drop:
            lines[n] = "|" + "|".join(c for i, c in enumerate(cells) if i != drop) + "|"
    return "\n".join(lines)


def rule_page(game: str, docs: Path | None = None, lang: str = "en") -> RulePage:
    """The rule page of the registered game ``game`` (``docs/rules/<game>.md``; in Japanese,
    ``lang="ja"``, the Japanese edition's ``docs/ja/rules/<game>.md``) to show folded under a line
    in that language.

    Raises ``ValueError`` naming the known games for a game not registered or an unknown
    language, and :class:`PageError` when its page is not in ``docs`` (cardlab installed without
    its pages).
    """
    info = game_info(game)
    if docs is None:
        docs = docs_folder() / "ja" if check_lang(lang) == "ja" else docs_folder()
    path = docs / "rules" / f"{info.name}.md"
    if not path.is_file():
        raise PageError(f"the rule page of {info.title} is not at {path}: the pages come with the "
                        f"kit's repository (git clone), not with the installed package")
    text = path.read_text(encoding="utf-8")
    if lang == "ja":     # the page's own title, its name in Latin letters left out: クレオパトラのルール
        return RulePage(f"{page_title(text)}のルール", text, lang)
    return RulePage(f"The rules of {info.title}", text)
