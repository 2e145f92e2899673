"""The teacher's page of a room (issue 39): behind the teacher's token, its forms make, end and
restart games, close the room, and give the records; ``python -m cardlab.rooms`` started again
the same way adds no second game. In Chromium: tests/browser/test_browser_rooms_teacher.py."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser

import pytest

import cardlab.rooms
from cardlab.rooms import COMPUTER
from cardlab.registry import all_games
from cardlab.rooms.__main__ import same_game


@pytest.fixture(scope="module")
def server():
    running = cardlab.rooms.serve(":memory:")
    yield running
    running.stop()


def post(address: str, **fields: str) -> tuple[int, str]:
    request = urllib.request.Request(address, data=urllib.parse.urlencode(fields).encode())
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_the_page_makes_a_game_with_names_and_the_computer_and_shows_its_codes(server):
    handle = server.room("3B")
    status, page = post(handle.page(), do="add_game", choice="kirifu/kirifu", seats="Aiko\r\nBen\r\nChie\r\ncomputer")
    assert status == 200
    [game] = handle.room.games
    assert [(s.name, s.kind) for s in game.seats][:3] == [("Aiko", "person"), ("Ben", "person"), ("Chie", "person")]
    assert game.seats[3].kind == COMPUTER
    for seat in game.seats[:3]:
        assert handle.link(seat) in page
    assert page.count("<svg") == 4                     # three people's codes and the spectators'
    assert handle.watch_link(game) in page


class Boxes(HTMLParser):
    """Where a page's QR codes are (inside a game's box or not), and any form written inside a
    paragraph (HTML closes the paragraph there: what followed fell out of its place)."""

    def __init__(self) -> None:
        super().__init__()
        self.divs: list[str] = []           # the classes of the open divs
        self.in_paragraph = False
        self.codes_in_box, self.codes_outside, self.forms_in_p = 0, 0, 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div":
            self.divs.append(dict(attrs).get("class") or "")
        elif tag == "p":
            self.in_paragraph = True
        elif tag == "form":
            self.forms_in_p += self.in_paragraph
        elif tag == "svg":
            inside = "cardlab-room-game" in self.divs
            self.codes_in_box += inside
            self.codes_outside += not inside

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            self.divs.pop()
        elif tag == "p":
            self.in_paragraph = False


def test_each_game_s_codes_are_inside_its_box_and_no_form_breaks_a_paragraph(server):
    """Issue 39's second trial: the spectators' QR code sat under the game's buttons, outside its box,
    and the page's buttons were forms inside paragraphs."""
    handle = server.room("3 boxes")
    status, page = post(handle.page(), do="add_game", choice="kirifu/kirifu", seats="Aiko\r\nBen\r\ncomputer")
    boxes = Boxes()
    boxes.feed(page)
    assert (boxes.codes_in_box, boxes.codes_outside, boxes.forms_in_p) == (3, 0, 0)


def test_the_page_restarts_and_ends_games_closes_the_room_and_says_what_it_refused(server):
    handle = server.room("3C")
    game = handle.add_game("trappola", ["Ann", "computer"], rules="single-deal", seed=1)
    assert post(handle.page(), do="restart_game", game=str(game.id))[0] == 200
    old, new = handle.room.games
    assert not old.on and new.on and [s.name for s in new.seats] == [s.name for s in old.seats]
    assert new.state.rules.name == "single-deal" and new.seats[1].kind == COMPUTER
    assert post(handle.page(), do="end_game", game=str(new.id))[0] == 200 and not new.on
    assert post(handle.page(), do="close")[0] == 200 and not handle.room.is_open
    status, page = post(handle.page(lang="ja"), do="add_game", choice="kirifu/none", seats="A")
    assert status == 400 and "できませんでした" in page and "none" in page and len(handle.room.games) == 2


def test_the_page_and_its_records_need_the_teacher_s_token(server):
    handle = server.room("3D")
    seat = handle.add_game("trappola", ["Ann", "Ben"]).seats[0]
    for address in (handle.page().replace(handle.room.teacher, "x" * 22),
                    handle.page().replace(handle.room.teacher, seat.token),        # a student's token
                    handle.page().replace(handle.room.teacher, seat.token) + "/records"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(address, timeout=60)
        assert refused.value.code == 403


def test_the_records_of_finished_games_are_one_download(server):
    handle = server.room("3E")
    game = handle.add_game("trappola", ["computer", "computer"], rules="single-deal", seed=2)
    assert game.over                                    # the computer played it through
    with urllib.request.urlopen(handle.page() + "/records", timeout=60) as reply:
        assert "attachment" in reply.headers["Content-Disposition"]
        [record] = json.loads(reply.read())
    assert record["actions"] == game.state.history_text()


def test_a_game_the_teacher_ends_or_restarts_at_the_bell_is_in_the_download_as_far_as_it_went(server):
    """Issue 39's second trial: ending a game in progress left nothing to download (records: 0)."""
    handle = server.room("3 bell")
    game = handle.add_game("trappola", ["Ann", "Ben"], rules="single-deal", seed=2)
    for _ in range(3):
        seat = game.seats[game.state.current_player]
        game.act(seat, "en", game.state.action_text(game.state.legal_actions()[0]))
    played = game.state.history_text()
    assert post(handle.page(), do="restart_game", game=str(game.id))[0] == 200
    restarted = handle.room.games[-1]
    assert post(handle.page(), do="end_game", game=str(restarted.id))[0] == 200
    with urllib.request.urlopen(handle.page() + "/records", timeout=60) as reply:
        records = json.loads(reply.read())
    assert [r["actions"] for r in records] == [played, restarted.state.history_text()] and len(played) == 3
    with urllib.request.urlopen(handle.page(), timeout=60) as reply:
        assert "records (2)" in reply.read().decode()


def test_the_same_options_find_the_game_made_before(server):
    handle = server.room("3F")
    made = handle.add_game("kirifu", ["Aiko", "Ben", "computer"], seed=3)
    assert same_game(handle, "kirifu", ["Aiko", "Ben", "computer"], None, None) == made.id
    assert same_game(handle, "kirifu", ["Aiko", "Ben", "computer"], "kirifu", 3) == made.id
    assert same_game(handle, "kirifu", ["Aiko", "Ben", "computer"], None, 4) is None
    assert same_game(handle, "kirifu", ["Aiko", "Chie", "computer"], None, None) is None
    assert same_game(handle, "trappola", 2, None, None) is None


def page_language(address: str, accept: str) -> str:
    request = urllib.request.Request(address, headers={"Accept-Language": accept} if accept else {})
    with urllib.request.urlopen(request, timeout=60) as reply:
        head = reply.read().decode()[:400]
    return head.split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("accept, shown", [("ja,en-US;q=0.9,en;q=0.8", "ja"), ("ja-JP", "ja"),
                                           ("en-GB,en;q=0.9,ja;q=0.8", "en"), ("fr-FR,ja;q=0.5", "ja"),
                                           ("de, fr;q=0.5", "en"), ("", "en"), ("ja;q=x, en;q=0.2", "en")])
def test_a_page_without_lang_speaks_the_browser_s_language(server, accept, shown):
    handle = server.room(f"3F-{accept}")
    game = handle.add_game("kirifu", ["Aiko", "Ben", "computer"])
    for address in (handle.link(game.seats[0]), handle.watch_link(game)):
        assert page_language(address, accept) == shown
        assert page_language(address + "?lang=en", accept) == "en"          # the link's own choice wins
        assert page_language(address + "?lang=ja", accept) == "ja"
    teacher = handle.page().split("?")[0]
    assert page_language(teacher, accept) == shown
    assert page_language(teacher + "?lang=en", "ja") == "en"                # and stays the teacher's choice


def test_a_japanese_page_makes_computer_seats_from_its_own_word_and_names_them_in_japanese(server):
    handle = server.room("3G")
    page = post(handle.page(lang="ja"), do="add_game", choice="kirifu/kirifu", seats="アイコ\nけん\nコンピューター")[1]
    [game] = handle.room.games
    assert [s.kind for s in game.seats] == ["person", "person", COMPUTER]
    assert game.state.players[2] == "コンピューター3" and "コンピューター3" in page
    assert "computer" not in page.split("<main>", 1)[1].split("<textarea", 1)[0]     # the form's words, in Japanese
    post(handle.page(lang="ja"), do="restart_game", game=str(game.id))
    assert handle.room.games[1].state.players[2] == "コンピューター3"
    post(handle.page(), do="add_game", choice="kirifu/kirifu", seats="Ann\nBen\nComputer")   # either word, any case
    assert handle.room.games[2].seats[2].kind == COMPUTER and handle.room.games[2].state.players[2] == "Computer 3"


def test_a_restarted_game_keeps_the_language_it_was_made_in_whatever_the_page_s(server):
    handle = server.room("3G-restart")
    game = handle.add_game("kirifu", ["アイコ", "けん", "computer"], lang="ja")
    post(handle.page(lang="en"), do="restart_game", game=str(game.id))
    again = handle.room.games[-1]
    assert again.lang == "ja" and again.state.players[2] == "コンピューター3"
    assert again.record().title == game.record().title.replace(str(game.id), str(again.id))


def test_the_api_refuses_a_language_it_does_not_have_by_name(server):
    handle = server.room("3H")
    request = urllib.request.Request(f"{server.url}/api/teacher", data=json.dumps(
        {"token": handle.room.teacher, "do": "add_game", "game": "kirifu", "seats": ["A", "B", "computer"],
         "lang": "fr"}).encode(), headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 400 and "lang" in refused.value.read().decode() and not handle.room.games


class Options(HTMLParser):
    """The ``<option>``s of a page: (value, label)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[list[str]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "option":
            self.found.append([dict(attrs).get("value") or "", ""])
            self.inside = True

    def handle_endtag(self, tag: str) -> None:
        self.inside = self.inside and tag != "option"

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.found[-1][1] += data


@pytest.mark.parametrize("lang, shown", [("en", "Trappola: four 2s score 104"), ("ja", "トラッポラ：2が4枚で104点")])
def test_the_page_names_each_rule_set_readably_in_its_language(server, lang, shown):
    handle = server.room(f"3G-{lang}")
    with urllib.request.urlopen(handle.page(lang=lang), timeout=60) as reply:
        parser = Options()
        parser.feed(reply.read().decode())
    labels = dict(parser.found)
    assert labels["trappola/four-twos-104"] == shown
    named_by_id = [label for value, label in labels.items() if value.split("/")[1] in label]
    assert named_by_id == [], "a rule set is named by its preset id"
    assert len(set(labels.values())) == len(labels)
    if lang != "en":
        english_titles = [label for label in labels.values() for info in all_games() if info.title in label]
        assert english_titles == [], "a game is named by its English title on a page in another language"
