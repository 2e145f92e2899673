"""The Japanese headers of the kit's tables of figures: a game's events
(:func:`cardlab.records.to_frame` with ``lang="ja"``; the events' class names and fields, which
are English, in the glossary's words) and the groups of :func:`cardlab.stats.mean_table`::

    >>> frame_labels("ja")["Cut"], frame_labels("ja")["cutter"]
    ('切る', '切ったカード')
"""

from __future__ import annotations

from typing import Mapping

from . import check_lang

#: the built-in games' events by class name, then their fields, in Japanese
LABELS_JA: Mapping[str, str] = {
    # events
    "Played": "出す", "Captured": "場を取る", "Pending": "場を取る人が決まる", "Slapped": "叩く",
    "FalseSlap": "組でないのに叩く", "Reshuffled": "取ったカードを切る", "Ended": "ゲーム終了",
    "Dealt": "配る", "Exchanged": "手札交換", "Kept": "手札をそのまま使う", "Declared": "宣言",
    "TrickWon": "トリックを取る", "DealScored": "ディールの得点", "GameEnded": "ゲーム終了",
    "Passed": "渡す", "Grouped": "おそろい", "Cut": "切る", "Omorai": "おもらい", "Drew": "補充",
    "Finished": "上がり",
    # fields
    "i": "番号", "event": "出来事", "action": "記録の手の番号", "step": "手目", "player": "プレイヤー",
    "card": "カード", "paying": "続けて出す", "n": "枚数", "how": "取り方", "times": "叩いた時間",
    "burned": "場の下に置いたカード", "winner": "勝者", "reason": "理由", "deal": "ディール",
    "dealer": "ディーラー", "hands": "手札", "discarded": "捨てた手札", "said": "宣言の言葉",
    "rank": "ランク", "count": "枚数", "trick": "トリック", "cards": "カード（複数）", "points": "点",
    "bonus": "ボーナス", "totals": "合計", "to": "渡す相手", "cutter": "切ったカード", "place": "順位",
    # a group's figures (mean_table)
    "games": "ゲーム数", "mean": "平均", "low": "下限", "high": "上限",
}


def frame_labels(lang: str) -> Mapping[str, str]:
    """The names a table shows in ``lang`` for each class, field or column name (English: none
    renamed). A name not listed (an event of your own game) keeps its own."""
    return LABELS_JA if check_lang(lang) == "ja" else {}
