"""The pages for readers in docs/: every rule defined once and in order (C1–C15, T1–T16, K1–K23),
every setting they name a real, valid field of the game's Rules, and no working-spec wording; the
glossary (every newcomer's term with its Japanese), linked from every page; and a worked example on
every rule page, citing its rules, replayed in the engine (issue 26)."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

from cardlab.game import play_out
from cardlab.games import cleopatra, kirifu, trappola
from cardlab.games.trappola.bots import RuleOfThumbBot

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


# Issue 26: a glossary, the glossary linked, a worked example on every rule page, checked against the engine.

GLOSSARY = DOCS / "glossary.md"
NEWCOMER_TERMS = ("honour", "payment", "lead", "follow suit", "void", "trick", "point-trick game", "shedding game",
                  "world suit")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def glossary_rows() -> dict[str, dict[str, str]]:
    """The glossary's rows by section: {section: {English term: Japanese term}}."""
    rows: dict[str, dict[str, str]] = {}
    section = ""
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            rows[section] = {}
        elif section and line.startswith("| ") and not line.startswith(("| English", "|---")):
            english, japanese = (cell.strip() for cell in line.strip("|").split("|")[:2])
            rows[section][english] = japanese
    return rows


def test_the_glossary_gives_every_newcomer_term_a_japanese_term_in_four_groups():
    rows = glossary_rows()
    assert list(rows) == ["General", "Cleopatra", "Trappola", "Kirifu", "One word per concept (the Japanese edition)"]
    terms = {english: japanese for section in list(rows.values())[:4] for english, japanese in section.items()}
    for term in NEWCOMER_TERMS:
        japanese = [ja for english, ja in terms.items() if term in english.split(" (")[0]]
        assert japanese and JAPANESE.search(japanese[0]), term
    # the double 切る: shuffling in Cleopatra, beating a card in Kirifu; and 切り札, a trump
    assert rows["Cleopatra"]["to shuffle"].startswith("切る") and rows["Kirifu"]["to cut"] == "切る"
    assert rows["General"]["trump"] == "切り札"


@pytest.mark.parametrize("page", ["README.md", "rules/cleopatra.md", "rules/trappola.md", "rules/kirifu.md"])
def test_the_start_page_and_every_rule_page_link_the_glossary(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    target = "glossary.md" if page == "README.md" else "../glossary.md"
    assert f"]({target})" in text


def worked_example(game: str) -> str:
    page = (DOCS / "rules" / f"{game}.md").read_text(encoding="utf-8")
    found = re.search(r"^## Worked example[^\n]*\n(.*?)(?=^## )", page, re.MULTILINE | re.DOTALL)
    assert found, f"{game}: no 'Worked example' section"
    return found.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_page_has_a_worked_example_citing_its_rules(game):
    letter, count, _ = GAMES[game]
    cited = {int(n) for n in re.findall(rf"\b{letter}(\d+)\b", worked_example(game))}
    assert len(cited) >= 5 and cited <= set(range(1, count + 1))


def test_the_trappola_worked_example_is_the_engines_deal():
    text = worked_example("trappola")
    seed = int(re.search(r'new_game\("single-deal", seed=(\d+)\)', text).group(1))
    deal = trappola.new_game("single-deal", seed=seed, players=["Ada", "Bruno"])
    play_out(deal, [RuleOfThumbBot(seed), RuleOfThumbBot(seed + 1)])
    sheet = deal.score_sheet()
    for item in sheet.index:
        line = re.search(rf"^\| {re.escape(item)} \| (.*?) \| (.*?) \|$", text, re.MULTILINE)
        assert line, item
        assert [int(re.split(r"[ (]", cell.split("= ")[-1])[0]) for cell in line.groups()] == list(sheet.loc[item])
    tricks = re.findall(r"^\| \d \| (\w+) (\w+) \| (\w+) (\w+) \| (\w+) \|", text, re.MULTILINE)
    names = list(deal.players)
    assert [(names.index(a), lead, follow, names.index(w)) for a, lead, _, follow, w in tricks] == \
        [(t.leader, str(t.lead), str(t.follow), t.winner) for t in deal.tricks]


def test_the_kirifu_worked_example_starts_from_the_engines_deal():
    text = worked_example("kirifu")
    call = re.search(r"`kirifu\.new_game\(seed=(\d+), players=(\[[^\]]*\])\)`", text)
    seed, players = int(call.group(1)), ast.literal_eval(call.group(2))
    game = kirifu.new_game(seed=seed, players=players)
    for seat, name in enumerate(players):
        row = re.search(rf"^\| {name} \| (.*?) \|$", text, re.MULTILINE).group(1).split()
        assert sorted(row) == sorted(f"{card.symbol}{card.rank}" for card in game.hands[seat])


def test_the_cleopatra_worked_example_is_what_the_engine_does():
    """Each row of the table: the pile after the payment (X's red cards, Y's black ones), who slaps,
    who takes the pile and who turns next, replayed in the engine (C6, C8, C10)."""
    rows = re.findall(r"^\| [a-z][^|]* \| ((?:[♥♦♠♣]\w+ ?)+) \| (X|Y|—) \| (X|Y)\b[^|]* \| (X|Y) \|$",
                      worked_example("cleopatra"), re.MULTILINE)
    assert len(rows) == 3
    for pile, slapper, taker, following in rows:
        cards = [f"{c[1:]}{'HDSC'['♥♦♠♣'.index(c[0])]}" for c in pile.split()]
        hands = [[c for c in cards if c[-1] in "HD"] + ["3H"], [c for c in cards if c[-1] in "SC"] + ["7S", "6S"]]
        game = cleopatra.new_game(deal={"hands": hands, "first": 0})
        for card in cards:
            game.play(f"{'XY'[card[-1] in 'SC']} {card}")
        assert game.pair_on_top
        if slapper != "—":
            game.play(f"slap {slapper}")
        assert "XY"[game.current_player] == following
        if slapper == "—":      # play goes on: the honour's owner collects as he turns his next card
            game.play(next(a for a in game.legal_actions() if not game.action_text(a).startswith("slap")))
        assert len(game.won["XY".index(taker)]) == len(cards)


def test_a_rule_page_in_japanese_is_the_japanese_edition_s_folded_under_a_japanese_line():
    from cardlab.pages import DOCS, rule_page

    page = rule_page("kirifu", lang="ja")
    assert page.summary == "切りふのルール"
    assert page.markdown == (DOCS / "ja" / "rules" / "kirifu.md").read_text(encoding="utf-8")
    assert rule_page("kirifu").summary == "The rules of Kirifu"
    with pytest.raises(ValueError, match="lang"):
        rule_page("kirifu", lang="fr")



def test_a_japanese_rule_page_on_the_classroom_page_shows_no_english_link_and_no_english_column():
    """The page's link to its English original leads nowhere on the classroom page, and its terms
    table's English column (the words of the code) is for the code's readers, not the class."""
    from cardlab.pages import rule_page

    shown = rule_page("kirifu", lang="ja")._repr_markdown_()
    assert "[English]" in rule_page("kirifu", lang="ja").markdown and "English" not in shown
    assert "| 日本語 | 注 |" in shown and "| 切る | |" in shown and "matching set" not in shown
    assert "| to cut" in rule_page("kirifu", lang="ja").markdown
    assert "This page in Japanese: 日本語" in rule_page("kirifu")._repr_markdown_()


def test_a_page_s_title_leaves_out_the_name_in_the_other_language():
    from cardlab.pages import page_title

    assert page_title("Intro\n\n# Cleopatra (クレオパトラ)\n\n## C1") == "Cleopatra"
    assert page_title((DOCS / "ja" / "rules" / "trappola.md").read_text(encoding="utf-8")) == "トラッポラ"
    assert page_title("# Glossary") == "Glossary" and page_title("no heading") == ""


def test_in_the_site_a_rule_page_is_found_beside_the_notebooks(tmp_path, monkeypatch):
    """The static site installs cardlab without its pages; its notebooks (``notebooks/`` and
    ``notebooks/ja/``) sit beside ``docs/`` in the browser's files, where rule_page finds them."""
    from cardlab import pages
    shutil.copytree(DOCS, tmp_path / "docs")
    (tmp_path / "notebooks" / "ja").mkdir(parents=True)
    monkeypatch.setattr(pages, "DOCS", tmp_path / "installed" / "docs")         # no pages beside the package
    for folder, lang in ((tmp_path / "notebooks", "en"), (tmp_path / "notebooks" / "ja", "ja")):
        monkeypatch.chdir(folder)
        page = pages.rule_page("kirifu", lang=lang)
        source = tmp_path / "docs" / ("ja/rules" if lang == "ja" else "rules") / "kirifu.md"
        assert source.read_text(encoding="utf-8").splitlines()[2] in page.markdown
