"""What every game state offers (after python-chess and OpenSpiel's Python games).

A game's engine module (``cardlab.games.<name>``, or any module registered with
:func:`cardlab.register`) offers ``Rules``, ``PRESETS``, ``ALIASES``,
``new_game``, ``make_deal``, ``describe``, and its ``State`` (a :class:`GameState`), ``View`` and
``Action`` classes. A state subclasses :class:`GameState` and implements the abstract hooks.
Actions are small immutable values of the module's ``Action`` type (a ``str`` subclass, a
``tuple`` subclass or frozen dataclasses) whose ``str()`` is the text stored in records, and
``state.parse_action(str(action)) == action``.

``GameState[A, V, R]`` is generic over a game's action, view and rules types: an engine declares
``class State(GameState[Action, View, Rules])``, and the type checker then knows what
``legal_actions()``, ``view()``, ``rules`` and ``clone()`` of that game give.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from types import ModuleType
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Hashable, TypeVar, cast, overload

from .cards import Card
from .errors import IllegalActionError, Reason, RulesError, UndoError
from .words.refusals import SHELL, Refusals

if TYPE_CHECKING:
    from typing_extensions import Self

A = TypeVar("A", bound=Hashable)
"""A game's action type (its ``Action``)."""
V = TypeVar("V")
"""A game's view type (its ``View``: what one seat sees)."""
R = TypeVar("R")
"""A game's rules type (its ``Rules``, a frozen dataclass)."""

Snapshot = tuple[tuple[int, ...], dict[str, Any]]
"""What ``undo()`` restores: the lengths of the growing fields, and every other field copied."""

TERMINAL = -1
"""``current_player`` once the game is over."""

def game_module(name: str) -> ModuleType:
    """The engine module of a registered game by its name (:func:`cardlab.registry.game_info`)."""
    from .registry import game_info
    module: ModuleType = game_info(name).module
    return module


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (a seat, or None for a draw/no result), ``scores`` per seat,
    ``ranking`` (seats from first to last where the game ranks everyone) and ``reason``."""

    winner: int | None
    reason: str
    scores: tuple[float, ...] = ()
    ranking: tuple[int, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)


class HandsView:
    """The part of a game's ``View`` (a frozen dataclass deriving from this) that shows hands:
    ``player``, who sees it (None: the open view), and ``hands``, each None where hidden."""

    player: int | None
    hands: tuple[tuple[Card, ...] | None, ...]

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s hand, which this view must show (a ``ValueError`` where it is hidden)."""
        hand = self.hands[seat]
        if hand is None:
            raise ValueError(f"seat {seat}'s hand is hidden from this view (of player {self.player})")
        return hand

    @property
    def seat(self) -> int:
        """The seat of the player who sees this view (a ``ValueError`` for the open view)."""
        if self.player is None:
            raise ValueError("the open view (player None) is no player's: it has no seat")
        return self.player

    @property
    def own_hand(self) -> tuple[Card, ...]:
        """The hand of the player who sees this view (a ``ValueError`` for the open view)."""
        return self.hand_of(self.seat)


class GameState(ABC, Generic[A, V, R]):
    """Base class of a game in progress, generic over the game's action, view and rules types.

    Subclasses set ``game`` (the registry name) and ``action_type`` (the module's ``Action``),
    own ``rules`` (a frozen dataclass with a ``name``), ``players``, ``seed`` and ``rng`` (the
    single ``random.Random`` of the game), fill ``events`` with small frozen dataclasses, and
    implement the abstract hooks below.
    """

    game: ClassVar[str]
    action_type: ClassVar[type]
    refusal_words: ClassVar[Refusals] = SHELL
    """How the game words its refusals (:mod:`cardlab.words.refusals`): its words module's."""
    rules: R
    players: tuple[str, ...]
    seed: int
    rng: random.Random
    events: list[Any]
    history: list[A]
    _undoable: bool
    _undo_stack: list[Snapshot]

    def _start(self, seed: int | None, undo: bool = True) -> None:
        """Common set-up: call first from ``__init__``. ``seed=None`` draws a seed and keeps it,
        so that the record of every game replays. ``undo=False`` keeps no snapshots (for
        simulations that never take an action back: faster, and ``undo()`` then raises)."""
        self.seed = random.randrange(2**32) if seed is None else seed
        self._undoable = undo
        self.rng = random.Random(self.seed)
        self.events = []
        self.history = []
        self._undo_stack = []

    # --- what a game implements -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every legal action now (empty only when the game is over)."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Carry out a legal action (no checks)."""

    def action_text(self, action: A) -> str:
        """The text form of an action, as stored in records: ``str(action)`` unless a game says
        otherwise."""
        return str(action)

    def say_action(self, action: A | str, lang: str = "en") -> str:
        """An action (or its text form) in words in ``lang``, as the table and the replay name it
        (the game's ``say_action`` part, :mod:`cardlab.registry`): ``"play the 2 of cups"``,
        ``"カップの2を出す"``; a game without that part says its text form."""
        from .registry import game_info
        text = action if isinstance(action, str) else self.action_text(action)
        words = game_info(self.game).part("say_action", None)
        return text if words is None else str(words(self, text, lang))

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read an action's text form; raise ``IllegalActionError(rule="syntax")`` if unreadable."""

    @abstractmethod
    def why_illegal(self, action: A) -> Reason | tuple[str, str]:
        """Why an action is not legal now, from what the player to move may know (never from a card
        hidden from them): a :class:`cardlab.errors.Reason` its :attr:`refusal_words` say, or (a
        game from elsewhere) ``(rule_id, explanation)``."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once over, else None."""

    @abstractmethod
    def initial_deal(self) -> dict[str, Any]:
        """The starting position as JSON-ready data (card lists in ASCII text)."""

    @abstractmethod
    def describe(self, event: Any) -> str:
        """One event of this game in words, with the players' names."""

    @abstractmethod
    def hidden_cards(self, player: int) -> set[Card]:
        """The cards ``player`` may not see now: ``view(player)`` shows none of them (checked by
        the contract, :mod:`cardlab.contract`)."""

    @abstractmethod
    def view(self, player: int | None = None) -> V:
        """What ``player`` sees now (None: every hand face up, as a replay shows a game): no card
        of :meth:`hidden_cards` for a seat (checked by the contract)."""

    def public_view(self) -> V:
        """What every player sees (a spectator's view, for a projector): no card that any player
        may not see (:meth:`hidden_cards`), and everything once the game is over. A game without
        one has no spectators in a room."""
        raise NotImplementedError(f"{type(self).__name__} has no public view")

    # --- shared behaviour -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def result(self) -> Outcome:
        """The outcome of a game that is over (a ``ValueError`` while it is still played)."""
        outcome = self.outcome
        if outcome is None:
            raise ValueError(f"this {self.game} game is not over: it has no result yet")
        return outcome

    def apply(self, action: A) -> None:
        """Apply a legal action (fast path: trusts the caller). ``undo()`` takes it back."""
        if self._undoable:
            self._undo_stack.append(self._snapshot())
        self._apply(action)
        self.history.append(action)

    def play(self, action: A | str, player: int | None = None) -> A:
        """Validate and apply an action given as text or as an ``Action`` of this game; ``player``,
        if given, must be a seat allowed to take it.

        Anything else, or an action the rules forbid now, raises ``IllegalActionError`` naming the
        rule (``"syntax"``, ``"turn"``, ``"over"`` or a rule ID); the state is then unchanged.
        """
        given, action = action, self.read_action(action)
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(self.players):
                raise self.refusal(Reason("turn", "no-seat", {"player": f"{player!r:.20}",
                                                              "last": len(self.players) - 1}), listed=False)
            if player not in self._actors(action):
                raise self.refusal(Reason("turn", "not-yours", {
                    "player": self.players[player],         # the text as given: a card it names is the seat's
                    "action": given if isinstance(given, str) else self.action_text(action),
                    "owner": self.players[self._actors(action)[0]]}), listed=False)
        if self.is_over:
            raise self.refusal(Reason("over", "over"))
        if not self._is_legal(action):
            raise self.refusal(self.why_illegal(action))
        self.apply(action)
        return action

    def refusal(self, reason: Reason | tuple[str, str], listed: bool = True) -> IllegalActionError:
        """The error refusing an action for ``reason`` (a game from elsewhere's ``(rule, text)``:
        said as it is), worded by :attr:`refusal_words`, with the legal actions (:meth:`legal_texts`)
        unless not ``listed``."""
        if not isinstance(reason, Reason):
            reason = Reason(reason[0], "said", {"text": reason[1]})
        return IllegalActionError(reason, legal=self.legal_texts() if listed else None, words=self.refusal_words)

    def legal_texts(self) -> list[str]:
        """The legal actions' texts as the player to move may read them (a game whose actions name a
        card its player cannot see writes them otherwise)."""
        return [self.action_text(a) for a in self.legal_actions()]

    def read_action(self, value: object) -> A:
        """The action ``value`` stands for: its text read by :meth:`parse_action`, or an action of
        this game whose text reads back to it; ``IllegalActionError(rule="syntax")`` otherwise."""
        if isinstance(value, str):
            return self.parse_action(value)
        if isinstance(value, self.action_type):
            try:
                text = self.action_text(cast(A, value))       # an action of this game's type
            except (AttributeError, IndexError, KeyError, TypeError, ValueError):
                text = None
            if text is not None and self.parse_action(text) == value:
                return self.parse_action(text)
            raise self.refusal(Reason("syntax", "malformed", {"game": self.game, "text": f"{value!r:.80}"}),
                               listed=False)
        raise self.refusal(Reason("syntax", "not-an-action", {"game": self.game, "kind": type(value).__name__,
                                                              "text": f"{value!r:.40}"}), listed=False)

    def _actors(self, action: A) -> tuple[int, ...]:
        """The seats that may take ``action`` now (the player due, unless a game says otherwise)."""
        return (self.current_player,)

    def _is_legal(self, action: A) -> bool:
        """Whether a well-formed action may be played now (``legal_actions()``, unless a game
        accepts more, such as Cleopatra's timed slaps)."""
        return action in self.legal_actions()

    def undo(self) -> A:
        """Take back the last action and return it; the state is restored exactly. ``UndoError``
        when there is nothing to take back (or the game keeps no snapshots)."""
        if not self._undoable:
            raise UndoError("undo: this game was made with undo=False")
        if not self._undo_stack:
            raise UndoError("undo: no action to take back")
        self._restore(self._undo_stack.pop())
        return self.history.pop()

    def contest(self, players: Sequence[Any]) -> A | None:
        """An action that interrupts the turn order, asked of ``players`` by :func:`play_out`
        after every action (Cleopatra's slap race on a pair); None: the player due chooses."""
        return None

    def clone(self, undo: bool = True, cls: type[Self] | None = None) -> Self:
        """An independent copy of the game: the same position, events, history and RNG state.
        ``undo=False`` gives a copy that keeps no undo snapshots (for bots' playouts: faster);
        ``cls``, a subclass to make the copy of (OpenSpiel's adapter)."""
        return self._copy(cls or type(self), self._fields(), self._lengths(), len(self.history),
                          undo and self._undoable)

    def position(self, actions: int) -> Self:
        """An independent copy of the game as it was after its first ``actions`` actions, made from
        its undo snapshots (nothing is played again): what a replay steps through
        (:class:`Positions`). ``UndoError`` for an earlier position of a game that keeps no
        snapshots (``undo=False``)."""
        if isinstance(actions, bool) or not isinstance(actions, int) or not 0 <= actions <= len(self.history):
            raise IndexError(f"position {actions!r:.20}: this game has positions 0 to {len(self.history)}")
        if actions == len(self.history):
            return self.clone()
        if not self._undoable:
            raise UndoError("position: this game was made with undo=False and keeps no earlier positions")
        lengths, fields = self._undo_stack[actions]
        return self._copy(type(self), {k: copied(v) for k, v in fields.items()}, lengths, actions, True)

    def _copy(self, cls: type[Self], fields: dict[str, Any], lengths: tuple[int, ...], n_actions: int,
              undo: bool) -> Self:
        """A new state of class ``cls`` with ``fields`` (copies already), the growing fields of
        this game as long as ``lengths`` says, and its first ``n_actions`` actions (their
        snapshots too if ``undo``)."""
        other: Self = object.__new__(cls)
        vars(other).update(fields)
        for name, length in zip(self._GROWING, lengths):
            grown = vars(self)[name]
            vars(other)[name] = dict(islice(grown.items(), length)) if isinstance(grown, dict) else grown[:length]
        other.history = self.history[:n_actions]
        other._undoable = undo
        other._undo_stack = self._undo_stack[:n_actions] if undo else []
        return other

    def history_text(self) -> list[str]:
        """The actions so far in text form."""
        return [self.action_text(a) for a in self.history]

    _APPEND_ONLY = ("_undo_stack", "_undoable", "events", "history")

    _GROWING: ClassVar[tuple[str, ...]] = ("events",)
    """The fields that only grow while the game goes on (lists appended to, dicts given new keys;
    nothing in them changed or taken out, and no mutable value inside): a snapshot keeps their
    lengths, not copies, so that it costs the same late in a long game as early. A game adds its
    own: ``_GROWING = GameState._GROWING + ("_seen",)``, each set in ``__init__``."""

    # --- the one snapshot mechanism (undo and clone) -------------------------------------------
    def _fields(self) -> dict[str, Any]:
        """Every field but the append-only and growing ones, copied by :func:`copied` (the RNG
        included)."""
        return {k: copied(v) for k, v in vars(self).items() if k not in self._APPEND_ONLY and k not in self._GROWING}

    def _lengths(self) -> tuple[int, ...]:
        """The lengths of the growing fields (:attr:`_GROWING`) now."""
        return tuple(len(vars(self)[name]) for name in self._GROWING)

    def _snapshot(self) -> Snapshot:
        """What ``undo()`` restores: the lengths of the growing fields, and every other field copied."""
        return self._lengths(), self._fields()

    def _restore(self, snapshot: Snapshot) -> None:
        lengths, fields = snapshot
        for name, length in zip(self._GROWING, lengths):
            grown = vars(self)[name]
            if isinstance(grown, dict):
                while len(grown) > length:
                    grown.popitem()                            # the keys added last go first
            else:
                del grown[length:]
        for key, value in fields.items():
            if isinstance(value, random.Random) and isinstance(vars(self).get(key), random.Random):
                vars(self)[key].setstate(value.getstate())    # the same RNG object, set back
            else:
                vars(self)[key] = copied(value)                # the snapshot stays untouched
        for key in set(vars(self)) - set(fields) - set(self._APPEND_ONLY) - set(self._GROWING):
            del vars(self)[key]                                # a field set after the snapshot

    def fingerprint(self) -> str:
        """A text that is equal for equal states (used by tests of undo and replay): every field,
        read directly, not through the snapshot, so that the undo check also catches a field that
        a snapshot would miss."""
        state = {k: v for k, v in vars(self).items() if k != "_undo_stack"}
        state["rng"] = self.rng.getstate()
        return repr(sorted(state.items(), key=lambda kv: kv[0]))


AnyState = GameState[Any, Any, Any]
"""A state of any game (where the action, view and rules types do not matter)."""

S = TypeVar("S", bound=AnyState)


class Positions(Sequence[S]):
    """Every position of one game, from the deal to the last action: ``positions[k]`` is a new,
    independent state after the first ``k`` actions (:meth:`GameState.position`), made when it is
    asked for from the game's undo snapshots. So the sequence costs no more than playing the game
    once, and stepping to any position costs the same early or late in a long game
    (:meth:`cardlab.records.Record.states`, the replays)."""

    def __init__(self, game: S) -> None:
        self.game = game.clone()          # the last position; later actions on ``game`` change nothing here

    def __len__(self) -> int:
        return len(self.game.history) + 1

    @overload
    def __getitem__(self, k: int) -> S: ...
    @overload
    def __getitem__(self, k: slice) -> list[S]: ...

    def __getitem__(self, k: int | slice) -> S | list[S]:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if isinstance(k, int) and not isinstance(k, bool) and -len(self) <= k < 0:
            k += len(self)
        return self.game.position(k)

    def __repr__(self) -> str:
        return f"<Positions of a {self.game.game} game: the deal and {len(self) - 1} actions>"


_SHARED = frozenset({Card, str, int, float, bool, type(None), tuple, frozenset})
"""Immutable kinds that :func:`copied` shares (it would hand them back as they are): checked
first, so that a list of cards is copied without a call per card."""


def copied(value: Any) -> Any:
    """A copy of a state's field for a snapshot or a clone: the mutable containers (lists, dicts,
    sets) copied at every depth, a ``random.Random`` copied with its state, and the immutable
    values inside (cards, tuples, frozen events, numbers, texts) shared. A game keeps its position
    in these, so that one mechanism serves every game's ``undo()`` and ``clone()``."""
    kind = type(value)
    if kind is list:
        return [v if type(v) in _SHARED else copied(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _SHARED else copied(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    if isinstance(value, random.Random):
        other = random.Random.__new__(random.Random) if kind is random.Random else kind()   # not seeded from the OS: set below
        other.setstate(value.getstate())
        return other
    return value


def play_out(state: S, players: Sequence[Any], max_actions: int | None = None) -> S:
    """Play ``state`` on with one computer player per seat (anything with ``choose(state)``) until
    the end or ``max_actions`` more actions; returns the state. After every action the game may
    let a player act out of turn (:meth:`GameState.contest`: Cleopatra's slaps)."""
    done = 0
    while not state.is_over and (max_actions is None or done < max_actions):
        action = state.contest(players)
        state.apply(players[state.current_player].choose(state) if action is None else action)
        done += 1
    return state


def rule(default: Any, **schema: Any) -> Any:
    """A ``Rules`` field with its JSON Schema fragment (``type``, ``enum``, ``minimum``,
    ``maximum``, ``minLength``, ``maxLength``; ``type`` a list with ``"null"`` where None is
    allowed) in ``metadata["schema"]``, checked by :func:`check_rules` and published by records."""
    return dataclasses.field(default=default, metadata={"schema": schema})


_JSON_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float),
                                           "boolean": (bool,), "null": (type(None),)}


def check_rules(rules: Any) -> None:
    """Check every field of a ``Rules`` against its schema: exact types (a bool is not an
    integer, ``"300"`` is not a number) and ranges. ``RulesError`` names the first bad field (and
    the schema's ``description``, which cites the rule)."""
    for f in dataclasses.fields(rules):
        schema, value = f.metadata["schema"], getattr(rules, f.name)
        why = f" ({schema['description']})" if "description" in schema else ""
        kinds = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
        if not any(isinstance(value, _JSON_TYPES[k]) and (k == "boolean") == isinstance(value, bool)
                   for k in kinds):
            raise RulesError(f"rules.{f.name}", f"must be {' or '.join(kinds)}, not {value!r:.60}{why}")
        if "enum" in schema and value not in schema["enum"]:
            raise RulesError(f"rules.{f.name}", f"must be one of {schema['enum']}, not {value!r:.60}{why}")
        low, high = ("minLength", "maxLength") if isinstance(value, str) else ("minimum", "maximum")
        size = len(value) if isinstance(value, str) else value
        if value is not None and not isinstance(value, bool) and not (
                schema.get(low, size) <= size <= schema.get(high, size)):
            what = "a length" if isinstance(value, str) else "a value"
            raise RulesError(f"rules.{f.name}", f"must have {what} from {schema.get(low, '-inf')} to "
                             f"{schema.get(high, 'inf')}, not {value!r:.60}{why}")


def resolve_rules(module: ModuleType, rules: Any) -> Any:
    """A game's ``Rules`` from a ``Rules`` or a preset name (old spellings in ``module.ALIASES``
    too); ``RulesError`` for anything else."""
    if isinstance(rules, module.Rules):
        return rules
    if isinstance(rules, str):
        name = module.ALIASES.get(rules, rules)
        if name in module.PRESETS:
            return module.PRESETS[name]
        raise RulesError("rules.name", f"unknown {module.State.game} preset {rules!r:.60}; "
                         f"presets: {', '.join(module.PRESETS)}")
    raise RulesError("rules", f"a {module.State.game} Rules or a preset name, not {type(rules).__name__}")
