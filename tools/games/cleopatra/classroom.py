"""How the browser benchmark (:mod:`tools.bench.browser`) plays Cleopatra's tables on the classroom
page: the table against the computer, the replay of the source's sample (not played) and the
table for two at one keyboard."""

from __future__ import annotations

from tools.bench.browser import PageTable


def cleopatra_reader(targets: list[str], drawing: str) -> str | None:
    """Turn a card whenever it is yours to turn (the computer turns its own after a pause)."""
    return "turn" if "turn" in targets else None


def duo_reader(targets: list[str], drawing: str) -> str | None:
    """Two people at one keyboard: the one due turns a card with their key (A left, K right)."""
    for name, key in (("Left", "a"), ("Right", "k")):
        if f">{name} to play<" in drawing:
            return f"key:{key}"
    return None


TABLES = (PageTable("Cleopatra", ".cardlab-cleopatra", cleopatra_reader),
          PageTable("Cleopatra replay", ".cardlab-cleopatra-replay"),
          PageTable("Cleopatra for two", ".cardlab-cleopatra-duo", duo_reader))
