"""The code cells of the Japanese notebooks whose stored output shows English to the reader
(issue 40): ``python -m tools.english_outputs notebooks/ja/*.ipynb`` lists each such cell with the
English words it shows, and their count.

What a reader sees of an output is its richest text: a table's HTML (tags left out), Markdown
(links' addresses and code left out), a drawing's
words (its SVG ``<text>`` and ``<title>``), else the plain text (a picture's plain text,
``<Figure size …>``, is never shown; a PNG's own words cannot be read here). English is a word of
three letters or more in Latin letters, outside the names of people and of the kit (:data:`NAMES`);
card codes (``QH``, ``10S``) and rule ids (``T14``) are shorter or hold digits.

Left aside too, as the names of people are:

- code the reader types or reads as code: a dotted or indexed path (``rules.ranks``,
  ``hands[1]``, a web address ``pagat.com``), a quoted key (``'hands':``), a numbered id
  (``kirifu-001``);
- what a Japanese text cites (:data:`CITED`): a work's title in 『』 with the publication details in
  the parentheses right after it (『A History of Card Games』（Oxford University Press、1991年）), a
  name or title set in italics (*Stovkahra*: capitalised, as a name is), and the original of a
  Japanese name in parentheses right after it (クレオパトラ（Cleopatra）: a name of up to three
  words, capitalised), a foreign word cited with its meaning (「trap（わな）」);
- the pack's Italian names of its suits and court cards and Czech names of its suits
  (:data:`FOREIGN`), which the Trappola pages list beside the Japanese ones (剣・杖・カップ・貨幣;
  王・騎士・歩兵), in lower case as those pages write them (a court card's face says its Japanese
  name, so a face's Cavallo is still found)."""

from __future__ import annotations

import argparse
import html
import re
from pathlib import Path
from typing import Any, Iterator

import nbformat

LATIN = "A-Za-zÀ-ž"
#: a word of Latin letters, not part of a path, a key or an id (see the module's docstring)
WORD = re.compile(rf"(?<![\w#&./-])[{LATIN}][a-zß-ž]{{2,}}(?![\w-]*(?:\.[{LATIN}]|\[|-\d|['\"]:))")
#: what a Japanese text cites: a title in 『』 with its publication details, a term in italics,
#: the original of a Japanese name in parentheses right after it
CITED = re.compile(rf"『[^』]*』(?:（[^）]*）)?|「[{LATIN}]+（[^）]*）」|(?<![*\w])\*(?P<italic>[^*\n]+)\*(?!\*)"
                   rf"|(?<=[\u3040-\u30ff\u4e00-\u9fff])（(?P<original>[{LATIN}'’-]+(?: [{LATIN}'’-]+){{0,2}})）")
TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.DOTALL)
MARKUP = re.compile(r"\]\([^)]*\)|`[^`]*`")   # a link's address and code: not read as words
SVG_WORDS = re.compile(r"<(?:text|title|tspan)\b[^>]*>([^<]*)<")
#: the people named in the notebooks: the players of the examples, the authors and sources cited
NAMES = frozenset("""Ada Bruno Ann Ben Cho Dee Eve Casella Mann Nessler Paulhus Rucklidge Parlett Garzoni
Willshire Bulka Folkvord Dummett McLeod David John Kastner Michael Schmit Buchholz Kümpel Peignot Singer
cardlab""".split())
#: the pack's suit and court card names in Italian and its suit names in Czech (cardlab.cards:
#: ITALIAN_SUITS, ITALIAN_RANK_NAMES, ITALIAN_SUIT_CZECH), as the Trappola pages list them
FOREIGN = frozenset("spade bastoni coppe denari asso cavallo fante Špády Baštony Kopy Denáry".split())


def _uncited(text: str) -> str:
    """``text`` without what it cites (:data:`CITED`; a name in italics or in parentheses only if
    it starts with a capital, as a name does)."""
    def cited(match: re.Match[str]) -> str:
        name = match["italic"] or match["original"]
        return match[0] if name and not name[0].isupper() else " "
    return CITED.sub(cited, text)


def shown_texts(output: Any) -> Iterator[str]:
    """The texts a reader sees of one stored output."""
    if output.get("output_type") == "stream":
        yield output.get("text", "")
    elif output.get("output_type") == "error":
        yield f"{output.get('ename', '')}: {output.get('evalue', '')}"
    else:
        data = output.get("data", {})
        if "text/html" in data:
            yield html.unescape(TAG.sub(" ", data["text/html"]))
        elif "text/markdown" in data:
            yield MARKUP.sub(" ", TAG.sub(" ", data["text/markdown"]))
        elif "image/svg+xml" in data:
            yield " ".join(html.unescape(t) for t in SVG_WORDS.findall(data["image/svg+xml"]))
        elif "text/plain" in data and "image/png" not in data:
            yield data["text/plain"]


def english_words(cell: Any) -> list[str]:
    """The English words a code cell's stored outputs show, each once, in order."""
    found = [w for output in cell.get("outputs", []) for text in shown_texts(output)
             for w in WORD.findall(_uncited(text)) if w not in NAMES | FOREIGN]
    return list(dict.fromkeys(found))


def english_cells(path: Path) -> list[tuple[int, list[str]]]:
    """The index of every code cell of the notebook ``path`` whose outputs show English, with its words."""
    cells = nbformat.read(path, as_version=4).cells
    return [(i, words) for i, cell in enumerate(cells) if cell.cell_type == "code" and (words := english_words(cell))]


def main(argv: list[str] | None = None) -> None:
    """List the cells of each notebook whose outputs show English, then their count."""
    parser = argparse.ArgumentParser(prog="python -m tools.english_outputs", description=main.__doc__)
    parser.add_argument("notebooks", nargs="+", type=Path)
    total = 0
    for path in parser.parse_args(argv).notebooks:
        for index, words in english_cells(path):
            total += 1
            print(f"{path.name}[{index}]: {' '.join(words[:12])}")
    print(f"{total} code cells show English")


if __name__ == "__main__":
    main()
