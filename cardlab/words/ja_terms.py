"""The Japanese edition's terms as data (``ja_terms.json``): for each concept the one spelling the
edition uses and the spellings it avoids. The glossary page (``docs/ja/glossary.md``) shows them as a
table (:func:`glossary_table`), and a test checks every Japanese text of the kit with
:func:`variants_in`::

    >>> [term.concept for term, found in variants_in("プレーヤーは3人", scope=None)]
    ['player']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

QUOTE = re.compile(r"「[^「」]*」")
"""A passage quoted in 「」: a source's own words (or a label named), which keep their spelling."""


@dataclass(frozen=True)
class Term:
    """One concept: the spelling to ``use``, the ``avoid`` patterns, and the game whose texts it
    governs (``scope``; None for every text)."""

    concept: str
    use: str
    avoid: tuple[re.Pattern[str], ...]
    scope: str | None


@cache
def terms() -> tuple[Term, ...]:
    """The edition's terms, in the order of ``ja_terms.json``."""
    data = json.loads(resources.files(__package__).joinpath("ja_terms.json").read_text(encoding="utf-8"))
    return tuple(Term(t["concept"], t["use"], tuple(re.compile(p) for p in t["avoid"]), t["scope"])
                 for t in data["terms"])


def variants_in(text: str, scope: str | None) -> list[tuple[Term, str]]:
    """Every avoided spelling in ``text`` (passages quoted in 「」 aside), with its term; ``scope``
    is the game the text belongs to (None: no one game), which adds that game's terms."""
    bare = QUOTE.sub("", text)
    return [(term, found.group(0)) for term in terms() if term.scope in (None, scope)
            for pattern in term.avoid for found in pattern.finditer(bare)]


def glossary_table() -> str:
    """The terms as the Markdown table of the glossary page's section 表記の統一."""
    rows = ["| 概念（英語） | 使う言葉 | 使わない言葉 | 範囲 |", "|---|---|---|---|"]
    for term in terms():
        avoid = "、".join(f"`{p.pattern}`".replace("|", "\\|") for p in term.avoid)
        rows.append(f"| {term.concept} | {term.use} | {avoid} | {term.scope or 'すべて'} |")
    return "\n".join(rows) + "\n"
