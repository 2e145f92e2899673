"""A table's settings and panes as plain values, linked to widgets where a notebook shows them.

A controller reads a setting's ``value`` and observes its changes with ``observe(callback,
names="value")``, as it would an ipywidget's; a pane (a log, a score sheet) is a setting whose
value is HTML. The notebook's table puts a widget in its place with :func:`link`, so the
controller's code is the same with or without widgets::

    >>> sort = Setting(True)
    >>> seen = []
    >>> sort.observe(lambda change: seen.append(change["new"]), names="value")
    >>> sort.value = False
    >>> sort.value = False          # no change: nobody is told
    >>> seen
    [False]
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Protocol, TypeVar

V = TypeVar("V")
Change = dict[str, Any]


class Observable(Protocol):
    """A value that tells its changes (a :class:`Setting`, or an ipywidget)."""

    value: Any

    def observe(self, handler: Callable[[Change], None], names: str) -> None: ...


class Setting(Generic[V]):
    """A value that tells its observers when it changes. ``disabled``: whether the person may
    change it now (a widget shows that; the controller sets it)."""

    def __init__(self, value: V) -> None:
        self._value = value
        self._observers: list[Callable[[Change], None]] = []
        self.disabled = False

    @property
    def value(self) -> V:
        """The value now; setting a different one tells every observer."""
        return self._value

    @value.setter
    def value(self, new: V) -> None:
        old = self._value
        if new == old:
            return
        self._value = new
        for handler in list(self._observers):
            handler({"name": "value", "old": old, "new": new, "owner": self})

    def observe(self, handler: Callable[[Change], None], names: str = "value") -> None:
        """Call ``handler(change)`` whenever the value changes (``change["new"]``, ``change["old"]``)."""
        if names != "value":
            raise ValueError(f"a setting tells changes of its value only, not of {names!r}")
        self._observers.append(handler)

    def __repr__(self) -> str:
        return f"Setting({self._value!r})"


W = TypeVar("W", bound=Observable)


def link(widget: W, setting: Observable) -> W:
    """Give ``widget`` the value of ``setting`` and keep the two equal both ways from now on; the
    widget, which takes the setting's place at the table, is returned."""
    widget.value = setting.value

    def to_setting(change: Change) -> None:
        setting.value = change["new"]

    def to_widget(change: Change) -> None:
        widget.value = change["new"]

    widget.observe(to_setting, names="value")
    setting.observe(to_widget, names="value")
    return widget
