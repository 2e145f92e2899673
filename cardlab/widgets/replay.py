"""Stepping through a sequence of states: ``ReplayBar`` (the controls) and ``Replayer`` (a table + bar).

``ReplayBar(n_frames, captions, lang)`` offers first / back / forward / last buttons, a step
slider, play and stop (autoplay: stop pauses at the step reached) with a speed choice and a caption
for the current step. Every button is named (its tooltip, the name screen readers read) in
``lang``, English or Japanese. Its ``step`` trait (0 to ``n_frames - 1``) is the one source of
truth: observe it to redraw. Every control carries a ``cardlab-…`` CSS class so browser tests find
it, and the buttons work headless::

    >>> bar = ReplayBar(3, ["deal", "first card", "second card"])
    >>> bar.forward.click(); bar.step
    1
    >>> bar.caption_text
    'first card'

``Replayer(frames, captions)`` puts a :class:`~cardlab.widgets.view.TableView` above a bar and
redraws the table with ``frames[step]`` (SVG text, or a callable ``step -> svg``). With the table
focused, the arrow keys step back and forward and Home / End jump to the ends.

:func:`replay` makes the Replayer of any game's record, drawn by that game's table drawing.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w
import traitlets

from ..draw.svg import layout_for
from ..registry import game_info
from ..words import REPLAY, check_lang
from .stored import StoredLine
from .view import Event, TableView

if TYPE_CHECKING:
    from ..records import Record

Frames = Sequence[str] | Callable[[int], str] | Callable[[int, str], str]
# Autoplay speeds: label -> milliseconds between steps.
SPEEDS: dict[str, int] = {"slow": 1600, "normal": 800, "fast": 300}


def _button(icon: str, tooltip: str, cls: str) -> w.Button:
    button = w.Button(icon=icon, tooltip=tooltip, layout=w.Layout(width="36px"))
    button.add_class(cls)
    return button


class ReplayBar(w.VBox):
    """Controls that move an observable ``step`` through ``n_frames`` frames, with a caption per
    step; their words in ``lang``. Autoplay runs on the browser's timer of a hidden ``w.Play``
    (:attr:`autoplay`), started by :attr:`play` and paused where it is by :attr:`stop`."""

    step = traitlets.Int(0)

    def __init__(self, n_frames: int, captions: Sequence[str] | None = None, lang: str = "en",
                 **kwargs: Any) -> None:
        if isinstance(n_frames, bool) or not isinstance(n_frames, int) or n_frames < 1:
            raise ValueError(f"a replay needs n_frames >= 1, got {n_frames!r}")
        captions = [""] * n_frames if captions is None else [str(c) for c in captions]
        if len(captions) != n_frames:
            raise ValueError(f"{len(captions)} captions for {n_frames} frames: give one caption per frame")
        self.n_frames = n_frames
        self.captions = captions
        self.lang = check_lang(lang)
        last = n_frames - 1
        say = self.say
        self.first = _button("fast-backward", say("first"), "cardlab-first")
        self.back = _button("step-backward", say("back"), "cardlab-back")
        self.play = _button("play", say("play"), "cardlab-play")
        self.stop = _button("stop", say("stop"), "cardlab-stop")
        self.forward = _button("step-forward", say("forward"), "cardlab-forward")
        self.last = _button("fast-forward", say("last"), "cardlab-last")
        self.slider = w.IntSlider(value=0, min=0, max=last, description=say("step"), readout=True,
                                  continuous_update=True, layout=w.Layout(width="280px", max_width="100%"))
        self.slider.add_class("cardlab-step")
        # the browser's timer of autoplay; its own buttons are hidden (they have no names, and its
        # stop goes back to the first step): play and stop above set its ``playing``
        self.autoplay = w.Play(value=0, min=0, max=last, interval=SPEEDS["normal"], show_repeat=False,
                               layout=w.Layout(display="none"))
        self.autoplay.add_class("cardlab-autoplay")
        self.speed = w.Dropdown(options=[(say(f"speed_{name}"), ms) for name, ms in SPEEDS.items()],
                                value=SPEEDS["normal"], layout=w.Layout(width="90px"), tooltip=say("speed"))
        self.speed.add_class("cardlab-speed")
        self.caption = w.HTML()
        self.caption.add_class("cardlab-caption")
        controls = w.HBox([self.first, self.back, self.play, self.stop, self.forward, self.last,
                           self.slider, self.speed, self.autoplay],
                          layout=w.Layout(flex_flow="row wrap"))   # on a phone: the slider on a row of its own
        super().__init__([controls, self.caption], **kwargs)
        self.add_class("cardlab-replay")

        traitlets.link((self.slider, "value"), (self, "step"))
        w.jslink((self.autoplay, "value"), (self.slider, "value"))
        traitlets.dlink((self.speed, "value"), (self.autoplay, "interval"))
        self.first.on_click(lambda _: self.go(0))
        self.back.on_click(lambda _: self.go(self.step - 1))
        self.play.on_click(lambda _: setattr(self.autoplay, "playing", True))
        self.stop.on_click(lambda _: setattr(self.autoplay, "playing", False))
        self.forward.on_click(lambda _: self.go(self.step + 1))
        self.last.on_click(lambda _: self.go(last))
        self.observe(self._show_step, names="step")
        self.autoplay.observe(self._show_playing, names="playing")
        self._show_step()
        self._show_playing()

    def say(self, key: str, **fields: Any) -> str:
        """A word of the bar in its language."""
        return REPLAY.say(self.lang, key, **fields)

    @property
    def playing(self) -> bool:
        """Whether autoplay is on (the browser steps forward at the chosen speed)."""
        return self.autoplay.playing

    @property
    def caption_text(self) -> str:
        """The caption of the current step (plain text)."""
        return self.captions[self.step]

    def go(self, step: int) -> None:
        """Move to ``step``, clamped to the first and last frames."""
        self.step = min(max(step, 0), self.n_frames - 1)

    @traitlets.validate("step")
    def _clamp(self, proposal: Any) -> int:
        step = proposal["value"]
        if not 0 <= step < self.n_frames:
            raise traitlets.TraitError(f"step {step} is outside 0..{self.n_frames - 1}")
        return step

    def _show_step(self, _change: object = None) -> None:
        step, last = self.step, self.n_frames - 1
        self.first.disabled = self.back.disabled = step == 0
        self.forward.disabled = self.last.disabled = step == last
        number, text = html.escape(self.say("step_of", step=step, last=last)), html.escape(self.caption_text)
        self.caption.value = f'<b class="cardlab-stepno">{number}</b>{html.escape(self.say("step_sep"))}{text}'

    def _show_playing(self, _change: object = None) -> None:
        """Play while stopped, stop while playing (a single frame has nothing to play)."""
        self.play.disabled = self.playing or self.n_frames == 1
        self.stop.disabled = not self.playing

    def __repr__(self) -> str:
        return f"ReplayBar(step={self.step}, n_frames={self.n_frames}, caption={self.caption_text!r})"


class Replayer(StoredLine, w.VBox):
    stored_as = "replay"
    """A :class:`TableView` showing ``frames[step]`` above a :class:`ReplayBar`.

    ``frames`` is a list of SVG strings or a callable ``step -> svg`` (then ``captions`` or
    ``n_frames`` gives the length). With ``wide_width``, ``frames`` is a callable
    ``(step, layout) -> svg`` and the frames are drawn ``"narrow"`` when the output is narrower
    than ``wide_width`` px, and ``"phone"`` when it is narrower than ``narrow_width`` px, if
    given (as the game tables are: :func:`cardlab.draw.svg.layout_for`). ``replayer.step`` reads and sets the bar's step.
    ``lang``: the bar's words and the view's language.
    """

    KEYS = {"ArrowLeft": -1, "ArrowRight": +1}

    def __init__(self, frames: Frames, captions: Sequence[str] | None = None,
                 n_frames: int | None = None, wide_width: int | None = None,
                 narrow_width: int | None = None, lang: str = "en", **kwargs: Any) -> None:
        self.wide_width, self.narrow_width = wide_width, narrow_width
        self._frame: Callable[[int], str]
        if callable(frames):
            if wide_width is not None:     # the callable's arguments are known by wide_width alone
                in_layout = cast(Callable[[int, str], str], frames)
                self._frame = lambda k: in_layout(k, self.layout)
            else:
                self._frame = cast(Callable[[int], str], frames)
            if n_frames is None:
                if captions is None:
                    raise ValueError("with a callable for frames, give captions or n_frames")
                n_frames = len(captions)
        elif wide_width is not None:
            raise ValueError("with wide_width, frames is a callable (step, layout) -> svg")
        else:
            frames = list(frames)
            self._frame = frames.__getitem__
            if n_frames is not None and n_frames != len(frames):
                raise ValueError(f"n_frames={n_frames} but {len(frames)} frames were given")
            n_frames = len(frames)
        self.bar = ReplayBar(n_frames, captions, lang=lang)
        self.view = TableView(relative_keys=True, lang=self.bar.lang)   # → pressed three times fast: three steps
        self.view.draw(self._frame(0))
        super().__init__([self.view, self.bar], **kwargs)
        self.add_class("cardlab-replayer")
        self.add_class("cardlab-table-root")     # after a click on a bar button, keys go to the table
        self.bar.observe(self._redraw, names="step")
        self.view.observe(self._relayout, names="width")
        self.view.on_event(self._on_key)

    @property
    def step(self) -> int:
        """The step shown (setting it moves the bar and redraws)."""
        return self.bar.step

    @step.setter
    def step(self, value: int) -> None:
        self.bar.step = value

    @property
    def layout(self) -> str:
        """The frames' layout at the output's width (``"wide"`` when they have no other)."""
        return self._layout_at(self.view.width)

    def _layout_at(self, width: int) -> str:
        return "wide" if self.wide_width is None else layout_for(width, self.wide_width, self.narrow_width)

    def _redraw(self, change: dict[str, Any]) -> None:
        self.view.draw(self._frame(change["new"]))

    def _relayout(self, change: dict[str, Any]) -> None:
        """The output width changed: redraw the same frame if the layout did."""
        if self._layout_at(change["old"]) != self.layout:
            self.view.draw(self._frame(self.step), same_position=True)

    def _on_key(self, event: Event) -> None:
        if event["type"] != "key":
            return
        if event["key"] in self.KEYS:
            self.bar.go(self.step + self.KEYS[event["key"]])
        elif event["key"] in ("Home", "End"):
            self.bar.go(0 if event["key"] == "Home" else self.bar.n_frames - 1)

    @property
    def lang(self) -> str:
        """The language of the replay's words (its bar's)."""
        return self.bar.lang

    def __repr__(self) -> str:
        return f"Replayer(step={self.step}, n_frames={self.bar.n_frames}, caption={self.bar.caption_text!r})"


def replay(record: Record, player: int | None = None, captions: Sequence[str] | None = None,
           at: Sequence[int] | None = None, lang: str = "en") -> Replayer:
    """A Replayer of any game's record, seen by ``player`` (None: every hand face up), drawn by
    the game's ``draw`` part (``table_svg``, :mod:`cardlab.registry`) in its layouts and in ``lang``.

    The frames show the position after ``at[k]`` actions (default: the deal, then every action).
    ``captions`` default to ``"the deal"``, then ``"3. Ada: play the king of cups"`` (the action
    in words in ``lang``, by the game's ``say_action`` part, else its text) with the record's
    comment after the action, if it has one.
    """
    states = record.states()
    at = range(len(states)) if at is None else list(at)
    info = game_info(record.game)
    if captions is None:
        names, say = states[0].players, REPLAY.say
        steps = [say(lang, "the_deal")] + [
            say(lang, "did", n=i + 1, name=names[before.current_player], action=words)
            + (f" — {record.comments[i]}" if i in record.comments else "")
            for i, (before, words) in enumerate(zip(states, record.said_actions(lang, states)))]
        captions = [steps[i] for i in at]
    drawing = info.part("draw")
    return Replayer(lambda k, layout: drawing.table_svg(states[at[k]].view(player), layout=layout, lang=lang),
                    captions, wide_width=drawing.WIDE_WIDTH,
                    narrow_width=getattr(drawing, "NARROW_WIDTH", None), lang=lang)
