"""Trappola at a table, without widgets: play against the computer (a notebook's table, a room's seat).

The table never decides a rule: every clickable card or button carries an action text drawn from
``state.view(you).legal`` and a click is handed to ``state.play``; the computer's moves come from
a bot. Under the table: the score sheet of the finished deals (T15, T16; the latest shown, older
ones folded) and the log of the whole game (your own moves marked).

Your hand is sorted by suit and rank unless the *sort* switch (S) says "as dealt". After a
deal's ninth trick the table keeps showing that deal — its last trick and its score — until you
press Enter (*next deal*), although the game has dealt again: the engine keeps the finished deal
in the view (``View.last_deal``), and the table draws it from there. Keyboard: the arrows move
among the legal cards (in hand order) and the buttons, Enter plays, E exchange, K keep, D (G, H …)
declare, S sort, N twice a new game. ``lang="ja"`` speaks Japanese::

    >>> table = TrappolaController(seed=5, lang="ja")
    >>> table.choices(), table.shortcuts()
    (['exchange', 'keep'], {'e': 'exchange', 'k': 'keep', 's': 'sort'})
    >>> table.message
    '新しいゲームです。手札を交換する（E）か、このままにする（K）かを選んでください。'
"""

from __future__ import annotations

from typing import Any

from .bots import table_bot
from . import draw
from .draw_html import event_line, log_html, sheets_html
from . import engine as trappola
from cardlab.tables.coach import CoachStrip
from cardlab.tables.controller import TableController
from cardlab.tables.controls import Observable, Setting
from cardlab.words import check_lang
from .words import WORDS

__all__ = ["TrappolaController"]


class TrappolaController(TableController[trappola.State]):
    """You (seat ``you``) against ``bot`` (default: :func:`~cardlab.games.trappola.bots.table_bot`, the
    player that solves sampled worlds exactly) in a game of Trappola.

    A seeded table deals its next games with the next seeds. ``coach=True`` turns the coach on
    (:mod:`cardlab.tables.coach`: every choice marked with its worth; in a notebook, a review of the game).
    ``names`` default to "You" and "Computer" in ``lang``; ``sort``: the hand sorted at first.
    """

    WIDE_WIDTH = draw.WIDE_WIDTH
    NARROW_WIDTH = draw.NARROW_WIDTH   # below it, the phone layout (issue 29)
    #: the coach's class (the notebook's table: the coach with its widgets)
    coach_class: type[CoachStrip] = CoachStrip
    #: the score sheets and the log of the game, under the drawing (HTML)
    sheet: Observable
    game_log: Observable

    def __init__(self, rules: trappola.Rules | str = trappola.TRAPPOLA, seed: int | None = None,
                 bot: Any = None, you: int = 0, names: tuple[str, str] | None = None,
                 coach: bool = False, lang: str = "en", sort: bool = True) -> None:
        self.lang = lang = check_lang(lang)       # before the coach: it speaks the table's language
        names = names or (WORDS.say(lang, "you_name"), WORDS.say(lang, "computer_name"))
        self.rules, self.you, self.first_seed = rules, you, seed
        self.names = tuple(names) if you == 0 else tuple(names[::-1])
        self.bot = bot if bot is not None else table_bot(seed)
        self.sorted = sort
        self._holding = False                      # the finished deal shown until the reader moves on
        self._held_events = 0                      # the events shown while it is held
        self._resume = ""                          # the message for when the reader moves on
        self.sheet, self.game_log = Setting(""), Setting("")
        self._shown: tuple[int, int, str] | None = None   # what the sheet and the log were made from
        self.coach = self.coach_class(self, on=coach, seed=seed or 0)
        TableController.__init__(self, lang=lang, panes=[self.sheet, self.game_log])
        self.new_game()

    # --- the game ---------------------------------------------------------------------------------
    def make_state(self) -> trappola.State:
        seed = None if self.first_seed is None else self.first_seed + self.games
        return trappola.new_game(self.rules, seed=seed, players=self.names)

    def start(self, state: trappola.State) -> None:
        self._holding = False
        super().start(state)

    def sit(self, state: trappola.State, seat: int, host: Any) -> None:
        self.names = tuple(state.players)           # a room's players, by their own names
        super().sit(state, seat, host)

    @property
    def held(self) -> trappola.View | None:
        """The finished deal shown until the reader moves on (the view's ``last_deal``), else None."""
        return self.state.view(self.you).last_deal if self._holding else None

    def greeting(self) -> str:
        key = "greeting" if self.state.current_player == self.you else "greeting_wait"
        return WORDS.say_touch(self.lang, key, self.touch)

    def choose(self, state: trappola.State) -> Any:
        return self.bot.choose(state)

    def after_action(self, start: int | None = None) -> None:
        begin = len(self.state.events) if start is None else start
        super().after_action(start)
        events = self.state.events[begin:]
        ends = [i for i, e in enumerate(events) if isinstance(e, trappola.DealScored)]
        if ends and not self.state.is_over:
            self._holding = True
            self._held_events = begin + ends[-1] + 1
            self._resume = self.next_deal_message(events[ends[-1] + 1:])
        self.coach.refresh()

    def next_deal_message(self, events: list[Any]) -> str:
        """The message once the reader leaves a finished deal for the next (``events``: those
        since the deal was scored): who deals, what the computer did since, and what to do if the
        exchange is yours — never the old deal's score and its "press Enter", whose moment has
        passed (issue 29)."""
        dealt = [said[0] for e in events if isinstance(e, trappola.Dealt) and (said := self.line(e))]
        lines = dealt + self._lines(events)
        if self.state.phase == trappola.EXCHANGE and self.state.current_player == self.you:
            lines.append(WORDS.say_touch(self.lang, "your_exchange", self.touch))
        return ("" if self.lang == "ja" else " ").join(lines)

    def line(self, event: Any) -> tuple[str, bool] | None:
        """One event in the log's words (:func:`~cardlab.games.trappola.draw_html.event_line`)."""
        return event_line(event, self.names, self.you, self.lang, self.state.rules.longest_streak)

    def _lines(self, events: list[Any]) -> list[str]:
        """``events`` in words, the reader's own moves and the deals' starts left out."""
        out = []
        for event in events:
            said = self.line(event)
            if said is not None and not said[1] and not isinstance(event, (trappola.Dealt, trappola.GameEnded)):
                out.append(said[0])
        return out

    def narrate(self, events: list[Any]) -> str:
        """What happened since the reader's move, in words: the computer's moves (T7: a declaration
        is heard, its rank is not named), the tricks won, and a deal's score (nothing: the message
        stays)."""
        scored = next((e for e in events if isinstance(e, trappola.DealScored)), None)
        if scored is None:
            lines = self._lines(events)
        else:
            lines = self._lines(events[:events.index(scored)])
            lines.append(WORDS.say(self.lang, "scored", n=scored.deal + 1, you=scored.points[self.you],
                                   name=self.names[1 - self.you], them=scored.points[1 - self.you]))
            if not self.state.is_over:
                lines.append(WORDS.say_touch(self.lang, "press_next", self.touch))
        return ("" if self.lang == "ja" else " ").join(lines) or self.message

    def ended(self) -> str:
        """The score of the game and who won."""
        a, b = self.state.scores
        text = WORDS.say(self.lang, "game_over", a_name=self.names[0], a=a, b_name=self.names[1], b=b)
        assert self.state.outcome is not None           # called once the game is over
        winner = self.state.outcome.winner
        end = (WORDS.say(self.lang, "tie") if winner is None
               else WORDS.say(self.lang, "you_win") if winner == self.you
               else WORDS.say(self.lang, "they_win", name=self.names[winner]))
        return text + ("" if self.lang == "ja" else " ") + end

    # --- gestures ---------------------------------------------------------------------------------
    def on_click(self, target: str, t: float) -> None:
        """``sort`` flips the hand's order; ``next`` leaves a finished deal for the next one; any
        other target is an action for the state (none while a finished deal is held)."""
        if target == "sort":
            self.sorted = not self.sorted
        elif self._holding:
            if target == "next":
                self._holding, self.message = False, self._resume
        elif target != "next":
            self.play(target)

    def accepts_input(self) -> bool:
        """A finished deal held on the table may be left whoever is to move next (at a room's
        seat, the other seat's turn need not come first)."""
        return self._holding or super().accepts_input()

    def choices(self) -> list[str]:
        """The legal cards in hand order, then the buttons (exchange, keep, declarations); only
        *next deal* while a finished deal is held."""
        if self._holding:
            return ["next"]
        view = self.state.view(self.you)
        legal = set(view.legal)
        own = view.hands[self.you]
        assert own is not None                          # a seat always sees its own hand
        hand = draw.sort_hand(own) if self.sorted else own
        cards = [f"play {c.ascii()}" for c in hand if f"play {c.ascii()}" in legal]
        return cards + [target for target, _key, _label in draw.buttons(view, self.lang)]

    def shortcuts(self) -> dict[str, str]:
        """E exchange, K keep, D (then G, H …) the declarations, S the sort switch."""
        view = self.held or self.state.view(self.you)
        return {key: target for target, key, _label in
                draw.buttons(view, self.lang, next_deal=self._holding, sort=self.sorted, touch=self.touch)
                if len(key) == 1}

    # --- display ----------------------------------------------------------------------------------
    def draw(self) -> str:
        """The table as you see it (the finished deal while it is held), with the coach's
        annotations; the score sheet and the log of the game under it."""
        view = self.held or self.state.view(self.you)
        events = self.state.events[:self._held_events] if self._holding else self.state.events
        shown = (len(view.sheets), len(events), self.lang)
        if shown != self._shown:            # a new sheet or new events (or a new game)
            self.sheet.value = sheets_html(view, self.lang, room=True)   # its room kept from the start
            lines = [said for e in events if (said := self.line(e))]
            self.game_log.value = log_html(lines, self.lang)
            self._shown = shown
        return draw.table_svg(view, clickable=True, layout=self.layout, lang=self.lang, sort=self.sorted,
                              next_deal=self._holding, sort_switch=True,
                              annotations=None if self._holding else self.coach.annotations(),
                              min_height=self.steady_height, touch=self.touch)

    def on_timer(self, name: str, t: float) -> None:
        if name == "coach":
            self.coach.on_timer()

