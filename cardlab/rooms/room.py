"""Rooms, their games and seats: the authoritative games of a room server, with no network in them.

A :class:`Lobby` holds the rooms of one server and its :class:`~cardlab.rooms.store.Store`. A
:class:`Room` has a name, a secret teacher's token and games; a :class:`RoomGame` is one game of
any registered game, its state owned here, with a seat for a person (held by a secret token, the
seat's link) or for the computer (any bot of the game's ``bots`` part). A person's seat is drawn
by the game's own table controller (its ``controller`` part, :mod:`cardlab.tables`: no widget)
sitting at that seat (:meth:`TableController.sit`) on a plain screen whose messages go to the
seat's browsers: the same drawing, clicks, keys and refusals as in a notebook, from
``state.view(seat)`` only; the controller plays the seat's actions on the state, which checks
every one.

After every gesture the computer seats move, the new actions are written to the store in one
transaction, and only then does the server send anything (:meth:`RoomGame.handle` returns the
seats whose drawing changed). If the write fails, the state goes back to what the store holds,
every table is redrawn so, and :class:`RoomStoreError` says so: nothing is ever shown that is not
kept. A game restarted from the store is its record replayed, the same state action for action,
and the computer seats then move if it is theirs to (a server killed between a person's stored
action and the computer's answer resumes with the computer answering).

A commit after which the computer must move (a seat given to the computer, a new game, a
restart) stays kept if the computer's moves then cannot be written: they are undone, and the game
waits in :attr:`Lobby.unsettled` until :meth:`Lobby.settle_waiting` writes them (a room server
tries again as soon as the store takes a write, with no one's action needed).
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import CardlabError
from ..game import GameState
from .. import pace
from ..records import Record, record_of
from ..registry import GameInfo, game_info, with_part
from ..words import Words, check_lang
from .spectator import SpectatorTable
from .store import Store, StoredGame, StoredSeat, StoreError

PERSON, COMPUTER, SPECTATOR = "person", "computer", "spectator"
NOTEBOOK = "notebook"       # the key of a seat's notebook table (the teacher's, RoomHandle.sit) among its tables
TOKEN_BYTES = 16          # a seat's or a teacher's token: 128 random bits, 22 URL-safe characters


class RoomError(CardlabError, ValueError):
    """A room asked for something it cannot do (an unknown game or bot, a seat that is not there,
    a closed room); the message names the field."""


class RoomClosedError(RoomError):
    """An action in a game that is over or that the teacher ended."""


class RoomStoreError(RoomError, StoreError):
    """The store could not keep a game's actions (its database locked by another program, or
    failing): they are undone and nothing of them is shown; the same action may be tried again."""


def default_bot(info: GameInfo) -> str | None:
    """The bot a computer seat gets unless told: the rule-of-thumb player where the game has one
    (quick and fair), else the game's first."""
    bots = info.part("bots", {})
    return "thumb" if "thumb" in bots else next(iter(bots), None)


def prepare_games() -> None:
    """Load every game a room can play, and compile the kernels its table needs (its computer
    player's, its coach's: each game's ``warm_first`` cases), before a server takes a connection:
    a first seat of a game then waits for nothing (numba's cache: a fraction of a second a
    kernel; a cold cache, some minutes once). Where the kernels run as plain Python (the site)
    there is nothing to compile."""
    for info in with_part("controller"):
        info.part("controller"), info.part("draw"), info.part("bots", {})
        for _label, warm in [] if pace.PLAIN else info.part("warm_first", []):
            warm()


def first_seq() -> int:
    """The number a seat's new table counts its drawings from: the clock's milliseconds, so the
    tables of a server started again number their drawings above every one shown before the
    restart (a page's stale click never lands on a new drawing of the same number)."""
    return time.time_ns() // 1_000_000


def new_token() -> str:
    """A secret, unguessable token for a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class Seat:
    """A seat of a room's game: a ``person`` (``name``) or the ``computer`` (``bot``: its name);
    the spectators' seat (number -1) watches the public view."""

    number: int
    name: str
    token: str
    kind: str = PERSON
    bot: str | None = None
    player: Any = None                                  # the bot object of a computer seat
    #: lang -> the table (a controller) drawn for this seat's browsers; NOTEBOOK: the teacher's widget
    tables: dict[str, Any] = field(default_factory=dict)
    connected: int = 0                                  # browsers open on this seat now
    #: lang -> what the table in that language sent for its browsers (timers)
    outbox: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def stored(self) -> StoredSeat:
        return StoredSeat(self.number, self.token, self.name, self.kind, self.bot)

    def say(self, lang: str = "en") -> str:
        """Who sits here, in ``lang``: ``"Ada (person)"``, ``"Computer 2 (computer: thumb)"``;
        ``"コンピューター2（コンピューター：経験則）"``."""
        if self.kind == COMPUTER:
            return ROOM_WORDS.say(lang, "computer", name=self.name, bot=bot_name(self.bot, lang))
        return ROOM_WORDS.say(lang, self.kind, name=self.name)


class RoomGame:
    """One game of a room. Use :meth:`Room.add_game` to make one."""

    def __init__(self, room: "Room", id: int, info: GameInfo, state: GameState, seats: list[Seat],
                 spectator: str, on: bool = True, lang: str = "en") -> None:
        self.room, self.id, self.info, self.state, self.seats = room, id, info, state, seats
        self.lang = lang                                # the language it was made in: its record's title
        #: the spectators' seat (a projector's link): the game's public view, no input
        self.spectator = Seat(-1, SPECTATOR, spectator, SPECTATOR)
        self.on = on                                    # False once the teacher ended it
        self.saved = len(state.history)                 # actions written to the store
        for seat in seats:
            if seat.kind == COMPUTER:
                seat.player = self._bot(seat.bot, seat.number)

    # --- seats ------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """The game is finished (or was ended by the teacher)."""
        return self.state.is_over or not self.on

    def seat_of(self, token: str) -> Seat | None:
        """The seat held by ``token`` (compared in constant time), else None."""
        found = None
        for seat in (*self.seats, self.spectator):
            if secrets.compare_digest(seat.token, token):
                found = seat
        return found

    def table(self, seat: Seat, lang: str = "en") -> Any:
        """The game's table at ``seat`` in ``lang``, made on first use."""
        lang = check_lang(lang)
        if lang not in seat.tables and seat.kind == SPECTATOR:
            seat.tables[lang] = SpectatorTable(self, lang)
        if lang not in seat.tables:
            table = self.info.part("controller")(lang=lang)
            table.view.connect(seat.outbox.setdefault(lang, []).append, first_seq())   # to the seat's browsers
            table.sit(self.state, seat.number, self)
            seat.tables[lang] = table
        return seat.tables[lang]

    def notebook_table(self, seat: Seat, lang: str = "en") -> Any:
        """The game's notebook table (its ``table`` part, a widget) at ``seat`` in ``lang``, for
        the teacher to play from a notebook cell, made on first use and redrawn with the seat's
        other tables; its own browser keeps its timers."""
        key = f"{NOTEBOOK}:{check_lang(lang)}"
        if key not in seat.tables:
            table = self.info.part("table")(lang=lang)
            table.sit(self.state, seat.number, self)
            seat.tables[key] = table
        return seat.tables[key]

    def _bot(self, name: str | None, number: int, move: int = 0) -> Any:
        """The bot ``name`` at seat ``number``, seeded by the game's seed, the seat and ``move``."""
        bots = self.info.part("bots", {})
        if name not in bots:
            raise RoomError(f"bot: {self.info.title} has no bot {name!r:.40}; its bots: {', '.join(bots) or 'none'}")
        player = bots[name](((self.state.seed or 0) * 100 + number) * 100_000 + move)
        if player is None or not callable(getattr(player, "choose", None)):
            raise RoomError(f"bot: {name!r} of {self.info.title} chooses no actions, so it takes no seat in a room "
                            f"(it plays in real time at a table of its own): give every seat to a person")
        return player

    def seat_computer(self, number: int, bot: str | None = None) -> list[Seat]:
        """Give seat ``number`` to the computer (``bot``: a bot of the game; default its first); it
        moves at once if it is its turn. Returns the seats whose drawing changed."""
        seat = self._seat(number)
        bot = bot or default_bot(self.info)
        player = self._bot(bot, number)
        self.room.lobby.store.set_seat(self.id, dataclasses.replace(seat.stored(), kind=COMPUTER, bot=bot))
        seat.player, seat.kind, seat.bot = player, COMPUTER, bot
        return self.settle_or_wait()

    def seat_person(self, number: int, name: str | None = None) -> None:
        """Give seat ``number`` back to a person (its link is the same as before)."""
        seat = self._seat(number)
        name = name or seat.name
        self.room.lobby.store.set_seat(self.id, dataclasses.replace(seat.stored(), name=name, kind=PERSON, bot=None))
        seat.kind, seat.bot, seat.player, seat.name = PERSON, None, None, name

    def _seat(self, number: int) -> Seat:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.seats):
            raise RoomError(f"seat: the seats are 0 to {len(self.seats) - 1}, not {number!r:.20}")
        return self.seats[number]

    # --- play -------------------------------------------------------------------------------------
    def handle(self, seat: Seat, lang: str, event: dict[str, Any]) -> list[Seat]:
        """A browser's event (click, key, timer) at ``seat``'s table: the table reads it (a
        malformed one raises ``TableEventError`` and changes nothing); the computer seats move,
        the new actions are written. Returns the seats whose drawing may have changed;
        ``RoomClosedError`` for a click or key once the game is over."""
        table = self.table(seat, lang)
        if seat.kind == SPECTATOR:
            raise RoomError("seat: a spectator watches; only a seat's link plays")
        if event.get("type") != "timer":          # a timer the table asked for still arrives
            self._check_on()
        start, acted = len(self.state.events), len(self.state.history)
        table.view.send_event(event)
        return self._settle(start, table) if len(self.state.history) > acted else [seat]

    def act(self, seat: Seat, lang: str, text: str) -> list[Seat]:
        """``seat`` takes the action ``text`` (a program's client): checked by the state like a
        click, ``IllegalActionError`` naming the rule if it is not the seat's to take now,
        ``RoomClosedError`` once the game is over."""
        table = self.table(seat, lang)
        if seat.kind == SPECTATOR:
            raise RoomError("seat: a spectator watches; only a seat's link plays")
        self._check_on()
        start = len(self.state.events)
        self.state.play(text, player=seat.number)
        table.refresh(start)
        return self._settle(start, table)

    def _check_on(self) -> None:
        if not self.on:
            raise RoomClosedError("action: the teacher has ended this game")
        if self.state.is_over:
            raise RoomClosedError("action: this game is over")

    def settle(self) -> list[Seat]:
        """Let the computer seats move if it is theirs to, writing their actions; the seats whose
        drawing changed (``RoomStoreError`` if the store cannot keep them: they are undone)."""
        return self._settle(len(self.state.events), None)

    def settle_or_wait(self) -> list[Seat]:
        """:meth:`settle` after a commit that made it the computer's turn (a seat given to the
        computer, a new game, a restart): if the store cannot keep the computer's moves now, the
        commit stays, the moves are undone and the game waits in the lobby's
        :attr:`~Lobby.unsettled` (nothing raised). The seats whose drawing changed."""
        try:
            return self.settle()
        except RoomStoreError:
            if self not in self.room.lobby.unsettled:
                self.room.lobby.unsettled.append(self)
            return [*self.seats, self.spectator]

    def _settle(self, start: int, actor: Any) -> list[Seat]:
        """Let the computer seats move, write every action not yet written (one transaction), then
        redraw every table from event ``start`` but ``actor`` (the table whose gesture acted: it
        drew itself), which is redrawn from the computer's first move. If the write fails, the state
        goes back to what the store holds, every table is redrawn so, and ``RoomStoreError``."""
        moved = len(self.state.events)
        while self.on and not self.state.is_over and self.seats[self.state.current_player].kind == COMPUTER:
            seat = self.seats[self.state.current_player]
            # a bot made for this move: its choice rests on the position only, so a server started
            # again (its bots new) chooses as the one that was killed would have
            player = self._bot(seat.bot, seat.number, len(self.state.history))
            self.state.play(player.choose(self.state), player=seat.number)
        try:
            self._save()
        except Exception as e:
            while len(self.state.history) > self.saved:
                self.state.undo()
            self._redraw(start, None, start)
            raise RoomStoreError(f"store: the action could not be kept ({type(e).__name__}: {e}); "
                                 f"nothing changed, try it again") from e
        self._redraw(start, actor, moved)
        return [*self.seats, self.spectator]

    def _redraw(self, start: int, actor: Any, moved: int) -> None:
        """Every table of the game told what happened since event ``start``; ``actor`` only what
        happened since event ``moved``, if anything did."""
        for seat in (*self.seats, self.spectator):
            for table in seat.tables.values():
                if table is not actor:
                    table.refresh(start)
                elif len(self.state.events) > moved:
                    table.refresh(moved)

    def _save(self) -> None:
        """Write the actions not yet written (and the game's end, if it ended) in one transaction."""
        texts = self.state.history_text()[self.saved:]
        if not texts:
            return
        self.room.lobby.store.add_actions(self.id, self.saved, texts, "over" if self.state.is_over else None)
        self.saved += len(texts)

    def end(self) -> list[Seat]:
        """The teacher ends the game where it is (its record keeps the actions so far)."""
        self.room.lobby.store.set_status(self.id, "ended")
        self.on = False
        for table in self.spectator.tables.values():
            table.refresh(0)
        return [*self.seats, self.spectator]

    def record(self) -> Record:
        """The game's record so far (the room's name and the game's number in its title, in the
        language the game was made in)."""
        return record_of(self.state, title=ROOM_WORDS.say(self.lang, "record_title", room=self.room.name, n=self.id))

    def summary(self) -> dict[str, Any]:
        """The game in a few fields, for the teacher's view."""
        return {"game": self.id, "title": self.info.title, "rules": self.state.rules.name,
                "status": "over" if self.state.is_over else "ended" if not self.on else "on",
                "actions": len(self.state.history),
                "seats": [{"seat": s.number, "name": s.name, "kind": s.kind, "bot": s.bot,
                           "connected": s.connected} for s in self.seats]}


#: a computer seat's name, a seat said, and a game's record's title in each language (the room's
#: games are made in the teacher's language)
ROOM_WORDS = Words(
    en={"name": "Computer {n}", "person": "{name} (person)", "computer": "{name} (computer: {bot})",
        "spectator": "{name}", "record_title": "{room}, game {n}"},
    ja={"name": "コンピューター{n}", "person": "{name}（人）", "computer": "{name}（コンピューター：{bot}）",
        "spectator": "{name}", "record_title": "{room}・ゲーム{n}"})
#: the Japanese names of the built-in games' bots (a bot of one's own keeps its name)
BOT_NAMES_JA = {"thumb": "経験則", "search": "探索", "random": "ランダム", "exact": "完全読み",
                "slapper": "叩くプレイヤー", "none": "叩かないプレイヤー"}


def bot_name(bot: str | None, lang: str) -> str:
    """A bot's name in ``lang``: its name in English, its Japanese name where it has one."""
    name = bot or ""
    return BOT_NAMES_JA.get(name, name) if check_lang(lang) == "ja" else name


class Room:
    """A room of a server: its games, its name and the teacher's secret token."""

    def __init__(self, lobby: "Lobby", id: int, name: str, teacher: str, is_open: bool = True) -> None:
        self.lobby, self.id, self.name, self.teacher, self.is_open = lobby, id, name, teacher, is_open
        self.games: list[RoomGame] = []

    def add_game(self, game: str, seats: Iterable[str] | int = 2, rules: str | None = None,
                 seed: int | None = None, bot: str | None = None, lang: str = "en") -> RoomGame:
        """A new game of ``game`` (a registered name) with ``rules`` (a preset's name; default the
        game's first) and ``seats``: a number of people, or one entry per seat — a person's name,
        or ``"computer"`` (``bot``: which bot; default the game's first), the computer's seats
        named in ``lang`` ("Computer 4", "コンピューター4")."""
        try:
            lang = check_lang(lang)
        except ValueError as e:
            raise RoomError(f"lang: {e}") from None
        info = game_info(game)
        presets = info.presets
        rules = rules or next(iter(presets))
        if rules not in presets:
            raise RoomError(f"rules: {info.title} has no preset {rules!r:.40}; presets: {', '.join(presets)}")
        preset = presets[rules]
        low, high = info.players
        names = [f"Player {i + 1}" for i in range(seats)] if isinstance(seats, int) else list(seats)
        if not low <= len(names) <= high:
            raise RoomError(f"seats: {info.title} is played by {low} to {high}, not {len(names)}")
        if "players" in {f.name for f in dataclasses.fields(preset)}:
            try:
                preset = dataclasses.replace(preset, players=len(names))
            except CardlabError as e:
                raise RoomError(f"seats: {e}") from None
        seed = secrets.randbelow(2**31) if seed is None else seed
        people = [n if n != COMPUTER else ROOM_WORDS.say(lang, "name", n=i + 1) for i, n in enumerate(names)]
        state = info.module.new_game(preset, seed=seed, players=people)
        header = record_of(state)
        seat_list = [Seat(i, people[i], new_token(), COMPUTER if n == COMPUTER else PERSON,
                          (bot or default_bot(info)) if n == COMPUTER else None)
                     for i, n in enumerate(names)]
        with self.lobby.lock:
            spectator = new_token()
            gid = self.lobby.store.add_game(self.id, _header(header), [s.stored() for s in seat_list], spectator,
                                             lang)
            made = RoomGame(self, gid, info, state, seat_list, spectator, lang=lang)
            self.games.append(made)
            made.settle_or_wait()
        return made

    def game(self, id: int) -> RoomGame:
        for made in self.games:
            if made.id == id:
                return made
        raise RoomError(f"game: room {self.name!r} has no game {id!r:.20}")

    def set_open(self, is_open: bool) -> None:
        """Open or close the room: a closed room's links show that it is closed."""
        self.lobby.store.set_open(self.id, bool(is_open))
        self.is_open = bool(is_open)

    def records(self) -> list[Record]:
        """The records of the room's finished games, in the order they were made: the games played
        to their end and those the teacher ended or restarted (their actions so far)."""
        return [g.record() for g in self.games if g.state.is_over or not g.on]


def _header(record: Record) -> dict[str, Any]:
    """A record with no actions yet, as the store keeps a game's headers."""
    data = dataclasses.asdict(record)
    data["actions"] = []
    return data


class Lobby:
    """Every room of one server, kept in ``store`` (rooms found there are restored)."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store or Store()
        self.lock = threading.RLock()          # the server's thread and a notebook's share the rooms
        self.rooms: list[Room] = []
        #: games whose computer seats are to move but whose moves the store could not keep yet
        #: (:meth:`RoomGame.settle_or_wait`), oldest first: :meth:`settle_waiting` tries them again
        self.unsettled: list[RoomGame] = []
        for rid, name, teacher, is_open in self.store.rooms():
            room = Room(self, rid, name, teacher, is_open)
            room.games = [self._restore(room, stored) for stored in self.store.games(rid)]
            self.rooms.append(room)
        for room in self.rooms:              # a server killed before the computer answered
            for made in room.games:
                made.settle_or_wait()

    def settle_waiting(self) -> list[Seat]:
        """Let the computer move in every game of :attr:`unsettled` whose moves the store now
        keeps (each written once: a game's moves undone before are chosen again, the same); those
        it still cannot keep go on waiting. The seats whose drawing changed."""
        changed: list[Seat] = []
        with self.lock:
            for made in list(self.unsettled):
                try:
                    changed += made.settle()
                except RoomStoreError:
                    continue
                self.unsettled.remove(made)
        return changed

    def add_room(self, name: str = "Class") -> Room:
        """A new room with a new teacher's token."""
        if not isinstance(name, str) or not 0 < len(name) <= 80:
            raise RoomError(f"name: a room's name is 1 to 80 characters, not {name!r:.40}")
        teacher = new_token()
        with self.lock:
            room = Room(self, self.store.add_room(name, teacher), name, teacher)
            self.rooms.append(room)
        return room

    def _restore(self, room: Room, stored: StoredGame) -> RoomGame:
        """A stored game, its record replayed action by action."""
        record = Record(**{**stored.header, "actions": stored.actions})
        state = record.replay()
        seats = [Seat(s.seat, s.name, s.token, s.kind, s.bot) for s in stored.seats]
        return RoomGame(room, stored.id, game_info(record.game), state, seats, stored.spectator,
                        on=stored.status != "ended", lang=stored.lang)

    def find_seat(self, token: str) -> tuple[RoomGame, Seat] | None:
        """The game and seat a token holds, else None."""
        for room in self.rooms:
            for made in room.games:
                seat = made.seat_of(token)
                if seat is not None:
                    return made, seat
        return None

    def find_teacher(self, token: str) -> Room | None:
        """The room whose teacher's token ``token`` is, else None."""
        found = None
        for room in self.rooms:
            if secrets.compare_digest(room.teacher, token):
                found = room
        return found
