"""The slap trainer's reaction drill: a target to beat (issue 25).

:class:`SlapDrill` is the Cleopatra table in real-time mode with the slap trainer on: every card is
turned for you, and the computer notices every pair and slaps it exactly ``target_ms`` after it
appears (C10, C11: the first hand to arrive takes the pile). You slap with the space bar (or S, or a
click on the pile). After ``pairs`` pairs the drill stops and says how many you took before the
computer, your median time and whether it beat the target; N (or New game) starts another drill on
the next deal. The engine decides every pair and every race, as at the game's own table.
"""

from __future__ import annotations

import statistics

from cardlab.words import Words

from .bots import SlapBot
from .table import CleopatraTable

WORDS = Words(
    en={
        "greet": "Slap every pair (space, S or a click on the pile) before the computer's {target} ms: "
                 "{pairs} pairs in all.",
        "count": "Pair {n} of {pairs}: {last}",
        "yours": "yours in {t} ms.", "theirs": "the computer's ({target} ms).", "missed": "nobody slapped it.",
        "too_slow": "the computer's: {target} ms against your {t} ms.",
        "over": "Drill over: you took {won} of {pairs} pairs before the computer's {target} ms; your median time "
                "was {median} ms. {verdict} (C10, C11: the first hand on the pair takes the pile.) N starts another "
                "drill.",
        "over_none": "Drill over: you slapped none of the {pairs} pairs; the computer slaps each at {target} ms. "
                     "Slap with the space bar, S or a click on the pile. (C10, C11: the first hand on the pair takes "
                     "the pile.) N starts another drill.",
        "all": "Every pair was yours: target beaten!", "beaten": "Target beaten!",
        "not_yet": "Not yet: the target is {target} ms.",
    },
    ja={
        "greet": "コンピューターの{target}ミリ秒より早く、組を叩いてください（スペース、S、または場をクリック）。"
                 "全部で{pairs}組です。",
        "count": "{pairs}組中{n}組目：{last}",
        "yours": "{t}ミリ秒であなたが取りました。", "theirs": "コンピューターが取りました（{target}ミリ秒）。",
        "missed": "誰も叩きませんでした。",
        "too_slow": "コンピューターが取りました（{target}ミリ秒、あなたは{t}ミリ秒）。",
        "over": "練習終了：{pairs}組中{won}組を、コンピューターの{target}ミリ秒より早く叩いて取りました。反応時間の"
                "中央値は{median}ミリ秒です。{verdict}（C10、C11：先に組を叩いた人が場のカードを取ります。）"
                "Nで次の練習を始めます。",
        "over_none": "練習終了：{pairs}組のどれも叩きませんでした。コンピューターはどの組も{target}ミリ秒で叩きます。"
                     "スペース、S、または場のクリックで叩けます。（C10、C11：先に組を叩いた人が場のカードを取ります。）"
                     "Nで次の練習を始めます。",
        "all": "全部の組をあなたが取りました。目標達成です！", "beaten": "目標達成です！",
        "not_yet": "目標の{target}ミリ秒にはまだ届いていません。",
    },
)


class SlapDrill(CleopatraTable):
    """``pairs`` pairs against a computer that slaps each one at ``target_ms`` (see the module's
    docstring); the deal is dealt from ``seed``, at the ``tempo`` of the Cleopatra table."""

    def __init__(self, pairs: int = 10, target_ms: int = 350, seed: int = 0, tempo: str = "normal (1 s)",
                 lang: str = "en") -> None:
        if pairs < 1 or target_ms < 1:
            raise ValueError(f"pairs and target_ms are at least 1, not {pairs} and {target_ms}")
        self.pairs, self.target_ms = pairs, target_ms
        super().__init__(seed=seed, attention=1.0, mode="real-time", tempo=tempo, trainer=True, lang=lang)
        for fixed in (self.attention, self.play_mode, self.trainer.switch):
            fixed.layout.display = "none"          # the drill's own: always noticed, real time, timed
        self.add_class("cardlab-slap-drill")

    def drill_say(self, key: str, **fields: object) -> str:
        return WORDS.say(self.lang, key, **fields)

    def make_state(self):
        state = super().make_state()
        self.bot = SlapBot(self.seed.value + 1, attention=1.0, reaction_ms=self.target_ms, spread_ms=0.0,
                           min_ms=self.target_ms)
        return state

    @property
    def done(self) -> bool:
        """Whether the drill's pairs have all gone by."""
        return self.trainer.log.pairs >= self.pairs

    def greeting(self) -> str:
        return self.drill_say("greet", target=self.target_ms, pairs=self.pairs)

    def accepts_input(self) -> bool:
        return not self.done

    def choices(self) -> list[str]:
        return [] if self.done else super().choices()

    def computer_moves(self) -> None:
        if not self.done:
            super().computer_moves()

    def start(self, state) -> None:
        self._shown = (0, 0, 0)                  # the pairs told so far: (yours, the computer's, missed)
        super().start(state)

    def after_action(self, start: int | None = None) -> None:
        """After each card or slap: the pair just settled is told, and after the last the drill stops."""
        super().after_action(start)
        log = self.trainer.log
        tally = (len(log.reactions), len(log.beaten), log.missed)
        if self.done:
            self.cancel_timers()
            self.message = self.summary()
        elif tally != self._shown:
            self.message = self.drill_say("count", n=log.pairs, pairs=self.pairs, last=self._how(tally))
        self._shown = tally

    def _how(self, tally: tuple[int, int, int]) -> str:
        """How the pair just settled went (``tally`` against the last one told)."""
        if tally[0] > self._shown[0]:
            t = round(self.trainer.log.reactions[-1])
            return self.drill_say("yours", t=t) if t < self.target_ms else \
                self.drill_say("too_slow", t=t, target=self.target_ms)
        return self.drill_say("theirs" if tally[1] > self._shown[1] else "missed", target=self.target_ms)

    def summary(self) -> str:
        """The drill's result in words: the pairs taken first, the median time and the verdict — or, for
        a reader who slapped no pair, how to slap."""
        log = self.trainer.log
        if not log.reactions:
            return self.drill_say("over_none", pairs=self.pairs, target=self.target_ms)
        won = sum(t < self.target_ms for t in log.reactions)
        median = statistics.median(log.reactions)
        beaten = median < self.target_ms and won * 2 > self.pairs
        verdict = self.drill_say("all" if won == self.pairs else "beaten") if beaten else \
            self.drill_say("not_yet", target=self.target_ms)
        return self.drill_say("over", won=won, pairs=self.pairs, target=self.target_ms, median=f"{median:.0f}",
                              verdict=verdict)
