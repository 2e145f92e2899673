"""The Kirifu table as SVG, drawn from a :class:`cardlab.games.kirifu.View`.

Drawing from a view means a table shown to a player cannot leak the other hands or the stock.
The viewer sits at the bottom, the others along the top in turn order. Clickable elements carry
targets the table widget understands: ``passed:9H`` (choose a passed card), the action text
itself (``cut 9H with 10H``, ``take 9H``), ``hand:7S`` (choose a card to pass) and the buttons
``btn:pass``, ``btn:osoroi``, ``btn:send``. Japanese terms stand beside the English ones.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from . import svg
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..game import TERMINAL
from ..games.kirifu import RECEIVE, Drew, View, describe, place_text

WIDTH, HEIGHT = 820, 560
WIDE_WIDTH = WIDTH  # the natural width of the wide layout (narrow: below it)
W = svg.CARD_W
SMALL = 34
WHITE, PALE, GOLD = "#ffffff", "#d7e8dc", "#f2c230"
LEGEND = "切る cut · おもらい omorai (take in) · おそろい osoroi (set) · 山札 stock"


def _seats(view: View) -> tuple[int, list[int]]:
    n = len(view.counts)
    me = view.player if view.player is not None else (view.current_player if view.current_player != TERMINAL else 0)
    return me, [(me + k) % n for k in range(1, n)]


def _status(view: View, seat: int) -> str:
    if seat in view.finished:
        place = view.finished.index(seat) + 1
        return f"{'last' if place == len(view.counts) else 'out'}: {place_text(place)}"
    return "to play ▶" if seat == view.current_player else ""


def _opponent(view: View, seat: int, x: float, y: float, width: float) -> str:
    count = view.counts[seat]
    cards: Sequence[Card | None] = view.hands[seat] if view.hands[seat] is not None else [None] * count
    step = min(0.45 * SMALL, (width - SMALL - 8) / max(1, count - 1))
    colour = GOLD if seat == view.current_player else WHITE
    parts = [svg.text_g(f"{view.players[seat]} · {count} cards", x, y, size=13, weight="bold", fill=colour),
             svg.text_g(_status(view, seat), x + width - 8, y, size=12, anchor="end", fill=colour)]
    if count:
        parts.append(f'<g class="kirifu-seat" data-seat="{seat}" data-count="{count}">'
                     + svg.row_g(list(cards), x, y + 8, SMALL, step=step) + "</g>")
    known = view.known[seat]
    if known and view.hands[seat] is None:
        parts.append(svg.text_g("known: " + " ".join(map(str, known)), x, y + 72, size=11, fill=PALE))
    return "".join(parts)


def _passed(view: View, selected: Card | None, x: float, y: float) -> str:
    """The cards on their way to the current player: clickable when the viewer must answer."""
    if not view.passed and not view.taken:
        return ""
    mine = view.current_player == view.player and view.phase == RECEIVE
    who = "you" if mine else view.players[view.current_player]
    cards = list(view.passed) + list(view.taken)
    targets = [f"passed:{c.ascii()}" if mine and c in view.passed else None for c in cards]
    return (svg.text_g(f"passed to {who} · 渡されたカード", x, y - 20, size=13, fill=WHITE)
            + svg.row_g(cards, x, y, W, step=W + 8, targets=targets,
                        selected=[i for i, c in enumerate(cards) if c == selected],
                        dimmed=range(len(view.passed), len(cards))))


def _hand(view: View, me: int, legal: set[str], passed: Card | None, chosen: set[Card],
          x: float, y: float) -> str:
    cards = view.hands[me]
    if cards is None:
        return svg.row_g([None] * view.counts[me], x, y, W, step=0.45 * W)
    if passed is not None and view.phase == RECEIVE:  # cutting: the cutters of the chosen passed card
        texts = [f"cut {passed.ascii()} with {c.ascii()}" for c in cards]
        targets = [t if t in legal else None for t in texts]
    else:
        can_pass = any(t.startswith(("pass ", "osoroi ")) for t in legal)
        targets = [f"hand:{c.ascii()}" if can_pass else None for c in cards]
    step = min(0.75 * W, (WIDTH - 40 - W) / max(1, len(cards) - 1))
    return svg.row_g(list(cards), x, y, W, step=step, targets=targets,
                     marked=[i for i, t in enumerate(targets) if t and t.startswith("cut ")],
                     selected=[i for i, c in enumerate(cards) if c in chosen])


def _buttons(view: View, legal: set[str], passed: Card | None, y: float) -> str:
    if not legal:
        return ""
    if view.phase == RECEIVE:
        if passed is None:
            return svg.text_g("choose a passed card, then a cutter from your hand, or take it", 20, y + 20,
                              size=13, fill=WHITE)
        take = f"take {passed.ascii()}"
        return (svg.button_g(f"take {passed} · おもらい", 20, y, 190, 30, take, enabled=take in legal)
                + svg.text_g("or click a marked card to cut 切る", 225, y + 20, size=13, fill=WHITE))
    osoroi = any(t.startswith("osoroi") for t in legal)
    return (svg.button_g("pass 1 card · 渡す", 20, y, 170, 30, "btn:pass", enabled="send" not in legal)
            + svg.button_g("add osoroi · おそろい", 200, y, 190, 30, "btn:osoroi", enabled=osoroi)
            + svg.button_g("send · 送る", 400, y, 120, 30, "btn:send", enabled="send" in legal))


def _log(view: View, x: float, y: float, lines: int = 7) -> str:
    shown = [e for e in view.events if not isinstance(e, Drew)][-lines:]
    parts = [svg.text_g("latest", x, y, size=12, weight="bold", fill=PALE)]
    for i, event in enumerate(shown):
        parts.append(svg.text_g(describe(event, view.players), x, y + 17 * (i + 1), size=11.5, fill=WHITE,
                                cls="kirifu-log"))
    return "".join(parts)


def table_svg(view: View, *, legal: Iterable[str] = (), passed: Card | None = None,
              chosen: Iterable[Card] = (), layout: str = "wide", lang: str = "en") -> str:
    """The whole table seen by ``view.player``. ``legal``: the viewer's legal action texts (empty
    when it is not the viewer's turn); ``passed``: the passed card the viewer has chosen to
    answer; ``chosen``: hand cards the viewer has selected to pass. (The table's messages are shown
    under the drawing, by the widget.)"""
    legal, chosen = set(legal), set(chosen)
    me, others = _seats(view)
    world = f"world 世界: {SUIT_SYMBOLS[view.world]} {SUIT_NAMES[view.world]}"
    parts = [svg.text_g(world, 20, 24, size=16, weight="bold", fill=GOLD, cls="kirifu-world"),
             svg.text_g(f"{view.rules.name} · {len(view.counts)} players", WIDTH - 20, 24, size=12,
                        anchor="end", fill=PALE),
             svg.text_g(LEGEND, 250, 24, size=11.5, fill=PALE, cls="kirifu-legend")]
    width = (WIDTH - 40) / max(1, len(others))
    for i, seat in enumerate(others):
        parts.append(_opponent(view, seat, 20 + i * width, 52, width))
    parts.append(svg.stack_g(view.stock, 20, 160, W, label="stock 山札"))
    parts.append(svg.fan_g(list(view.discard), 105, 160, W))
    parts.append(svg.text_g(f"discard · 捨て札 {len(view.discard)}", 130, 290, size=11, anchor="middle", fill=PALE))
    parts.append(_passed(view, passed, 200, 175))
    if view.chosen:
        parts.append(svg.text_g(f"osoroi for {view.players[view.receiver]} · おそろい", 200, 155,
                                size=13, fill=WHITE)
                     + svg.row_g(list(view.chosen), 200, 175, W, step=0.62 * W))
    parts.append(_log(view, 520, 160))
    name = "you" if view.player == me else view.players[me]
    colour = GOLD if me == view.current_player else WHITE
    parts.append(svg.text_g(f"{name} · {view.counts[me]} cards", 20, 338, size=14, weight="bold", fill=colour))
    parts.append(svg.text_g(_status(view, me), 240, 338, size=13, fill=colour, cls="kirifu-status"))
    parts.append(_hand(view, me, legal, passed, chosen, 20, 370))
    parts.append(_buttons(view, legal, passed, 480))
    if view.finished:
        order = ", ".join(f"{place_text(i + 1)} {view.players[p]}" for i, p in enumerate(view.finished))
        parts.append(svg.text_g("finishing order: " + order, 20, 540, size=13, weight="bold", fill=GOLD,
                                cls="kirifu-places"))
    return svg.document(WIDTH, HEIGHT, "".join(parts), title=f"Kirifu table, {world}")
