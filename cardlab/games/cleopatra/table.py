"""Cleopatra at the notebook table: replay a record step by step, or play against a bot.

:class:`CleopatraReplay` steps through a record (the shipped sample by default) in the source's
steps or card by card, with the source's words beside the steps they describe. A step that ends
in a capture shows the cards taken beside the winner's won pile (the card that took them too).

:class:`CleopatraTable` is :class:`~cardlab.games.cleopatra.controller.CleopatraController` (the
game against a :class:`~cardlab.games.cleopatra.bots.SlapBot`, its modes, keys and messages) as a
widget: its rules, seed, attention, mode and tempo are widgets above the table, and the slap
trainer's switch and report (:mod:`cardlab.games.cleopatra.table_slaps`) are widgets too.

    >>> table = CleopatraTable(seed=4)
    >>> table.press("Enter") if table.state.current_player == 0 else None
"""


from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import ipywidgets as w

from . import draw as drawing
from .story import action_words, step_text
from . import engine as cleopatra
from .controller import MODES, RULES, SEED_MAX, TEMPOS, TURN_TIMERS, CleopatraController
from cardlab.records import Record
from cardlab.tables.controls import link
from cardlab.words import check_lang
from .words import CLEOPATRA
from cardlab.widgets.replay import Replayer
from cardlab.widgets.stored import StoredLine
from .sample import comments_in, load_sample
from .table_slaps import SlapTrainer
from cardlab.widgets.table import GameTable

__all__ = ["CleopatraTable", "CleopatraReplay", "RULES", "TURN_TIMERS"]


def settings_row(*children: w.Widget) -> w.HBox:
    """A row of settings that wraps onto the next line in a narrow output (no scrollbar)."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", width="100%"))


class CleopatraReplay(StoredLine, w.VBox):
    stored_as = "replay"
    """A record replayed in steps (the source's numbering) or card by card, in ``lang``."""

    def __init__(self, record: Record | None = None, mode: str = "steps", lang: str = "en") -> None:
        if record is None:
            record = load_sample()
        self.lang = check_lang(lang)
        states = cast("Sequence[cleopatra.State]", record.states())     # a Cleopatra record's
        game = states[-1]
        self.steps = game.steps()
        comments = comments_in(record, self.lang)

        def say(key: str, **fields: Any) -> str:
            return CLEOPATRA.say(lang, key, **fields)

        def noted(text: str, action: int) -> str:
            return text + (say("note_sep") + comments[action] if action in comments else "")

        deal = say("deal", x=game.players[0], y=game.players[1])
        step_of = {a: s for s in self.steps for a in s.actions}
        card_captions = [deal] + [noted(say("card_caption", action=action_words(game, i, lang),
                                            n=step_of[i].number if i in step_of else "?"), i)
                                  for i in range(len(record.actions))]
        step_captions = [deal] + [noted(say("step_caption", n=s.number, text=step_text(game, s, lang)), s.actions[-1])
                                  for s in self.steps]
        self.by_step = self._replayer(states, [0] + [s.actions[-1] + 1 for s in self.steps], step_captions)
        self.by_card = self._replayer(states, range(len(states)), card_captions)
        self.mode = w.ToggleButtons(options=[(say("by_steps"), "steps"), (say("by_cards"), "cards")], value=mode,
                                    description=say("replay_by"))
        self.mode.add_class("cardlab-mode")
        self.mode.observe(self._show_mode, names="value")
        super().__init__([self.mode, self.replayer])
        self.add_class("cardlab-cleopatra-replay")

    def _replayer(self, states: Sequence[cleopatra.State], at: Any, captions: list[str]) -> Replayer:
        """Frame k: the game after ``at[k]`` actions, with the capture its last action made."""
        at = list(at)
        return Replayer(lambda k, layout: drawing.table_svg(states[at[k]], layout=layout, lang=self.lang),
                        captions, wide_width=drawing.WIDE_WIDTH, narrow_width=drawing.NARROW_WIDTH, lang=self.lang)

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


class CleopatraTable(CleopatraController, GameTable[cleopatra.State]):
    """You (X) against a slapping bot (Y) in a notebook; the arguments are
    :class:`~cardlab.games.cleopatra.controller.CleopatraController`'s (``rules``, ``seed``,
    ``attention``, ``mode``, ``tempo``, ``trainer``, ``lang``)."""

    trainer_class = SlapTrainer
    trainer: SlapTrainer
    #: the settings as widgets (linked to the controller's)
    rules: w.Dropdown
    seed: w.BoundedIntText
    attention: w.FloatSlider
    play_mode: w.ToggleButtons
    tempo: w.Dropdown

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        CleopatraController.__init__(self, *args, **kwargs)

        def say(key: str) -> str:
            return CLEOPATRA.say(self.lang, key)

        self.rules = link(w.Dropdown(options=[(say(f"rules_{RULES[r].name}"), r) for r in RULES],
                                     description=say("rules")), self.rules)
        self.seed = link(w.BoundedIntText(min=0, max=SEED_MAX, description=say("seed")), self.seed)
        self.attention = link(w.FloatSlider(min=0.0, max=1.0, step=0.05, description=say("attention"),
                                            style={"description_width": "initial"}), self.attention)
        self.play_mode = link(w.ToggleButtons(options=[(say(f"mode_{m}"), m) for m in MODES], description=say("mode")),
                              self.play_mode)
        self.tempo = link(w.Dropdown(options=[(say(f"tempo_{t.split()[0]}"), t) for t in TEMPOS],
                                     description=say("tempo")), self.tempo)
        for widget, cls in ((self.rules, "cardlab-rules"), (self.seed, "cardlab-seed"),
                            (self.attention, "cardlab-attention"), (self.play_mode, "cardlab-mode"),
                            (self.tempo, "cardlab-tempo")):
            widget.add_class(cls)
        self.show(settings=[settings_row(self.rules, self.seed), settings_row(self.attention, self.tempo),
                            settings_row(self.play_mode, self.trainer.switch)],
                  below=[self.trainer.report])
        self.add_class("cardlab-cleopatra")
