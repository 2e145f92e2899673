"""Many games at once: ``simulate(...)`` plays seeded games and returns one DataFrame row per game.

Each game ``i`` of a run gets its own seed derived from the run's seed, so a run is reproducible,
any single game can be replayed on its own (``game_seed(seed, i)``), and splitting the work over
processes gives exactly the rows of the single-core run.
"""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, Union

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import pandas as pd

QUICK_ENV = "CARDLAB_QUICK"
"""Set (to anything but ``""``/``"0"``) by ``make test``: notebooks use small samples, no progress bars."""


def quick() -> bool:
    """True under the test suite (see ``QUICK_ENV``): smaller samples, no progress bars."""
    return os.environ.get(QUICK_ENV, "") not in ("", "0")


def sample_size(full: int, quick_size: int) -> int:
    """The sample size a notebook should use: ``full`` normally, ``quick_size`` under test."""
    return quick_size if quick() else full


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` in a run seeded with ``seed`` (a 48-bit integer)."""
    digest = hashlib.sha256(f"cardlab/{seed}/{i}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


PlayerSpec = Union[str, tuple[str, dict], Callable[[int], Any]]
"""A computer player by name (``"random"``), by name and options (``("search", {"budget": 100})``),
or a factory called with the seat's seed that returns a bot (picklable, e.g. a
``functools.partial``, for ``processes > 1``; :func:`cardlab.openspiel.bots.ismcts_player`)."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``seed``."""
    return seed * 16 + seat + 1


def make_players(kinds: Mapping[str, Callable[..., Any]], players: Sequence[PlayerSpec], seed: int) -> list:
    """Build one bot per seat from ``players`` specs, each seeded with ``bot_seed(seed, seat)``."""
    bots = []
    for seat, spec in enumerate(players):
        if callable(spec):
            bots.append(spec(bot_seed(seed, seat)))
            continue
        name, options = (spec, {}) if isinstance(spec, str) else spec
        if name not in kinds:
            raise ValueError(f"players[{seat}]: unknown player {name!r}; known: {', '.join(kinds)}")
        bots.append(kinds[name](bot_seed(seed, seat), **options))
    return bots


def kernel_players(players: Sequence[PlayerSpec], option: str, default: Any) -> tuple[list[int], list[Any]] | None:
    """The compiled kernels' players: each seat's kind (0 random, 1 rule of thumb) and its rule of
    thumb's ``option`` (``default`` unless given: ``("thumb", {option: value})``), or None if one of
    ``players`` needs the engine (another kind, other options, a bot object)."""
    kinds, values = [], []
    for spec in players:
        name, options = (spec, {}) if isinstance(spec, str) else spec if isinstance(spec, tuple) else (None, {})
        if name == "random" and not options:
            kinds.append(0)
        elif name == "thumb" and set(options) <= {option}:
            kinds.append(1)
        else:
            return None
        values.append(options.get(option, default))
    return kinds, values


BAR_WORDS = {"games": {"en": " games", "ja": ("シミュレーション", "ゲーム")},
             "cards": {"en": " cards", "ja": ("エンジンで再生", "枚")},
             "moves": {"en": " moves", "ja": ("振り返り", "手")}}
"""What a progress bar counts, in each language: the English unit (after the caller's label), the
Japanese label and unit (no English left on the bar)."""


def progress_bar(total: int | None, label: str, lang: str = "en", progress: bool | None = None,
                 counts: str = "games", delay: float = 0.0) -> Any:
    """A progress bar (``tqdm.auto``: a widget in notebooks, a line of text elsewhere) over ``total``
    ``counts`` (a key of :data:`BAR_WORDS`; ``total`` None when not known beforehand), in ``lang``: ``label``
    (the rules' name) and the unit in English, :data:`BAR_WORDS` in Japanese; None when it is off
    (``progress`` False, or None under ``CARDLAB_QUICK``). It shows once ``delay`` seconds have passed."""
    from ..words import check_lang

    check_lang(lang)
    if counts not in BAR_WORDS:
        raise ValueError(f"counts: one of {', '.join(BAR_WORDS)}, not {counts!r}")
    if not ((not quick()) if progress is None else progress):
        return None
    from tqdm.auto import tqdm

    if lang == "en":
        return tqdm(total=total, desc=label, unit=BAR_WORDS[counts]["en"], delay=delay)
    desc, unit = BAR_WORDS[counts]["ja"]
    shape = ("{desc}：{percentage:3.0f}%|{bar}| {n}/{total}" + unit + "（経過 {elapsed}、残り {remaining}）"
             if total is not None else "{desc}：{n}" + unit + "（経過 {elapsed}）")
    return tqdm(total=total, desc=desc, unit=unit, bar_format=shape, delay=delay)


def map_jobs(work: Callable[[Any], list], jobs: Sequence[Any], sizes: Sequence[int], *, processes: int = 1,
             executor: "Executor | None" = None, progress: bool | None = None, label: str = "games",
             lang: str = "en") -> list:
    """``work(job)`` for every job, in order, with a progress bar (:func:`progress_bar` in
    ``lang``; off under ``CARDLAB_QUICK`` unless ``progress`` says otherwise) that counts
    ``sizes[i]`` games when job ``i`` is done; the results concatenated (each ``work`` returns a list). The jobs run on
    ``executor`` (any ``concurrent.futures.Executor``, such as a Dask ``Client.get_executor()``
    for a cluster), else on a pool of ``processes`` local processes, else here; ``work`` and the
    jobs must be picklable for the first two."""
    if processes < 1:
        raise ValueError(f"processes must be >= 1, not {processes}")
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    bar = progress_bar(sum(sizes), label, lang, progress)
    own = None
    if executor is None and processes > 1:
        own = executor = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"))
    results: list = []
    try:
        for size, result in zip(sizes, executor.map(work, jobs) if executor else map(work, jobs)):
            results.extend(result)
            if bar is not None:
                bar.update(size)
    finally:
        if own is not None:
            own.shutdown()
        if bar is not None:
            bar.close()
    return results


def run_games(one_game: Callable[[int], dict[str, Any]], n: int, seed: int, *, processes: int = 1,
              executor: "Executor | None" = None, progress: bool | None = None,
              label: str = "games", lang: str = "en") -> "pd.DataFrame":
    """Call ``one_game(game_seed)`` for ``n`` games and gather the rows (seed column first).

    ``one_game`` must be picklable (a module-level function or ``functools.partial``) when
    ``processes > 1``. Rows come back in game order whatever the number of processes.
    """
    import pandas as pd
    from functools import partial

    if n < 0:
        raise ValueError(f"n must be >= 0, not {n}")
    seeds = [game_seed(seed, i) for i in range(n)]
    chunk = max(1, min(2000, n // (20 * processes) or 1))
    batches = [seeds[i:i + chunk] for i in range(0, n, chunk)]
    rows = map_jobs(partial(_play_batch, one_game), batches, [len(b) for b in batches], processes=processes,
                    executor=executor, progress=progress, label=label, lang=lang)
    return pd.DataFrame(rows)


def _play_batch(one_game: Callable[[int], dict[str, Any]], seeds: Sequence[int]) -> list[dict[str, Any]]:
    return [{"seed": s, **one_game(s)} for s in seeds]


def simulate(game: str, rules: Any = None, players: Sequence[PlayerSpec] | None = None, n: int = 1000,
             seed: int = 0, *, processes: int = 1, executor: "Executor | None" = None,
             progress: bool | None = None, lang: str = "en", **options: Any) -> "pd.DataFrame":
    """Play ``n`` seeded games of ``game`` and return one row per game.

    ``rules``: a preset name or a ``Rules`` of that game (the module's ``DEFAULT_RULES`` if None);
    ``players``: one spec per seat (see ``PlayerSpec``; the module's default line-up if None).
    The games run on ``executor`` if given (any ``concurrent.futures.Executor``: a Dask cluster's
    ``Client.get_executor()``, a ``ProcessPoolExecutor``), else on ``processes`` local cores; the
    rows are the same whatever the executor and however many workers. A progress bar shows in
    notebooks, except under the test suite (``CARDLAB_QUICK``) or with ``progress=False``; its
    words are in ``lang`` ("en" or "ja"; the rows' columns are the kit's names in either, see
    :func:`cardlab.words.frames.labelled` for showing them in Japanese).
    Other ``options`` go to the game's module (``detail=True`` for Cleopatra's event columns).
    A game's ``sim`` part plays the games (Cleopatra's on its compiled kernel); a game without one
    is played in its engine (:func:`engine_row`). An option the game does not take is a
    ``TypeError`` that names the game's options.
    """
    from functools import partial

    from ..game import resolve_rules
    from ..registry import game_info
    from ..words import check_lang

    info = game_info(game)
    module = info.part("sim", None)
    unknown = sorted(set(options) - set(game_options(game)))
    if unknown:
        raise TypeError(f"simulate: {info.title} takes no option {', '.join(map(repr, unknown))}; "
                        f"its options: {', '.join(map(repr, game_options(game))) or 'none'}")
    if rules is None:
        rules = getattr(module, "DEFAULT_RULES", None) or next(iter(info.presets.values()))
    else:
        rules = resolve_rules(info.module, rules)
    lang = check_lang(lang)
    if module is not None and hasattr(module, "simulate"):
        return module.simulate(n, seed, rules, players, **options, processes=processes, executor=executor,
                               progress=progress, lang=lang)
    kwargs: dict[str, Any] = {"rules": rules, **options}
    if players is not None:
        kwargs["players"] = tuple(players)
    play_one = module.play_one if module is not None else partial(engine_row, game)
    return run_games(partial(play_one, **kwargs), n, seed, label=game, processes=processes, executor=executor,
                     progress=progress, lang=lang)


def game_options(game: str) -> list[str]:
    """The options ``simulate`` passes on to ``game``'s simulation (``detail`` for Cleopatra's
    event columns …): the keyword parameters of its ``simulate`` or ``play_one`` beyond the ones
    every game takes."""
    import inspect

    from ..registry import game_info

    module = game_info(game).part("sim", None)
    function = engine_row if module is None else getattr(module, "simulate", None) or module.play_one
    common = {"game", "n", "seed", "rules", "players"}
    return [p.name for p in inspect.signature(function).parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in common]


def engine_row(game: str, seed: int, rules: Any, players: Sequence[PlayerSpec] | None = None) -> dict[str, Any]:
    """One game of a game that declares no ``sim`` part, played in its engine by its bots (the
    ``bots`` part; random players by default), made with ``new_game(rules, seed=, undo=False)``
    (no undo snapshots: nothing is taken back): ``winner`` (None for none), ``reason``, the number
    of ``actions`` and each seat's ``score_<seat>``."""
    from ..bots import RandomBot
    from ..game import play_out
    from ..registry import game_info

    info = game_info(game)
    kinds = info.part("bots", {"random": RandomBot})
    state = info.module.new_game(rules, seed=seed, undo=False)
    play_out(state, make_players(kinds, players or [next(iter(kinds))] * len(state.players), seed))
    outcome = state.outcome
    return {"winner": outcome.winner, "reason": outcome.reason, "actions": len(state.history),
            **{f"score_{seat}": score for seat, score in enumerate(outcome.scores)}}


def duel(game: str, make_a: Callable[[int], Any], make_b: Callable[[int], Any], n: int,
         rules: Any = None, first_seed: int = 0, *, progress: bool | None = None,
         lang: str = "en") -> list[dict[str, Any]]:
    """Two computer players A and B over ``n`` seeded games of a two-player ``game``: game ``i``
    has seed ``first_seed + i``, bots ``make_a(seed)`` and ``make_b(seed)``, and A sits in seat
    ``i % 2``, so the seats even out. One row per game: ``seed``, A's ``seat``, A's and B's final
    scores ``a`` and ``b`` (``outcome.scores``) and the finished ``state`` (events, sheets ...).
    ``rules``: a preset name or ``Rules`` (the game's default if None). A progress bar in
    ``lang`` counts the games (:func:`progress_bar`: off under ``CARDLAB_QUICK`` unless
    ``progress`` says otherwise)."""
    from ..game import play_out
    from ..registry import game_info

    module = game_info(game).module
    chosen = {} if rules is None else {"rules": rules}
    bar = progress_bar(n, game, lang, progress)
    rows = []
    for i in range(n):
        seed, a_seat = first_seed + i, i % 2
        state = module.new_game(**chosen, seed=seed)
        bots: list[Any] = [None, None]
        bots[a_seat], bots[1 - a_seat] = make_a(seed), make_b(seed)
        scores = play_out(state, bots).outcome.scores
        rows.append({"seed": seed, "seat": a_seat, "a": scores[a_seat], "b": scores[1 - a_seat], "state": state})
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return rows
