"""The package's games, one folder each (``cleopatra``, ``trappola``, ``kirifu``), every part of a
game in its folder and declared once in its ``GAME`` (:class:`cardlab.registry.GameInfo`).

:data:`BUILTIN` is the one place that lists them (and :data:`WIDGETS` the one that names their
tables for :mod:`cardlab.widgets`); :mod:`cardlab.registry` imports each on first
look-up, and each registers itself. Shared code finds a game's parts through the registry.
"""

BUILTIN: tuple[str, ...] = ("cleopatra", "trappola", "kirifu")
"""The games of the package, in the order the registry lists them."""

WIDGETS: dict[str, str] = {
    "CleopatraTable": "cleopatra.table", "CleopatraReplay": "cleopatra.table",
    "TrappolaTable": "trappola.table", "KirifuTable": "kirifu.table",
}
"""The games' widgets that :mod:`cardlab.widgets` offers under their public name (``from
cardlab.widgets import CleopatraTable``), and the module of this folder each is defined in:
imported when first asked for, so that importing ``cardlab.widgets`` imports no game."""
