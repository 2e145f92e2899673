"""Cleopatra at a table, without widgets: a game against a bot (a notebook's table), or a person
at each seat (a room's).

:class:`CleopatraController` is a game against a :class:`~cardlab.games.cleopatra.bots.SlapBot`. In **step**
mode you turn your cards with Enter (or a click on your hand, or T); the bot turns its own after a
pause. In **real-time** mode every card is turned at the tempo you pick. Whenever a pair is on top
you may slap it with the space bar (or S, or a click on the pile); your time ``t`` is measured by
the browser from the moment the pair appeared on screen, and races the bot's reaction time (C11).
The arrow keys move the keyboard's ring between your hand and the pile; Enter on the ring's pile
slaps. All timing comes from browser timers (:meth:`TableController.request_timer`), never from a
kernel coroutine. The table decides no rule: it turns ``state.legal_actions()[0]`` and hands
slaps to ``state.play``; the title, the greeting, the keys and the messages follow the rules in
force (Beggar-my-neighbour has no slapping, so no slap key and no slap hint). A message (what your
slap did, the greeting) stays until your next action; the drawing's log shows what happened
meanwhile. Every New game (the button, N) is a new deal: the seed box moves on to the next seed,
so it always shows the seed of the game on the table, and entering a seed deals that game again.
Mode, tempo and attention apply at once, mid-game. New rules or a new seed start a new game: at
once before the first card or after the end; mid-game the change waits and the message asks, as
N does, before the game is dropped (N or New game deals it; setting them back cancels). The
*slap trainer* (``trainer=True``) records your reactions and shows them after the game
(:mod:`cardlab.games.cleopatra.table_slaps`). Every word is in English or Japanese (``lang="ja"``).
Two people at one keyboard, no bot: :class:`~cardlab.games.cleopatra.table_duo.CleopatraDuoTable`.

    >>> table = CleopatraController(seed=4)
    >>> table.press("Enter") if table.state.current_player == 0 else None
"""


from __future__ import annotations

from typing import Any

from .bots import SlapBot
from . import draw as drawing
from .slaps import SlapLog
from .story import race, result
from cardlab.errors import IllegalActionError
from . import engine as cleopatra
from .engine import FalseSlap, Played, Slap, Slapped, slap
from cardlab.tables.controller import TableController
from cardlab.tables.controls import Observable, Setting
from cardlab.tables.screen import TableEventError
from cardlab.words import check_lang
from .words import CLEOPATRA, about, rules_words

__all__ = ["CleopatraController", "RULES", "TEMPOS", "MODES", "TURN_TIMERS", "SEED_MAX", "Trainer"]

RULES = {"Cleopatra": cleopatra.CLEOPATRA, "Beggar-my-neighbour": cleopatra.BEGGAR_MY_NEIGHBOUR,
         "Egyptian Ratscrew": cleopatra.EGYPTIAN_RATSCREW}
TEMPOS = {"slow (1.5 s)": 1500, "normal (1 s)": 1000, "fast (0.6 s)": 600}
MODES = ("step", "real-time")
BOT_PAUSE_MS = 900      # step mode: the bot turns its card this long after the last card
TURN_TIMERS = ("tick", "bot-turn")
KEYS = {"turn": "t", "slap": "s"}   # the letter keys; Enter turns and space slaps as well
SEED_MAX = 10**9        # the largest seed a table deals


class Trainer:
    """The slap trainer, without widgets: its switch (on: the game's reactions are kept) and the
    log of the game (:class:`~cardlab.games.cleopatra.slaps.SlapLog`); the notebook's
    :class:`~cardlab.games.cleopatra.table_slaps.SlapTrainer` shows the report after the game."""

    def __init__(self, on: bool = False, lang: str = "en") -> None:
        self.lang = lang
        self.log = SlapLog()
        self.switch: Any = Setting(on)

    def reset(self) -> None:
        """A new game: a new log."""
        self.log = SlapLog()

    def game_over(self, computer: SlapBot | None, rules: cleopatra.Rules, layout: str = "wide") -> None:
        """The game is over (the notebook's trainer shows its report here)."""


#: Clicks on a new drawing count from this many ms after it is painted (the tables' own is 250 ms,
#: :data:`cardlab.tables.screen.SETTLE_MS`): slapping is a race of reflexes, and a quick player
#: clicks a pair in 150-250 ms; 150 ms is still faster than anyone reacts to what they see, so a
#: second tap meant for the drawing before is dropped all the same.
SLAP_SETTLE_MS = 150


class CleopatraController(TableController[cleopatra.State]):
    """You (X) against a slapping bot (Y). See the module docstring for the two modes."""

    WIDE_WIDTH = drawing.WIDE_WIDTH
    NARROW_WIDTH = drawing.NARROW_WIDTH        # below it: the phone layout (issue 29)
    #: the rules (a key of :data:`RULES`) and the seed the game on the table was dealt with
    dealt: tuple[str, int]
    #: the computer's slap model (None at a table of two people, :mod:`~cardlab.games.cleopatra.table_duo`)
    bot: SlapBot | None

    #: the slap trainer's class (the notebook's table: the trainer with its switch and report)
    trainer_class: type[Trainer] = Trainer
    #: the settings: the rules (a key of :data:`RULES`), the seed, the bot's attention (0–1), the
    #: mode (one of :data:`MODES`) and the tempo (a key of :data:`TEMPOS`)
    rules: Observable
    seed: Observable
    attention: Observable
    play_mode: Observable
    tempo: Observable

    def __init__(self, rules: str = "Cleopatra", seed: int = 0, attention: float = 0.7,
                 mode: str = "step", tempo: str = "normal (1 s)", trainer: bool = False, lang: str = "en") -> None:
        lang = check_lang(lang)
        self.rules, self.seed, self.attention = Setting(rules), Setting(seed), Setting(attention)
        self.play_mode, self.tempo = Setting(mode), Setting(tempo)
        self.pair_open = False
        self.bot_time: int | None = None       # the bot's reaction to the pair on top (ms), if it slaps it
        self.change_waits = False      # new rules or a new seed chosen mid-game wait for N (see _setting_changed)
        self.trainer = self.trainer_class(on=trainer, lang=lang)
        TableController.__init__(self, lang=lang)
        self.view.settle_ms = SLAP_SETTLE_MS
        self.rules.observe(self._setting_changed, names="value")
        self.seed.observe(self._setting_changed, names="value")
        self.attention.observe(self._attend, names="value")
        self.play_mode.observe(self._reschedule, names="value")
        self.tempo.observe(self._reschedule, names="value")
        self.new_game()

    def say(self, key: str, **fields: Any) -> str:
        """A text of the table in its language (worded for taps on a touch-only page)."""
        return CLEOPATRA.say_touch(self.lang, key, self.touch, **fields)

    @property
    def slapping(self) -> bool:
        """Whether the rules in force have slapping (their field ``slaps`` is not ``"none"``, C14)."""
        return self.state.rules.slaps != "none"

    # --- the game's parts of the table ------------------------------------------------------------
    def new_game(self) -> None:
        """A new deal (New game, N): the seed box moves on to the next seed, the seed of the new
        game; new rules or a new seed chosen mid-game and waiting are dealt as chosen."""
        if self.games and self._settings() == self.dealt:
            self.dealt = (self.rules.value, (self.seed.value + 1) % (SEED_MAX + 1))
            self.seed.value = self.dealt[1]        # the game's own settings: _setting_changed lets it be
        super().new_game()

    def make_state(self) -> cleopatra.State:
        """A new game with the chosen rules, seed and bot attention (you are X and play first)."""
        self.dealt = self._settings()
        self.bot = SlapBot(self.seed.value + 1, attention=self.attention.value)
        rules = cleopatra.variant(RULES[self.rules.value], first="X")
        return cleopatra.new_game(rules, seed=self.seed.value, players=[self.say("you_name"), self.say("bot_name")])

    def start(self, state: cleopatra.State) -> None:
        """Play on from ``state`` (you are X, the bot Y), e.g. a prepared deal."""
        self.pair_open, self.bot_time, self.change_waits = False, None, False
        self.trainer.reset()
        super().start(state)
        self.trainer.switch.disabled = not self.slapping       # no pairs to time
        self._ring_your_hand()

    def sit(self, state: cleopatra.State, seat: int, host: Any) -> None:
        """At a room's table (:mod:`cardlab.rooms`): a person at each seat, each in their own
        browser, in step mode; no bot at the table (a computer seat of the room turns its cards
        when due and does not slap). A slap is the seat's own, and of two slaps on a pair the first
        to reach the server takes it (C11): the other was made on a drawing no longer shown."""
        self.bot = None
        super().sit(state, seat, host)

    def refresh(self, start: int) -> None:
        """The other seat turned or slapped: the pair on top (if any) is open to this seat's slap,
        and on this seat's turn the keyboard's ring is back on its hand (Enter turns)."""
        self.pair_open = self.state.pair_on_top
        self.after_action(start)
        self._ring_your_hand()
        self.redraw()

    def greeting(self) -> str:
        """How cards are turned in this mode, and how to slap where the rules have slapping."""
        greet = self.say("greet_step" if self.play_mode.value == "step" else "greet_real")
        return self.say("greet_slap", greet=greet) if self.slapping else greet

    def ended(self) -> str:
        self.pair_open = False
        self.trainer.game_over(self.bot, self.state.rules, self.layout)
        outcome = self.state.outcome
        assert outcome is not None                     # called once the game is over
        return self.say("game_over", result=result(self.lang, outcome.winner, outcome.reason, self.state.players,
                                                   self.you))

    def accepts_input(self) -> bool:
        return True                            # a slap may come whoever turns the next card

    def choices(self) -> list[str]:
        """Your hand (``"turn"``) when you may turn a card (step mode, your turn), and the pile
        (``"slap"``) while the game is on, if the rules have slapping."""
        if self.state.is_over:
            return []
        mine = self.play_mode.value == "step" and self.state.current_player == self.you
        return [t for t, on in (("turn", mine), ("slap", self.slapping)) if on]

    def shortcuts(self) -> dict[str, str]:
        """T turns, S slaps (as Enter and space do)."""
        return {KEYS[t]: t for t in self.key_targets()}

    def key_targets(self) -> list[str]:
        """What the keys do at this table (shown on it) while the game is on: turn (step mode) and
        slap (if the rules slap); after the end, nothing (New game and N are told by the message)."""
        keys = (("turn", self.play_mode.value == "step"), ("slap", self.slapping))
        return [] if self.state.is_over else [t for t, on in keys if on]

    def draw(self) -> str:
        return drawing.table_svg(self.state, reader=self.you, layout=self.layout, lang=self.lang,
                                 choices=self.choices(), keys=self.key_targets(), min_height=self.steady_height)

    def computer_moves(self) -> None:
        """Nothing moves at once: the next card is asked of a browser timer (a tempo tick, or the
        bot's turn after a pause); on your turn in step mode, your key or click turns it. At a
        room's table the people turn their own cards."""
        if self.host is not None:
            return
        if self.play_mode.value == "real-time":
            self.request_timer(TEMPOS[self.tempo.value], "tick")
        elif self.state.current_player != self.you:
            self.request_timer(BOT_PAUSE_MS, "bot-turn")

    # --- events -----------------------------------------------------------------------------------
    def on_click(self, target: str, t: float) -> None:
        if target == "slap":
            self._reader_slap(t)
        elif target == "turn":
            self._reader_turn()
        else:
            raise TableEventError(f"there is nothing called {target!r:.40} on the Cleopatra table")

    def on_key(self, key: str, t: float) -> None:
        """Space slaps; Enter turns your card (or slaps, with the keyboard's ring on the pile);
        the arrows move the ring, T and S turn and slap."""
        if key == " " or (key == "Enter" and self.focus == "slap"):
            self._reader_slap(t)
        elif key == "Enter":
            self._reader_turn()
        else:
            super().on_key(key, t)

    def on_timer(self, name: str, t: float) -> None:
        if name == "bot-slap" and self.pair_open and self.bot_time is not None:
            self.trainer.log.beaten.append(self.bot_time)
            self._slap(Slap(((1 - self.you, self.bot_time),)), by_you=False)
        elif name in TURN_TIMERS:
            self._turn()

    # --- settings ---------------------------------------------------------------------------------
    def _settings(self) -> tuple[str, int]:
        """The rules and the seed the settings show (:attr:`dealt`: those of the game on the table)."""
        return self.rules.value, self.seed.value

    def _setting_changed(self, _change: object) -> None:
        """Rules or seed changed. With no game going on (no card turned yet, or the game over): a
        new game at once. Mid-game the change waits and the message asks, as N does, before the
        game is dropped: N (or New game) deals it; setting the game's own values back cancels."""
        if self._settings() == self.dealt:
            if self.change_waits:
                self.change_waits, self.asking_new = False, False
                self.message = self.say("change_back")
                self.redraw(same_position=True)
        elif self.state.history and not self.state.is_over:
            changed = [i for i, (now, was) in enumerate(zip(self._settings(), self.dealt)) if now != was]
            self.change_waits = True
            self.ask_new_game(self.say("change_ask", changes=self._describe(self._settings(), changed),
                                       back=self._describe(self.dealt, changed)))
        else:
            self.new_game()

    def _describe(self, settings: tuple[str, int], which: list[int]) -> str:
        """The settings numbered ``which`` (0: rules, 1: seed) of ``settings`` in words."""
        rules, seed = settings
        words = [(self.say("rules"), self.say(f"rules_{RULES[rules].name}")), (self.say("seed"), str(seed))]
        return self.say("list_sep").join(self.say("setting", name=words[i][0], value=words[i][1]) for i in which)

    def _attend(self, change: dict[str, Any]) -> None:
        if self.bot is not None:
            self.bot.attention = change["new"]     # from the next pair on

    def _reschedule(self, _change: object) -> None:
        """Mode or tempo changed: the pending turn is asked again under the new setting (a
        pending bot slap stays)."""
        if self.state.is_over:
            return
        self.cancel_timers(*TURN_TIMERS)
        self.computer_moves()
        self.message = self.greeting()
        self._ring_your_hand()
        self.redraw()

    # --- the reader's and the bot's moves ---------------------------------------------------------
    def _reader_turn(self) -> None:
        if "turn" in self.choices():
            self.message = ""                  # your action: the last message has been read
            self._turn()

    def _turn(self) -> None:
        """Turn the card of the player due (the state says whose and which)."""
        self.cancel_timers()
        self.trainer.log.missed += self.pair_open      # the pair on top went by unslapped (C12)
        self.state.play(self.state.legal_actions()[0])
        self.pair_open = self.state.pair_on_top
        self.bot_time = self.bot.reaction_time() if self.pair_open and self.bot is not None else None
        if self.bot_time is not None:
            self.request_timer(self.bot_time, "bot-slap")
        self.after_action()
        self._ring_your_hand()

    def _ring_your_hand(self) -> None:
        """On your turn the keyboard's ring goes back to your hand (Enter turns a card)."""
        if "turn" in self.choices():
            self.focus = "turn"

    def _reader_slap(self, t: float) -> None:
        if not self.slapping:
            self.message = self.say("no_slapping", rules=rules_words(self.lang, "rules", self.state.rules.name))
            return
        if self.pair_open:
            self.trainer.log.reactions.append(t)
            times = ((self.you, round(t)),) + (((1 - self.you, self.bot_time),) if self.bot_time is not None else ())
            self._slap(Slap(times), by_you=True)
            return
        self.trainer.log.false_slaps += 1
        self._false_slap(self.you)

    def _false_slap(self, seat: int) -> None:
        """A slap of ``seat`` with no pair on top (C13): too late (the pair went to the other seat
        since the last card), no effect, or a card burnt under the pile; the message says which."""
        start = len(self.state.events)
        try:
            self.state.play(slap(seat))
        except IllegalActionError as e:
            self.message = self._too_late(seat) or self._slap_words("no_effect", seat, rule=e.rule)
            return
        burned = next(e for e in self.state.events[start:] if isinstance(e, FalseSlap)).burned
        self.message = self._slap_words("burned", seat, card=burned)
        if self.state.is_over:
            self.after_action()

    def _slap_words(self, key: str, seat: int, **fields: Any) -> str:
        """The message ``key`` (``"no_effect"``, ``"burned"``) about a false slap of ``seat``: at this
        table always yours."""
        return self.say(key, **fields)

    def _too_late(self, seat: int) -> str:
        """"Too late" if the pair ``seat`` meant was slapped by the other seat since the last card, else ""."""
        for event in reversed(self.state.events):
            if isinstance(event, Played):
                return ""
            if isinstance(event, Slapped) and event.player != seat:
                return self.say("too_late", name=self.state.players[event.player])
        return ""

    def _slap(self, action: Slap, by_you: bool) -> None:
        """A slap race on the pair on top; the message tells you how yours went (a slap of the
        bot alone shows in the drawing and leaves your message)."""
        self.cancel_timers()
        start = len(self.state.events)
        self.state.play(action)
        won = next(e for e in self.state.events[start:] if isinstance(e, Slapped))
        if by_you:
            times = race(self.lang, cleopatra.action_text(action)[5:], self.state.players)
            self.message = about(self.lang, "slapped", won.player, self.state.players, self.you, race=times)
        self.pair_open, self.bot_time = False, None
        self.after_action()
        self._ring_your_hand()

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(rules={self.rules.value!r}, seed={self.seed.value}, "
                f"mode={self.play_mode.value!r}, step={self.state.step}, over={self.state.is_over})")
