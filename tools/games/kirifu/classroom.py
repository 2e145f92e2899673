"""How the browser benchmark (:mod:`tools.bench.browser`) plays Kirifu's table on the classroom page."""

from __future__ import annotations

from tools.bench.browser import PageTable


def kirifu_reader(targets: list[str], drawing: str) -> str | None:
    """Cut the card passed when a cutter is marked, else take it in; pass the first card of the
    hand (a chosen card is passed)."""
    for prefix in ("cut ", "take ", "passed:"):
        found = next((t for t in targets if t.startswith(prefix)), None)
        if found:
            return found
    if "btn:pass" in targets and "cardlab-card selected" in drawing:
        return "btn:pass"
    return next((t for t in targets if t.startswith("hand:")), None)


TABLES = (PageTable("Kirifu", ".cardlab-kirifu", kirifu_reader),)
