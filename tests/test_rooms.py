"""Rooms without a network (issue 24): the room's games, seats, computer seats, the store, the
protocol's limits. The server over real WebSockets: test_rooms_server.py."""

from __future__ import annotations

import random
import sqlite3

import pytest
from rooms_helpers import hidden_cards, mentions

from cardlab.coach import review
from cardlab.errors import IllegalActionError
from cardlab.records import loads, to_frame
from cardlab.rooms import COMPUTER, PERSON, Lobby, RoomError, Store
from cardlab.rooms.protocol import BURST, RateLimit, RoomMessageError, read_frame
from cardlab.rooms.room import RoomStoreError
from cardlab.rooms.store import StoreError


def play_randomly(game, rng, steps=10_000):
    """Every person's seat takes random legal actions through its table (by text) to the end."""
    for _ in range(steps):
        if game.over:
            return
        seat = game.seats[game.state.current_player]
        legal = [game.state.action_text(a) for a in game.state.legal_actions()]
        game.act(seat, "en", rng.choice(legal))


@pytest.fixture
def lobby(tmp_path):
    return Lobby(Store(tmp_path / "rooms.sqlite"))


def test_a_room_game_is_checked_on_creation(lobby):
    room = lobby.add_room("3B")
    with pytest.raises(RoomError, match="seats"):
        room.add_game("kirifu", 6)
    with pytest.raises(RoomError, match="rules"):
        room.add_game("trappola", 2, rules="no-such-preset")
    with pytest.raises(RoomError, match="bot"):
        room.add_game("trappola", ["Ann", "computer"], bot="nobody")
    with pytest.raises(ValueError, match="unknown game"):
        room.add_game("chess", 2)
    with pytest.raises(RoomError, match="name"):
        lobby.add_room("")
    assert room.games == []


def test_computer_seats_move_at_once_and_people_wait(lobby):
    room = lobby.add_room("3B")
    game = room.add_game("kirifu", ["computer", "Ann", "Ben", "computer"], seed=4)
    assert [s.kind for s in game.seats] == [COMPUTER, PERSON, PERSON, COMPUTER]
    assert game.seats[game.state.current_player].kind == PERSON     # seat 0 has moved already
    assert game.state.history and game.saved == len(game.state.history)


def test_a_seat_may_take_only_its_own_actions(lobby):
    game = lobby.add_room("3B").add_game("trappola", ["Ann", "Ben"], seed=2)
    mover = game.state.current_player
    other = game.seats[1 - mover]
    legal = game.state.action_text(game.state.legal_actions()[0])
    before = game.state.history_text()
    with pytest.raises(IllegalActionError) as refused:
        game.act(other, "en", legal)
    assert refused.value.rule == "turn"
    assert game.state.history_text() == before and game.saved == len(before)


def test_each_seat_is_drawn_from_its_own_view_only(lobby):
    """No drawing, message or pane of a seat names a card hidden from it (K23, T6), move after move."""
    game = lobby.add_room("3B").add_game("kirifu", ["Ann", "Ben", "Chie", "computer"], seed=11)
    rng = random.Random(3)
    for _ in range(40):
        if game.over:
            break
        for seat in game.seats[:3]:
            table = game.table(seat)
            hidden = hidden_cards(game.state, seat.number)
            shown = table.view.svg + table.view.status + "".join(table.panes())
            assert mentions(shown, hidden) == [], f"seat {seat.number} sees hidden cards"
        mover = game.seats[game.state.current_player]
        game.act(mover, "en", rng.choice([game.state.action_text(a) for a in game.state.legal_actions()]))


def test_tables_tell_whose_turn_it_is(lobby):
    game = lobby.add_room("3B").add_game("kirifu", ["Ann", "Ben", "Chie"], seed=5)
    turn = game.state.current_player
    waiting = game.seats[(turn + 1) % 3]
    assert game.table(waiting).view.status == f"{game.seats[turn].name} to play."
    assert game.table(game.seats[turn]).view.status != game.table(waiting).view.status


def test_clicks_reach_the_engine_through_the_seat_table(lobby):
    game = lobby.add_room("3B").add_game("trappola", ["Ann", "computer"], seed=7)
    ann = game.seats[0]
    table = game.table(ann)
    assert table.choices() == ["exchange", "keep"]
    changed = game.handle(ann, "en", {"type": "click", "target": "keep", "seq": table.view.seq, "t": 5})
    assert ann in changed
    assert game.state.history_text()[0] == "keep" and game.saved == len(game.state.history)
    stale = {"type": "click", "target": "keep", "seq": table.view.seq - 1, "t": 5}
    before = game.state.history_text()
    game.handle(ann, "en", stale)                       # a click on a drawing no longer shown: dropped
    assert game.state.history_text() == before


def test_a_seat_goes_to_the_computer_and_back(lobby):
    room = lobby.add_room("3B")
    game = room.add_game("trappola", ["Ann", "Ben"], seed=3)
    mover = game.state.current_player
    game.seat_computer(mover, "thumb")
    assert game.seats[mover].kind == COMPUTER and game.state.current_player != mover or game.over
    game.seat_person(mover)
    assert game.seats[mover].kind == PERSON
    again = Lobby(lobby.store).rooms[0].games[0]
    assert again.seats[mover].kind == PERSON and again.state.history_text() == game.state.history_text()


def test_a_game_ended_by_the_teacher_takes_no_more_actions(lobby):
    game = lobby.add_room("3B").add_game("trappola", ["Ann", "Ben"], seed=3)
    game.end()
    seat = game.seats[game.state.current_player]
    with pytest.raises(RoomError, match="ended"):
        game.act(seat, "en", game.state.action_text(game.state.legal_actions()[0]))
    assert not Lobby(lobby.store).rooms[0].games[0].on


@pytest.mark.parametrize("name, seats", [("kirifu", ["Ann", "Ben", "Chie", "computer"]), ("trappola", ["Ann", "Ben"])])
def test_a_restarted_lobby_resumes_every_game_where_it_was(lobby, name, seats):
    room = lobby.add_room("3B")
    game = room.add_game(name, seats, seed=21)
    rng = random.Random(5)
    for _ in range(30):
        mover = game.seats[game.state.current_player]
        game.act(mover, "en", rng.choice([game.state.action_text(a) for a in game.state.legal_actions()]))
    again = Lobby(Store(lobby.store.path)).rooms[0].games[0]
    assert again.state.history_text() == game.state.history_text()
    assert again.state.fingerprint() == game.state.fingerprint()
    assert [s.token for s in again.seats] == [s.token for s in game.seats]


def test_a_restarted_lobby_keeps_the_language_each_game_was_made_in(lobby):
    room = lobby.add_room("ノートブック")
    japanese = room.add_game("trappola", ["あなた", "computer"], seed=1, lang="ja")
    english = room.add_game("trappola", ["You", "computer"], seed=1)
    again = Lobby(Store(lobby.store.path)).rooms[0]
    assert [g.lang for g in again.games] == ["ja", "en"]
    assert again.game(japanese.id).record().title == f"ノートブック・ゲーム{japanese.id}" == japanese.record().title
    assert again.game(english.id).record().title == f"ノートブック, game {english.id}"
    assert again.game(japanese.id).seats[1].name == japanese.seats[1].name == "コンピューター2"


OLD_GAMES = """CREATE TABLE old_games (
    id INTEGER PRIMARY KEY, room INTEGER NOT NULL REFERENCES rooms(id), header TEXT NOT NULL,
    spectator TEXT NOT NULL UNIQUE, status TEXT NOT NULL DEFAULT 'on')"""


def test_a_database_made_before_games_kept_their_language_opens_with_english_games(tmp_path):
    path = tmp_path / "old.sqlite"
    lobby = Lobby(Store(path))
    game = lobby.add_room("3B").add_game("trappola", ["Ann", "computer"], seed=5, lang="ja")
    play_randomly(game, random.Random(2), steps=6)
    lobby.store.close()
    old = sqlite3.connect(path)            # the games table as it was before its lang column
    old.executescript(OLD_GAMES + """;
        INSERT INTO old_games SELECT id, room, header, spectator, status FROM games;
        DROP TABLE games; ALTER TABLE old_games RENAME TO games;""")
    assert "lang" not in {row[1] for row in old.execute("PRAGMA table_info(games)")}
    old.close()
    again = Lobby(Store(path))
    [made] = again.rooms[0].games
    assert made.lang == "en" and made.record().title == f"3B, game {game.id}"
    assert made.state.history_text() == game.state.history_text() != []
    later = again.rooms[0].add_game("trappola", ["Ann", "computer"], seed=5, lang="ja")
    assert [g.lang for g in Lobby(Store(path)).rooms[0].games] == ["en", "ja"] and later.lang == "ja"


@pytest.mark.parametrize("by", ["act", "click"])
def test_nothing_is_shown_that_the_store_did_not_keep(lobby, monkeypatch, by):
    """A write that fails (the database locked by another program) undoes the action before
    anything is drawn: every table, the actor's too, shows the position the store holds."""
    game = lobby.add_room("3B").add_game("trappola", ["Ann", "computer"], seed=3)
    seat = game.seats[game.state.current_player]
    tables = [game.table(seat, "en"), game.table(seat, "ja"), game.table(game.spectator)]
    before, drawn = game.state.fingerprint(), [t.view.svg for t in tables]

    def broken(*_args):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(lobby.store, "add_actions", broken)
    with pytest.raises(RoomStoreError, match="database is locked"):
        if by == "act":
            game.act(seat, "en", game.state.action_text(game.state.legal_actions()[0]))
        else:
            target = tables[0].choices()[0]
            game.handle(seat, "en", {"type": "click", "target": target, "seq": tables[0].view.seq, "t": 900})
    assert game.state.fingerprint() == before and game.saved == len(game.state.history)
    assert [t.view.svg for t in tables] == drawn


def test_a_teacher_s_change_the_store_cannot_keep_changes_nothing(lobby):
    """With the database held by another connection (no wait: the store's write gives up at once),
    opening or closing, a seat changing hands, ending a game and a new game each raise
    ``StoreError`` and leave the room as the store holds it."""
    room = lobby.add_room("3B")
    game = room.add_game("trappola", ["Ann", "Ben"], seed=3)
    holder = sqlite3.connect(lobby.store.path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        for change in (lambda: room.set_open(False), lambda: game.seat_computer(1), lambda: game.seat_person(0, "Aiko"),
                       game.end, lambda: room.add_game("kirifu", 3, seed=1)):
            with pytest.raises(StoreError, match="locked"):
                change()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert room.is_open and game.on and len(room.games) == 1
    assert [(s.name, s.kind, s.bot, s.player) for s in game.seats] == [("Ann", PERSON, None, None), ("Ben", PERSON, None, None)]
    [stored] = lobby.store.games(room.id)
    assert [(s.name, s.kind) for s in stored.seats] == [("Ann", PERSON), ("Ben", PERSON)] and stored.status == "on"


@pytest.mark.parametrize("name, seats", [("kirifu", ["Ann", "Ben", "computer"]), ("trappola", ["Ann", "computer"])])
def test_finished_room_games_are_records_the_coach_reviews(lobby, name, seats):
    room = lobby.add_room("3B")
    game = room.add_game(name, seats, seed=8)
    play_randomly(game, random.Random(1))
    [record] = room.records()
    again = loads(record.to_json())
    assert again.replay().fingerprint() == game.state.fingerprint()
    assert len(to_frame(game.state.events)) == len(game.state.events)
    decisions = review(again, player=0, budget=8, seed=1, everything=True)
    assert len(decisions) > 0 and set(decisions["step"]) <= set(range(len(record.actions)))


@pytest.mark.parametrize("frame, kind", [
    ("nope", "not-json"), ("[1, 2]", "bad-message"), ('{"type": "zap"}', "bad-message"),
    ('{"type": "width", "width": -3}', "bad-message"), ('{"type": "act", "action": "", "seq": 1}', "bad-message"),
    ('{"type": "act", "action": "keep"}', "bad-message"), ("x" * 5000, "too-large"), (b"\x00", "bad-message"),
])
def test_malformed_frames_are_named(frame, kind):
    with pytest.raises(RoomMessageError) as refused:
        read_frame(frame)
    assert refused.value.kind == kind


def test_the_rate_limit_allows_a_burst_then_the_rate():
    now = [0.0]
    limit = RateLimit(rate=10, burst=BURST, clock=lambda: now[0])
    assert all(limit.allow() for _ in range(BURST)) and not limit.allow()
    now[0] += 0.5                                       # half a second: five more
    assert sum(limit.allow() for _ in range(10)) == 5


@pytest.mark.parametrize("name, seats", [("kirifu", ["Ann", "Ben", "computer"]), ("trappola", ["Ann", "Ben"]),
                                         ("cleopatra", ["Ann", "Ben"])])
def test_spectators_see_what_every_player_sees_and_every_hand_at_the_end(lobby, name, seats):
    game = lobby.add_room("3B").add_game(name, seats, seed=6)
    watching = game.table(game.spectator)
    rng = random.Random(2)
    for _ in range(10_000):
        if game.over:
            break
        hidden = set().union(*(game.state.hidden_cards(p) for p in range(len(seats))))
        assert mentions(watching.view.svg, hidden) == []
        start = len(game.state.events)
        game.state.play(rng.choice(game.state.legal_actions()))      # the seats' moves, as a table plays them
        game._settle(start, None)
    assert game.over and "Game over" in watching.view.status
    full = game.state.view(None)
    hands = [c for hand in getattr(full, "hands", ()) or () for c in (hand or ())]
    assert all(mentions(watching.view.svg, [c]) for c in hands)
    with pytest.raises(RoomError, match="spectator"):
        game.handle(game.spectator, "en", {"type": "click", "target": "x", "seq": watching.view.seq})


def test_cleopatra_is_played_by_two_browsers_and_the_first_slap_to_arrive_takes_the_pair(lobby):
    """C11 in a room: each person slaps on the drawing they see; the second slap on a pair was made
    on a drawing that the first one's capture replaced, and is dropped."""
    game = lobby.add_room("3B").add_game("cleopatra", ["Ann", "Ben"], seed=1)
    tables = [game.table(seat) for seat in game.seats]
    for _ in range(400):
        if game.state.pair_on_top or game.over:
            break
        due = game.state.current_player
        game.handle(game.seats[due], "en", {"type": "key", "key": "Enter", "seq": tables[due].view.seq, "t": 1})
    assert game.state.pair_on_top, "no pair came up in 400 cards"
    seen = [t.view.seq for t in tables]
    slow, fast = game.seats
    game.handle(fast, "en", {"type": "key", "key": " ", "seq": seen[1], "t": 400})
    game.handle(slow, "en", {"type": "key", "key": " ", "seq": seen[0], "t": 200})   # faster, but arrived later
    assert game.state.history_text()[-1] == "slap Y@400" and game.saved == len(game.state.history)
    game.seat_computer(1)          # someone left: the computer turns that seat's cards when due
    assert game.over or game.state.current_player == 0


class Killed(BaseException):
    """The server's process dying (nothing after it runs; what was committed stays)."""


def _class_plays(lobby, name, seats, rng):
    """A room's game played by its people at random; the sixth turn, that person leaves and the
    teacher gives the seat to the computer (which moves at once)."""
    game = lobby.add_room("3B").add_game(name, seats, seed=4)
    for turn in range(10_000):
        if game.over:
            return game
        seat = game.seats[game.state.current_player]
        if turn == 5:
            game.seat_computer(seat.number)
        else:
            game.act(seat, "en", game.state.action_text(rng.choice(game.state.legal_actions())))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name, seats", [("kirifu", ["Ann", "computer", "Ben", "computer"]),
                                         ("trappola", ["Ann", "computer"])])
def test_a_server_killed_at_any_commit_restarts_with_no_game_stuck(tmp_path, name, seats):
    """The store's hook kills the "server" right after each of its commits in turn (the room, the
    game, each gesture's actions, a seat given to the computer): the server started again on the
    same database offers the seat to move a legal action (or the game is over), and its game is the
    uninterrupted game's beginning."""
    whole = _class_plays(Lobby(Store(tmp_path / "whole.sqlite")), name, seats, random.Random(7))
    kill_at, points = 1, 0
    while True:
        db = tmp_path / f"killed-{kill_at}.sqlite"
        lobby, commits = Lobby(Store(db)), []

        def hook(what, lobby=lobby, commits=commits):
            commits.append(what)
            if len(commits) == kill_at:
                raise Killed(what)

        lobby.store.committed = hook
        try:
            _class_plays(lobby, name, seats, random.Random(7))
            break                                       # no commit left to die after
        except Killed:
            points += 1
        lobby.store.close()
        again = Lobby(Store(db))
        for game in (g for room in again.rooms for g in room.games):
            assert whole.state.history_text()[:len(game.state.history)] == game.state.history_text()
            if not game.over:
                seat = game.seats[game.state.current_player]
                assert seat.kind == PERSON, f"killed after {commits[-1]} #{kill_at}: the computer never answered"
                assert game.table(seat).choices(), f"killed after {commits[-1]} #{kill_at}: seat {seat.number} is offered nothing"
        again.store.close()
        kill_at += 1
    assert points == len(commits) and {"add_room", "add_game", "add_actions", "set_seat"} <= set(commits)


def test_a_lobby_started_while_the_store_is_locked_lets_the_computer_move_once_it_is_free(tmp_path):
    """A server killed right after a seat went to the computer on its turn, started again while
    another program holds the database: it starts (the computer's moves undone, the game waiting
    in ``unsettled``, nothing raised), and once the lock is given back ``settle_waiting`` makes
    them, each stored once."""
    db = tmp_path / "rooms.sqlite"
    lobby = Lobby(Store(db))
    game = lobby.add_room("3B").add_game("trappola", ["Ann", "Ben"], seed=0)
    assert game.state.current_player == 0

    def killed_after_the_seat(what):
        if what == "set_seat":
            raise Killed(what)

    lobby.store.committed = killed_after_the_seat
    with pytest.raises(Killed):
        game.seat_computer(0)
    lobby.store.close()
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        again = Lobby(Store(db))
        [made] = again.rooms[0].games
        assert made.seats[0].kind == COMPUTER and made.state.current_player == 0
        assert made.state.history_text() == [] and again.unsettled == [made]
        assert again.settle_waiting() == [] and again.unsettled == [made]      # still held: still waiting
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert made.spectator in again.settle_waiting() and again.unsettled == []
    assert made.state.current_player == 1 and made.table(made.seats[1]).choices()
    [stored] = again.store.games(again.rooms[0].id)
    assert stored.actions == made.state.history_text() != [] and made.saved == len(stored.actions)
    again.store.close()
