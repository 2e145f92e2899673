"""The registry of games: each game declares its parts once, in a :class:`GameInfo`, and registers it.

Shared code (records and their schema, ``simulate``, the replay, the coach's search, the OpenSpiel
adapter, the contract test) finds a game's parts here and never compares game
names. The three games of the package register in ``cardlab/games/<game>/__init__.py``; a game
that lives elsewhere (a reader's own, in a notebook) registers the same way, with
:func:`register` (``cardlab.register``), or through the packaging entry point group
``cardlab.games`` (each entry naming a ``GameInfo``)::

    >>> import cardlab
    >>> [info.name for info in cardlab.all_games()]
    ['cleopatra', 'trappola', 'kirifu']
    >>> cardlab.game_info("trappola").players
    (2, 2)

A part is an object, or a lazy ``"module:attribute"`` text (``"module"`` alone for a module),
imported on first use, so that registering a game imports none of its widgets, kernels or bots.
Every part but the engine is optional; what shared code does without one is said in
:data:`PARTS`.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import Any, Mapping

PARTS: dict[str, str] = {
    "draw": "a module with table_svg(view, layout=, lang=) and WIDE_WIDTH: the replay's drawing",
    "table": "the GameTable class (the reader against the computer, a notebook's widget)",
    "controller": "the TableController class of the game's table, without widgets: what a room's seat plays "
                  "(cardlab.rooms); without it the game has no rooms",
    "replay": "replay(record, **options) -> a Replayer widget (default: the shared replay, drawn by 'draw')",
    "say_action": "say_action(state, action, lang) -> a legal action of state in words, as the table names it "
                  "(the replay's captions); default: the action's text",
    "rules_name": "rules_name(name, lang) -> the readable name of the rule set called name (a preset's id) in "
                  "lang (the rooms' teacher's page); default: the name itself",
    "bots": "a mapping of player names to bot classes (simulate's player specs); default: random",
    "sim": "a module with simulate(n, seed, rules, players, **options) or play_one(seed, rules=, players=)",
    "coach": "playouts(state, player, measure) -> the coach's Playouts; without it the coach has no hints",
    "puzzles": "a module with THEMES (theme key -> Phrase) and theme(view, answer, rules) -> the theme of a puzzle "
               "(cardlab.puzzles); needs 'coach' and 'bots'; without it the game has no puzzles",
    "deal_schema": "deal_schema(engine) -> the JSON Schema of the record's deal; default: any object",
    "openspiel": "a module that registers the game with pyspiel when imported",
    "warm": "a list of (label, function) that compile the game's kernels into numba's cache",
    "warm_first": "the cases of 'warm' that its table needs (its computer player's, its coach's kernels): "
                  "make lab's background warm-up compiles them before every game's other cases",
}
"""The optional parts a game may declare, and what each is."""


@dataclass(frozen=True, eq=False)
class GameInfo:
    """One game's declaration: its registry ``name`` (the records' ``game`` field, ``simulate``'s
    first argument), a ``title`` for people (in English; ``titles`` in other languages), its
    ``engine`` module (the contract of :mod:`cardlab.game`: ``Rules``, ``PRESETS``, ``new_game``,
    ``make_deal``, ``describe``, ``State``, ``View``, ``Action``) and its optional ``parts``
    (:data:`PARTS`)."""

    name: str
    title: str
    engine: Any
    parts: Mapping[str, Any] = field(default_factory=dict)
    titles: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isidentifier() or not self.name.islower():
            raise ValueError(f"a game's name is a lower-case identifier, not {self.name!r:.40}")
        unknown = set(self.parts) - set(PARTS)
        if unknown:
            raise ValueError(f"{self.name}: unknown parts {sorted(unknown)}; parts: {', '.join(PARTS)}")

    @property
    def module(self) -> ModuleType:
        """The engine module."""
        module: ModuleType = _resolve(self.engine)
        return module

    def title_in(self, lang: str) -> str:
        """The game's title for people reading ``lang``: ``"Kirifu"``, ``"切りふ"``."""
        return self.titles.get(lang, self.title)

    def has(self, part: str) -> bool:
        """Whether the game declares ``part``."""
        return part in self.parts

    def part(self, part: str, default: Any = dataclasses.MISSING) -> Any:
        """The part ``part`` (imported on first use), else ``default``; ``LookupError`` naming the
        game and the part when it has none and no default is given."""
        if part not in PARTS:
            raise ValueError(f"unknown part {part!r}; parts: {', '.join(PARTS)}")
        if part not in self.parts:
            if default is dataclasses.MISSING:
                raise LookupError(f"{self.title} has no {part} part")
            return default
        return _resolve(self.parts[part])

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most seats: the bounds of a ``players`` field of ``Rules``, else two."""
        for f in dataclasses.fields(self.module.Rules):
            if f.name == "players":
                schema = f.metadata["schema"]
                return schema["minimum"], schema["maximum"]
        return 2, 2

    @property
    def presets(self) -> Mapping[str, Any]:
        """The named rule sets."""
        presets: Mapping[str, Any] = self.module.PRESETS
        return presets


FOLDER_PARTS: dict[str, str] = {
    "draw": "draw", "table": "table:{title}Table", "controller": "controller:{title}Controller", "bots": "bots:BOTS", "sim": "sim", "coach": "coach:playouts",
    "puzzles": "puzzles", "deal_schema": "schema:deal_schema", "openspiel": "openspiel", "warm": "warm:CASES",
    "warm_first": "warm:FIRST",
    "say_action": "words:say_action", "rules_name": "words:rules_name",
}
"""Where each part sits in a game's folder (``cardlab/games/<game>/``): the module, and the
attribute where the part is not the module itself."""


def folder_game(package: str, title: str, parts: tuple[str, ...], *, titles: Mapping[str, str] | None = None,
                **elsewhere: str) -> GameInfo:
    """The declaration of a game laid out as a folder: ``package`` (the folder's ``__name__``)
    gives the name, its ``engine`` module the engine, ``titles`` its title in other languages than
    English (``{"ja": "切りふ"}``), and each part of ``parts`` sits where :data:`FOLDER_PARTS` says,
    unless ``elsewhere`` names its place in the folder (``openspiel="openspiel_endgame"``)."""
    places = {part: elsewhere.get(part, FOLDER_PARTS[part].format(title=title)) for part in parts}
    return GameInfo(name=package.rpartition(".")[2], title=title, engine=f"{package}.engine",
                    parts={part: f"{package}.{place}" for part, place in places.items()}, titles=dict(titles or {}))


def _resolve(ref: Any) -> Any:
    if not isinstance(ref, str):
        return ref
    module, _, attribute = ref.partition(":")
    value = importlib.import_module(module)
    return getattr(value, attribute) if attribute else value


_GAMES: dict[str, GameInfo] = {}
_loaded = False


def register(info: GameInfo, *, replace: bool = False) -> GameInfo:
    """Make a game known everywhere (records, ``simulate``, tables, replay, the contract test);
    returns ``info``. Registering a name again replaces the game (a notebook cell run again),
    except a game of the package, which ``replace=True`` alone replaces."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register takes a GameInfo, not {type(info).__name__}")
    from cardlab.games import BUILTIN
    known = _GAMES.get(info.name)
    if known is not None and known is not info and info.name in BUILTIN and not replace:
        raise ValueError(f"{info.name!r} is a game of the package (replace=True to replace it)")
    _GAMES[info.name] = info
    return info


def unregister(name: str) -> None:
    """Forget a game registered from outside the package (tests, notebooks)."""
    _GAMES.pop(name, None)


def _load() -> None:
    """Register the package's games (``cardlab.games.BUILTIN``), then the entry points' games."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    package = importlib.import_module(f"{__package__}.games")
    for name in package.BUILTIN:
        importlib.import_module(f"{package.__name__}.{name}")
    for entry in metadata.entry_points(group="cardlab.games"):
        register(entry.load(), replace=True)


def all_games() -> tuple[GameInfo, ...]:
    """Every registered game: the package's in the order of ``cardlab.games.BUILTIN``, then the
    others in the order they registered."""
    _load()
    from cardlab.games import BUILTIN
    return tuple(sorted(_GAMES.values(), key=lambda info: BUILTIN.index(info.name) if info.name in BUILTIN
                        else len(BUILTIN)))


def builtin_games() -> tuple[GameInfo, ...]:
    """The package's games (``cardlab.games.BUILTIN``)."""
    from cardlab.games import BUILTIN
    return tuple(info for info in all_games() if info.name in BUILTIN)


def game_names() -> tuple[str, ...]:
    """The names of every registered game."""
    return tuple(info.name for info in all_games())


def game_info(name: str) -> GameInfo:
    """The game registered as ``name``; ``ValueError`` naming the known games otherwise."""
    _load()
    if not isinstance(name, str) or name not in _GAMES:
        raise ValueError(f"unknown game {name!r:.40}; cardlab knows {', '.join(_GAMES)}")
    return _GAMES[name]


def with_part(part: str) -> tuple[GameInfo, ...]:
    """The registered games that declare ``part``."""
    return tuple(info for info in all_games() if info.has(part))
