"""The Cleopatra table's drawing, headless (issues 11, 29): three layouts (wide, narrow, phone)
of their widths, each naming a play area (at most 700 units tall in the narrow and phone ones),
no text under 11 units, no text over another text or over a card or stack it does not belong to,
nothing outside the drawing, in English and Japanese; the table and the replay switching layout
with the output's width; the capture shown beside the winner's pile (C6, C10), the pending
collector (C10), motion keys and accessible names."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from cardlab.draw.svg import LAYOUTS, MIN_TEXT, PHONE_WIDTH, PLAY_MAX_PX, READABLE_W, text_width
from cardlab.games.cleopatra import draw as drawing
from cardlab.games.cleopatra.draw import H, W, WIDE_WIDTH, table_svg
from cardlab.games.cleopatra.table import CleopatraReplay, CleopatraTable
from cardlab.games import cleopatra
from cardlab.games.cleopatra.sample import load_sample
from cardlab.words import LANGS
from cardlab.games.cleopatra.table_duo import SEAT_KEYS
from cardlab.games.cleopatra.words import CLEOPATRA, DUO

NS = "{http://www.w3.org/2000/svg}"
SAMPLE = load_sample().states()


def prepared(x: str, y: str, *actions: str, rules=cleopatra.CLEOPATRA, players=("You", "Bot")) -> cleopatra.State:
    game = cleopatra.new_game(rules, seed=1, players=list(players), deal={"hands": [x.split(), y.split()], "first": 0})
    for action in actions:
        game.play(action)
    return game


def played(seed: int, n: int, rules=cleopatra.CLEOPATRA) -> cleopatra.State:
    game = cleopatra.new_game(rules, seed=seed, players=["You", "Bot"])
    while len(game.history) < n and not game.is_over:
        game.play(game.legal_actions()[0])
    return game


POSITIONS = {
    "deal": lambda: cleopatra.new_game(seed=83, players=["You", "Bot"]),
    "capture (sample step 9)": lambda: SAMPLE[11],
    "slap capture (sample step 13)": lambda: SAMPLE[20],
    "pending collection (C10)": lambda: prepared("QH 2H", "4S 4C 9S", "X QH", "Y 4S", "Y 4C"),
    "payment owed, long log": lambda: played(5, 57),
    "game over (sample step 100)": lambda: SAMPLE[-1],
    "beggar-my-neighbour": lambda: played(2, 40, cleopatra.BEGGAR_MY_NEIGHBOUR),
    "egyptian ratscrew (the longest title)": lambda: played(3, 30, cleopatra.EGYPTIAN_RATSCREW),
    "long names": lambda: prepared("QH 2H", "4S 5C 9S", "X QH", "Y 4S", "Y 5C",
                                   players=("Alexandria the Great Player", "A very long computer name")),
}


def seat_keys(lang: str) -> list[str]:
    """Each seat's keys at a table of two people at one keyboard (issue 24), all of them shown."""
    return [CLEOPATRA.say(lang, "keys_sep").join(DUO.say(lang, f"key_{action}", letter=key.upper())
                                                 for action, key in keys.items()) for keys in SEAT_KEYS]


def drawings():
    """Every position in every layout and both languages, seen by X, by a spectator and by two
    people at one keyboard (each seat's keys under it)."""
    for name, make in POSITIONS.items():
        game = make()
        for layout in LAYOUTS:
            for lang in LANGS:
                for reader, keys in ((0, ("turn", "slap")), (None, ())):
                    yield f"{name}/{layout}/{lang}/{reader}", layout, table_svg(
                        game, reader=reader, layout=layout, lang=lang, keys=keys,
                        choices=("turn", "slap") if reader == 0 else ())
                yield f"{name}/{layout}/{lang}/duo", layout, table_svg(game, layout=layout, lang=lang,
                                                                       seat_keys=seat_keys(lang))


WIDTHS = {"wide": WIDE_WIDTH, "narrow": drawing.NARROW_WIDTH, "phone": PHONE_WIDTH}
DRAWINGS = list(drawings())
IDS = [d[0] for d in DRAWINGS]


def walk(el, scale=1.0, dx=0.0, dy=0.0, inside=()):
    """Every element with its scale, its translation and its ancestors' classes (translations
    are summed only where no rotation or scale intervenes: the texts checked here have none)."""
    transform = el.get("transform", "")
    for sx in re.findall(r"scale\(([-\d.]+)\)", transform):
        scale *= float(sx)
    for tx, ty in re.findall(r"translate\(([-\d.]+),([-\d.]+)\)", transform):
        dx, dy = dx + float(tx), dy + float(ty)
    rotated = "rotate" in transform
    classes = tuple(inside) + (tuple(el.get("class", "").split()) + (("rotated",) if rotated else ()),)
    yield el, scale, dx, dy, classes
    for child in el:
        yield from walk(child, scale, dx, dy, classes)


def text_boxes(root):
    """The boxes (x0, y0, x1, y1) of the texts outside cards, with the stack they belong to (or None)."""
    for el, _scale, dx, dy, classes in walk(root):
        flat = [c for level in classes for c in level]
        if el.tag != NS + "text" or "cardlab-card" in flat or "rotated" in flat:
            continue
        size = float(el.get("font-size"))
        width = text_width(el.text, size, el.get("font-weight") == "bold")
        x, y = float(el.get("x")) + dx, float(el.get("y")) + dy
        x0 = {"start": x, "middle": x - width / 2, "end": x - width}[el.get("text-anchor", "start")]
        owner = (dx, dy) if "cardlab-stack" in flat else None
        yield (x0, y - 0.8 * size, x0 + width, y + 0.25 * size), el.text, owner


def card_boxes(root):
    """The boxes of stacks, face-up cards outside the pile and the pile (with room for its tilt)."""
    for el, _scale, dx, dy, classes in walk(root):
        own = classes[-1]
        flat = [c for level in classes[:-1] for c in level]
        if "cardlab-stack" in own:
            yield (dx, dy, dx + 1.105 * W, dy + H + 0.105 * W), (dx, dy)   # three edges of thickness
        elif "cardlab-pile" in own:
            yield (dx - 12, dy - 12, dx + W + 12, dy + H + 12), None
        elif "cardlab-card" in own and "cardlab-pile" not in flat and "rotated" not in flat:
            yield (dx, dy, dx + W, dy + H), None


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("name, layout, drawn", DRAWINGS, ids=IDS)
def test_every_text_is_at_least_11_units_and_each_layout_has_its_width(name, layout, drawn):
    root = ET.fromstring(drawn)
    assert float(root.get("width")) == WIDTHS[layout]
    sizes = [(float(el.get("font-size")) * scale, el.text) for el, scale, *_ in walk(root) if el.tag == NS + "text"]
    small = [(round(s, 2), t) for s, t in sizes if s < MIN_TEXT]
    assert sizes and not small and W >= READABLE_W


@pytest.mark.parametrize("name, layout, drawn", DRAWINGS, ids=IDS)
def test_no_text_overlaps_another_or_a_card_it_does_not_belong_to_and_none_is_clipped(name, layout, drawn):
    root = ET.fromstring(drawn)
    width, height = float(root.get("width")), float(root.get("height"))
    texts = list(text_boxes(root))
    for box, text, _ in texts:
        assert 0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height, f"{text!r} is clipped"
    for (a, ta, oa), (b, tb, ob) in combinations(texts, 2):
        assert not overlap(a, b) or (oa is not None and oa == ob), f"{ta!r} overlaps {tb!r}"
    for box, owner in card_boxes(root):
        for tbox, text, towner in texts:
            assert not overlap(box, tbox) or (owner is not None and owner == towner), f"{text!r} is on a card"


def test_the_words_are_english_with_the_japanese_title_or_all_japanese():
    game = SAMPLE[11]
    english = table_svg(game, reader=0, keys=("turn", "slap"))
    japanese = table_svg(game, reader=0, lang="ja", keys=("turn", "slap"))
    assert "クレオパトラ" in english and "your hand" in english and "X's" not in english
    assert "Y takes 6 cards" not in japanese and "Yは場の6枚を取る" in japanese
    for word in ("your hand", "won pile", "What happened", "to play", "Enter: turn", "pile:"):
        assert word not in japanese
    for word in ("手持ちカード", "あなたの取ったカード", "これまでの流れ", "Yは場の6枚を取る", "スペース"):
        assert word in japanese


def test_every_text_of_the_catalogue_formats_in_both_languages():
    fields = {"name": "Bot", "n": 3, "cards": "3 cards", "played": "5♥", "card": "5♥", "race": "Bot 300 ms",
              "reason": "no cards left", "rule": "C13", "result": "You win", "ms": 300, "x": "X", "y": "Y",
              "text": "X plays 5♥.", "action": "X 5H", "rules": "Cleopatra", "changes": "rules Cleopatra",
              "back": "seed 3", "value": "3", "greet": "Press Enter."}
    for lang in LANGS:
        for key in CLEOPATRA.by_lang[lang]:
            assert CLEOPATRA.say(lang, key, **fields)
    english, japanese = CLEOPATRA.by_lang["en"], CLEOPATRA.by_lang["ja"]
    assert [k for k in english if english[k] == japanese[k] and not k.startswith(("key_turn",))] == []


def test_sentences_about_you_are_grammatical():
    game = prepared("QH 2H", "4S 5C 9S", "X QH", "Y 4S", "Y 5C")
    drawn = table_svg(game, reader=0)
    assert "you play Q♥" in drawn and "you take 3 cards" in drawn and "Bot pays 4♠, 5♣" in drawn
    assert "You's" not in drawn and "You takes" not in drawn and "Your turn" in drawn


def test_a_capture_shows_the_cards_taken_beside_the_winners_won_pile_C6():
    before, after = SAMPLE[10], SAMPLE[11]               # step 9: X pays 7♦; Y takes 6 cards
    taken = ["8H", "4C", "KD", "5S", "JC", "7D"]
    drawn = table_svg(after)
    group = re.search(r'<g class="cardlab-taken">(.*?)</g></g>', drawn)
    assert group and re.findall(r'data-card="([^"]+)"', drawn.split('class="cardlab-taken"')[1]) == taken
    assert "Y takes 6 cards" in drawn and 'data-count="0"' in drawn       # the pile is empty
    assert all(f'data-key="{c}"' in table_svg(before) for c in taken[:-1])   # they were on the pile
    assert "cardlab-taken" not in table_svg(SAMPLE[12])   # the next card: gone into the won pile


def test_a_slap_capture_shows_the_cards_too_C10():
    drawn = table_svg(SAMPLE[20])                           # step 13: Y slaps and takes 8 cards
    assert drawn.split('class="cardlab-taken"')[1].count("data-card=") == 8 and "Y takes 8 cards" in drawn


def test_under_hand_captures_lie_beside_the_hand_and_there_is_no_won_pile():
    game = prepared("QH 2H 3H", "4S 5S 9S", "X QH", "Y 4S", "Y 5S", rules=cleopatra.BEGGAR_MY_NEIGHBOUR)
    drawn = table_svg(game, reader=0)
    assert 'data-key="won:' not in drawn and "you take 3 cards" in drawn


def test_the_pending_collector_is_named_under_the_pile_C10():
    game = prepared("QH 2H", "4S 4C 9S", "X QH", "Y 4S", "Y 4C")
    assert game.collector == 0
    assert "you collect the pile unless someone slaps the pair" in table_svg(game, reader=0)
    assert "X collects the pile" in table_svg(prepared("QH 2H", "4S 4C 9S", "X QH", "Y 4S", "Y 4C",
                                                       players=("X", "Y")))


def test_won_piles_and_the_pile_carry_motion_keys_but_not_the_hands():
    """A turned card appears on the pile at once: a flight from the hand would take time from the
    reader's slap (C10, C11: the slap time runs from the drawing's appearance)."""
    drawn = table_svg(SAMPLE[9], reader=0)
    for key in ("won:0", "won:1", "pile"):
        assert f'data-key="{key}"' in drawn
    assert 'data-key="hand:' not in drawn


def test_a_bad_layout_is_refused():
    with pytest.raises(ValueError, match="layout must be one of 'wide', 'narrow', 'phone', not 'tiny'"):
        table_svg(SAMPLE[0], layout="tiny")


def test_the_log_shows_whole_entries_only_in_both_layouts_and_languages():
    """Issue "Tables at every size and at every moment": an overflowing log began in the middle of
    an entry ("635 ms)"); an entry that wraps over several rows is now drawn whole or left out."""
    from cardlab.games.cleopatra.story import story

    def squeezed(texts):
        return "".join(texts).replace(" ", "")

    def slapped(seed: int, n: int) -> cleopatra.State:      # every pair slapped: long entries
        game = cleopatra.new_game(seed=seed, players=["You", "Bot"])
        while len(game.history) < n and not game.is_over:
            game.play(cleopatra.Slap(((0, 635), (1, 702))) if game.pair_on_top else game.legal_actions()[0])
        return game

    games = [SAMPLE[k] for k in range(10, len(SAMPLE), 9)] + [played(5, 57)] + [slapped(s, 150 + s) for s in range(6)]
    overflowed = 0
    for game in games:
        for layout in LAYOUTS:
            for lang in LANGS:
                root = ET.fromstring(table_svg(game, reader=0, layout=layout, lang=lang))
                rows = [el.text for el in root.iter(NS + "text") if el.get("class") == "cardlab-log"]
                entries = [line.text for line in story(game.events, game.players, lang, reader=0)]
                whole = [k for k in range(1, len(entries) + 1) if squeezed(entries[-k:]) == squeezed(rows)]
                assert rows and whole, f"{layout}/{lang}: the log starts inside an entry: {rows[:2]}"
                overflowed += whole[0] < len(entries)
    assert overflowed > 10                         # the logs were longer than the rows they had


@pytest.mark.parametrize("rules, en, ja, name", [
    (cleopatra.CLEOPATRA, "Cleopatra クレオパトラ", "クレオパトラ", "Cleopatra"),
    (cleopatra.BEGGAR_MY_NEIGHBOUR, "Beggar-my-neighbour ベガー・マイ・ネイバー", "ベガー・マイ・ネイバー", "Beggar-my-neighbour"),
    (cleopatra.EGYPTIAN_RATSCREW, "Egyptian Ratscrew エジプシャン・ラットスクリュー", "エジプシャン・ラットスクリュー",
     "Egyptian Ratscrew")])
def test_the_title_and_the_drawings_name_follow_the_rules(rules, en, ja, name):
    game = cleopatra.new_game(rules, seed=1)
    for lang, title, drawing_name in (("en", en, f"{name} table"), ("ja", ja, ja)):
        root = ET.fromstring(table_svg(game, lang=lang))
        assert next(root.iter(NS + "text")).text == title and root.find(NS + "title").text == drawing_name


@pytest.mark.parametrize("name, layout, drawn", DRAWINGS, ids=IDS)
def test_the_play_area_holds_the_seats_the_pile_and_what_to_do_now_within_700_units(name, layout, drawn):
    """Issue 29: every layout names its play area (``data-play-height``): both seats, the pile,
    the cards just taken and whose turn it is (in the phone layout the keys too), at most 700
    units tall in the narrow and phone layouts (the view limits the wide one's growth); the log
    of the narrow and phone layouts is below it."""
    root = ET.fromstring(drawn)
    play = float(root.get("data-play-height"))
    assert play <= float(root.get("height")) and (layout == "wide" or play <= PLAY_MAX_PX)
    assert all(box[3] <= play for box, _ in card_boxes(root))
    rows = {cls: [float(el.get("y")) for el in root.iter(NS + "text") if el.get("class") == cls]
            for cls in ("cardlab-cleo-status", "cardlab-log", "cardlab-keys")}
    assert rows["cardlab-cleo-status"] and all(y < play for y in rows["cardlab-cleo-status"])
    if layout != "wide":
        assert all(y > play for y in rows["cardlab-log"])
    if layout == "phone":
        assert all(y < play for y in rows["cardlab-keys"])


def natural_width(drawn: str) -> float:
    return float(ET.fromstring(drawn).get("width"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_redraws_in_the_layout_of_the_outputs_width(lang):
    """Issue 29: the table is drawn wide, narrow or phone as the browser reports an output 1200,
    700, 500 or 360 px wide (phone below 640 px: no text under 11 px down to 360 px), each
    change of layout a redraw of the same position."""
    table = CleopatraTable(seed=83, trainer=True, lang=lang)
    table.press("Enter")
    assert CleopatraTable.NARROW_WIDTH == drawing.NARROW_WIDTH
    for width, layout in ((1200, "wide"), (700, "narrow"), (500, "phone"), (360, "phone"), (1200, "wide")):
        seq = table.view.seq
        table.view.width = width
        assert table.layout == layout and natural_width(table.view.svg) == WIDTHS[layout]
        assert table.view.seq == seq      # the same position: the same drawing number
    table.view.width, seq = 360, table.view.seq
    for tag in list(table.timers):        # the bot turns its card: the next drawing is phone too
        table.view.send_event({"type": "timer", "tag": tag, "seq": seq, "t": 0.0})
    assert len(table.state.history) == 2 and table.view.seq > seq and natural_width(table.view.svg) == PHONE_WIDTH


@pytest.mark.parametrize("mode", ["steps", "cards"])
def test_the_replay_draws_its_frames_in_the_layout_of_the_outputs_width(mode):
    """Issue 29: the replay's frames, in both modes, switch to the phone layout below 640 px."""
    replay = CleopatraReplay(mode=mode, lang="ja")
    replay.go(9)
    for width, layout in ((1200, "wide"), (700, "narrow"), (500, "phone"), (360, "phone")):
        replay.replayer.view.width = width
        assert replay.replayer.layout == layout and natural_width(replay.replayer.view.svg) == WIDTHS[layout]
    replay.go(10)
    assert natural_width(replay.replayer.view.svg) == PHONE_WIDTH and "取ったカード" in replay.replayer.view.svg
