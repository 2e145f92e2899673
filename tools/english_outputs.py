"""The code cells of the Japanese notebooks whose stored output shows English to the reader
(issue 40): ``python -m tools.english_outputs notebooks/ja/*.ipynb`` lists each such cell with the
English words it shows, and their count.

What a reader sees of an output is its richest text: a table's HTML (tags left out), Markdown
(links' addresses and code left out), a drawing's
words (its SVG ``<text>`` and ``<title>``), else the plain text (a picture's plain text,
``<Figure size …>``, is never shown; a PNG's own words cannot be read here). English is a word of
three letters or more in Latin letters, outside the names of people (:data:`NAMES`); card codes
(``QH``, ``10S``) and rule ids (``T14``) are shorter or hold digits."""

from __future__ import annotations

import argparse
import html
import re
from pathlib import Path
from typing import Any, Iterator

import nbformat

WORD = re.compile(r"(?<![\w#&./-])[A-Za-z][a-z]{2,}")
TAG = re.compile(r"<style.*?</style>|<[^>]+>", re.DOTALL)
MARKUP = re.compile(r"\]\([^)]*\)|`[^`]*`")   # a link's address and code: not read as words
SVG_WORDS = re.compile(r"<(?:text|title|tspan)\b[^>]*>([^<]*)<")
#: the people named in the notebooks: the players of the examples, the authors and sources cited
NAMES = frozenset("""Ada Bruno Ann Ben Cho Dee Eve Casella Mann Nessler Paulhus Rucklidge Parlett Garzoni
Willshire Bulka Folkvord Dummett McLeod""".split())


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
             for w in WORD.findall(text) if w not in NAMES]
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
