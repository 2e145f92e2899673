"""The coach's search: an estimate of every legal choice of the player to move, refined in steps.

Each step samples one *world* (the cards hidden from the player, dealt consistently with what
they have seen, by the bots' samplers) and plays every legal choice out once in that world, with
the same random numbers for every choice (so that differences between choices are measured with
less noise than the choices themselves). The game-specific part — sampling, playing out, the
explanations — is a *playouts* object made by the game's ``coach`` part (``playouts(state,
player, measure)``, :mod:`cardlab.registry`); it reads the player's view only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, Hashable, Protocol, Sequence

from ..errors import FieldError, IllegalActionError
from .. import pace
from ..stats import Z95, mean_interval, wilson
from ..words import Phrase

if TYPE_CHECKING:
    import pandas as pd

    from ..game import GameState


Value = float | tuple[float, ...]
"""What one playout of a choice is worth: a number, or one per continuation (see :meth:`Playouts.values`)."""


class CoachError(FieldError):
    """The coach was asked something it cannot answer; ``field`` names the argument at fault."""


@dataclass(frozen=True)
class Reason:
    """Why a choice matters, from a rule the learner may have missed (``rule``: its ID), in words
    (``text``, a :class:`~cardlab.words.Phrase` in each language); ``against``: the reason speaks
    against the choice it comes with (it gives something up), else for it."""

    rule: str
    text: Phrase
    against: bool = False

    def say(self, lang: str) -> str:
        """The reason in ``lang``, its rule cited."""
        return f"{self.text.say(lang)}" + (f"（{self.rule}）" if lang == "ja" else f" ({self.rule})")

    def __str__(self) -> str:
        return self.say("en")


@dataclass(frozen=True)
class Estimate:
    """What one legal choice is worth: the mean of ``playouts`` playouts with its 95 % interval
    ``[low, high]``, in ``unit`` (``"points"``: the deal's points margin, ``"win chance"``,
    ``"place"``: the finishing place, lower is better). ``text`` is the choice's action text (its
    code, ``play 2C``), ``words`` the choice for people in each language (``play the 2 of cups``).
    ``exact``: the value is exact (the view determines every hidden card and the position is
    solved), ``low == mean == high``."""

    action: Hashable
    text: str
    words: Phrase
    mean: float
    low: float
    high: float
    playouts: int
    unit: str
    higher_is_better: bool
    reasons: tuple[Reason, ...] = ()
    exact: bool = False

    def label(self) -> str:
        """A short text for the table: the mean and the half-width of its interval (``exact``
        for an exact value)."""
        half = (self.high - self.low) / 2
        if self.exact:
            return f"{self.mean:+.0f} exact"
        if self.unit == "win chance":
            return f"{100 * self.mean:.0f}% ±{100 * half:.0f}"
        if self.unit == "place":
            return f"{self.mean:.2f} ±{half:.2f}"
        return f"{self.mean:+.1f} ±{half:.1f}"

    def figures(self) -> tuple[str, str, str]:
        """The mean and the two ends of its interval as the table shows them (a chance in %)."""
        def shown(value: float) -> str:
            if self.unit == "win chance":
                return f"{100 * value:.0f}%"
            if self.unit == "place":
                return f"{value:.2f}"
            return f"{value:+.1f}"
        return shown(self.mean), shown(self.low), shown(self.high)

    def __str__(self) -> str:
        why = "; ".join(map(str, self.reasons))
        if self.exact:
            return f"{self.words.en}: {self.mean:+.0f} {self.unit}, exact" + (f" — {why}" if why else "")
        return (f"{self.words.en}: {self.label()} {self.unit} ({self.playouts} playouts)"
                + (f" — {why}" if why else ""))


class Playouts(Protocol):
    """The game-specific side of a search (built from the position and the player's view)."""

    unit: str
    higher_is_better: bool
    default_budget: int
    actions: list[Hashable]
    method: str
    """How a world values the choices: ``"playouts"`` (played out by a quick policy), ``"worlds"``
    (solved exactly, both playing perfectly in that world) or ``"exact"`` (the one world the view
    allows, solved: the values are exact)."""

    def sample(self, rng: random.Random) -> Any:
        """One world: the hidden cards dealt consistently with the player's view."""

    def values(self, world: Any, seed: float) -> Sequence[Value]:
        """One playout of every choice in ``world`` (random numbers from ``seed``). A choice
        that the same player follows with another (Trappola: declare, then play a card) gets a
        tuple: its value with each continuation; the search keeps the best continuation."""

    def reasons(self, action: Hashable) -> tuple[Reason, ...]:
        """The explanations of a choice (computed from the position)."""

    def words(self, action: Hashable) -> Phrase:
        """The choice in words for people, as the game's table names it (``play the 2 of cups``)."""


def playouts_for(state: "GameState", player: int, measure: str | None) -> Playouts:
    """The playouts object of ``state``'s game (its registered ``coach`` part)."""
    from ..registry import game_info, with_part

    info = game_info(state.game)
    if not info.has("coach"):
        coached = " and ".join(other.title for other in with_part("coach")) or "no game"
        raise CoachError("state", f"the coach gives hints for {coached}, not {info.title}")
    return info.part("coach")(state, player, measure)


class HintSearch:
    """Estimates of every legal choice of ``player`` (default: the player to move) in ``state``,
    refined by :meth:`step`; deterministic for a ``seed``. ``measure`` (Trappola): ``"deal"``
    for the points margin of the deal, ``"game"`` for the chance to win the game."""

    def __init__(self, state: "GameState", player: int | None = None, seed: int = 0,
                 measure: str | None = None) -> None:
        if state.is_over:
            raise IllegalActionError("the game is over: no choice to estimate", rule="over", legal=[])
        if player is None:
            player = state.current_player
        if player != state.current_player:
            raise IllegalActionError(f"hints are for the player to move ({state.players[state.current_player]}), "
                                     f"not {state.players[player]}", rule="turn")
        self.playouts = playouts_for(state, player, measure)
        self.actions = list(self.playouts.actions)
        self.texts = [state.action_text(a) for a in self.actions]
        self.words = [self.playouts.words(a) for a in self.actions]
        self.rng = random.Random(seed)
        self.samples: list[list[Value]] = [[] for _ in self.actions]

    @property
    def done(self) -> int:
        """The playouts made so far for each choice."""
        return len(self.samples[0])

    def step(self, playouts: int = 1) -> None:
        """Play every choice out ``playouts`` more times (each time in a newly sampled world)."""
        for _ in range(playouts):
            world = self.playouts.sample(self.rng)
            seed = self.rng.random()
            for sample, value in zip(self.samples, self.playouts.values(world, seed)):
                sample.append(value)

    def run(self, budget: int | None = None, seconds: float | None = None) -> "HintSearch":
        """Spend ``budget`` playouts in all (default: the game's, about a second on a laptop core)
        shared among the choices, at least one each, or stop once ``seconds`` are spent (default:
        no limit where the kernels are compiled, a second where they run as plain Python, see
        :mod:`cardlab.pace`; ``math.inf``: none); returns the search."""
        total = self.playouts.default_budget if budget is None else budget
        per_choice = max(1, total // len(self.actions))
        clock = pace.Pace(seconds)
        while self.done < per_choice and not (self.done and clock.over):
            with clock.timing():
                self.step()
        return self

    def series(self, i: int) -> list[float]:
        """The values of choice ``i``, one per world; for a choice with continuations, those of
        its best continuation (the best mean over all worlds so far)."""
        sample = self.samples[i]
        plain = [v for v in sample if not isinstance(v, tuple)]
        if len(plain) == len(sample):
            return plain
        rows = [v for v in sample if isinstance(v, tuple)]
        sign = 1 if self.playouts.higher_is_better else -1
        best = max(range(len(rows[0])), key=lambda k: sign * sum(v[k] for v in rows))
        return [v[best] for v in rows]

    def _interval(self, values: list[float]) -> tuple[float, float, float]:
        if self.playouts.unit == "win chance":
            low, high = wilson(sum(values), len(values))
            return sum(values) / len(values), low, high
        return mean_interval(values)

    def estimates(self) -> list[Estimate]:
        """One estimate per legal choice, in the order of ``legal_actions()``."""
        if not self.done:
            self.step()
        p = self.playouts
        figures = [self._interval(self.series(i)) for i in range(len(self.actions))]
        sign = 1 if p.higher_is_better else -1
        top = self.actions[max(range(len(figures)), key=lambda i: sign * figures[i][0])]
        return [Estimate(a, t, said, *f, self.done, p.unit, p.higher_is_better, self._reasons(a, top),
                         p.method == "exact")
                for a, t, said, f in zip(self.actions, self.texts, self.words, figures)]

    def _reasons(self, action: Hashable, top: Hashable) -> tuple[Reason, ...]:
        """The reasons of ``action``; where the worlds are solved (not played out by a quick policy),
        only those the values bear out: a reason against a choice only if it is worse than the best
        ``top`` (beyond the 95 % interval of their difference on the same worlds), a reason for it
        only if it is not."""
        reasons = self.playouts.reasons(action)
        if self.playouts.method == "playouts":
            return reasons
        worse = action != top and self.loss(action, top)[1] > 0
        return tuple(r for r in reasons if r.against == worse)

    def best(self) -> Estimate:
        """The choice with the best mean (the first such in legal order)."""
        sign = 1 if self.playouts.higher_is_better else -1
        return max(self.estimates(), key=lambda e: sign * e.mean)

    def loss(self, action: Hashable, against: Hashable, z: float = Z95) -> tuple[float, float, float]:
        """How much worse ``action`` is than ``against`` (positive: worse), measured on the same
        worlds: ``(mean, low, high)`` with a two-sided interval of normal quantile ``z``."""
        sign = 1 if self.playouts.higher_is_better else -1
        a, b = self.series(self.actions.index(action)), self.series(self.actions.index(against))
        return mean_interval([sign * (y - x) for x, y in zip(a, b)], z)

    def z_for_best(self) -> float:
        """The normal quantile of 95 % intervals corrected for comparing the best choice with each
        of the others (Bonferroni), so that a choice is called worse only beyond the uncertainty."""
        others = max(1, len(self.actions) - 1)
        return NormalDist().inv_cdf(1 - 0.025 / others)


def hint_table(estimates: list[Estimate], lang: str = "en") -> "pd.DataFrame":
    """The estimates as a table, best first: the choice in words (in ``lang``), its estimate with
    the 95 % interval, the playouts, the rules behind it and, in English, its ``action`` text (the
    code a reader types; in another language the choice's words alone, its text being ``e.text``)."""
    import pandas as pd
    rows = [{"choice": e.words.say(lang), e.unit: e.mean, "low": e.low, "high": e.high, "playouts": e.playouts,
             "why": "; ".join(r.say(lang) for r in e.reasons), **({"action": e.text} if lang == "en" else {})}
            for e in estimates]
    sign = -1 if estimates and estimates[0].higher_is_better else 1
    frame = pd.DataFrame(rows)
    return frame.sort_values(estimates[0].unit, key=lambda v: sign * v, kind="stable").set_index("choice") if rows else frame


def hints(state: "GameState", player: int | None = None, budget: int | None = None, seed: int = 0,
          measure: str | None = None) -> list[Estimate]:
    """An estimate of every legal choice of ``player`` (the player to move) from what they see:
    ``budget`` playouts in all (default: about a second); Trappola's ``measure`` is ``"deal"``
    (expected points margin of the deal) or ``"game"`` (chance to win the game); Kirifu's is the
    expected finishing place. Deterministic for a ``seed``."""
    return HintSearch(state, player, seed, measure).run(budget).estimates()
