"""What a notebook's stored output shows of a widget: one line in the reader's language.

A widget's output holds its live view and a plain-text line beside it (``text/plain``). The kit's
notebooks are stored without the live views (:data:`cardlab.notebook_files.WIDGET_VIEW`, issue 39),
so that line is all a reader sees of a table before running the notebook; ipywidgets makes it from
``repr``, which is for developers and in English. A widget that mixes in :class:`StoredLine` shows
instead the line of its kind from :data:`cardlab.words.STORED` in its ``lang`` ("A card table: run
the notebook to play." / 「カードの台：ノートブックを実行すると遊べます。」); ``repr`` stays as it is."""

from __future__ import annotations

from typing import Any

from ..words import STORED


class StoredLine:
    """Mixed in before the widget class: the output's plain text is the reader's line of the widget's
    kind (:attr:`stored_as`, a key of :data:`cardlab.words.STORED`) in its ``lang``."""

    #: the kind of widget, a key of :data:`cardlab.words.STORED`
    stored_as: str = "table"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None:
            lang: str = getattr(self, "lang")      # an attribute or a property of the widget
            bundle["text/plain"] = STORED.say(lang, self.stored_as)
        return bundle
