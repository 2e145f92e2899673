"""The typed errors of cardlab: every one names the rule, field or input at fault."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


class CardlabError(Exception):
    """Base class of every error cardlab raises on purpose."""


class CardParseError(CardlabError, ValueError):
    """A card string could not be read; the message quotes it and lists valid forms."""

    def __init__(self, text: object, pack: str, valid: str) -> None:
        self.text = text
        self.pack = pack
        super().__init__(f"unknown card {str(text)[:40]!r} for the {pack} pack; {valid}")


@dataclass(frozen=True)
class Reason:
    """Why an action is legal or not, apart from any words: ``rule`` (a rule ID from ``shared/rules``,
    or ``"syntax"``/``"turn"``/``"over"``), ``key`` (which reason under that rule, a key of the
    game's refusal words) and ``fields`` (plain values: texts, numbers, lists of texts; cards in
    their ASCII text), everything the words need to say it in any language."""

    rule: str
    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


class IllegalActionError(CardlabError, ValueError):
    """An action that the rules forbid in this state; the state is left unchanged.

    ``rule``, ``key`` and ``fields`` are the :class:`Reason` (``rule``: the rule ID, or
    ``"turn"``/``"syntax"``/``"over"`` for actions out of turn, unreadable or after the end);
    ``legal`` the legal actions' texts as the player to move may read them (None: not listed).
    A game from elsewhere may give its reason as an English text and a rule instead of a
    :class:`Reason`. ``say(lang)`` words the refusal in a language by the game's refusal words (``words``, a
    :class:`cardlab.words.refusals.Refusals`); ``str()`` is the English, with the legal actions.
    """

    def __init__(self, reason: Reason | str, rule: str | None = None, legal: list[str] | None = None,
                 words: Any = None) -> None:
        from .words.refusals import SHELL
        if not isinstance(reason, Reason):   # a game from elsewhere's reason in words: said as it is
            reason = Reason(rule or "", "said", {"text": reason})
        self.reason, self.legal, self.words = reason, legal, words or SHELL
        self.rule, self.key, self.fields = reason.rule or None, reason.key, dict(reason.fields)
        text = self.say("en")
        if legal is not None:
            shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
            text += f" (legal now: {shown})" if legal else " (no action is legal now)"
        super().__init__(text)

    def say(self, lang: str) -> str:
        """The refusal in ``lang`` (``"en"``, ``"ja"``), its rule named, without the legal actions."""
        return self.words.say(lang, self.reason)

    def __reduce__(self) -> tuple[type, tuple[str, str | None, list[str] | None]]:
        """Pickled (from a worker process) as its English words, its rule and legal actions."""
        return type(self), (self.words.text("en", self.key, self.fields), self.rule, self.legal)


class RulesError(CardlabError, ValueError):
    """A rules value of the wrong type or out of range, or an unknown preset; the message starts
    with the field at fault (``rules.target: ...``)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


class UndoError(CardlabError, IndexError):
    """``undo()`` with nothing to take back (or on a game made with ``undo=False``)."""


class RecordError(CardlabError, ValueError):
    """A game record failed validation; ``path`` names the first bad field (``actions[12]``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


class FieldError(CardlabError, ValueError):
    """An argument that cannot be used; ``field`` names it, and the message starts with it."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


def unknown_card(error: CardParseError) -> Reason:
    """The reason refusing an action whose card could not be read (``"syntax"``)."""
    return Reason("syntax", "unknown-card", {"text": f"{str(error.text)[:40]!r}", "pack": error.pack})
