"""One word per concept in the Japanese edition (issue 40): every Japanese text of the kit — the
pages under docs/ja/, the Japanese notebooks' Markdown and stored outputs, and every Japanese
string of the package (the words catalogues, exercises, puzzles, the slap drill, the rooms, the
site) — uses the spelling ``cardlab/words/ja_terms.json`` gives for each concept and none of the
spellings it avoids; the glossary page shows that table as it is."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import Iterator

import nbformat
import pytest

from cardlab.words.ja_terms import glossary_table, terms, variants_in

REPO = Path(__file__).resolve().parents[1]
GLOSSARY = REPO / "docs/ja/glossary.md"
KANJI_KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CODE = re.compile(r"`[^`]*`|\{[^{}]*\}|https?://\S+|<[^<>]*>|[\w.]+\([^()]*\)")
ENGLISH_WORD = re.compile(r"(?<![A-Za-z_])[A-Za-z][a-z]{2,}(?![A-Za-z_])")
GAMES = {"cleopatra": ("cleopatra", "01_"), "trappola": ("trappola", "02_"), "kirifu": ("kirifu", "03_")}


def scope_of(where: str) -> str | None:
    """The game a text belongs to, by its file (None for a page about all three)."""
    return next((game for game, marks in GAMES.items() if any(mark in where for mark in marks)), None)


def is_japanese(text: str) -> bool:
    """A text is Japanese when it has kanji or kana and they outnumber its English words eight to
    one (code, placeholders, tags and links aside): an English label or drawing that names a
    Japanese term (「切る cut」) is not."""
    bare = CODE.sub("", text)
    return len(KANJI_KANA.findall(bare)) >= 8 * len(ENGLISH_WORD.findall(bare)) and bool(KANJI_KANA.search(bare))


def package_strings(path: Path) -> Iterator[tuple[str, str]]:
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type == tokenize.STRING and KANJI_KANA.search(token.string):
            try:
                text = str(ast.literal_eval(token.string))
            except (ValueError, SyntaxError):             # an f-string: its literal parts
                text = token.string
            if is_japanese(text):
                yield f"{path.relative_to(REPO)}:{token.start[0]}", text


def notebook_texts(path: Path) -> Iterator[tuple[str, str]]:
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        where = f"{path.relative_to(REPO)} cell {i}"
        if cell.cell_type == "markdown":
            yield where, cell.source
        for output in cell.get("outputs", []):
            shown = [output.get("text", "")] + [v for v in output.get("data", {}).values() if isinstance(v, str)]
            yield from ((where, text) for text in shown if text and is_japanese(text))


def japanese_texts() -> Iterator[tuple[str, str]]:
    """Every Japanese text of the kit with where it is (the glossary page, which names the avoided
    spellings, aside)."""
    for page in sorted((REPO / "docs/ja").rglob("*.md")):
        if page != GLOSSARY:
            yield str(page.relative_to(REPO)), page.read_text(encoding="utf-8")
    for notebook in sorted((REPO / "notebooks/ja").glob("*.ipynb")):
        yield from notebook_texts(notebook)
    for module in sorted((REPO / "cardlab").rglob("*.py")):
        yield from package_strings(module)


def test_every_japanese_text_uses_one_spelling_per_concept():
    found = [f"{where}: {spelling!r} ({term.concept}: use {term.use})"
             for where, text in japanese_texts() for term, spelling in variants_in(text, scope_of(where))]
    assert not found, f"{len(found)} avoided spellings:\n" + "\n".join(found)


def test_the_check_reaches_every_kind_of_text():
    """Pages, notebook Markdown and outputs, and the catalogues' Japanese strings (the slap drill's,
    the rooms' and the exercises' among them) are all read; English labels are not."""
    wheres = [where for where, _ in japanese_texts()]
    for part in ("docs/ja/rules/kirifu.md", "notebooks/ja/01_cleopatra.ipynb cell", "notebooks/ja/04_experiments.ipynb cell",
                 "notebooks/ja/05_record_hunt.ipynb cell", "notebooks/ja/06_your_own_game.ipynb cell",
                 "notebooks/ja/07_puzzles.ipynb cell", "cardlab/games/cleopatra/words.py",
                 "cardlab/games/cleopatra/table_drill.py", "cardlab/games/cleopatra/exercises.py",
                 "cardlab/puzzles/words.py", "cardlab/rooms/"):
        assert any(part in where for where in wheres), part
    assert is_japanese("練習終了：{pairs}組中{won}組") and is_japanese("{rules}・{n}人")
    assert not is_japanese("切る cut · おもらい omorai (take in)") and not is_japanese("passed to {name} · 渡されたカード")


@pytest.mark.parametrize("planted, concept", [("プレーヤーが3人", "player"), ("カードの卓", "table"),
                                              ("出典のステップ9", "step"), ("札の点は72", "card points"),
                                              ("絵札（J・Q・K・A）を出すと", "picture cards"),
                                              ("♠Aは切られない", "the almighty ace")])
def test_a_planted_second_spelling_is_caught(planted, concept):
    found = variants_in(f"ここは正しい文です。{planted}。", scope=None)
    assert [term.concept.startswith(concept) for term, _ in found] == [True]


def test_a_games_own_word_is_checked_on_that_games_texts_only_and_quotes_are_the_sources():
    assert variants_in("あなたの手札", scope="cleopatra") and not variants_in("あなたの手札", scope="kirifu")
    assert not variants_in("記事は「自分の手札をいち早くなくしたプレーヤーが勝ち」と書きます", scope=None)


def test_the_glossary_shows_the_terms_table_as_it_is():
    page = GLOSSARY.read_text(encoding="utf-8")
    assert glossary_table() in page
    assert len(terms()) == len({term.concept for term in terms()}) >= 20
