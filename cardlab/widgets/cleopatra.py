"""Cleopatra at the notebook table: replay a record step by step, or play against a bot.

:class:`CleopatraReplay` steps through a record (the shipped sample by default) in the source's
steps or card by card, with the source's words beside the steps they describe.

:class:`CleopatraTable` is a game against a :class:`~cardlab.bots.cleopatra.SlapBot`. In **step**
mode you turn your cards by clicking your hand (or Enter); the bot turns its own after a pause.
In **real-time** mode every card is turned at the tempo you pick. Whenever a pair is on top you
may slap it with the space bar or a click on the pile; your time ``t`` is measured by the browser
from the moment the pair appeared on screen, and races the bot's reaction time (C11). All timing
comes from browser timers (:meth:`GameTable.request_timer`), never from a kernel coroutine. The
table decides no rule: it turns ``state.legal_actions()[0]`` and hands slaps to ``state.play``.
Mode, tempo and attention apply at once, mid-game; new rules or a new seed start a new game.
The *slap trainer* (``trainer=True``) records your reactions and shows them after the game
(:mod:`cardlab.widgets.slap_trainer`).

    >>> table = CleopatraTable(seed=4)
    >>> table.click("turn") if table.state.current_player == 0 else None
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..bots.cleopatra import SlapBot
from ..draw.cleopatra import table_svg
from ..errors import IllegalActionError
from ..games import cleopatra
from ..games.cleopatra import FalseSlap, Slap, Slapped, slap
from ..records import Record
from .replay import Replayer, replay
from .slap_trainer import SlapTrainer
from .table import GameTable
from .view import TableEventError

RULES = {"Cleopatra": cleopatra.CLEOPATRA, "Beggar-my-neighbour": cleopatra.BEGGAR_MY_NEIGHBOUR,
         "Egyptian Ratscrew": cleopatra.EGYPTIAN_RATSCREW}
TEMPOS = {"slow (1.5 s)": 1500, "normal (1 s)": 1000, "fast (0.6 s)": 600}
BOT_PAUSE_MS = 900      # step mode: the bot turns its card this long after the last card
TURN_TIMERS = ("tick", "bot-turn")


class CleopatraReplay(w.VBox):
    """A record replayed in steps (the source's numbering) or card by card."""

    def __init__(self, record: Record | None = None, mode: str = "steps") -> None:
        if record is None:
            from ..games.cleopatra_sample import load_sample
            record = load_sample()
        self.steps = record.replay().steps()
        comments = record.comments
        card_captions = ["The deal: X and Y hold their cards face down."]
        step_of = {a: s for s in self.steps for a in s.actions}
        for i, text in enumerate(record.actions):
            s = step_of.get(i)
            words = f" | {comments[i]}" if i in comments else ""
            card_captions.append(f"{text} (step {s.number if s else '?'}){words}")
        step_captions = [card_captions[0]] + [
            f"Step {s.number}: {s.text}" + (f" | {comments[s.actions[-1]]}" if s.actions[-1] in comments else "")
            for s in self.steps]
        self.by_step = replay(record, captions=step_captions, at=[0] + [s.actions[-1] + 1 for s in self.steps])
        self.by_card = replay(record, captions=card_captions)
        self.mode = w.ToggleButtons(options=["steps", "cards"], value=mode, description="replay by")
        self.mode.add_class("cardlab-mode")
        self.mode.observe(self._show_mode, names="value")
        super().__init__([self.mode, self.replayer])
        self.add_class("cardlab-cleopatra-replay")

    @property
    def replayer(self) -> Replayer:
        """The replayer of the current mode."""
        return self.by_step if self.mode.value == "steps" else self.by_card

    def go(self, frame: int) -> None:
        """Show frame ``frame`` (step number in step mode, action count in card mode)."""
        self.replayer.bar.go(frame)

    def _show_mode(self, _change: object = None) -> None:
        self.children = [self.mode, self.replayer]

    def __repr__(self) -> str:
        return f"CleopatraReplay(mode={self.mode.value!r}, {self.replayer!r})"


class CleopatraTable(GameTable):
    """You (X) against a slapping bot (Y). See the module docstring for the two modes."""

    def __init__(self, rules: str = "Cleopatra", seed: int = 0, attention: float = 0.7,
                 mode: str = "step", tempo: str = "normal (1 s)", trainer: bool = False) -> None:
        self.rules = w.Dropdown(options=list(RULES), value=rules, description="rules")
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description="seed")
        self.attention = w.FloatSlider(value=attention, min=0.0, max=1.0, step=0.05, description="bot attention")
        self.play_mode = w.ToggleButtons(options=["step", "real-time"], value=mode, description="mode")
        self.tempo = w.Dropdown(options=list(TEMPOS), value=tempo, description="tempo")
        for widget, cls in ((self.rules, "cardlab-rules"), (self.seed, "cardlab-seed"),
                            (self.attention, "cardlab-attention"), (self.play_mode, "cardlab-mode"),
                            (self.tempo, "cardlab-tempo")):
            widget.add_class(cls)
        self.pair_open, self.bot_time = False, None
        self.trainer = SlapTrainer(on=trainer)
        super().__init__(settings=[w.HBox([self.rules, self.seed]), w.HBox([self.attention, self.tempo]),
                                   w.HBox([self.play_mode, self.trainer.switch])], below=[self.trainer.report])
        self.add_class("cardlab-cleopatra")
        self.rules.observe(lambda _change: self.new_game(), names="value")
        self.seed.observe(lambda _change: self.new_game(), names="value")
        self.attention.observe(self._attend, names="value")
        self.play_mode.observe(self._reschedule, names="value")
        self.tempo.observe(self._reschedule, names="value")
        self.new_game()

    # --- the game's parts of the table ------------------------------------------------------------
    def make_state(self) -> cleopatra.State:
        """A new game with the chosen rules, seed and bot attention (you are X and play first)."""
        self.bot = SlapBot(self.seed.value + 1, attention=self.attention.value)
        rules = cleopatra.variant(RULES[self.rules.value], first="X")
        return cleopatra.new_game(rules, seed=self.seed.value, players=["You", "Bot"])

    def start(self, state: cleopatra.State) -> None:
        """Play on from ``state`` (you are X, the bot Y), e.g. a prepared deal."""
        self.pair_open, self.bot_time = False, None
        self.trainer.reset()
        super().start(state)

    def greeting(self) -> str:
        if self.play_mode.value == "step":
            return "Click your hand (or Enter) to turn a card; slap a pair with space or a click on the pile."
        return "Cards are turned at the tempo; slap a pair with space or a click on the pile."

    def ended(self) -> str:
        self.pair_open = False
        self.trainer.game_over(self.bot, RULES[self.rules.value])
        return f"Game over: {self.state.view(self.you).result}. Press New game to play again."

    def accepts_input(self) -> bool:
        return True                            # a slap may come whoever turns the next card

    def draw(self) -> str:
        return table_svg(self.state.view(self.you), reader=self.you)

    def computer_moves(self) -> None:
        """Nothing moves at once: the next card is asked of a browser timer (a tempo tick, or the
        bot's turn after a pause); on your turn in step mode, your click turns it."""
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
        if key == " ":
            self._reader_slap(t)
        elif key == "Enter":
            self._reader_turn()

    def on_timer(self, name: str, t: float) -> None:
        if name == "bot-slap" and self.pair_open:
            self.trainer.log.beaten.append(self.bot_time)
            self._slap(Slap(((1, self.bot_time),)))
        elif name in TURN_TIMERS:
            self._turn()

    # --- settings that apply at once --------------------------------------------------------------
    def _attend(self, change: dict[str, Any]) -> None:
        self.bot.attention = change["new"]     # from the next pair on

    def _reschedule(self, _change: object) -> None:
        """Mode or tempo changed: the pending turn is asked again under the new setting (a
        pending bot slap stays)."""
        if self.state.is_over:
            return
        self.cancel_timers(*TURN_TIMERS)
        self.computer_moves()
        self.message = self.greeting()
        self.redraw()

    # --- the reader's and the bot's moves ---------------------------------------------------------
    def _reader_turn(self) -> None:
        if self.play_mode.value == "step" and self.state.current_player == self.you:
            self._turn()

    def _turn(self) -> None:
        """Turn the card of the player due (the state says whose and which)."""
        self.cancel_timers()
        self.trainer.log.missed += self.pair_open      # the pair on top went by unslapped (C12)
        self.state.play(self.state.legal_actions()[0])
        self.pair_open = self.state.pair_on_top
        self.bot_time = self.bot.reaction_time() if self.pair_open else None
        if self.bot_time is not None:
            self.request_timer(self.bot_time, "bot-slap")
        self.message = ""
        self.after_action()

    def _reader_slap(self, t: float) -> None:
        if self.pair_open:
            self.trainer.log.reactions.append(t)
            times = ((0, round(t)),) + (((1, self.bot_time),) if self.bot_time is not None else ())
            self._slap(Slap(times))
            return
        start = len(self.state.events)
        self.trainer.log.false_slaps += 1
        try:
            self.state.play(slap(self.you))
        except IllegalActionError as e:
            self.message = f"No pair on top: your slap has no effect ({e.rule})."
            return
        burned = next(e for e in self.state.events[start:] if isinstance(e, FalseSlap)).burned
        self.message = f"No pair: you burn {burned} under the pile (C13)."
        if self.state.is_over:
            self.after_action()

    def _slap(self, action: Slap) -> None:
        self.cancel_timers()
        start = len(self.state.events)
        self.state.play(action)
        won = next(e for e in self.state.events[start:] if isinstance(e, Slapped))
        race = ", ".join(f"{self.state.players[s]} {ms} ms" for s, ms in action.times)
        self.message = f"{self.state.players[won.player]} slapped first ({race}) and takes the pile (C10, C11)."
        self.pair_open, self.bot_time = False, None
        self.after_action()

    def __repr__(self) -> str:
        return (f"CleopatraTable(rules={self.rules.value!r}, seed={self.seed.value}, mode={self.play_mode.value!r}, "
                f"step={self.state.step}, over={self.state.is_over})")
