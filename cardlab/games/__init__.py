"""The package's games, one folder each (``cleopatra``, ``trappola``, ``kirifu``), every part of a
game in its folder and declared once in its ``GAME`` (:class:`cardlab.registry.GameInfo`).

:data:`BUILTIN` is the one place that lists them; :mod:`cardlab.registry` imports each on first
look-up, and each registers itself. Shared code finds a game's parts through the registry.
"""

BUILTIN: tuple[str, ...] = ("cleopatra", "trappola", "kirifu")
"""The games of the package, in the order the registry lists them."""
