"""``PuzzleTable``: puzzles from real games asked on the game's own table (Trappola, Kirifu).

The position is drawn by the game's table sitting at the solver's seat (``TableController.sit``, the
puzzle widget as its host: no computer moves, no new game), so the reader sees exactly what that
seat sees and chooses as in a game — a click, or the table's keys. The table plays the choice as
at a game (an illegal one is refused by its rule); a legal one is taken back at once (the state's
``undo``), the table sits at the position again, and the choice is judged: right or wrong, then
what every choice is worth and the rules that explain the answer, and the next puzzle (the
button, or N / Enter). Filters by theme and difficulty; a score and a streak kept for the
session, written to a small local JSON file only when the reader asks (:meth:`PuzzleTable.save_score`).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..puzzles import LEVELS, SOLVED_UNIT, Puzzle, PuzzleError, PuzzleSet, shipped
from ..puzzles.words import WORDS
from ..registry import game_info
from ..words import check_lang
from .stored import StoredLine
from .view import Event

SCORE_FILE = Path.home() / ".cardlab" / "puzzle-score.json"
"""Where :meth:`PuzzleTable.save_score` writes unless told."""


class PuzzleTable(StoredLine, w.VBox):
    stored_as = "puzzle"
    """The shipped puzzles of ``game`` (``PuzzleTable("kirifu")``), or the set ``puzzles``, filtered
    by ``theme`` and ``difficulty`` (None: any), in ``lang``."""

    def __init__(self, game: str | None = None, puzzles: PuzzleSet | None = None, theme: str | None = None,
                 difficulty: str | None = None, lang: str = "en", score_file: str | Path = SCORE_FILE) -> None:
        self.lang = check_lang(lang)
        if game is not None and puzzles is None:
            self.set = shipped(game)
        elif puzzles is not None and game is None:
            self.set = puzzles
        else:
            raise PuzzleError("game", "give a game with puzzles (PuzzleTable('kirifu')) or a set (puzzles=...)")
        self.info = game_info(self.set.game)
        self.themes = self.info.part("puzzles").THEMES
        self.score_file = Path(score_file)
        self.right = self.tried = self.streak = self.best_streak = 0
        self.answered: str | None = None          # the reader's choice once the puzzle is answered
        self.table = self.info.part("table")(lang=self.lang)
        self.table.view.on_event(self.table.handle, remove=True)
        self.table.view.on_event(self._gesture)
        # "" is "any": a dropdown shows no label at all for the value None
        self.theme_pick = w.Dropdown(description=self.say("theme"), options=self._theme_options(), value=theme or "")
        self.level_pick = w.Dropdown(description=self.say("level"), value=difficulty or "", options=[
            (self.say("any_level"), ""), *((self.say(level), level) for level in LEVELS)])
        for pick in (self.theme_pick, self.level_pick):
            pick.observe(lambda _change: self.show(0), names="value")
        self.verdict = w.HTML()
        self.verdict.add_class("cardlab-puzzle-verdict")
        self.score_line = w.HTML()
        self.next_button = w.Button(description=self.say("next_key"), icon="forward", layout=w.Layout(width="auto"))
        self.next_button.on_click(lambda _button: self.next_puzzle())
        self.save_button = w.Button(description=self.say("save"), icon="save", layout=w.Layout(width="auto"))
        self.save_button.on_click(lambda _button: self.save_score())
        super().__init__([w.HBox([self.theme_pick, self.level_pick], layout=w.Layout(flex_flow="row wrap")),
                          self.table.view, self.verdict, *self.table.below, self.score_line,
                          w.HBox([self.next_button, self.save_button])])
        self.add_class("cardlab-puzzle")
        self.show(0)

    def say(self, key: str, **fields: Any) -> str:
        return WORDS.say(self.lang, key, **fields)

    def _theme_options(self) -> list[tuple[str, str]]:
        present = {p.theme for p in self.set.puzzles}
        return [(self.say("any_theme"), ""), *((t.say(self.lang), key) for key, t in self.themes.items()
                                               if key in present)]

    # --- which puzzle ---------------------------------------------------------------------------
    @property
    def chosen(self) -> list[Puzzle]:
        """The puzzles the filters let through, in the set's order."""
        return self.set.select(self.theme_pick.value or None, self.level_pick.value or None)

    def show(self, index: int) -> None:
        """Ask the filtered puzzle ``index`` (counted round)."""
        chosen = self.chosen
        self.answered = None
        self.next_button.disabled = not chosen
        if not chosen:
            self.puzzle = None
            self.verdict.value = f"<p>{html.escape(self.say('none'))}</p>"
            return
        self.index = index % len(chosen)
        self.puzzle = chosen[self.index]
        self.state = self.puzzle.position()
        self.table.sit(self.state, self.puzzle.seat, self)
        self.table.message = self.say("ask", n=self.index + 1, total=len(chosen),
                                      theme=self.themes[self.puzzle.theme].say(self.lang),
                                      level=self.say(self.puzzle.difficulty),
                                      name=self.state.players[self.puzzle.seat])
        self.table.redraw()
        self.verdict.value = ""
        self._score()

    def next_puzzle(self) -> None:
        """The next puzzle of the filtered ones."""
        self.show(getattr(self, "index", -1) + 1)

    # --- the reader's answer --------------------------------------------------------------------
    def _gesture(self, event: Event) -> None:
        if self.puzzle is None:
            return
        if self.answered is not None:
            if event["type"] == "key" and event["key"] in ("n", "N", "Enter"):
                self.next_puzzle()
            return
        before = len(self.state.history)
        with self.table.view.hold_sync():         # the browser sees the position judged, not the move
            self.table.handle(event)              # the table reads the gesture; its engine checks it
            if len(self.state.history) > before:
                chosen = self.state.history_text()[before]
                while len(self.state.history) > before:
                    self.state.undo()
                self.table.sit(self.state, self.puzzle.seat, self)
                self.answer(chosen)

    def answer(self, chosen: str) -> bool:
        """Judge ``chosen`` (an action text of the position): the verdict, the figures and the
        reasons are shown, and the score kept; whether it was the answer."""
        if self.puzzle is None or self.answered is not None:
            raise PuzzleError("answer", "no puzzle is waiting for an answer")
        right = chosen == self.puzzle.answer
        self.answered = chosen
        self.tried += 1
        self.right += right
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)
        estimates = self.puzzle.estimates(self.state)
        words = {e.text: e.words.say(self.lang) for e in estimates}
        verdict = (self.say("right", answer=words[self.puzzle.answer]) if right else
                   self.say("wrong", chosen=words[chosen], answer=words[self.puzzle.answer]))
        self.table.message = verdict
        self.table.redraw(same_position=True)
        self.verdict.value = self._explanation(verdict, estimates, chosen)
        self._score()
        return right

    def _explanation(self, verdict: str, estimates: list[Any], chosen: str) -> str:
        puzzle = self.puzzle
        assert puzzle is not None                      # a puzzle was answered
        sign = -1 if estimates[0].higher_is_better else 1
        rows = []
        for e in sorted(estimates, key=lambda e: sign * e.mean):
            marks = [self.say(key) for key, mine in (("answer_mark", e.text == puzzle.answer),
                                                     ("your_mark", e.text == chosen)) if mine]
            mean, low, high = (html.escape(figure) for figure in e.figures())
            rows.append(f"<tr><td>{html.escape(e.words.say(self.lang))}</td><td>{mean}</td>"
                        f"<td>{low} … {high}</td><td>{html.escape(self.say('marks_sep').join(marks))}</td></tr>")
        reasons = puzzle.reasons(self.state)
        why = ("".join(f"<li>{html.escape(r.say(self.lang))}</li>" for r in reasons) if reasons
               else f"<li>{html.escape(self.say('no_rule'))}</li>")
        unit = self.say(f"unit:{puzzle.unit}")
        return (f"<p><b>{html.escape(verdict)}</b></p>"
                f"<p>{html.escape(self.say(self._figures_key(), unit=unit, playouts=puzzle.playouts))}</p>"
                f"<table><tr><th>{self.say('choice')}</th><th>{self.say('estimate')}</th>"
                f"<th>{self.say('interval')}</th><th></th></tr>{''.join(rows)}</table>"
                f"<p>{html.escape(self.say('why'))}</p><ul>{why}</ul>")

    def _figures_key(self) -> str:
        """The words that say where the figures come from: solved exactly, solved worlds, or playouts."""
        puzzle = self.puzzle
        assert puzzle is not None                      # a puzzle was answered
        if puzzle.exact:
            return "figures_exact"
        return "figures_worlds" if puzzle.unit == SOLVED_UNIT else "figures"

    # --- the score ------------------------------------------------------------------------------
    def _score(self) -> None:
        self.score_line.value = html.escape(self.say("score", right=self.right, tried=self.tried, streak=self.streak,
                                                     best=self.best_streak))

    def save_score(self) -> Path:
        """Write the session's score for this game to :attr:`score_file` (JSON; other games' scores
        in it are kept) and return its path. Nothing is written unless this is called."""
        data: dict[str, Any] = {}
        if self.score_file.is_file():
            try:
                data = json.loads(self.score_file.read_text(encoding="utf-8"))
            except ValueError:
                data = {}
        data = data if isinstance(data, dict) else {}
        data[self.set.game] = {"solved": self.right, "tried": self.tried, "best_streak": self.best_streak}
        self.score_file.parent.mkdir(parents=True, exist_ok=True)
        self.score_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        self.score_line.value += " · " + html.escape(self.say("saved", path=self.score_file))
        return self.score_file

    def __repr__(self) -> str:
        shown = "no puzzle" if self.puzzle is None else f"{self.puzzle.id}, {self.index + 1} of {len(self.chosen)}"
        return f"{type(self).__name__}({self.set.game!r}: {shown}; solved {self.right} of {self.tried})"
