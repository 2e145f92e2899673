"""The typed errors of cardlab: every one names the rule, field or input at fault."""

from __future__ import annotations


class CardlabError(Exception):
    """Base class of every error cardlab raises on purpose."""


class CardParseError(CardlabError, ValueError):
    """A card string could not be read; the message quotes it and lists valid forms."""

    def __init__(self, text: object, pack: str, valid: str) -> None:
        self.text = text
        self.pack = pack
        super().__init__(f"unknown card {str(text)[:40]!r} for the {pack} pack; {valid}")


class IllegalActionError(CardlabError, ValueError):
    """An action that the rules forbid in this state; the state is left unchanged.

    ``rule`` is the rule ID from ``shared/rules`` (``"C10"``, ``"T11"``, ``"K15"`` …) or
    ``"turn"``/``"syntax"``/``"over"`` for actions out of turn, unreadable or after the end.
    """

    def __init__(self, message: str, rule: str | None = None, legal: list[str] | None = None) -> None:
        self.rule = rule
        self.legal = legal
        text = f"{rule}: {message}" if rule else message
        if legal is not None:
            shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
            text += f" (legal now: {shown})" if legal else " (no action is legal now)"
        super().__init__(text)


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
