"""Cleopatra at the notebook table: replay a record step by step, or play against a bot.

:class:`CleopatraReplay` steps through a record (the shipped sample by default) in the source's
steps or card by card, with the source's words beside the steps they describe.

:class:`CleopatraTable` is a game against a :class:`~cardlab.bots.cleopatra.SlapBot`. In **step**
mode you turn your cards by clicking your hand; the bot turns its own after a pause. In
**real-time** mode every card is turned at the tempo you pick. Whenever a pair is on top you may
slap it with the space bar or a click on the pile; your time ``t`` is measured by the browser
from the moment the pair appeared on screen, and races the bot's reaction time (C11). All timing
comes from browser timers (:meth:`TableView.request_timer`), never from a kernel coroutine.
The table decides no rule: it turns ``state.legal_actions()[0]`` and hands slaps to ``state.play``.

    >>> table = CleopatraTable(seed=4)
    >>> table.click("turn") if table.state.current_player == 0 else None
"""

from __future__ import annotations


import ipywidgets as w

from ..bots.cleopatra import SlapBot
from ..draw.cleopatra import table_svg
from ..errors import IllegalActionError
from ..games import cleopatra
from ..games.cleopatra import Slap, Slapped, slap
from ..records import Record
from .replay import Replayer
from .view import Event, TableView

RULES = {"Cleopatra": cleopatra.CLEOPATRA, "Beggar-my-neighbour": cleopatra.BEGGAR_MY_NEIGHBOUR,
         "Egyptian Ratscrew": cleopatra.EGYPTIAN_RATSCREW}
TEMPOS = {"slow (1.5 s)": 1500, "normal (1 s)": 1000, "fast (0.6 s)": 600}
BOT_PAUSE_MS = 900      # step mode: the bot turns its card this long after the last card


class CleopatraReplay(w.VBox):
    """A record replayed in steps (the source's numbering) or card by card."""

    def __init__(self, record: Record | None = None, mode: str = "steps") -> None:
        if record is None:
            from ..games.cleopatra_sample import load_sample
            record = load_sample()
        state = record.replay(upto=0)
        names = state.players
        views = [state.view(0)]
        for text in record.actions:
            state.play(text)
            views.append(state.view(0))
        self.steps = state.steps()
        comments = record.comments
        card_captions = ["The deal: X and Y hold their cards face down."]
        step_of = {a: s for s in self.steps for a in s.actions}
        for i, text in enumerate(record.actions):
            s = step_of.get(i)
            words = f" | {comments[i]}" if i in comments else ""
            card_captions.append(f"{text} (step {s.number if s else '?'}){words}")
        step_frames = [views[0]] + [views[s.actions[-1] + 1] for s in self.steps]
        step_captions = [card_captions[0]] + [
            f"Step {s.number}: {s.text}" + (f" | {comments[s.actions[-1]]}" if s.actions[-1] in comments else "")
            for s in self.steps]
        self.by_step = Replayer([table_svg(v, names=names) for v in step_frames], step_captions)
        self.by_card = Replayer(lambda i: table_svg(views[i], names=names), card_captions)
        self.mode = w.ToggleButtons(options=["steps", "cards"], value=mode, description="replay by")
        self.mode.add_class("cardlab-mode")
        self.mode.observe(self._show_mode, names="value")
        super().__init__([self.mode, self.by_step if mode == "steps" else self.by_card])
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


class CleopatraTable(w.VBox):
    """You (X) against a slapping bot (Y). See the module docstring for the two modes."""

    def __init__(self, rules: str = "Cleopatra", seed: int = 0, attention: float = 0.7,
                 mode: str = "step", tempo: str = "normal (1 s)") -> None:
        self.rules = w.Dropdown(options=list(RULES), value=rules, description="rules")
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description="seed")
        self.attention = w.FloatSlider(value=attention, min=0.0, max=1.0, step=0.05, description="bot attention")
        self.play_mode = w.ToggleButtons(options=["step", "real-time"], value=mode, description="mode")
        self.tempo = w.Dropdown(options=list(TEMPOS), value=tempo, description="tempo")
        self.new_button = w.Button(description="New game", icon="refresh")
        for widget, cls in ((self.rules, "cardlab-rules"), (self.seed, "cardlab-seed"),
                            (self.attention, "cardlab-attention"), (self.play_mode, "cardlab-mode"),
                            (self.tempo, "cardlab-tempo"), (self.new_button, "cardlab-new-game")):
            widget.add_class(cls)
        self.new_button.on_click(lambda _b: self.new_game())
        self.view = TableView()
        self.view.on_event(self.handle)
        self.timers: dict[str, float] = {}    # timers asked of the browser and not yet answered
        self._seq = 0
        controls = w.VBox([w.HBox([self.rules, self.seed]), w.HBox([self.attention, self.tempo]),
                           w.HBox([self.play_mode, self.new_button])])
        super().__init__([controls, self.view])
        self.add_class("cardlab-cleopatra")
        self.new_game()

    # --- game flow -------------------------------------------------------------------------------
    def new_game(self) -> None:
        """A new game with the chosen rules, seed and bot attention (you are X and play first)."""
        rules = cleopatra.variant(RULES[self.rules.value], first="X")
        self.start(cleopatra.new_game(rules, seed=self.seed.value, players=["You", "Bot"]))

    def start(self, state: cleopatra.State) -> None:
        """Play on from ``state`` (you are X, the bot Y), e.g. a prepared deal."""
        self.state = state
        self.bot = SlapBot(self.seed.value + 1, attention=self.attention.value)
        self._seq += 1                        # timers of the last game are ignored from now on
        self.timers.clear()
        self.pair_open, self.bot_time = False, None
        self.message = ("Click your hand to turn a card; slap a pair with space or a click on the pile."
                        if self.play_mode.value == "step" else "Cards are turned at the tempo; slap with space.")
        self._next()
        self.redraw()

    def click(self, target: str) -> None:
        """Act as a click on the element with ``data-target=target`` would."""
        self.view.send_event({"type": "click", "target": target})

    def press_space(self, t: float = 0.0) -> None:
        """Act as the space bar pressed ``t`` ms after the table was last drawn."""
        self.view.send_event({"type": "key", "key": " ", "t": t})

    def handle(self, event: Event) -> None:
        """One browser event: a click, a key or a timer."""
        kind, t = event["type"], event["t"]
        if kind == "timer":
            self.timers.pop(event["tag"], None)
            name, _, seq = event["tag"].partition(":")
            if seq != str(self._seq):
                return                        # a timer of an earlier moment: ignored
            if name == "bot-slap" and self.pair_open:
                self._slap(Slap(((1, self.bot_time),)))
            elif name in ("bot-turn", "tick"):
                self._turn()
        elif (kind == "key" and event["key"] == " ") or (kind == "click" and event["target"] == "slap"):
            self._reader_slap(t)
        elif (kind == "click" and event["target"] == "turn") or (kind == "key" and event["key"] == "Enter"):
            if self.play_mode.value == "step" and self.state.current_player == 0:
                self._turn()
        self.redraw()

    def _request(self, ms: float, name: str) -> None:
        tag = f"{name}:{self._seq}"
        self.timers[tag] = ms
        self.view.request_timer(ms, tag)

    def _turn(self) -> None:
        """Turn the card of the player due (the state says whose and which)."""
        if self.state.is_over:
            return
        self.state.play(self.state.legal_actions()[0])
        self._seq += 1
        self.pair_open = self.state.pair_on_top
        self.bot_time = self.bot.reaction_time() if self.pair_open else None
        if self.bot_time is not None:
            self._request(self.bot_time, "bot-slap")
        self.message = ""
        self._next()

    def _next(self) -> None:
        """Schedule what comes next: a tempo tick, the bot's card, or nothing (your click)."""
        if self.state.is_over:
            self.message = f"Game over: {self.state.view(0).result}. Press New game to play again."
            self.pair_open = False
            return
        if self.play_mode.value == "real-time":
            self._request(TEMPOS[self.tempo.value], "tick")
        elif self.state.current_player == 1:
            self._request(BOT_PAUSE_MS, "bot-turn")

    def _reader_slap(self, t: float) -> None:
        if self.state.is_over:
            return
        if not self.pair_open:
            try:
                self.state.play(slap(0))
                burned = self.state.events[-1]
                self.message = f"No pair: you burn {burned.burned} under the pile (C13)."
            except IllegalActionError as e:
                self.message = f"No pair on top: your slap has no effect ({e.rule})."
            return
        times: tuple = ((0, round(t)),) + (((1, self.bot_time),) if self.bot_time is not None else ())
        self._slap(Slap(times))

    def _slap(self, action: Slap) -> None:
        self.state.play(action)
        won = next(e for e in reversed(self.state.events) if isinstance(e, Slapped))
        who = self.state.players[won.player]
        race = ", ".join(f"{self.state.players[s]} {ms} ms" for s, ms in action.times)
        self.message = f"{who} slapped first ({race}) and takes the pile (C10, C11)."
        self.pair_open, self.bot_time = False, None
        self._seq += 1
        self._next()

    # --- display ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        self.view.svg = table_svg(self.state, names=self.state.players, reader=0, message=self.message)
        self.view.status = self.message

    def __repr__(self) -> str:
        return (f"CleopatraTable(rules={self.rules.value!r}, seed={self.seed.value}, mode={self.play_mode.value!r}, "
                f"step={self.state.step}, over={self.state.is_over})")
