"""Cleopatra for two people at one keyboard (issue 24): no bot, and each seat has its own keys.

:class:`CleopatraDuoTable` is the :class:`~cardlab.games.cleopatra.table.CleopatraTable` with both
seats played by people: the one on the left (seat X) turns with A and slaps with S, the one on
the right (Y) turns with K and slaps with L (:data:`SEAT_KEYS`, either case). Each seat's keys
are drawn under it on the table, in every layout. The seats are named Left and Right (左の人,
右の人), or as given (``names=``); who plays first is the rules' C3 (a seeded coin).

In **step** mode each person turns their own card with their turn key when it is their turn (the
table plays ``state.legal_actions()[0]``, the card the state says is due); the other's turn key
turns nothing and the message says whose turn it is. In **real-time** mode both people's cards
are turned at the tempo. The first slap key pressed on a pair opens a race (C11) and waits
:data:`RACE_MS` for the other's: a slap key pressed on the same drawing meanwhile joins it and
decides it at once; else the race is decided when the wait is over. The engine gives the pile to
the smaller time ``t`` the browser measured from the moment the pair appeared, that is to the key
that arrived first (an exact tie is its seeded coin); the message names both times. A slap key
with no pair on top is that person's false slap (C13: no effect, or a burnt card in Egyptian
Ratscrew). Enter, space and clicks cannot tell who pressed them: they say which keys are whose.
Without a bot there is no bot attention, and the slap trainer (your speed against the
computer's) is off.

    >>> table = CleopatraDuoTable(seed=4)
    >>> table.press("a" if table.state.current_player == 0 else "k")
    >>> len(table.state.history)
    1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import draw as drawing
from . import engine as cleopatra
from .engine import Slap
from .table import RULES, TURN_TIMERS, CleopatraTable
from .words import CLEOPATRA, DUO

__all__ = ["RACE_MS", "SEAT_KEYS", "CleopatraDuoTable"]

#: each seat's own keys: seat 0's for the left hand, seat 1's for the right hand
SEAT_KEYS: tuple[dict[str, str], dict[str, str]] = ({"turn": "a", "slap": "s"}, {"turn": "k", "slap": "l"})
RACE_MS = 250            # how long the first slap on a pair waits for the other's (C11)
KEY_OF = {key: (seat, action) for seat, keys in enumerate(SEAT_KEYS) for action, key in keys.items()}
SIDES = ("left", "right")


class CleopatraDuoTable(CleopatraTable):
    """Two people at one keyboard (no bot). See the module docstring."""

    you = None  # type: ignore[assignment]  # nobody at the table is "you": both seats are drawn and told by name

    def __init__(self, rules: str = "Cleopatra", seed: int = 0, mode: str = "step", tempo: str = "normal (1 s)",
                 names: Sequence[str] | None = None, lang: str = "en") -> None:
        self.names = tuple(names) if names is not None else tuple(DUO.say(lang, side) for side in SIDES)
        if len(self.names) != 2 or not all(isinstance(n, str) and n.strip() for n in self.names):
            raise ValueError(f"names: the two people's names, left first, e.g. ('Ada', 'Ben'), not {names!r:.80}")
        self.race: dict[int, int] | None = None      # an open slap race: seat -> ms (C11)
        super().__init__(rules=rules, seed=seed, mode=mode, tempo=tempo, lang=lang)
        self.add_class("cardlab-cleopatra-duo")
        for widget in (self.attention, self.trainer.switch):
            widget.layout.display = "none"           # no bot to attend, no computer to train against

    # --- the game's parts of the table ------------------------------------------------------------
    def make_state(self) -> cleopatra.State:
        """A new game of the chosen rules and seed between the two people."""
        self.dealt = self._settings()
        self.bot = None
        return cleopatra.new_game(RULES[self.rules.value], seed=self.seed.value, players=list(self.names))

    def start(self, state: cleopatra.State) -> None:
        """Play on from ``state`` (a prepared deal, its players named as the two people)."""
        self.race = None
        super().start(state)

    def greeting(self) -> str:
        """Who turns with which key (step mode), and how each slaps where the rules have slapping."""
        who = self._who()
        greet = DUO.say(self.lang, "greet_step" if self.play_mode.value == "step" else "greet_real", **who)
        return DUO.say(self.lang, "greet_slap", greet=greet, **who) if self.slapping else greet

    def choices(self) -> list[str]:
        """None: a click cannot tell whose it is (the keys can)."""
        return []

    def shortcuts(self) -> dict[str, str]:
        """None: every key belongs to a seat (:data:`SEAT_KEYS`)."""
        return {}

    def seat_keys(self, seat: int) -> str:
        """The keys of ``seat`` that work now, in words ("A: turn · S: slap"; "" after the end)."""
        keys = SEAT_KEYS[seat]
        return CLEOPATRA.say(self.lang, "keys_sep").join(
            DUO.say(self.lang, f"key_{action}", letter=keys[action].upper()) for action in self.key_targets())

    def draw(self) -> str:
        return drawing.table_svg(self.state, layout=self.layout, lang=self.lang,
                                 seat_keys=[self.seat_keys(seat) for seat in (0, 1)])

    def computer_moves(self) -> None:
        """No computer: in real-time mode the next card is asked of the tempo's timer (not while a
        slap race is open); in step mode the people turn their own."""
        if self.play_mode.value == "real-time" and self.race is None:
            super().computer_moves()

    # --- events -----------------------------------------------------------------------------------
    def on_click(self, target: str, t: float) -> None:
        self.message = self._help()

    def on_key(self, key: str, t: float) -> None:
        """A seat's turn or slap key does what it says when it works now; another key of a seat,
        Enter and space say which keys are whose."""
        seat, action = KEY_OF.get(key.lower(), (None, ""))
        if seat is not None and action in self.key_targets():
            if action == "turn":
                self._seat_turn(seat)
            else:
                self._seat_slap(seat, t)
        elif seat is not None or key in (" ", "Enter"):
            self.message = self._help()

    def on_timer(self, name: str, t: float) -> None:
        if name == "race":
            self._settle_race()
        else:
            super().on_timer(name, t)

    # --- the people's moves -----------------------------------------------------------------------
    def _seat_turn(self, seat: int) -> None:
        """``seat``'s turn key: their card when it is their turn (none while a slap race is open)."""
        due = self.state.current_player
        if seat != due:
            names = self.state.players
            self.message = DUO.say(self.lang, "wrong_turn", name=names[seat], due=names[due],
                                   letter=SEAT_KEYS[due]["turn"].upper())
        elif self.race is None:
            self.message = ""
            self._turn()

    def _seat_slap(self, seat: int, t: float) -> None:
        """``seat``'s slap key, ``t`` ms after the drawing appeared. On a pair: the first opens the
        race and waits :data:`RACE_MS` (no card is turned meanwhile); the other's, on the same
        drawing, joins it and the race is decided (C11). Without a pair: a false slap (C13)."""
        if not self.pair_open:
            self._false_slap(seat)
        elif self.race is None:
            self.race = {seat: round(t)}
            self.cancel_timers(*TURN_TIMERS)
            self.request_timer(RACE_MS, "race")
        elif seat not in self.race:
            self.race[seat] = round(t)
            self._settle_race()

    def _settle_race(self) -> None:
        """The engine decides the race from its times, in the order the keys arrived (C11)."""
        assert self.race is not None                    # called with a race open
        times, self.race = tuple(self.race.items()), None
        self._slap(Slap(times), by_you=True)

    def _slap_words(self, key: str, seat: int, **fields: Any) -> str:
        return DUO.say(self.lang, key, name=self.state.players[seat], **fields)

    def _who(self) -> dict[str, str]:
        """The two names and their keys for the words: ``left``, ``left_turn``, ``left_keys`` …"""
        who = {}
        for seat, side in enumerate(SIDES):
            who[side], who[f"{side}_keys"] = self.state.players[seat], self.seat_keys(seat)
            who.update({f"{side}_{action}": key.upper() for action, key in SEAT_KEYS[seat].items()})
        return who

    def _help(self) -> str:
        """Which keys are whose (or, with no key at work, the greeting)."""
        return DUO.say(self.lang, "help", **self._who()) if self.key_targets() else self.greeting()
