"""The tables' words in English and Japanese.

Every label and message of a table comes from a :class:`Words` catalogue: one for what all tables
share (:data:`TABLE`), one per game in ``cardlab.words.<game>``. ``lang="en"`` keeps the Japanese
terms beside the English ones where the games have them (切る cut); ``lang="ja"`` is Japanese::

    >>> words = Words(en={"score": "{name} has {n} points"}, ja={"score": "{name}は{n}点"})
    >>> words.say("ja", "score", name="X", n=3)
    'Xは3点'
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Callable, Mapping

LANGS = ("en", "ja")


def check_lang(lang: object) -> str:
    """``lang`` if it is one of :data:`LANGS`, else ``ValueError`` naming the choices."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, not {lang!r:.40}")
    return lang


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


#: the ending of a text's key for its wording on a touch-only page (:meth:`Words.say`)
TOUCH = "_touch"


class Words:
    """A catalogue of texts by key in each language of :data:`LANGS`; every language has the same
    keys and the same ``{placeholders}`` in each text (checked when it is made)."""

    def __init__(self, **by_lang: Mapping[str, str]) -> None:
        if set(by_lang) != set(LANGS):
            raise ValueError(f"a catalogue gives every language of {LANGS}, not {sorted(by_lang)}")
        first, *others = LANGS
        for lang in others:
            missing = set(by_lang[first]) ^ set(by_lang[lang])
            if missing:
                raise ValueError(f"keys not in both {first!r} and {lang!r}: {sorted(missing)}")
            for key, text in by_lang[first].items():
                self._check_fields(key, first, _fields(text), lang, _fields(by_lang[lang][key]))
        self.by_lang = {lang: dict(texts) for lang, texts in by_lang.items()}

    @staticmethod
    def _check_fields(key: str, first: str, names: set[str], lang: str, others: set[str]) -> None:
        """``ValueError`` unless the text ``key`` has the same placeholders in ``first`` and ``lang``."""
        if names != others:
            raise ValueError(f"{key!r}: the placeholders of {first!r} and {lang!r} differ")

    def say(self, lang: str, key: str, **fields: Any) -> str:
        """The text ``key`` in ``lang`` with its placeholders filled from ``fields``."""
        return self.by_lang[check_lang(lang)][key].format(**fields)

    def say_touch(self, lang: str, key: str, touch: bool, /, **fields: Any) -> str:
        """:meth:`say`, for a page with no keyboard and a finger for a pointer when ``touch``: then
        the text ``key + TOUCH`` where the catalogue has one (the same words for taps, naming no key)."""
        return self.say(lang, key + TOUCH if touch and key + TOUCH in self else key, **fields)

    def __contains__(self, key: str) -> bool:
        return key in self.by_lang[LANGS[0]]


@dataclass(frozen=True)
class Phrase:
    """One text in each language of :data:`LANGS`, for what is computed before a table's language is
    known (the coach's choices and reasons)::

        >>> Phrase.of(lambda lang: "two" if lang == "en" else "二").say("ja")
        '二'
    """

    en: str
    ja: str

    @classmethod
    def of(cls, make: Callable[[str], str]) -> "Phrase":
        """The phrase ``make(lang)`` gives in each language."""
        return cls(*(make(lang) for lang in LANGS))

    def say(self, lang: str) -> str:
        """The text in ``lang``."""
        return getattr(self, check_lang(lang))


#: words every table shares
TABLE = Words(
    en={"new_game": "New game", "new_game_key": "New game (N)",
        "game_over": "Game over. Press New game (N) to play again.",
        "new_game_ask": "Press N again to leave this game and deal a new one.",
        "game_over_touch": "Game over. Tap New game to play again.",
        "new_game_key_touch": "New game",
        "view_label": "card table: click a card, or focus and use the keyboard",
        "view_on": "card table, on: {name}. Arrows move, Enter plays."},
    ja={"new_game": "新しいゲーム", "new_game_key": "新しいゲーム（N）",
        "game_over": "ゲーム終了です。「新しいゲーム」（N）でもう一度遊べます。",
        "new_game_ask": "もう一度 N を押すと、このゲームをやめて新しいゲームを始めます。",
        "game_over_touch": "ゲーム終了です。「新しいゲーム」をタップするともう一度遊べます。",
        "new_game_key_touch": "新しいゲーム",
        "view_label": "カードの台：カードをクリックするか、フォーカスしてキーボードで操作します",
        "view_on": "カードの台、選択中：{name}。矢印キーで移動、Enter で決定します。"},
)

#: what a notebook's stored output shows of a widget before the notebook runs (its one line beside
#: the live view; :class:`cardlab.widgets.stored.StoredLine`), by the kind of widget
STORED = Words(
    en={"table": "A card table: run the notebook to play.",
        "replay": "A replay: run the notebook to step through it.",
        "exercise": "Exercises: run the notebook to answer them.",
        "puzzle": "Puzzles: run the notebook to solve them.",
        "room": "A room: run the notebook to see its games."},
    ja={"table": "カードの台：ノートブックを実行すると遊べます。",
        "replay": "再生：ノートブックを実行すると1手ずつ見られます。",
        "exercise": "練習問題：ノートブックを実行すると解けます。",
        "puzzle": "パズル：ノートブックを実行すると解けます。",
        "room": "ルーム：ノートブックを実行するとゲームの一覧が見られます。"},
)

#: words of the replay bar (:class:`cardlab.widgets.replay.ReplayBar`): its buttons' names, the
#: step slider, the autoplay speeds and the caption's step number
REPLAY = Words(
    en={"first": "first step", "back": "previous step (←)", "forward": "next step (→)", "last": "last step",
        "play": "play: a step at a time at the chosen speed", "stop": "stop: pause at this step",
        "speed": "autoplay speed", "speed_slow": "slow", "speed_normal": "normal", "speed_fast": "fast",
        "step": "step", "step_of": "Step {step}/{last}", "step_sep": ": ", "the_deal": "the deal",
        "did": "{n}. {name}: {action}"},
    ja={"first": "最初の手", "back": "前の手（←）", "forward": "次の手（→）",
        "last": "最後の手",
        "play": "再生：選んだ速さで1手ずつ進みます", "stop": "停止：この手で止めます",
        "speed": "自動再生の速さ", "speed_slow": "遅い", "speed_normal": "ふつう", "speed_fast": "速い",
        "step": "手", "step_of": "{step}手目／{last}手", "step_sep": "：", "the_deal": "始めの局面",
        "did": "{n}手目（{name}の番）：{action}"},
)
