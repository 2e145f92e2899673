"""Kirifu at a table, without widgets: you against 2–4 computer players (a notebook's table, a room's seat).

The table never decides a rule. Clicks and keys choose things (a passed card, cards of your
hand) and the resulting action text goes to ``state.play``, which accepts it or raises
``IllegalActionError`` naming the rule (the message is shown). To answer passed cards, choose
one, then a marked card of your hand to cut it (切る) or *Take* (おもらい, key T). To pass,
choose one card and *Pass* (P), or the cards of an osoroi group (おそろい), *Add osoroi* (O),
perhaps more groups, then *Send* (S).

The keyboard: the arrow keys move among the choices in drawing order (passed cards, cutters or
*Take*, the cards of your hand, the buttons), Enter chooses or plays the one in focus, Escape
clears your choice. Under the drawing: the log of the whole game (newest first, your moves
marked), and at the end the places sheet. ``lang="ja"`` puts everything in Japanese.
"""

from __future__ import annotations

from typing import Any

from .bots import TABLE_BUDGET, make_bot
from cardlab.cards import Card
from . import draw as drawing
from cardlab.errors import CardParseError, IllegalActionError
from . import engine as kirifu
from cardlab.tables.coach import CoachStrip
from cardlab.tables.controller import TableController
from cardlab.tables.controls import Observable, Setting
from cardlab.tables.screen import TableEventError
from cardlab.words import check_lang
from cardlab.words.refusals import sentence
from .words import narrate, place_name, player_names, say

__all__ = ["KirifuController"]
SHORTCUTS = {"t": "take", "p": "btn:pass", "o": "btn:osoroi", "s": "btn:send"}


class KirifuController(TableController[kirifu.State]):
    """You (seat 0) against ``computers`` computer players.

    ``bot`` is a kind by name (``"search"``, the default, thinking :data:`~cardlab.games.kirifu.bots.TABLE_BUDGET`
    playouts a move; ``"thumb"``, the rule of thumb; ``"random"``), a player object (anything
    with ``choose(state)``, e.g. :class:`cardlab.openspiel.OpenSpielPlayer`) that plays every
    computer seat, or a sequence of those, one per computer seat. A seeded table deals its next
    games with the next seeds. ``coach=True`` turns the coach on (:mod:`cardlab.tables.coach`:
    every choice marked with its expected place; in a notebook, a review). ``lang``: ``"en"`` or ``"ja"``.
    """

    WIDE_WIDTH = drawing.WIDE_WIDTH
    NARROW_WIDTH = drawing.NARROW_WIDTH
    #: the coach's class (the notebook's table: the coach with its widgets)
    coach_class: type[CoachStrip] = CoachStrip
    #: the hand sorted (True) or in the order it came; the places sheet and the log, under the drawing (HTML)
    sorting: Observable
    sheet: Observable
    log_panel: Observable

    def __init__(self, computers: int = 3, rules: kirifu.Rules | str = kirifu.KIRIFU, seed: int | None = None,
                 bot: Any = "search", coach: bool = False, lang: str = "en") -> None:
        if not 2 <= computers <= 4:
            raise ValueError(f"the table seats 2 to 4 computer players, not {computers}")
        kinds = list(bot) if isinstance(bot, (list, tuple)) else [bot] * computers
        if len(kinds) != computers or not all(isinstance(k, str) or callable(getattr(k, "choose", None)) for k in kinds):
            raise ValueError(f"bot: a kind ('thumb', 'search', 'random'), an object with choose(state), "
                             f"or {computers} of those (one per computer seat), not {bot!r:.80}")
        self.rules, self.computers, self.bot_kinds, self.first_seed = rules, computers, kinds, seed
        self.passed: Card | None = None        # the passed card you chose to answer
        self.selection: list[Card] = []        # the cards of your hand you chose to pass
        self.arrival: list[Card] = []          # your hand in the order the cards came (unsorted)
        self.narration = ""                    # what the others did since your last move
        self.lang = check_lang(lang)               # before the coach: it speaks the table's language
        self.coach = self.coach_class(self, on=coach, seed=seed or 0, target_of=_target)
        self.sorting = Setting(True)
        self.sorting.observe(lambda _change: self.redraw(same_position=True), names="value")
        self.log_panel, self.sheet = Setting(""), Setting("")
        TableController.__init__(self, lang=lang, panes=[self.sheet, self.log_panel])
        self.new_game()

    def make_state(self) -> kirifu.State:
        seed = None if self.first_seed is None else self.first_seed + self.games
        base = 0 if seed is None else seed * 10
        self.bots = [None] + [make_bot(kind, base + i, TABLE_BUDGET if kind == "search" else None)
                              if isinstance(kind, str) else kind
                              for i, kind in enumerate(self.bot_kinds, start=1)]
        self.passed, self.selection, self.arrival, self.narration = None, [], [], ""
        return kirifu.new_game(self.rules, seed=seed, players=player_names(self.lang, self.computers))

    # --- what the reader may do -----------------------------------------------------------------
    def legal(self) -> list[str]:
        """The reader's legal action texts now (none when it is not the reader's turn)."""
        if self.state.is_over or self.state.current_player != self.you:
            return []
        return [str(a) for a in self.state.legal_actions()]

    def choices(self) -> list[str]:
        """The clickable things in drawing order: the passed cards, then the cutters of the chosen
        one and *Take*, or the cards of the hand and the enabled buttons."""
        legal = self.legal()
        if not legal:
            return []
        if self.state.phase == kirifu.RECEIVE:
            out = [f"passed:{c.ascii()}" for c in self.state.passed]
            if self.passed is not None:
                out += [t for c in self.hand_order() if (t := f"cut {self.passed.ascii()} with {c.ascii()}") in legal]
                out += [t for t in (f"take {self.passed.ascii()}",) if t in legal]
            return out
        out = [f"hand:{c.ascii()}" for c in self.hand_order()]
        enabled = {"btn:pass": "send" not in legal, "btn:osoroi": any(t.startswith("osoroi") for t in legal),
                   "btn:send": "send" in legal}
        return out + [b for b, on in enabled.items() if on]

    def shortcuts(self) -> dict[str, str]:
        """T takes the chosen passed card in, P passes, O adds an osoroi group, S sends."""
        choices = self.choices()
        keys = {k: (f"take {self.passed.ascii()}" if t == "take" and self.passed is not None else t)
                for k, t in SHORTCUTS.items()}
        return {k: t for k, t in keys.items() if t in choices}

    def hand_order(self) -> list[Card]:
        """Your hand as drawn: sorted by suit then rank (the switch on), else in the order it came."""
        hand = self.state.hands[self.you]
        self.arrival = [c for c in self.arrival if c in hand] + [c for c in hand if c not in self.arrival]
        return list(drawing.sort_hand(hand, self.state.world)) if self.sorting.value else list(self.arrival)

    # --- gestures -------------------------------------------------------------------------------
    def on_click(self, target: str, t: float) -> None:
        """Turn a click into a choice or an action text, and hand actions to the state."""
        self.message = self.narration          # an earlier refusal goes with the next gesture
        kind, _, what = target.partition(":")
        if kind == "passed":
            self.passed = self._card(what, self.state.passed, "passed to you")
            answers = self.choices()[len(self.state.passed):]
            self.focus = answers[0] if answers else self.focus
        elif kind == "hand":
            chosen = self._card(what, self.state.hands[self.you], "in your hand")
            self.selection = [c for c in self.selection if c != chosen] if chosen in self.selection \
                else self.selection + [chosen]
        elif kind == "btn" and what == "pass" and len(self.selection) != 1:
            self.message = say(self.lang, "select_one", touch=self.touch, n=len(self.selection))
            self.selection = []
        elif kind == "btn":
            cards = " ".join(c.ascii() for c in self.selection)
            self._act({"pass": f"pass {cards}", "osoroi": f"osoroi {cards}"}.get(what, "send"))
        else:
            self._act(target)

    def on_key(self, key: str, t: float) -> None:
        """The base's keys (arrows, Enter, shortcuts), and Escape: clear your choice."""
        self.message = self.narration          # an earlier refusal goes with the next gesture
        if key == "Escape":
            self.selection = []
        else:
            super().on_key(key, t)

    def _act(self, action: str) -> None:
        """Play ``action``; a refusal is shown (in the table's language) and clears the choice."""
        try:
            self.play(action)
        except IllegalActionError as error:
            self.message = say(self.lang, "refused", reason=sentence(error.say(self.lang), self.lang))
            self.selection = []

    @staticmethod
    def _card(text: str, among: tuple[Card, ...], where: str) -> Card:
        """The card ``text`` names, which must be one of ``among``."""
        try:
            card = Card.parse(text)
        except CardParseError as error:
            raise TableEventError(f"unreadable card {text!r:.20} in a click: {error}") from None
        if card not in among:
            raise TableEventError(f"{card} is not {where}")
        return card

    def play(self, action: Any) -> None:
        super().play(action)
        self.selection = []

    # --- the flow -------------------------------------------------------------------------------
    def after_action(self, start: int | None = None) -> None:
        super().after_action(start)
        waiting = self.state.passed if self.state.current_player == self.you else ()
        if self.passed not in waiting:  # keep the reader's choice while it is still to answer
            self.passed = waiting[0] if len(waiting) == 1 else None
        choices = self.choices()
        first = len(self.state.passed) if self.passed is not None and self.state.phase == kirifu.RECEIVE else 0
        self.focus = choices[first] if first < len(choices) else (choices[0] if choices else None)
        self.coach.refresh()

    def narrate(self, events: list[Any]) -> str:
        """What the others did since the reader's last move (the draws left out); it stays until
        the reader's next move."""
        lines = [narrate(e, self.state.players, self.lang, reader=self.you) for e in events
                 if getattr(e, "player", None) != self.you and not isinstance(e, kirifu.Drew)]
        turn = self.state.current_player
        waiting = say(self.lang, "waiting") if turn == self.you or self.state.is_over \
            else say(self.lang, "their_turn", name=self.state.players[turn])   # at a room's table
        self.narration = say(self.lang, "event_sep").join(lines) if lines else waiting
        return self.narration

    def ended(self) -> str:
        outcome = self.state.outcome
        assert outcome is not None                     # called once the game is over
        place = int(outcome.scores[self.you])          # the scores of Kirifu are the places
        return say(self.lang, "game_over", place=place_name(place, self.lang), n=len(self.state.players))

    def on_timer(self, name: str, t: float) -> None:
        if name == "coach":
            self.coach.on_timer()

    # --- display --------------------------------------------------------------------------------
    def draw(self) -> str:
        """The table as you see it; the log and, at the end, the places sheet under it."""
        view = self.state.view(self.you)
        mine = self.state.current_player == self.you
        self.log_panel.value = drawing.log_html(view, self.you, self.lang)
        self.sheet.value = drawing.places_html(view, self.lang) if self.state.is_over else ""
        return drawing.table_svg(view, legal=self.legal(), passed=self.passed if mine else None,
                                 chosen=self.selection, layout=self.layout, lang=self.lang, touch=self.touch,
                                 order=self.hand_order(), annotations=self.coach.annotations(),
                                 min_height=self.steady_height)


def _target(action: str) -> list[str]:
    """The elements of the drawing a choice is marked on: a card to pass is a card of the hand; a
    passed card stands for the cuts and the taking in of it."""
    if action.startswith("pass "):
        return ["hand:" + action[5:]]
    if action.startswith(("cut ", "take ")):
        return [action, "passed:" + action.split()[1]]
    return [action]

