"""The Trappola table of issue 11, headless: both layouts' text sizes and widths, the words in
English and Japanese, the sorted hand and its switch, the finished deal held until the reader
moves on, the score sheet's folding, the log, keyboard play, accessible names and motion keys."""

from __future__ import annotations

import html
import inspect
import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from cardlab.games.trappola.bots import TABLE_WORLDS, RuleOfThumbBot, SolverBot
from cardlab.cards import Card
from cardlab.draw import svg as svg_mod
from cardlab.games.trappola import draw
from cardlab.games.trappola import draw_html
from cardlab.games.trappola.draw_html import sheets_html
from cardlab.games import trappola as T
from cardlab.games.trappola.scoring import STRENGTH
from cardlab.games.trappola import table as table_module
from cardlab.games.trappola.table import TrappolaTable
from cardlab.games.trappola.words import WORDS
from trappola_helpers import SETS, table_positions

NS = "{http://www.w3.org/2000/svg}"


def scale_of(transform: str) -> float:
    """The scale factor of an SVG transform attribute (translate and rotate keep sizes)."""
    factor = 1.0
    for value in re.findall(r"scale\(([-\d.]+)\)", transform or ""):
        factor *= float(value)
    return factor


def text_sizes(svg: str) -> list[tuple[str, float, str]]:
    """Every text of a drawing: (text, size in user units, its class)."""
    out = []

    def walk(node: ET.Element, factor: float) -> None:
        factor *= scale_of(node.get("transform", ""))
        if node.tag == f"{NS}text":
            out.append(("".join(node.itertext()), float(node.get("font-size")) * factor, node.get("class", "")))
        for child in node:
            walk(child, factor)

    walk(ET.fromstring(svg), 1.0)
    return out


def width_of(svg: str) -> float:
    return float(re.search(r'<svg[^>]*width="([\d.]+)"', svg).group(1))


def table(lang: str = "en", seed: int = 2, **kw) -> TrappolaTable:
    return TrappolaTable(seed=seed, bot=RuleOfThumbBot(seed), lang=lang, **kw)


@pytest.fixture(scope="module", params=["en", "ja"])
def drawings(request) -> tuple[str, list[str]]:
    return request.param, [svg for _, svg in table_positions(request.param)]


def test_the_wide_layout_is_wide_width_and_the_narrow_at_most_680(drawings):
    _, shots = drawings
    assert [width_of(s) for s in shots] == [draw.WIDE_WIDTH, draw.NARROW_WIDTH] * 4
    assert draw.NARROW_WIDTH <= 680 and TrappolaTable.WIDE_WIDTH == draw.WIDE_WIDTH


def test_every_text_is_at_least_11_units_in_both_layouts_card_faces_included(drawings):
    _, shots = drawings
    small = {(text, round(size, 2)) for svg in shots for text, size, _ in text_sizes(svg) if size < svg_mod.MIN_TEXT}
    assert not small
    assert draw.W >= svg_mod.READABLE_W and draw.MIN_TEXT == svg_mod.MIN_TEXT


def test_texts_stay_inside_the_drawing_by_their_estimated_width(drawings):
    """Nothing clipped: every label's estimated width ends inside the drawing (the game-over line
    was cut at the edge)."""
    _, shots = drawings
    for svg in shots:
        width = width_of(svg)
        for node in ET.fromstring(svg).findall(f"{NS}text"):          # the labels outside groups
            x, w = float(node.get("x")), svg_mod.text_width(node.text, float(node.get("font-size")),
                                                         node.get("font-weight") == "bold")
            left = x - w / 2 if node.get("text-anchor") == "middle" else x
            assert 0 <= left and left + w <= width + 1, node.text


def test_each_language_speaks_only_itself(drawings):
    """Japanese drawings carry no English words (the faces' Re, Cavallo, Fante and the Enter key
    aside), English ones no Japanese (Trappola has no Japanese terms to keep beside the English)."""
    lang, shots = drawings
    faces = {"Re", "Cavallo", "Fante", "Enter"}
    for svg in shots:
        for text, _, _ in text_sizes(svg):
            if lang == "ja":
                assert not set(re.findall(r"[A-Za-z]{3,}", text)) - faces, text
            else:
                assert not re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text), text


def test_both_catalogues_have_the_same_keys_and_the_table_uses_them():
    assert set(WORDS.by_lang["en"]) == set(WORDS.by_lang["ja"])
    t = table("ja")
    assert t.names == ("あなた", "コンピューター") and "交換（E）" in t.view.svg and t.view.lang == "ja"
    assert "トラッポラ" in t.view.svg


# --- the hand ---------------------------------------------------------------------------------
def hand_order(t: TrappolaTable) -> list[Card]:
    mine = {c.ascii() for c in t.state.hands[t.you]}
    return [Card.parse(c, "italian") for c in re.findall(r'data-card="([^"]+)"', t.view.svg) if c in mine]


def test_the_hand_is_sorted_by_suit_then_rank_and_s_shows_it_as_dealt_T1():
    t = table(seed=4)
    moves = list(t.state.history)
    shown = hand_order(t)
    assert shown == sorted(t.state.hands[0], key=lambda c: (draw.SUIT_ORDER[c.suit], -STRENGTH[c.rank]))
    assert shown != list(t.state.hands[0])           # this deal is not dealt in order
    t.press("s")
    assert hand_order(t) == list(t.state.hands[0]) and not t.sorted
    assert "Sort the hand (S)" in t.view.svg             # the button names what it does (issue 39)
    t.click("sort")
    assert hand_order(t) == shown and t.state.history == moves   # the switch is no move


def test_choices_are_the_legal_cards_in_hand_order_then_the_buttons_T7():
    t = table()
    t.start(T.new_game(deal=SETS, players=t.names))
    t.press("k")                                   # you keep; the computer (dealer) answers
    assert t.state.phase == T.PLAY
    legal = {str(a) for a in t.state.legal_actions()}
    shown = [f"play {c.ascii()}" for c in hand_order(t)]
    assert t.choices() == [p for p in shown if p in legal] + ["declare A", "declare R"]
    assert t.shortcuts() == {"d": "declare A", "g": "declare R", "s": "sort"}
    assert "Declare three aces (D)" in t.view.svg and "Declare three kings (G)" in t.view.svg


# --- the finished deal is held ---------------------------------------------------------------------
def test_the_last_trick_and_the_score_stay_until_the_reader_moves_on_T13_T15():
    t = table()
    while not t.state.sheets:
        t.press("Enter")
    assert t.state.phase == T.EXCHANGE and t.state.deal_no == 1   # the engine has dealt again
    last = t.state.sheets[0]
    assert t.held is not None and len(t.held.tricks) == 9 and t.choices() == ["next"]
    final = [c.ascii() for c in t.held.tricks[-1].cards]
    assert all(f'data-card="{c}"' in t.view.svg for c in final)
    assert "Deal 1 scored" in t.view.svg and "Next deal (Enter)" in t.view.svg
    assert f"you {last.total[0]}" in t.view.status and "Enter" in t.view.status
    assert "Deal 2" not in t.game_log.value                    # the log waits too
    t.press("k")                                               # no game key while held
    assert t.held is not None
    t.press("Enter")
    assert t.held is None and t.choices() in (["exchange", "keep"], ["keep"])
    assert "Deal 2" in t.view.svg and "Deal 2" in t.game_log.value


def test_the_held_deal_shows_what_the_state_showed_before_dealing_again():
    t = table(seed=6)
    while t.held is None:
        t.press("Enter")
    held, sheet = t.held, t.state.sheets[0]
    assert held.scores == tuple(t.state.scores) and held.sheets == (sheet,)
    assert sum(held.deal_points) == sheet.cards[0] + sheet.cards[1] + sheet.twos[0] + sheet.twos[1] \
        + 10 * sheet.streak_length
    assert [t.winner for t in held.tricks] == [e.winner for e in t.state.events
                                               if isinstance(e, T.TrickWon)][:9]


def test_the_held_deal_is_drawn_from_the_view_alone():
    """The engine keeps the finished deal in the view (``last_deal``): the table draws it from
    ``state.view(you)`` and keeps no deal of its own, nor any function rebuilding one."""
    t = table(seed=6, lang="ja")
    while t.held is None:
        t.press("Enter")
    view = t.state.view(t.you)
    assert view.deal == 1 and t.held is view.last_deal and view.last_deal.deal == 0
    assert t.view.svg == draw.table_svg(view.last_deal, layout=t.layout, lang="ja", sort=t.sorted, next_deal=True,
                                        sort_switch=True)
    own = [name for name, value in vars(table_module).items()
           if inspect.isfunction(value) and value.__module__ == table_module.__name__]
    assert own == []
    t.press("s")                                               # the sort switch redraws the held deal
    assert t.view.svg == draw.table_svg(t.state.view(t.you).last_deal, layout=t.layout, lang="ja", sort=False,
                                        next_deal=True, sort_switch=True)


# --- the score sheet and the log ------------------------------------------------------------------
def test_the_sheet_shows_the_latest_deals_and_folds_the_older_ones_T15_T16():
    g = T.new_game(seed=1, players=["Ada", "Bo"])
    bots = [RuleOfThumbBot(0), RuleOfThumbBot(1)]
    while len(g.sheets) < 8 and not g.is_over:
        g.apply(bots[g.current_player].choose(g))
    assert len(g.sheets) == 8
    page = sheets_html(g.view(), "en", shown=3)
    main, _, folded = page.partition("<details")
    assert [f"Deal {n}" in main for n in range(1, 9)] == [False] * 5 + [True] * 3
    assert "earlier deals (5)" in folded and folded.count("<tr>") == 1 + 5
    assert all(f"Deal {n}" in folded for n in range(1, 6))
    for raw in ("NaN", ">1.0<", "item"):
        assert raw not in page
    first = g.sheets[0]
    assert f"<td>Deal 1</td><td>{first.total[0]}</td><td>{first.total[1]}</td>" in folded
    short = sheets_html(g.view(), "ja", shown=8)
    assert '<details class="cardlab-earlier cardlab-narrow">' in short and "得点表" in short   # folded on a phone only


def test_a_narrow_sheet_shows_the_latest_deal_and_folds_the_others_by_css_issue_29():
    """The same HTML at any width: the older deals' columns are marked ``older`` (hidden in a sheet
    under ONE_DEAL_PX by a container query), their rows in the fold ``recent`` (shown only then)."""
    g = T.new_game(seed=1, players=["Ada", "Bo"])
    bots = [RuleOfThumbBot(0), RuleOfThumbBot(1)]
    while len(g.sheets) < 5:
        g.apply(bots[g.current_player].choose(g))
    page = sheets_html(g.view(), "en", shown=3)
    main, _, folded = page.partition("<details")
    assert main.count('<th colspan="2" class="older">') == 2 and main.count('<th colspan="2">') == 1
    assert folded.count('<tr class="recent">') == 2 and folded.count("<tr>") == 1 + 2
    assert "earlier deals (2)" in folded and "earlier deals (4)" in folded
    assert f"@container (max-width: {draw_html.ONE_DEAL_PX}px)" in page


def test_the_log_keeps_the_whole_game_and_marks_your_moves():
    t = table(seed=3)
    while len(t.state.sheets) < 2 and not t.state.is_over:
        t.press("Enter")
    log = t.game_log.value
    assert "Deal 1: " in log and "Deal 2: " in log and 'class="mine"' in log
    plays = sum(isinstance(e, T.Played) for e in t.state.events[:t._held_events or None])
    assert log.count("plays the") + log.count("You play the") == plays


def test_the_opponents_declaration_is_heard_without_its_rank_T7():
    t = table(seed=1)
    t.start(T.new_game(deal=T.make_deal(["2S 2B 10C 10S 10B CC FD FB 9C",
                                         "AS AB AC 7S 8S RD RB RC 9D"], dealer=1), players=t.names))
    t.press("k")                                     # the computer holds three aces and three kings
    while not any(d.player == 1 for d in t.state.declared) and not t.state.is_over:
        t.press("Enter")
    theirs = [d for d in t.state.declared if d.player == 1]
    assert theirs
    for d in theirs:
        if d.rank != "A":
            text = html.unescape(t.view.svg + t.view.status + t.game_log.value)
            assert "declared “three” (of a rank not said)" in text or "declares “three” (of a rank not said)" in text
            assert "kings" not in text and "three kings" not in text


# --- keyboard, names, motion keys -----------------------------------------------------------------
def test_a_whole_deal_by_keys_alone():
    t = TrappolaTable(rules="single-deal", seed=9, bot=RuleOfThumbBot(9))
    pressed = 0
    while not t.state.is_over:
        t.press("ArrowRight" if pressed % 3 == 1 else "Enter")
        pressed += 1
        assert pressed < 200
    assert len(t.state.sheets) == 1 and sum(isinstance(e, T.Played) and e.player == 0
                                            for e in t.state.events) == 9
    assert "Game over" in t.view.status


def test_clickable_parts_are_named_and_stacks_carry_motion_keys():
    t = table()
    t.press("k")
    svg = t.view.svg
    names = dict(re.findall(r'data-target="([^"]+)" role="button" aria-label="([^"]+)"', svg))
    for target, name in names.items():
        if target.startswith("play "):
            assert name == Card.parse(target[5:], "italian").name
    assert names["sort"] == "Show as dealt (S)"
    for key in ("stock", "won:0", "won:1"):
        assert f'data-key="{key}"' in svg
    assert f'data-key="hand:1" data-count="{len(t.state.hands[1])}"' in svg   # the computer's hidden hand


def test_messages_stay_until_the_readers_next_action():
    t = table(seed=5)                                  # you move first: the greeting
    greeting = WORDS.say("en", "greeting")
    assert t.view.status == greeting
    t.press("s")
    assert t.view.status == greeting                   # the sort switch is no action
    t.press("k")
    said = t.view.status
    assert said and said != greeting and "Computer" in said
    t.press("s")
    t.press("ArrowRight")
    assert t.view.status == said


# --- every size (issue 29) ------------------------------------------------------------------------
def play_height(svg: str) -> float:
    return float(re.search(r'<svg[^>]*data-play-height="([\d.]+)"', svg).group(1))


def moments(seed: int = 3) -> list[T.View]:
    """Your views of a whole game between two rule-of-thumb players, and the opponent's at its
    start and the all-seeing one (a replay's): exchanges, tricks, declarations, held deals, the end."""
    g = T.new_game(seed=seed)
    bots = [RuleOfThumbBot(seed), RuleOfThumbBot(seed + 1)]
    views = [g.view(None), g.view(1)]
    while not g.is_over:
        views.append(g.view(0))
        g.apply(bots[g.current_player].choose(g))
    return views + [g.view(0), T.new_game(deal=SETS).view(0)]


@pytest.fixture(scope="module")
def every_size() -> list[tuple[str, str, str]]:
    """``(layout, lang, svg)`` of :func:`moments`, as a table draws them (sort switch, the coach's
    room: empty annotations) and as a replay does."""
    out = []
    for view in moments():
        for layout in svg_mod.LAYOUTS:
            for lang in ("en", "ja"):
                for coach in (None, svg_mod.Annotations()):
                    out.append((layout, lang, draw.table_svg(view, layout=layout, lang=lang, sort_switch=True,
                                                             annotations=coach)))
    return out


def test_each_layout_has_its_width_and_names_a_play_area_within_700_units_issue_29(every_size):
    for layout, lang, svg in every_size:
        assert width_of(svg) == draw.SIZES[layout].width == {"wide": 960, "narrow": 680, "phone": 360}[layout]
        height = float(re.search(r'<svg[^>]*height="([\d.]+)"', svg).group(1))
        assert 0 < play_height(svg) <= height
        if layout != "wide":
            assert play_height(svg) <= svg_mod.PLAY_MAX_PX, (layout, lang)
    with pytest.raises(ValueError, match="layout must be one of"):
        draw.table_svg(T.new_game(seed=1).view(0), layout="tablet")


def test_the_play_area_holds_your_hand_and_what_to_do_now_issue_29(every_size):
    """The declared play area is the real one: your cards and the buttons of legal actions end
    inside it; on a phone the sort switch and the won piles come under it."""
    for layout, _lang, svg in every_size:
        play = play_height(svg)
        for y, target in re.findall(r'<g transform="translate\([\d.-]+,([\d.-]+)\)"'
                                    r' class="cardlab-button[^"]*" data-target="([^"]+)"', svg):
            if target != "sort" or layout != "phone":
                assert float(y) + draw.BUTTON_H <= play, (layout, target)
            else:
                assert float(y) >= play
        for y in re.findall(r'<g transform="translate\([\d.-]+,([\d.-]+)\)" class="cardlab-card[^"]*"'
                            r' data-target="play', svg):
            assert float(y) + draw.SIZES[layout].h <= play + 1e-6, layout
        if layout == "phone":
            pile = re.search(r'<g transform="translate\([\d.-]+,([\d.-]+)\)" class="cardlab-stack" data-key="won:0"',
                             svg)
            assert float(pile.group(1)) >= play


def test_every_text_is_at_least_11_units_in_the_phone_layout_and_cards_are_readable(every_size):
    small = {(text, round(size, 2)) for layout, _, svg in every_size if layout == "phone"
             for text, size, _ in text_sizes(svg) if size < svg_mod.MIN_TEXT}
    assert not small and draw.SIZES["phone"].w >= svg_mod.READABLE_W


def test_on_a_phone_your_nine_cards_lie_in_two_rows_a_finger_wide_with_room_for_the_badges():
    """Nine cards (T3) at 360 units: five over four, 56 units apart (a badge is 44 wide), the coach's
    room between the rows; the opponent's face-up hand (a replay's) fanned in one row."""
    g = T.new_game(deal=SETS)
    g.play("keep")
    g.play("keep")                                  # you lead the first trick: every card is legal
    svg = draw.table_svg(g.view(0), layout="phone", annotations=svg_mod.Annotations())
    spots = [(float(x), float(y)) for x, y in re.findall(
        r'<g transform="translate\(([\d.-]+),([\d.-]+)\)" class="cardlab-card[^"]*" data-target="play', svg)]
    rows = sorted({y for _, y in spots})
    assert len(spots) == 9 and [sum(y == row for _, y in spots) for row in rows] == [5, 4]
    assert rows[1] - rows[0] >= draw.SIZES["phone"].h + draw.HINT_ROOM - 8
    xs = sorted({x for x, _ in spots})
    assert min(b - a for a, b in itertools.pairwise(xs)) >= svg_mod.BADGE_W + 4 and max(xs) + draw.SIZES["phone"].w <= 344
    everyone = draw.table_svg(g.view(None), layout="phone")
    top = re.findall(r'translate\(([\d.-]+),([\d.-]+)\)" class="cardlab-card" data-card', everyone)[:9]
    assert len({y for _, y in top}) == 1 and float(top[-1][0]) + draw.SIZES["phone"].w <= 360 - draw.MARGIN


def test_the_table_takes_the_layout_of_its_output_width_issue_29():
    t = table()
    assert TrappolaTable.NARROW_WIDTH == draw.NARROW_WIDTH
    for width, layout in ((1200, "wide"), (700, "narrow"), (500, "phone"), (360, "phone"), (0, "wide")):
        t.view.width = width
        assert t.layout == layout and width_of(t.view.svg) == draw.SIZES[layout].width


def test_after_enter_the_message_is_the_new_deals_not_the_old_score_issue_29():
    """A message belongs to its moment: "Deal 1 scored … Press Enter" goes once Enter (or a click
    on Next deal) has started deal 2."""
    for lang, go_on in (("en", lambda t: t.press("Enter")), ("ja", lambda t: t.click("next"))):
        t = table(lang, seed=2)
        while t.held is None:
            t.press("Enter")
        scored = WORDS.say(lang, "scored", n=1, you=t.state.sheets[0].total[0], name=t.names[1],
                           them=t.state.sheets[0].total[1])
        assert scored in t.view.status and WORDS.say(lang, "press_next") in t.view.status
        go_on(t)
        assert t.held is None and t.state.view(t.you).deal == 1
        status = t.view.status
        assert scored not in status and WORDS.say(lang, "press_next") not in status
        assert status.startswith(WORDS.say(lang, "log_dealt", n=2, name=t.names[1]))
        assert status.endswith(WORDS.say(lang, "your_exchange"))


def test_the_default_computer_player_solves_sampled_worlds_issue_36():
    """The table seats the player that solves sampled worlds exactly (its strength against ISMCTS
    and the search: ``python -m tools.bench trappola --part ismcts``), seeded by the table; a
    game where the computer moves first opens with that player's choice."""
    table = TrappolaTable(rules="single-deal", seed=4)
    assert type(table.bot) is SolverBot and table.bot.worlds == TABLE_WORLDS
    first = next(s for s in range(4, 60) if T.new_game(T.SINGLE_DEAL, seed=s).current_player == 1)
    state = T.new_game(T.SINGLE_DEAL, seed=first, players=("You", "Computer"))
    expected = SolverBot(first, worlds=TABLE_WORLDS, budget=200).choose(state)
    assert TrappolaTable(rules="single-deal", seed=first).state.history[0] == expected
