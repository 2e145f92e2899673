"""The coach's words at the tables (Trappola, Kirifu) in English and Japanese: its switch, the
strip under the drawing (its head, saying what the figures measure, and a line per choice), the
review, its table and the reason on each of its rows. The choices and the reasons behind them
come in both languages from the games' coach parts (:class:`cardlab.words.Phrase`)::

    >>> WORDS.say("ja", "strip:playouts", measure=WORDS.say("ja", "measure:place"), n=40, shown="", refining="")
    'コーチ：順位の期待値（1位が最善、小さいほどよい）。1手あたり40回の試行の平均［95%信頼区間］'
    >>> figure("en", "win chance", 0.052)
    '5 percentage points'
"""

from __future__ import annotations

from . import Words

WORDS = Words(
    en={
        "switch": "coach",
        "switch_tip": "show what each of your choices is worth",
        "review": "review",
        "review_tip": "your decisions that were clearly worse than the best",
        "replay_at": "replay at",
        "replay": "replay",
        "step": "step {n}",
        "strip:playouts": "coach · {measure}: mean [95% interval] of {n} playouts per choice{shown}{refining}",
        "strip:worlds": "coach · {measure}: mean [95% interval] over {n} possible hands of your opponent, "
                        "each solved exactly{shown}{refining}",
        "strip:exact": "coach · {measure}: exact values, both playing perfectly (you know every card)"
                       "{shown}{refining}",
        "exact": "exact",
        "measure:points": "expected points margin of the deal (your points minus your opponent's)",
        "measure:win chance": "chance to win the game",
        "measure:place": "expected finishing place (1 is first; lower is better)",
        "shown": "; {k} of {n} shown, best first",
        "refining": " (refining…)",
        "line": "{mark} {choice}: {mean} {interval}{why}",
        "interval": "[{low}, {high}]",
        "why": " — {reason}",
        "unit:points": "points",
        "unit:win chance": "percentage points",
        "unit:place": "places",
        "nothing_worse": "Review: no decision clearly worse than the coach's best.",
        "col_step": "step",
        "col_chosen": "you chose",
        "col_best": "best",
        "col_loss": "worse by (mean [95% interval])",
        "col_why": "why",
        "why_best": "your choice was the coach's best",
        "why_even": "your choice did as well as “{best}” in the playouts",
        "why_close": "“{best}” did {diff} better on average, within the uncertainty: not clearly better",
        "gain:points": "“{best}” scored {diff} more than “{chosen}” on average (your margin in the deal; "
                       "{n} playouts of each, on the same deals)",
        "gain:win chance": "“{best}” won the game {diff} more often than “{chosen}” ({n} playouts of each, "
                           "on the same deals)",
        "gain:place": "“{best}” finished {diff} better on average than “{chosen}” ({n} playouts of each, "
                      "on the same deals)",
        "because": "{gain}: {reasons}",
        "reasons_sep": "; ",
        "no_rule": "{gain}; no rule of thumb explains it",
    },
    ja={
        "switch": "コーチ",
        "switch_tip": "選べる手それぞれの値打ちを表示します",
        "review": "振り返り",
        "review_tip": "最善手より明らかに悪かったあなたの選択",
        "replay_at": "再生する手",
        "replay": "再生",
        "step": "{n}手目",
        "strip:playouts": "コーチ：{measure}。1手あたり{n}回の試行の平均［95%信頼区間］{shown}{refining}",
        "strip:worlds": "コーチ：{measure}。相手の手札としてありうる{n}通りをそれぞれ厳密に解いた平均［95%信頼区間］"
                        "{shown}{refining}",
        "strip:exact": "コーチ：{measure}。双方が最善を尽くしたときの厳密な値（カードはすべてわかっています）"
                       "{shown}{refining}",
        "exact": "厳密",
        "measure:points": "このディールの点差の期待値（あなたの点 − 相手の点）",
        "measure:win chance": "ゲームの勝率",
        "measure:place": "順位の期待値（1位が最善、小さいほどよい）",
        "shown": "。{n}手中{k}手を表示（よい順）",
        "refining": "（計算中…）",
        "line": "{mark} {choice}：{mean} {interval}{why}",
        "interval": "［{low}〜{high}］",
        "why": "　―　{reason}",
        "unit:points": "点",
        "unit:win chance": "ポイント",
        "unit:place": "位",
        "nothing_worse": "振り返り：コーチの最善手より明らかに悪い選択はありません。",
        "col_step": "手",
        "col_chosen": "あなたの選択",
        "col_best": "最善手",
        "col_loss": "損失（平均［95%信頼区間］）",
        "col_why": "理由",
        "why_best": "あなたの選択がコーチの最善手でした",
        "why_even": "試行では、あなたの選択も「{best}」と同じくらいよい結果でした",
        "why_close": "「{best}」の方が平均{diff}よいものの、誤差の範囲内で、はっきりよいとは言えません",
        "gain:points": "「{best}」の方が「{chosen}」より平均{diff}多く取れました（このディールの点差。同じ配りで"
                       "各{n}回の試行）",
        "gain:win chance": "「{best}」の方が「{chosen}」より勝率が{diff}高くなりました（同じ配りで各{n}回の試行）",
        "gain:place": "「{best}」の方が「{chosen}」より順位が平均{diff}よくなりました（同じ配りで各{n}回の試行）",
        "because": "{gain}。{reasons}",
        "reasons_sep": "。",
        "no_rule": "{gain}。経験則では説明できません",
    },
)


def amount(unit: str, value: float) -> str:
    """A figure of ``unit`` as a number: points to a tenth, a chance in percentage points, a place
    to a hundredth."""
    if unit == "win chance":
        return f"{100 * value:.0f}"
    if unit == "place":
        return f"{value:.2f}"
    return f"{value:.1f}"


def figure(lang: str, unit: str, value: float) -> str:
    """A figure of ``unit`` (``"points"``, ``"win chance"``, ``"place"``) with its unit named in
    ``lang``: ``10.0 points``, ``5 percentage points``, ``0.50 places``; ``10.0点``."""
    key = f"unit:{unit}"
    name = WORDS.say(lang, key) if key in WORDS else unit
    return f"{amount(unit, value)}{'' if lang == 'ja' else ' '}{name}"
