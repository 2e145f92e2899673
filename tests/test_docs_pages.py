"""The pages for readers in docs/: every rule defined once and in order (C1–C15, T1–T16, K1–K23),
every setting they name a real, valid field of the game's Rules, and no working-spec wording."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardlab.games import cleopatra, kirifu, trappola

DOCS = Path(__file__).resolve().parents[1] / "docs"
GAMES = {"cleopatra": ("C", 15, cleopatra), "trappola": ("T", 16, trappola), "kirifu": ("K", 23, kirifu)}
SPEC_WORDING = ("seed says", "follow the seed", "cardlab must", "things to show in the notebook")


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_is_stated_once_in_the_order_of_play(game):
    letter, count, _ = GAMES[game]
    page = (DOCS / "rules" / f"{game}.md").read_text(encoding="utf-8")
    stated = [int(n) for n in re.findall(rf"^\s*(?:- |\d+\. )?\*\*{letter}(\d+)\*\*", page, re.MULTILINE)]
    assert stated == list(range(1, count + 1))


@pytest.mark.parametrize("game", GAMES)
def test_every_setting_a_page_names_is_a_valid_rules_field(game):
    """`field=value` in a page (C13 `false_slap="burn"`, T16 `target=None`, K2 `world="S"` …)."""
    module = GAMES[game][2]
    page = (DOCS / "rules" / f"{game}.md").read_text(encoding="utf-8")
    settings = re.findall(r"`(\w+)=([^`]+)`", page)
    assert settings
    for field, text in settings:
        value = ast.literal_eval(text)
        rules = module.Rules(**{field: value})  # a bad name or value raises here
        assert getattr(rules, field) == value


def test_pages_for_readers_keep_no_working_spec_wording():
    for page in DOCS.rglob("*.md"):
        text = page.read_text(encoding="utf-8").lower()
        assert not [w for w in SPEC_WORDING if w in text], page


@pytest.mark.parametrize("game", ["cleopatra", "trappola", "kirifu"])
def test_a_rule_page_shows_folded_on_a_page_that_serves_no_files(game, tmp_path):
    """Issue 29: the classroom page sent readers to 'docs/rules/ (open them with make lab)'; it
    now shows each game's rule page, folded. Links to the kit's files lose their target (Voila
    serves none), links to the web stay, and the page's headings sit under the game's heading."""
    from cardlab.pages import PageError, rule_page

    page = rule_page(game)
    shown = page._repr_markdown_()
    source = (DOCS / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert shown.startswith("<details") and shown.rstrip().endswith("</details>")
    assert page.summary in shown and "\n### " in shown and "\n# " not in shown
    assert re.findall(r"\]\(https?://[^)]+\)", shown) == re.findall(r"\]\(https?://[^)]+\)", source)
    assert not re.search(r"\]\((?!https?://)", shown)      # no link to a file the page cannot serve
    with pytest.raises(PageError, match="not at"):
        rule_page(game, docs=tmp_path)
    with pytest.raises(ValueError, match="unknown game"):
        rule_page("snap")
