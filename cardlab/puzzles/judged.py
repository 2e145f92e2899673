"""Every legal choice of a position judged on the same worlds: the evidence a puzzle's answer
stands on.

A :class:`Judged` holds, for each choice (its action text), its value in each world the judge
looked at (the same worlds for every choice, so that two choices are compared world by world),
whether higher is better, and whether the judgement is exact (one world is the truth: the view
determines every card, and each value is what perfect play gives). :meth:`Judged.clear_answer`
names the choice better than every other beyond the uncertainty, or none: exactly, the unique
best; otherwise the lower end of each difference's interval (Bonferroni-corrected for comparing
the best with every other choice) above a margin.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

from ..stats import Z95, mean_interval


@dataclass(frozen=True)
class Judged:
    """Values of every choice (``texts``), one list per choice, one value per world (see the module)."""

    texts: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    higher_is_better: bool = True
    exact: bool = False

    @property
    def worlds(self) -> int:
        """How many worlds each choice was judged in."""
        return len(self.values[0])

    def estimate(self, text: str) -> tuple[float, float, float]:
        """``(mean, low, high)`` of the choice ``text``: its 95 % interval (the mean thrice if exact)."""
        series = self.values[self.texts.index(text)]
        if self.exact or len(series) == 1:
            mean = sum(series) / len(series)
            return mean, mean, mean
        return mean_interval(series)

    def best(self) -> str:
        """The choice with the best mean (the first such in legal order)."""
        sign = 1 if self.higher_is_better else -1
        return max(self.texts, key=lambda t: sign * self.estimate(t)[0])

    def loss(self, text: str, against: str, z: float = Z95) -> tuple[float, float, float]:
        """How much worse ``text`` is than ``against`` (positive: worse), world by world:
        ``(mean, low, high)``, the interval of normal quantile ``z`` (none if exact)."""
        sign = 1 if self.higher_is_better else -1
        a, b = self.values[self.texts.index(text)], self.values[self.texts.index(against)]
        differences = [sign * (y - x) for x, y in zip(a, b)]
        if self.exact or len(differences) == 1:
            mean = sum(differences) / len(differences)
            return mean, mean, mean
        return mean_interval(differences, z)

    def beaten_by(self, answer: str, z: float = Z95) -> list[str]:
        """The choices that beat ``answer`` beyond the interval of quantile ``z`` (exactly: any
        choice worth more)."""
        return [t for t in self.texts if t != answer and self.loss(answer, t, z)[1] > 0]

    def clear_answer(self, margin: float) -> str | None:
        """The choice better than every other by more than ``margin`` beyond the uncertainty
        (exactly: the unique best, by at least ``margin``); None if no choice is."""
        best = self.best()
        others = max(1, len(self.texts) - 1)
        z = NormalDist().inv_cdf(1 - 0.025 / others)
        for other in self.texts:
            if other == best:
                continue
            worse = self.loss(other, best, z)[1]
            if worse < margin if self.exact else worse <= margin:
                return None
        return best
