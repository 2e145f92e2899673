"""How the browser benchmark (:mod:`tools.bench.browser`) plays Trappola's table on the classroom page."""

from __future__ import annotations

from tools.bench.browser import PageTable


def trappola_reader(targets: list[str], drawing: str) -> str | None:
    """Go on to the next deal, keep the hand dealt, else play the first card that may be played."""
    for wanted in ("next", "keep"):
        if wanted in targets:
            return wanted
    return next((t for t in targets if t.startswith("play ")), None)


TABLES = (PageTable("Trappola", ".cardlab-trappola", trappola_reader),)
