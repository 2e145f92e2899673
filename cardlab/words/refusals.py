"""How a refusal is worded: the one mechanism of every game's refusals, in every language.

An :class:`cardlab.errors.IllegalActionError` carries its reason apart from any words (a rule ID,
a key and plain fields, :class:`cardlab.errors.Reason`); a game's :class:`Refusals` says it: the
text of its key in the language asked, its fields said as the game says them (a card's text as
the table shows it), after the rule's ID. The refusals that are no game's rule (an unreadable
action, a seat out of turn, a game over) are :data:`SHELL`'s, which every game's words extend::

    >>> from cardlab.errors import Reason
    >>> SHELL.say("en", Reason("over", "over"))
    'over: the game is over'
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from . import Words, check_lang

#: the rules that are no rule of a game: a Japanese refusal under one of them names no rule
SHELL_RULES = ("syntax", "turn", "over", "event")


def plain_field(value: Any) -> str:
    """A field as it is: a list's items separated by spaces."""
    return " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


class ReasonWords(Words):
    """A :class:`cardlab.words.Words` of reasons: each language's text of a key uses some of the
    English text's fields (a Japanese refusal leaves out what would be English in it, as the text
    of an unreadable action)."""

    @staticmethod
    def _check_fields(key: str, first: str, names: set[str], lang: str, others: set[str]) -> None:
        if not others <= names:
            raise ValueError(f"{key!r}: {lang!r} has placeholders that {first!r} has not: {sorted(others - names)}")


class Refusals:
    """A game's refusal words: ``words`` holds a text for each reason key in each language, with
    the reason's fields as its placeholders; ``fields`` says how a field is said, by its name
    (``{"card": lambda text, lang: ...}``; any other field: :func:`plain_field`). Keys it lacks
    are ``base``'s (a game's: :data:`SHELL`'s)."""

    def __init__(self, words: Words, fields: Mapping[str, Callable[[Any, str], str]] | None = None,
                 base: "Refusals | None" = None) -> None:
        self.words, self.fields, self.base = words, dict(fields or {}), base

    def field(self, name: str, value: Any, lang: str) -> str:
        """The field ``name`` of a reason, its ``value`` said in ``lang``."""
        say = self.fields.get(name)
        return say(value, lang) if say else plain_field(value)

    def __contains__(self, key: str) -> bool:
        return key in self.words or (self.base is not None and key in self.base)

    def text(self, lang: str, key: str, fields: Mapping[str, Any]) -> str:
        """The text of ``key`` in ``lang`` with ``fields`` said in it (no rule named)."""
        if key not in self.words:
            if self.base is None:
                raise KeyError(f"no refusal words for {key!r}")
            return self.base.text(lang, key, fields)
        return self.words.say(lang, key, **{name: self.field(name, value, lang) for name, value in fields.items()})

    def say(self, lang: str, reason: Any) -> str:
        """``reason`` (a :class:`cardlab.errors.Reason`) in ``lang``, after its rule's ID
        (``"K8: 3♦ is not in your hand"``; in Japanese no ID for the shell's rules)."""
        text = self.text(lang, reason.key, reason.fields)
        if not reason.rule:
            return text
        if check_lang(lang) == "ja":
            return text if reason.rule in SHELL_RULES else f"{reason.rule}：{text}"
        return f"{reason.rule}: {text}"


SHELL = Refusals(ReasonWords(
    en={"unreadable": "cannot read {text}; write {forms}",
        "unknown-card": "unknown card {text} for the {pack} pack",
        "malformed": "a malformed {game} action: {text}",
        "not-an-action": "expected a {game} action or its text, not {kind} {text}",
        "no-seat": "no player {player}: the seats are 0 to {last}",
        "not-yours": "{player} may not take {action}: it is {owner}'s to take",
        "over": "the game is over",
        "event": "That cannot be done here: {text}",
        "said": "{text}"},
    ja={"unreadable": "その操作は読み取れません",
        "unknown-card": "そのカードは読み取れません",
        "malformed": "その操作は読み取れません",
        "not-an-action": "その操作は読み取れません",
        "no-seat": "{player}という席はありません（席は0〜{last}）",
        "not-yours": "今はあなたの番ではありません",
        "over": "ゲームはもう終わっています",
        "event": "ここではその操作はできません",
        "said": "{text}"},
))
"""The refusals of the game's shell (:class:`cardlab.game.GameState`) and the tables, which every
game's :class:`Refusals` extends; ``"said"``: a reason a game from elsewhere gives as text."""


def sentence(text: str, lang: str) -> str:
    """``text`` ended as a sentence in ``lang`` (a refusal shown on its own)."""
    stop = "." if check_lang(lang) == "en" else "。"
    return text if text.endswith((".", "。", "!", "?", "！", "？")) else text + stop


def refusals(words: ReasonWords, fields: Mapping[str, Callable[[Any, str], str]] | None = None) -> Refusals:
    """A game's refusal words over :data:`SHELL`'s; ``fields``: how it says its fields, by name."""
    return Refusals(words, fields, base=SHELL)
