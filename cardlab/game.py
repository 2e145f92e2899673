"""What every game state offers (after python-chess and OpenSpiel's Python games).

A concrete game module (``cardlab.games.<name>``) offers ``Rules``, ``PRESETS``, ``ALIASES``,
``new_game``, ``make_deal``, ``describe``, and its ``State`` (a :class:`GameState`), ``View`` and
``Action`` classes. A state subclasses :class:`GameState` and implements the abstract hooks.
Actions are small immutable values of the module's ``Action`` type (a ``str`` subclass, a
``tuple`` subclass or frozen dataclasses) whose ``str()`` is the text stored in records, and
``state.parse_action(str(action)) == action``.
"""

from __future__ import annotations

import copy
import importlib
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Hashable

from .errors import IllegalActionError, RulesError

TERMINAL = -1
"""``current_player`` once the game is over."""

GAMES: tuple[str, ...] = ("cleopatra", "trappola", "kirifu")
"""The registry: every game's name, its module being ``cardlab.games.<name>``."""


def game_module(name: str) -> ModuleType:
    """The module of a game by its name (``"cleopatra"``, ``"trappola"``, ``"kirifu"``)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; cardlab knows {', '.join(GAMES)}")
    return importlib.import_module(f"cardlab.games.{name}")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (a seat, or None for a draw/no result), ``scores`` per seat,
    ``ranking`` (seats from first to last where the game ranks everyone) and ``reason``."""

    winner: int | None
    reason: str
    scores: tuple[float, ...] = ()
    ranking: tuple[int, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)


class GameState(ABC):
    """Base class of a game in progress.

    Subclasses set ``game`` (the registry name) and ``pack``, own ``rules`` (a frozen dataclass
    with a ``name``), ``seed`` and ``rng`` (the single ``random.Random`` of the game), fill
    ``events`` with small dataclasses, and implement the abstract hooks below.
    """

    game: ClassVar[str]
    rules: Any
    players: tuple[str, ...]
    seed: int
    rng: random.Random
    events: list
    history: list

    def _start(self, seed: int | None, undo: bool = True) -> None:
        """Common set-up: call first from ``__init__``. ``seed=None`` draws a seed and keeps it,
        so that the record of every game replays. ``undo=False`` keeps no snapshots (for
        simulations that never take an action back: faster, and ``undo()`` then raises)."""
        self.seed = random.randrange(2**32) if seed is None else seed
        self._undoable = undo
        self.rng = random.Random(self.seed)
        self.events = []
        self.history = []
        self._undo_stack: list[dict] = []

    # --- what a game implements -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[Hashable]:
        """Every legal action now (empty only when the game is over)."""

    @abstractmethod
    def _apply(self, action: Hashable) -> None:
        """Carry out a legal action (no checks)."""

    @abstractmethod
    def action_text(self, action: Hashable) -> str:
        """The text form of an action, as stored in records (``str(action)`` of an ``Action``)."""

    @abstractmethod
    def parse_action(self, text: str) -> Hashable:
        """Read an action's text form; raise ``IllegalActionError(rule="syntax")`` if unreadable."""

    @abstractmethod
    def why_illegal(self, action: Hashable) -> tuple[str, str]:
        """``(rule_id, explanation)`` for an action that is not legal now."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once over, else None."""

    @abstractmethod
    def initial_deal(self) -> dict:
        """The starting position as JSON-ready data (card lists in ASCII text)."""

    @abstractmethod
    def describe(self, event: Any) -> str:
        """One event of this game in words, with the players' names."""

    # --- shared behaviour -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def apply(self, action: Hashable) -> None:
        """Apply a legal action (fast path: trusts the caller). ``undo()`` takes it back."""
        if self._undoable:
            self._undo_stack.append(self._snapshot())
        self._apply(action)
        self.history.append(action)

    def play(self, text: str | Hashable, player: int | None = None) -> Hashable:
        """Validate and apply an action given as text (or as an action value); ``player``, if
        given, must be the one to act.

        Raises ``IllegalActionError`` naming the rule that forbids it; the state is unchanged.
        """
        action = self.parse_action(text) if isinstance(text, str) else text
        if player is not None and player != self.current_player and not self.is_over:
            raise IllegalActionError(f"it is {self.players[self.current_player]}'s turn, not "
                                     f"{self.players[player]}'s", rule="turn")
        if self.is_over:
            raise IllegalActionError("the game is over", rule="over", legal=[])
        legal = self.legal_actions()
        if action not in legal:
            rule, why = self.why_illegal(action)
            raise IllegalActionError(why, rule=rule, legal=[self.action_text(a) for a in legal])
        self.apply(action)
        return action

    def undo(self) -> Hashable:
        """Take back the last action and return it; the state is restored exactly."""
        if not self._undoable:
            raise IndexError("undo: this game was made with undo=False")
        if not self._undo_stack:
            raise IndexError("undo: no action to take back")
        self._restore(self._undo_stack.pop())
        return self.history.pop()

    def history_text(self) -> list[str]:
        """The actions so far in text form."""
        return [self.action_text(a) for a in self.history]

    _APPEND_ONLY = ("_undo_stack", "_undoable", "events", "history")

    def _snapshot(self) -> tuple[int, dict]:
        """Everything but the append-only lists, deep-copied (the RNG included).

        Games with large states may override this pair with something cheaper.
        """
        state = {k: v for k, v in vars(self).items() if k not in self._APPEND_ONLY}
        return len(self.events), copy.deepcopy(state)

    def _restore(self, snapshot: tuple[int, dict]) -> None:
        n_events, state = snapshot
        del self.events[n_events:]
        vars(self).update(state)

    def fingerprint(self) -> str:
        """A text that is equal for equal states (used by tests of undo and replay)."""
        state = {k: v for k, v in vars(self).items() if k != "_undo_stack"}
        state["rng"] = self.rng.getstate()
        return repr(sorted(state.items(), key=lambda kv: kv[0]))


def resolve_rules(module: ModuleType, rules: Any) -> Any:
    """A game's ``Rules`` from a ``Rules`` or a preset name (old spellings in ``module.ALIASES``
    too); ``RulesError`` for anything else."""
    if isinstance(rules, module.Rules):
        return rules
    if isinstance(rules, str):
        name = module.ALIASES.get(rules, rules)
        if name in module.PRESETS:
            return module.PRESETS[name]
        raise RulesError("rules.name", f"unknown {module.State.game} preset {rules!r}; "
                         f"presets: {', '.join(module.PRESETS)}")
    raise RulesError("rules", f"a {module.State.game} Rules or a preset name, not {type(rules).__name__}")
