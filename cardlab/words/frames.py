"""The labels of the notebooks' tables in the reader's language: :func:`labelled` gives a pandas
table (or a Series, or a dict) its column names, index names and labels, and its cells' words —
the simulations' columns (``cards``, ``winner``, ``place_2`` …), ``cardlab.stats``' columns
(``games``, ``rate``, ``low``, ``high``, ``mean``), ``describe()``'s rows, the ways a game ends, yes
and no — in Japanese, from :data:`LABELS_JA`. The notebook computes with the kit's own names and
shows the reader its words::

    >>> labelled({"reason": "loop", "cards": 474}, "ja")
    {'終わり方': '同じ局面の繰り返し', '出したカード': 474}

A column of one seat (``slaps_1``) is named as its column with the seat after it (「叩いて取った組（席1）」);
a label the catalogue does not have stays as it is (the reader's own names). A game's events as a
table (:func:`cardlab.records.to_frame`, ``lang="ja"``) and :func:`cardlab.stats.mean_table` take
their headers from the same words (:func:`frame_labels`)::

    >>> frame_labels("ja")["Cut"], frame_labels("ja")["cutter"]
    ('切る', '切ったカード')
"""

from __future__ import annotations

import re
from typing import Any, Mapping, TypeVar

from . import check_lang

T = TypeVar("T")

LABELS_JA: dict[str, str] = {
    # cardlab.stats and pandas' describe()
    "games": "ゲーム数", "rate": "割合", "low": "下限", "high": "上限", "mean": "平均",
    "count": "件数", "std": "標準偏差", "min": "最小", "max": "最大",
    # the simulations' columns (cardlab.sim.simulate)
    "seed": "シード", "winner": "勝者", "reason": "終わり方", "cards": "出したカード", "tricks": "トリック数",
    "steps": "手数", "first": "先攻", "js": "配られたJ", "qs": "配られたQ", "ks": "配られたK", "as": "配られたA",
    "slaps": "叩いて取った組", "opp_js_taken": "取った相手のJ", "first_opp_j_taker": "相手のJを最初に取った席",
    "points": "得点", "deals": "ディール数", "dealer": "ディーラー", "exchanges": "手札交換",
    "declarations": "宣言", "declaration_points": "宣言の点", "twos_won": "2で取ったトリック",
    "streaks": "2の連続", "actions": "アクション数", "place": "順位", "ace_of_spades": "A♠を配られた席",
    "world_cards": "世界のマークのカード", "world": "世界のマーク", "cuts": "切った回数", "omorai": "おもらいの回数",
    # a card's colour (cardlab.cards.Card.color)
    "red": "赤", "black": "黒",
    # how a game ends
    "no cards": "カードがなくなった", "cannot play": "出すカードがない", "loop": "同じ局面の繰り返し",
    "cap": "手数の上限で打ち切り", "finished": "最後まで終わった",
    # the built-in games' events, by class name (cardlab.records.to_frame)
    "Played": "出す", "Captured": "場を取る", "Pending": "場を取る人が決まる", "Slapped": "叩く",
    "FalseSlap": "組でないのに叩く", "Reshuffled": "取ったカードを切る", "Ended": "ゲーム終了",
    "Dealt": "配る", "Exchanged": "手札交換", "Kept": "手札をそのまま使う", "Declared": "宣言",
    "TrickWon": "トリックを取る", "DealScored": "ディールの得点", "GameEnded": "ゲーム終了",
    "Passed": "渡す", "Grouped": "おそろい", "Cut": "切る", "Omorai": "おもらい", "Drew": "補充",
    "Finished": "上がり",
    # their fields
    "i": "番号", "event": "出来事", "action": "記録の手の番号", "step": "手目", "player": "プレイヤー",
    "card": "カード", "paying": "続けて出す", "n": "枚数", "how": "取り方", "times": "叩いた時間",
    "burned": "場の下に置いたカード", "deal": "ディール", "hands": "手札", "discarded": "捨てた手札",
    "said": "宣言の言葉", "rank": "ランク", "trick": "トリック", "bonus": "ボーナス", "totals": "合計",
    "to": "渡す相手", "cutter": "切ったカード",
    # the coach's tables (cardlab.coach: hint_table, review)
    "choice": "選べる手", "playouts": "試行回数", "why": "理由", "chosen": "選んだ手", "best": "最善手",
    "loss": "損失", "loss_low": "損失の下限", "loss_high": "損失の上限", "flagged": "明らかに悪い手",
    "win chance": "勝率",
    # the slap model of a reader (cardlab.games.cleopatra.slaps: SlapLog.model, win_chances)
    "attention": "叩けた組の割合", "reaction_ms": "反応時間（ミリ秒）", "spread_ms": "反応時間のばらつき（ミリ秒）",
}
"""The Japanese of each English label the kit's tables show."""

#: where an event's field means something else than the simulations' column of the same name
EVENT_FIELDS_JA: Mapping[str, str] = {"cards": "カード（複数）", "count": "枚数"}


def frame_labels(lang: str) -> Mapping[str, str]:
    """The names a table of events or figures shows in ``lang`` for each class, field or column
    name (English: none renamed). A name not listed (an event of your own game) keeps its own."""
    return {**LABELS_JA, **EVENT_FIELDS_JA} if check_lang(lang) == "ja" else {}

_SEAT = re.compile(r"^(?P<column>.+)_(?P<seat>\d)$")


def label(word: Any, lang: str, own: Mapping[str, str] | None = None) -> Any:
    """``word`` in ``lang`` (a label of ``own``, the reader's own words, or of :data:`LABELS_JA`, or
    a seat's column ``slaps_1``); booleans as yes and no; anything else as it is."""
    if check_lang(lang) == "en" or isinstance(word, (int, float)) and not isinstance(word, bool):
        return word
    if own and isinstance(word, str) and word in own:
        return own[word]
    if isinstance(word, bool):
        return "はい" if word else "いいえ"
    if not isinstance(word, str):
        return word
    seat = _SEAT.match(word)
    if word not in LABELS_JA and seat and seat["column"] in LABELS_JA:
        return f"{LABELS_JA[seat['column']]}（席{seat['seat']}）"
    return LABELS_JA.get(word, word)


def labelled(table: T, lang: str, own: Mapping[str, str] | None = None) -> T:
    """``table`` (a pandas DataFrame or Series, or a dict) with its labels in ``lang``: the column
    names, the index's names and labels, and the words in its cells (see :func:`label`; ``own``:
    the reader's own labels, such as the names given to ``agg``); numbers stay numbers. A new
    object: ``table`` is unchanged. A single word or yes or no is said as :func:`label` says it; a
    value that is None (no winner) as none, in a cell or alone."""
    check_lang(lang)
    if table is None or isinstance(table, (bool, str)):
        return _cell(table, lang, own)
    if isinstance(table, dict):
        return {label(k, lang, own): _cell(v, lang, own) for k, v in table.items()}  # type: ignore[return-value]
    import pandas as pd

    if not isinstance(table, (pd.DataFrame, pd.Series)):
        raise TypeError(f"labelled: a pandas DataFrame or Series or a dict, not {type(table).__name__}")
    shown = table.copy()
    words = lambda values: [label(v, lang, own) for v in values]  # noqa: E731
    cells = lambda values: [_cell(v, lang, own) for v in values]  # noqa: E731
    shown.index = _relabelled(shown.index, words)
    if isinstance(shown, pd.DataFrame):
        shown.columns = _relabelled(shown.columns, words)
        for column in shown.columns:
            if _worded(shown[column]):
                shown[column] = cells(shown[column])
    else:
        shown.name = label(shown.name, lang, own)
        if _worded(shown):
            shown = pd.Series(cells(shown), index=shown.index, name=shown.name)
    return shown


def _cell(value: Any, lang: str, own: Mapping[str, str] | None) -> Any:
    """A table's value in ``lang``: None (no winner, no value) as none, else :func:`label`'s word."""
    return "なし" if value is None and check_lang(lang) == "ja" else label(value, lang, own)


def _worded(column: Any) -> bool:
    """Whether a pandas column holds words or booleans (not numbers)."""
    from pandas.api.types import is_bool_dtype, is_numeric_dtype

    return is_bool_dtype(column) or not is_numeric_dtype(column)


def _relabelled(index: Any, words: Any) -> Any:
    """A pandas index with its labels and names put through ``words``."""
    import pandas as pd

    if isinstance(index, pd.MultiIndex):
        levels = [_relabelled(level, words) for level in index.levels]
        return index.set_levels(levels).set_names(words(index.names))
    if isinstance(index, pd.RangeIndex):
        return index.set_names(words(index.names))
    return pd.Index(words(index), name=words([index.name])[0])
