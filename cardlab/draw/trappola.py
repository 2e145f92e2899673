"""The Trappola table as SVG, drawn from a :class:`cardlab.games.trappola.View`.

Drawing from a view (never from the state) means a table shown to a player cannot leak the
opponent's hand or the stock. Clickable elements carry the action text as their target
(``"play RC"``, ``"exchange"``, ``"keep"``, ``"declare A"``), so a widget only has to hand the
target to ``state.play``. ``pack_svg`` draws the 36-card pack with its suit names.
"""

from __future__ import annotations

from typing import Sequence

from . import svg
from ..cards import ITALIAN_SUIT_CZECH, ITALIAN_SUIT_ENGLISH, ITALIAN_SUITS, Card
from ..games.trappola import EXCHANGE, OVER, View
from ..games.trappola_scoring import RANKS, Trick

WIDTH, HEIGHT = 800, 500
WIDE_WIDTH = WIDTH  # the natural width of the wide layout (narrow: below it)
W = svg.CARD_W
SMALL = 32
WHITE = "#ffffff"
PALE = "#d7e8dc"


def _hand(view: View, seat: int, x: float, y: float, targets: bool) -> str:
    """A seat's hand: faces if visible, backs otherwise; legal cards marked and clickable."""
    cards = view.hands[seat]
    if cards is None:
        return svg.row_g([None] * view.hand_sizes[seat], x, y, W, step=0.45 * W)
    legal = set(view.legal) if targets and view.current_player == seat else set()
    texts = [f"play {c.ascii()}" for c in cards]
    return svg.row_g(list(cards), x, y, W, step=0.62 * W,
                     targets=[t if t in legal else None for t in texts],
                     marked=[i for i, t in enumerate(texts) if t in legal])


def _discards(view: View, seat: int, x: float, y: float) -> str:
    """T6: the hands a seat has discarded, face up."""
    hands = view.discards[seat]
    if not hands:
        return ""
    parts = [svg.text_g(f"discarded by {view.players[seat]}", x, y - 4, size=11, fill=PALE)]
    for i, hand in enumerate(hands):
        parts.append(svg.row_g(list(hand), x + i * 205, y, SMALL, step=0.55 * SMALL))
    return "".join(parts)


def _trick(view: View, x: float, y: float) -> str:
    parts = [svg.text_g("trick", x + W, y - 6, size=12, anchor="middle", fill=PALE)]
    for i, card in enumerate(view.trick):
        seat = view.leader if i == 0 else 1 - view.leader
        parts.append(svg.card_g(card, x + i * (W + 10), y + (0 if seat == view_seat(view) else -12), W))
    if view.tricks:
        last: Trick = view.tricks[-1]
        lx = x + 2 * W + 40
        parts.append(svg.text_g(f"last trick: {view.players[last.winner]}", lx, y - 6, size=11, fill=PALE))
        parts.append(svg.row_g(list(last.cards), lx, y, 40, step=44))
    return "".join(parts)


def view_seat(view: View) -> int:
    """The seat drawn at the bottom (the viewer; seat 0 for the all-seeing view)."""
    return 0 if view.player is None else view.player


def _piles(view: View, x: float, y: float) -> str:
    parts = []
    for row, seat in enumerate((1 - view_seat(view), view_seat(view))):
        won = [t for t in view.tricks if t.winner == seat]
        label = f"{view.players[seat]}: {len(won)} tricks, {view.deal_points[seat]} pts"
        parts.append(svg.stack_g(2 * len(won), x, y + row * 150, 46, label=label))
    return "".join(parts)


def _declarations(view: View, x: float, y: float) -> str:
    lines = []
    for seat, said, rank in view.declarations:
        shown = f" ({rank})" if rank and "aces" not in said else ""
        lines.append(f"{view.players[seat]} declares “{said}”{shown}")
    return "".join(svg.text_g(t, x, y + 16 * i, size=12, fill=WHITE, cls="declaration")
                   for i, t in enumerate(lines))


def _buttons(view: View, x: float, y: float) -> str:
    labels = {"exchange": "Exchange", "keep": "Keep"}
    parts, bx = [], x
    for action in view.legal:
        if action.startswith("play"):
            continue
        label = labels.get(action) or f"Declare {action.split()[1]}"
        parts.append(svg.button_g(label, bx, y, 108, 30, action))
        bx += 118
    return "".join(parts)


def _header(view: View) -> str:
    target = view.rules.target
    game = f"game {view.scores[0]}–{view.scores[1]}" + (f" (to {target})" if target else "")
    if view.phase == OVER:
        text = f"Game over: {view.players[0]} {view.scores[0]}, {view.players[1]} {view.scores[1]}"
    else:
        phase = "exchanges" if view.phase == EXCHANGE else f"trick {len(view.tricks) + 1} of 9"
        text = (f"Deal {view.deal + 1} · dealer {view.players[view.dealer]} · {phase} · "
                f"{view.players[view.current_player]} to move · {game}")
    return svg.text_g(text, 16, 18, size=13, weight="bold", fill=WHITE, cls="status")


def table_svg(view: View, *, clickable: bool = True, layout: str = "wide", lang: str = "en") -> str:
    """The whole table seen by ``view.player``: the opponent's hand at the top, the viewer's at the
    bottom, the stock, the trick and the last trick, both trick piles with the running points,
    the discarded hands, the declarations, and buttons for the legal non-card actions."""
    me = view_seat(view)
    body = [_header(view),
            svg.text_g(view.players[1 - me], 16, 40, size=12, fill=PALE),
            _hand(view, 1 - me, 16, 46, clickable),
            _discards(view, 1 - me, 380, 62),
            svg.stack_g(view.stock_size, 16, 170, 50, label="stock"),
            _trick(view, 110, 172),
            _piles(view, 690, 120),
            _declarations(view, 110, 290),
            svg.text_g(view.players[me], 16, 352, size=12, fill=PALE),
            _hand(view, me, 16, 358, clickable),
            _discards(view, me, 380, 374),
            _buttons(view, 16, 456) if clickable else ""]
    return svg.document(WIDTH, HEIGHT, "".join(body), title=f"Trappola, deal {view.deal + 1}")


def pack_svg(ranks: Sequence[str] = RANKS) -> str:
    """The 36-card Trappola pack, one suit a row, labelled with the Italian, Czech and English names."""
    step, label_w = 0.75 * W, 150
    body = []
    for row, suit in enumerate(ITALIAN_SUITS):
        y = 12 + row * (svg.card_h(W) + 14)
        body.append(svg.text_g(suit, 12, y + 30, size=14, weight="bold", fill=WHITE))
        body.append(svg.text_g(f"{ITALIAN_SUIT_CZECH[suit]} · {ITALIAN_SUIT_ENGLISH[suit]}", 12, y + 50,
                               size=12, fill=PALE))
        body.append(svg.row_g([Card(r, suit) for r in ranks], label_w, y, W, step=step))
    width = label_w + svg.row_width(len(ranks), W, step) + 12
    return svg.document(width, 12 + 4 * (svg.card_h(W) + 14), "".join(body),
                        title="The Trappola pack: 36 cards, A R C F 10 9 8 7 2 in four Italian suits")


def sheets_html(view: View) -> str:
    """Every finished deal's score sheet side by side as an HTML table, with the game totals
    (T15, T16); names and every other text escaped."""
    if not view.sheets:
        return ""
    import pandas as pd
    frames = {f"deal {s.deal + 1}": s.frame(view.players) for s in view.sheets}
    table = pd.concat(frames, axis=1)
    totals = " – ".join(f"{n} {v}" for n, v in zip(view.players, view.scores))
    return (f"<b>Score sheets</b> (game: {svg.esc(totals)})"
            + table.to_html(classes="cardlab-sheet-table", escape=True))
