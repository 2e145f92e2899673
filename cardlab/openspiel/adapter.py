"""The machinery shared by the three adapters: chance drawn from OpenSpiel instead of the engine's
RNG, cheap engine copies, and the OpenSpiel game, state and observer base classes.

Chance. Every engine draws its randomness from one object, ``state.rng`` (the deal at
construction; later Trappola's new deals and Cleopatra's C9 reshuffles and C11 coins). An
adapted engine is built with a :class:`Draws` object in place of that RNG (see
:func:`engine_class`). ``Draws`` serves ``randrange``, ``choice`` and ``shuffle`` from the chance
outcomes OpenSpiel has drawn so far; when the engine asks for more than has been drawn, it raises
:class:`NeedDraws` listing the sizes of the missing draws. The adapter then stops at an OpenSpiel
chance node for each missing draw (uniform over ``size`` outcomes; a shuffle of ``n`` cards is
``n - 1`` such draws, card by card, so a deal is never one chance node of 36! outcomes) and,
once all are drawn, runs the engine step again on a fresh copy of the engine. So the engine alone
decides when chance happens and what it means; the adapter only draws the numbers.
"""

from __future__ import annotations

import random
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Generic, Hashable, Sequence, TypeVar, cast

import numpy as np
import pyspiel

from ..cards import Card, french_deck, italian_deck
from ..errors import IllegalActionError, Reason
from ..game import AnyState, GameState, resolve_rules

E = TypeVar("E", bound=AnyState)
"""The engine state an adapter holds (its game's ``State``, or the ``Engine`` subclass of it)."""


class NeedDraws(Exception):
    """Raised inside an engine step when OpenSpiel has not drawn enough chance outcomes yet;
    ``sizes`` are the numbers of outcomes of the missing draws, in order."""

    def __init__(self, sizes: list[int]) -> None:
        super().__init__(f"{len(sizes)} chance draws needed")
        self.sizes = sizes


class Draws:
    """Stands in for an engine's ``random.Random``: every draw is a chance outcome from OpenSpiel.

    A draw among ``n`` outcomes with ``n == 1`` is not a chance event and consumes nothing.
    """

    def __init__(self, values: Sequence[int] = ()) -> None:
        self.values = list(values)
        self.used = 0

    def _take(self, sizes: list[int]) -> list[int]:
        sizes = [n for n in sizes if n > 1]
        have = len(self.values) - self.used
        if have < len(sizes):
            raise NeedDraws(sizes[have:])
        out = self.values[self.used:self.used + len(sizes)]
        self.used += len(sizes)
        return out

    def randrange(self, n: int) -> int:
        return self._take([n])[0] if n > 1 else 0

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list) -> None:
        """A uniform permutation, card by card: the k-th draw picks among the cards left."""
        picks = iter(self._take(list(range(len(items), 1, -1))))
        rest, out = list(items), []
        while rest:
            out.append(rest.pop(next(picks) if len(rest) > 1 else 0))
        items[:] = out

    def random(self) -> float:
        raise TypeError("a continuous draw cannot be an OpenSpiel chance node")

    def getstate(self) -> tuple:
        """A fixed ``random.Random`` state: an engine that copies its RNG (``clone``) gets a plain
        RNG, harmless since the adapter puts fresh ``Draws`` in before every step it runs."""
        return _FIXED_STATE

    def setstate(self, state: tuple) -> None:
        pass


_FIXED_STATE = random.Random(0).getstate()


def engine_class(state: type[E], home: str) -> type[E]:
    """The game's ``State`` class ``state`` with its RNG replaced by the ``Draws`` passed as
    ``seed``; name it ``Engine`` in the module ``home`` (so that pickles find it).

    Nothing else changes: the subclass only overrides ``GameState._start``, where every engine
    creates its one RNG."""

    def _start(self: AnyState, seed: Draws, undo: bool = True) -> None:
        GameState._start(self, 0, False)
        draw_from(self, seed)

    return type("Engine", (state,), {
        "_start": _start, "__deepcopy__": lambda self, memo: copy_engine(self), "__module__": home, "__qualname__": "Engine",
        "__doc__": f"{state.__module__}.State drawing its chance from OpenSpiel."})


def draw_from(engine: AnyState, draws: Draws) -> None:
    """Make ``engine`` draw its chance from ``draws``. The cast: an engine's RNG is typed
    ``random.Random``, and ``Draws`` serves the part of it an engine calls (``randrange``,
    ``choice``, ``shuffle``; a continuous draw raises)."""
    engine.rng = cast(random.Random, draws)


def copy_engine(engine: E, cls: type[E] | None = None) -> E:
    """An independent copy of an engine state (undo disabled); ``cls``: the class of the copy (an
    adapter's ``Engine`` for a table's plain state). The engine's own :meth:`GameState.clone`."""
    return engine.clone(undo=False, cls=cls)


def text_of(value: Any) -> str:
    """A canonical text of a view's value: cards as ``5H``, dataclasses as ``Name(a b)``."""
    kind = type(value)
    if kind is Card:
        return _CARD_TEXT[value]
    if kind is tuple or kind is list:
        return "[" + " ".join(map(text_of, value)) + "]"
    if hasattr(kind, "__dataclass_fields__"):
        if kind.__dataclass_params__.frozen:
            try:
                return _dataclass_text(value)
            except TypeError:  # a frozen value holding a dict (an Outcome's stats)
                pass
        return _fields_text(value)
    if kind is dict:
        return "{" + " ".join(f"{k}:{text_of(v)}" for k, v in sorted(value.items())) + "}"
    return str(value)


def _fields_text(value: Any) -> str:
    return type(value).__name__ + "(" + " ".join(
        text_of(getattr(value, f)) for f in value.__dataclass_fields__) + ")"


@lru_cache(maxsize=1 << 16)
def _dataclass_text(value: Any) -> str:
    """Frozen values (events, tricks, score sheets) are rendered once."""
    return _fields_text(value)


_CARD_TEXT = {c: c.ascii() for c in french_deck(jokers=2) + italian_deck()}


def view_text(view: Any, skip: Sequence[str] = ("rules", "players")) -> str:
    """Every field of a view (but the constant ones in ``skip``) as ``name=text`` lines."""
    return "\n".join(f"{f}={text_of(getattr(view, f))}" for f in view.__dataclass_fields__ if f not in skip)


class AdapterGame(pyspiel.Game, Generic[E]):
    """An OpenSpiel game over one cardlab game module. Subclasses set ``module`` and
    ``state_class`` and build ``rules``, ``catalog`` (every player action, by id) and the tensor
    layout in ``__init__``."""

    module: ModuleType
    state_class: type[AdapterState[E]]
    engine: type[E]
    rules: Any
    catalog: list
    pieces: list[tuple[str, tuple[int, ...]]]
    realtime: bool = False
    """True where the engine's decisions are real-time (Cleopatra's slaps): an OpenSpiel bot
    cannot sit at a cardlab table for such a game (:class:`~cardlab.openspiel.bots.OpenSpielPlayer`)."""

    def read_params(self, params: dict | None, defaults: dict) -> tuple[dict, Any]:
        """The game's parameters (``defaults``, overridden by ``params``) and the engine's rules
        of their ``preset``."""
        params = {**defaults, **(params or {})}
        return params, resolve_rules(self.module, params["preset"])

    def __deepcopy__(self, memo: dict) -> "AdapterGame":
        return self   # states share their game (OpenSpiel clones states by deep copy)

    def _setup(self, game_type: pyspiel.GameType, info: pyspiel.GameInfo, params: dict) -> None:
        super().__init__(game_type, info, params)
        self.index = {a: i for i, a in enumerate(self.catalog)}

    def new_initial_state(self) -> AdapterState[E]:
        return self.state_class(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return Observer(self, recall)

    def bot_action(self, bot: Any, state: AdapterState[E]) -> int:
        """The action id a cardlab bot (``choose(engine_state)``) takes in ``state``; a game whose
        OpenSpiel decisions are not the engine's own overrides it (Cleopatra's slap or not)."""
        return self.index[bot.choose(state.dealt)]

    # --- what each game provides --------------------------------------------------------------
    def new_engine(self, draws: Draws) -> E:
        """A new engine game of ``self.rules`` whose deal comes from ``draws``."""
        build: Callable[..., E] = self.engine   # every game's State takes rules, seed and undo
        return build(rules=self.rules, seed=draws, undo=False)

    def state_from(self, engine: E) -> AdapterState[E]:
        """An OpenSpiel state at the position of a cardlab game (a copy), under this game's rules
        (so a ``single-deal`` game plans the current deal of a game to 300). The state has no
        OpenSpiel history: it serves bots, not serialization."""
        if engine.game != self.module.State.game or len(engine.players) != self.num_players():
            raise ValueError(f"a {engine.game} game of {len(engine.players)} players is not a "
                             f"position of {self}")
        state = self.new_initial_state()
        copy = copy_engine(engine, self.engine)
        copy.rules = self.rules
        state.engine, state.pending, state.draws, state.need = copy, None, [], []
        state._settled()
        return state

    def over(self, engine: E) -> bool:
        """Whether the OpenSpiel game is over (the engine's end; Kirifu adds a cap)."""
        return engine.is_over

    def returns_of(self, engine: E) -> list[float]:
        raise NotImplementedError

    def fill(self, tensors: dict[str, np.ndarray], state: AdapterState[E], player: int) -> None:
        raise NotImplementedError

    def may_draw(self, engine: E, action: Hashable) -> bool:
        """Whether applying ``action`` may draw chance (if not, no copy is taken first)."""
        return True

    def determinize(self, engine: E, player: int, rng: random.Random) -> E:
        """A copy of ``engine`` whose cards hidden from ``player`` are dealt again at random,
        consistently with ``engine.view(player)``."""
        raise NotImplementedError(f"{self.module.__name__}: no resampling of hidden cards")


class AdapterState(pyspiel.State, Generic[E]):
    """An OpenSpiel state holding one engine state (``engine``, None until the deal is drawn)."""

    def __init__(self, game: AdapterGame[E]) -> None:
        super().__init__(game)
        self.game = game
        self.engine: E | None = None
        self.pending: Any = None        # the engine action waiting for chance draws
        self.draws: list[int] = []      # chance outcomes drawn for the pending step
        self.need: list[int] = []       # sizes of the chance draws still missing
        self.memory: list[list[int]] = [[] for _ in range(game.num_players())]  # own past actions
        self._run(None)

    # --- the engine step with chance ----------------------------------------------------------
    def _run(self, action: Any) -> None:
        """Apply ``action`` to the engine (None: build the engine; a function: the action it
        gives for the engine, asked with the chance drawn so far), drawing chance as needed."""
        self.pending, self.draws = action, []
        self._resume()

    def _resume(self) -> None:
        if self._attempt():
            self._settled()

    def _attempt(self) -> bool:
        """Try the pending step with the draws so far: True if done, False if it waits for chance
        (``need`` then lists the missing draws)."""
        game = self.game
        draws = Draws(self.draws)
        try:
            if self.engine is None:
                engine = game.new_engine(draws)
            else:
                careful = game.may_draw(self.engine, self.pending)
                engine = copy_engine(self.engine) if careful else self.engine
                draw_from(engine, draws)
                try:
                    engine.apply(self.pending(engine) if callable(self.pending) else self.pending)
                except NeedDraws:
                    if not careful:
                        raise RuntimeError("an engine step drew chance where the adapter said it "
                                           "could not: its state is lost") from None
                    raise
        except NeedDraws as need:
            self.need = need.sizes
            return False
        if draws.used != len(self.draws):
            raise RuntimeError("the engine used fewer chance draws than it asked for")
        self.engine, self.pending, self.draws, self.need = engine, None, [], []
        return True

    def _settled(self) -> None:
        """Hook after each completed engine step (Cleopatra turns forced cards here)."""

    # --- pyspiel.State ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.need:
            return pyspiel.PlayerId.CHANCE
        if self.game.over(self.dealt):
            return pyspiel.PlayerId.TERMINAL
        return self._decider()

    @property
    def dealt(self) -> E:
        """The engine state, once its deal is drawn (before: an error)."""
        if self.engine is None:
            raise pyspiel.SpielError("the cards are still being dealt: no engine state yet")
        return self.engine

    def _decider(self) -> int:
        return self.dealt.current_player

    def is_terminal(self) -> bool:
        return not self.need and self.game.over(self.dealt)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.need[0]
        return [(i, 1.0 / n) for i in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        index = self.game.index
        return sorted(index[a] for a in self.dealt.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.need:
            self.draws.append(int(action))
            self.need = self.need[1:]
            if not self.need:
                self._resume()
            return
        player = self.current_player()
        if int(action) not in self._legal_actions(player):
            raise self._refusal(int(action))
        self.memory[player].append(int(action))
        self._decide(int(action))

    def _refusal(self, action: int) -> IllegalActionError:
        """The engine's refusal of the illegal action id ``action`` (its reason, from what the
        player to move sees: :meth:`cardlab.game.GameState.why_illegal`)."""
        engine = self.dealt
        if not 0 <= action < len(self.game.catalog):
            return engine.refusal(Reason("syntax", "malformed", {"game": engine.game, "text": str(action)}),
                                  listed=False)
        return engine.refusal(engine.why_illegal(self.game.catalog[action]))

    def _decide(self, action: int) -> None:
        self._run(self.game.catalog[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action} of {self.need[0] if self.need else '?'}"
        return self.action_text(action)

    def action_text(self, action: int) -> str:
        return str(self.game.catalog[action])

    def engine_action(self, action: int) -> Hashable:
        """The engine's action for an OpenSpiel action id of the player to move."""
        return self.game.catalog[action]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.game.num_players()
        return self.game.returns_of(self.dealt)

    def __str__(self) -> str:
        head = f"chance: {len(self.need)} draws to go\n" if self.need else ""
        return head + ("dealing" if self.engine is None else view_text(self.engine.view(None)))

    # --- what a player knows ------------------------------------------------------------------
    def observation(self, player: int) -> str:
        """What ``player`` sees now: the text of ``engine.view(player)``."""
        if self.engine is None:
            return f"p{player}: the cards are being dealt"
        return view_text(self.engine.view(player))

    def information_state(self, player: int) -> str:
        """The observation plus the player's own past actions (ids). Views carry the public history
        of the deal, so this recalls all but what a view drops (see the package docstring)."""
        return f"{self.observation(player)}\nmine={' '.join(map(str, self.memory[player]))}"

    def resample_from_infostate(self, player: int, sampler: Any) -> AdapterState[E]:
        """A state that ``player`` cannot tell from this one, with hidden cards dealt again
        (for IS-MCTS); ``sampler()`` gives the random numbers."""
        if self.need or self.engine is None:
            raise pyspiel.SpielError("resampling is possible only at a decision node")
        rng = random.Random(int(sampler() * 2**32))
        new = self.clone()
        new.engine = self.game.determinize(self.engine, player, rng)
        new.memory = [list(m) if p == player else [] for p, m in enumerate(self.memory)]
        return new


class Observer:
    """OpenSpiel's Python observer: strings from the engine's views, tensors filled by the game.

    ``recall=True`` (information states) adds the player's own past actions."""

    def __init__(self, game: AdapterGame[Any], recall: bool) -> None:
        self.game = game
        self.recall = recall
        size = sum(int(np.prod(shape)) for _, shape in game.pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in game.pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + n].reshape(shape)
            at += n

    def set_from(self, state: AdapterState[Any], player: int) -> None:
        self.tensor.fill(0)
        if state.engine is not None:
            self.game.fill(self.dict, state, player)

    def string_from(self, state: AdapterState[Any], player: int) -> str:
        return state.information_state(player) if self.recall else state.observation(player)


def game_type(short_name: str, long_name: str, players: tuple[int, int], params: dict) -> pyspiel.GameType:
    """The OpenSpiel game type shared by the three adapters (sequential, explicit chance,
    imperfect information, zero-sum, terminal rewards)."""
    return pyspiel.GameType(
        short_name=short_name, long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0], max_num_players=players[1],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)

