"""A game's events as a pandas table (:func:`cardlab.records.to_frame`): one row per event, one
column per field of any event. An event has only some of the fields, so most cells are missing;
the table shows a missing cell blank, not as ``NaN``, and whole numbers as whole numbers (a seat
``1``, not ``1.0``), while the cells stay missing for pandas (``isna``, ``dropna``, sums)."""

from __future__ import annotations

from typing import Any

import pandas as pd

__all__ = ["EventFrame"]


class EventFrame(pd.DataFrame):
    """A DataFrame of events, drawn with blank cells where an event has no such field."""

    @property
    def _constructor(self) -> Any:
        return EventFrame

    def shown(self) -> pd.DataFrame:
        """The table as it is drawn: a plain DataFrame of the same cells, a missing one as ``""``."""
        return pd.DataFrame(self.astype(object).where(self.notna(), ""))

    def __repr__(self) -> str:
        return repr(self.shown())

    def _repr_html_(self) -> str | None:
        return self.shown()._repr_html_()


def event_frame(rows: list[dict[str, Any]]) -> EventFrame:
    """The rows (plain dicts, one per event) as an :class:`EventFrame`, each column in pandas'
    nullable type (so a column of seats with gaps stays whole numbers)."""
    return EventFrame(pd.DataFrame(rows).convert_dtypes())
