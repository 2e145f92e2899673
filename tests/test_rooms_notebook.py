"""The teacher's side of a room in a notebook (issue 24): sitting at a seat, the listing, the panel."""

from __future__ import annotations

import pytest

import cardlab.rooms
from cardlab.rooms import RoomError
from cardlab.widgets.room import RoomPanel
from rooms_clients import SeatClient


@pytest.fixture
def server():
    running = cardlab.rooms.serve(":memory:")
    yield running
    running.stop()


def test_the_teacher_plays_a_seat_from_the_notebook_and_the_other_browser_sees_it(server):
    room = server.room("3B")
    game = room.add_game("trappola", ["Teacher", "Ben"], seed=7)
    mover = game.state.current_player
    table = room.sit(game, mover)
    assert table.choices() == ["exchange", "keep"]

    watcher = SeatClient(server.url, game.seats[1 - mover].token)
    first = watcher.draw
    table.click("keep")
    second = watcher.expect("draw")
    watcher.close()
    assert game.state.history_text()[0] == "keep" and game.saved >= 1
    assert second["type"] == "draw" and second["seq"] > first["seq"]
    with pytest.raises(RoomError, match="computer"):
        room.sit(room.add_game("kirifu", ["Ann", "computer", "Chie"], seed=1), 1)


def test_the_listing_shows_each_person_s_link_with_its_qr_code_and_the_spectators_link(server):
    room = server.room("3B")
    game = room.add_game("kirifu", ["Aiko", "Ben", "computer"], seed=2)
    listing = room._repr_html_()
    for seat in game.seats[:2]:
        assert room.link(seat) in listing
    assert game.seats[2].token not in listing            # the computer's seat has no link
    assert listing.count("<svg") == 2                    # a QR code per person
    assert room.watch_link(game) in listing
    assert room.room.teacher not in listing              # the teacher's token is in no link


def test_the_panel_closes_the_room_and_gives_a_seat_to_the_computer(server):
    room = server.room("3B")
    game = room.add_game("trappola", ["Ann", "Ben"], seed=3)
    panel = RoomPanel(room)
    panel.open_switch.value = False
    assert not room.room.is_open and "closed" in panel.listing.value.lower()
    [to_computer] = [b for b in panel.controls.children if b.description == f"Seat {game.state.current_player} → computer"]
    to_computer.click()
    assert game.seats[game.state.current_player].kind == "person" or game.over
    assert "computer (thumb)" in panel.listing.value


def test_a_game_added_from_the_notebook_names_its_computer_seats_in_the_language_asked(server):
    room = server.room("ノートブック")
    japanese = room.add_game("trappola", ["あなた", "computer"], seed=1, lang="ja")
    english = room.add_game("trappola", ["Ada", "computer"], seed=1)
    assert [s.name for s in japanese.seats] == ["あなた", "コンピューター2"]
    assert [s.name for s in english.seats] == ["Ada", "Computer 2"]


def test_a_game_made_in_japanese_says_its_seats_and_titles_its_record_in_japanese(server):
    room = server.room("ノートブック")
    japanese = room.add_game("trappola", ["あなた", "computer"], seed=1, lang="ja")
    english = room.add_game("trappola", ["Ada", "computer"], seed=1)
    assert [s.say("ja") for s in japanese.seats] == ["あなた（人）", "コンピューター2（コンピューター：経験則）"]
    assert [s.say() for s in english.seats] == ["Ada (person)", "Computer 2 (computer: thumb)"]
    assert japanese.record().title == f"ノートブック・ゲーム{japanese.id}"
    assert english.record().title == f"ノートブック, game {english.id}"
