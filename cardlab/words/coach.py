"""The coach's words at the tables (Trappola, Kirifu) in English and Japanese: its switch, the
strip under the drawing (its head and a line per choice), the review and its table. The reasons
behind a choice (from :mod:`cardlab.coach`, citing rule IDs) and the choices' action texts
(``play RC``, as the hints' ``data-hint``) are not translated::

    >>> WORDS.say("ja", "strip", unit=unit_name("ja", "points"), n=40, refining="")
    'コーチ · 点差、95% 区間、1手あたり 40 回のプレイアウト'
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
        "strip": "coach · {unit}, 95% interval, {n} playouts per choice{refining}",
        "refining": " (refining…)",
        "line": "{mark} {choice}: {mean} [{low}, {high}]{why}",
        "why": " — {reason}",
        "unit:points": "points",
        "unit:win chance": "win chance",
        "unit:place": "place",
        "nothing_worse": "Review: no decision clearly worse than the coach's best.",
        "col_step": "step",
        "col_chosen": "you chose",
        "col_best": "best",
        "col_loss": "loss",
        "col_why": "why",
    },
    ja={
        "switch": "コーチ",
        "switch_tip": "選べる手それぞれの値打ちを表示します",
        "review": "振り返り",
        "review_tip": "最善手より明らかに悪かったあなたの選択",
        "replay_at": "再生する手",
        "replay": "再生",
        "step": "{n}手目",
        "strip": "コーチ · {unit}、95% 区間、1手あたり {n} 回のプレイアウト{refining}",
        "refining": "（計算中…）",
        "line": "{mark} {choice}：{mean} [{low}, {high}]{why}",
        "why": " ― {reason}",
        "unit:points": "点差",
        "unit:win chance": "勝つ確率",
        "unit:place": "順位",
        "nothing_worse": "振り返り: コーチの最善手より明らかに悪い選択はありません。",
        "col_step": "手",
        "col_chosen": "あなたの選択",
        "col_best": "最善手",
        "col_loss": "損失",
        "col_why": "理由",
    },
)


def unit_name(lang: str, unit: str) -> str:
    """The name of an estimate's ``unit`` (``"points"``, ``"win chance"``, ``"place"``) in
    ``lang``; an unknown unit as it is."""
    key = f"unit:{unit}"
    return WORDS.say(lang, key) if key in WORDS else unit
