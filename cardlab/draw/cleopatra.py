"""The Cleopatra table as SVG, drawn from a :class:`cardlab.games.cleopatra.View`.

Every stack is face down with its count (nobody sees a hand in Cleopatra): Y's hand and won pile
at the top, X's at the bottom, the face-up pile in the middle. Clickable parts carry targets:
the pile ``"slap"`` and, when the reader may turn a card, their hand ``"turn"``.
``colour_split_svg`` draws the two 26-card halves of C2.
"""

from __future__ import annotations

from . import svg
from ..cards import Card, french_deck
from ..games.cleopatra import State, View

WIDTH, HEIGHT = 560, 400
WIDE_WIDTH = WIDTH  # the natural width of the wide layout (narrow: below it)
W = svg.CARD_W
WHITE = "#ffffff"
FLASH = "#f2c230"


def _seat(view: View, seat: int, y: float, name: str, turn_target: str | None) -> str:
    """A seat's face-down hand and won pile with counts and labels."""
    due = view.current_player == seat
    label = f"{name}'s hand" + (" (to play)" if due else "")
    parts = [svg.stack_g(view.hand_sizes[seat], 40, y, W, label=label, target=turn_target),
             svg.stack_g(view.won_sizes[seat], 40 + 1.9 * W, y, W, label=f"{name}'s won pile (C7)")]
    if due:
        parts.append(f'<rect x="34" y="{y - 6:g}" width="{W + 12:g}" height="{svg.card_h(W) + 12:g}" rx="6" '
                     f'fill="none" stroke="{FLASH}" stroke-width="3"/>')
    return "".join(parts)


def table_svg(state: State | View, *, reader: int | None = None, layout: str = "wide", lang: str = "en") -> str:
    """The table, with the players' names of the view. ``reader``: the seat whose hand is
    clickable (``"turn"``) when due; the pile is clickable (``"slap"``) whenever a reader is given."""
    view = state.view() if isinstance(state, State) else state
    names = view.players
    h = svg.card_h(W)
    over = bool(view.result)
    parts = []
    for seat, y in ((1, 26), (0, HEIGHT - h - 46)):
        target = "turn" if reader == seat and view.current_player == seat and not over else None
        parts.append(_seat(view, seat, y, names[seat], target))
    px, py = 300, HEIGHT / 2 - h / 2 - 6
    slap = "slap" if reader is not None and not over else None
    pile = list(view.pile)                   # the top card lies to the right of the one under it,
    parts.append(svg.fan_g(pile[:-1], px, py, W, target=slap))   # so that a pair shows
    if pile:
        parts.append(svg.card_g(pile[-1], px + 0.6 * W, py + 4, W, target=slap))
    parts.append(svg.text_g(f"pile: {len(view.pile)}" + (f" (+{view.under} face down)" if view.under else ""),
                            px + 0.8 * W, py + h + 30, size=13, anchor="middle", fill=WHITE))
    status = view.result or (f"step {view.step} · {names[view.current_player]} to play"
                             + (f", owes {view.owed}" if view.owed else ""))
    parts.append(svg.text_g(status, WIDTH - 16, 22, size=14, anchor="end", weight="bold", fill=WHITE,
                            cls="cardlab-cleo-status"))
    return svg.document(WIDTH, HEIGHT, "".join(parts), title="Cleopatra table")


def colour_split_svg(w: float = 36) -> str:
    """C2: the pack split into the red half (♥ ♦) and the black half (♠ ♣), 26 cards each."""
    deck = french_deck()
    halves: list[tuple[str, list[Card]]] = [("red: hearts and diamonds", [c for c in deck if c.color == "red"]),
                                            ("black: spades and clubs", [c for c in deck if c.color == "black"])]
    step = 0.62 * w
    row_w = svg.row_width(13, w, step)
    height = 2 * (2 * svg.card_h(w) + 46)
    body, y = [], 22
    for title, cards in halves:
        body.append(svg.text_g(title, 12, y, size=14, weight="bold", fill=WHITE))
        for i in range(2):
            body.append(svg.row_g(cards[13 * i:13 * i + 13], 12, y + 8 + i * (svg.card_h(w) + 6), w, step=step))
        y += 2 * svg.card_h(w) + 46
    return svg.document(row_w + 24, height, "".join(body), title="Cleopatra: the pack split by colour (C2)")

