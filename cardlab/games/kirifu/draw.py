"""The Kirifu table as SVG, drawn from a :class:`cardlab.games.kirifu.View`, and its log and
places sheet as HTML.

Drawing from a view means a table shown to a player cannot leak the other hands or the stock.
The viewer sits at the bottom, the others in framed panels along the top in turn order. Two
layouts: ``"wide"`` (:data:`WIDE_WIDTH` units, the others side by side) and ``"narrow"``
(:data:`NARROW_WIDTH` units, the others two to a row). Every text is at least :data:`MIN_TEXT`
units in both, card faces included: face-up cards are :data:`CW` wide (at least
``svg.READABLE_W``); the others' hidden hands are face-down stacks with a count badge.

Clickable elements carry targets the table widget understands: ``passed:9H`` (choose a passed
card), the action text itself (``cut 9H with 10H``, ``take 9H``), ``hand:7S`` (choose a card to
pass) and the buttons ``btn:pass``, ``btn:osoroi``, ``btn:send``; each has an accessible name
("take 4♠ (omorai)", "cut 9♥ with 10♥", "queen of hearts"). Motion keys: face-up cards by card,
the stock ``stock``, the discard heap ``discard``, a hidden hand ``seat:2``. Words come from
:mod:`cardlab.games.kirifu.words` (``lang``).
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Iterable, Sequence

from cardlab.draw import svg
from cardlab.cards import SUIT_SYMBOLS, Card
from cardlab.game import TERMINAL
from .engine import RECEIVE, Cut, Grouped, Omorai, Passed, View
from .moves import RANK_VALUE
from .words import card_name, narrate, place_name, say, suit_name

WIDE_WIDTH = 900      # the natural width of the wide layout (narrow: below it)
NARROW_WIDTH = 680    # the narrow layout: shown at 700 px and up without shrinking
MIN_TEXT = svg.MIN_TEXT  # no text smaller (user units = CSS px at the natural size)
CW = svg.CARD_W       # face-up cards: every text of a face is at least MIN_TEXT units
CH = svg.card_h(CW)
BACK = 60             # a hidden hand's face-down stack: its count badge is 11.2 units
M = 20                # the margin
GAP = 10              # between the others' panels
WHITE, PALE, GOLD, PANEL = "#ffffff", "#d7e8dc", "#f2c230", "#285d3c"
ROW_DY = 34           # a second row of a face-up hand lies this far below the first (indices show)
MIN_STEP = 20         # the least step of an overlapping row: the corner index stays readable
BUTTON_H = 34
HINT_ROOM = 44        # with annotations: room above a (raised) choice for its badge (2 lines)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of the width of ``text`` at ``size`` in the tables' sans-serif font."""
    em = 0.0
    for ch in text:
        if ord(ch) >= 0x2E80:
            em += 1.0                       # kana, kanji, full-width punctuation
        elif ch == " ":
            em += 0.33
        elif ch in "♠♥♦♣▶·★":
            em += 0.8
        elif ch.isupper() or ch.isdigit():
            em += 0.7
        else:
            em += 0.6
    return em * size * (1.1 if bold else 1.0)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` (between words; inside a word only when it alone
    is too wide, as Japanese is)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size, bold) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and text_width(line + ch, size, bold) > width:
                lines.append(line)
                line = ""
            line += ch
    return lines + [line] if line else lines


def sort_hand(cards: Iterable[Card], world: str) -> tuple[Card, ...]:
    """A hand sorted by suit (♠ ♥ ♦ ♣, the world suit last, jokers after), then rank 2 … A."""
    suits = [s for s in SUIT_SYMBOLS if s != world] + [world]
    return tuple(sorted(cards, key=lambda c: (len(suits), 0) if c.is_joker
                        else (suits.index(c.suit), RANK_VALUE[c.rank])))


def _seats(view: View) -> tuple[int, list[int]]:
    n = len(view.counts)
    me = view.player if view.player is not None else (view.current_player if view.current_player != TERMINAL else 0)
    return me, [(me + k) % n for k in range(1, n)]


class _Table:
    """One drawing of the table: the view, the words' language, the width; areas drawn top down."""

    def __init__(self, view: View, lang: str, width: int, legal: set[str],
                 annotations: svg.Annotations | None) -> None:
        self.view, self.lang, self.width, self.legal = view, lang, width, legal
        self.annotations = annotations
        self.room = HINT_ROOM if annotations is not None else 0   # above the rows of choices: the badges
        self.me, self.others = _seats(view)
        self.mine = view.current_player == view.player and bool(legal)

    def say(self, key: str, **fields: object) -> str:
        return say(self.lang, key, **fields)

    def name(self, seat: int) -> str:
        return self.say("you_lower") if seat == self.view.player else self.view.players[seat]

    def status(self, seat: int) -> str:
        """A seat's status: its place once out, "to play" on its turn."""
        view = self.view
        if seat in view.finished:
            place = view.finished.index(seat) + 1
            return self.say("last" if place == len(view.counts) else "out", place=place_name(place, self.lang))
        return self.say("to_play") if seat == view.current_player else ""

    def lines(self, text: str, x: float, y: float, size: float, width: float, step: float, **style: object) -> tuple[str, float]:
        """``text`` wrapped to ``width`` from baseline ``y``; returns the SVG and the next baseline."""
        parts = []
        for line in wrap(text, size, width, style.get("weight") == "bold"):
            parts.append(svg.text_g(line, x, y, size=size, **style))
            y += step
        return "".join(parts), y

    # --- areas, top down: each returns its SVG and the y below it ---------------------------------
    def header(self) -> tuple[str, float]:
        view = self.view
        world = self.say("world", symbol=SUIT_SYMBOLS[view.world], suit=suit_name(view.world, self.lang))
        self.world = world
        rules = self.say("players", rules=view.rules.name, n=len(view.counts))
        parts = [svg.text_g(world, M, 28, size=18, weight="bold", fill=GOLD, cls="kirifu-world")]
        if text_width(world, 18, True) + text_width(rules, 13) + 30 <= self.width - 2 * M:
            parts.append(svg.text_g(rules, self.width - M, 28, size=13, anchor="end", fill=PALE))
            return "".join(parts), 40
        parts.append(svg.text_g(rules, M, 50, size=13, fill=PALE))
        return "".join(parts), 60

    def opponents(self, y: float) -> tuple[str, float]:
        n = len(self.others)
        hidden = all(self.view.hands[seat] is None for seat in self.others)
        cols = n if self.width >= WIDE_WIDTH or (hidden and n == 3) else min(2, n)
        pw = (self.width - 2 * M - (cols - 1) * GAP) / cols
        parts = []
        for row in range(-(-n // cols)):
            seats = self.others[row * cols:(row + 1) * cols]
            height = max(self._panel_height(seat, pw) for seat in seats)
            for i, seat in enumerate(seats):
                parts.append(self._panel(seat, M + i * (pw + GAP), y, pw, height))
            y += height + GAP
        return "".join(parts), y

    def _rows(self, count: int, width: float) -> tuple[int, float]:
        """How many cards go in one row of a face-up hand ``width`` wide, and their step."""
        per_row = max(1, int((width - CW) // MIN_STEP) + 1)
        shown = min(count, per_row)
        step = min(0.62 * CW, (width - CW) / max(1, shown - 1))
        return per_row, step

    def _panel_height(self, seat: int, pw: float) -> float:
        cards = self.view.hands[seat]
        if cards is None:
            lines = len(self._side_lines(seat, pw))
            return 56 + max(svg.card_h(BACK) + 8, 16 * lines) + 10
        per_row, _ = self._rows(len(cards), pw - 20)
        rows = max(1, -(-len(cards) // per_row))
        return 56 + CH + (rows - 1) * ROW_DY + 10

    def _side_lines(self, seat: int, pw: float) -> list[str]:
        """Beside a hidden hand: the cards it is known to hold (taken in), and its last move."""
        view, width = self.view, pw - BACK - 40
        lines = []
        if view.known[seat]:
            lines += [self.say("known")] + wrap(" ".join(map(str, view.known[seat])), 12, width)
        last = next((e for e in reversed(view.events) if getattr(e, "player", None) == seat
                     and isinstance(e, (Passed, Grouped, Cut, Omorai))), None)
        if last is not None:
            told = narrate(last, view.players, self.lang).removeprefix(f"{view.players[seat]}: ")
            lines += [self.say("last_move")] + wrap(told, 12, width)
        return lines

    def _panel(self, seat: int, x: float, y: float, pw: float, ph: float) -> str:
        view = self.view
        count = view.counts[seat]
        turn = seat == view.current_player
        colour = GOLD if turn else WHITE
        parts = [f'<g class="kirifu-seat" data-seat="{seat}">'
                 f'<rect x="{svg.num(x)}" y="{svg.num(y)}" width="{svg.num(pw)}" height="{svg.num(ph)}" rx="8"'
                 f' fill="{PANEL}" stroke="{GOLD if turn else PALE}" stroke-opacity="{1 if turn else 0.4}"'
                 f' stroke-width="{2 if turn else 1}"/>',
                 svg.text_g(self.say("seat", name=view.players[seat], n=count), x + 10, y + 20, size=14,
                            weight="bold", fill=colour),
                 svg.text_g(self.status(seat), x + 10, y + 40, size=13, fill=colour, cls="kirifu-status")]
        cards = view.hands[seat]
        if cards is None:
            parts.append(svg.stack_g(count, x + 10, y + 56, BACK, key=f"seat:{seat}"))
            for i, line in enumerate(self._side_lines(seat, pw)):
                parts.append(svg.text_g(line, x + BACK + 30, y + 68 + 16 * i, size=12, fill=PALE))
        else:
            per_row, step = self._rows(len(cards), pw - 20)
            ordered = sort_hand(cards, view.world)
            for r in range(0, len(cards), per_row):
                chunk = list(ordered[r:r + per_row])
                parts.append(svg.row_g(chunk, x + 10, y + 56 + ROW_DY * (r // per_row), CW, step=step))
        parts.append("</g>")
        return "".join(parts)

    def middle(self, y: float, selected: Card | None) -> tuple[str, float]:
        """The stock, the discard heap, and the cards on their way (passed, or an osoroi being built)."""
        view = self.view
        top = y + 36 + self.room
        parts = [svg.stack_g(view.stock, M, top, CW, key="stock"),
                 svg.text_g(self.say("stock"), M + CW / 2, top + CH + 24, size=12, anchor="middle", fill=PALE),
                 svg.fan_g(list(view.discard), M + CW + 46, top, CW, key="discard"),
                 svg.text_g(self.say("discard", n=len(view.discard)), M + 1.5 * CW + 46, top + CH + 24, size=12,
                            anchor="middle", fill=PALE)]
        x = M + 2 * CW + 80
        avail = self.width - M - x
        receiving = view.current_player == view.player and view.phase == RECEIVE
        if view.passed or view.taken:
            who = self.name(view.current_player)
            cards = list(view.passed) + list(view.taken)
            targets = [f"passed:{c.ascii()}" if receiving and c in view.passed else None for c in cards]
            labels = [self.say("passed_name", card=c) for c in cards]
            parts.append(svg.text_g(self.say("passed_to", name=who), x, y + 16, size=13, fill=WHITE))
            parts.append(svg.row_g(cards, x, top, CW, step=min(CW + 10, (avail - CW) / max(1, len(cards) - 1)),
                                   targets=targets, labels=labels,
                                   selected=[i for i, c in enumerate(cards) if c == selected],
                                   dimmed=range(len(view.passed), len(cards)), annotations=self.annotations))
        elif view.chosen:
            cards = list(view.chosen)
            parts.append(svg.text_g(self.say("osoroi_for", name=self.name(view.receiver)), x, y + 16, size=13,
                                    fill=WHITE))
            parts.append(svg.row_g(cards, x, top, CW, step=min(0.8 * CW, (avail - CW) / max(1, len(cards) - 1))))
        return "".join(parts), top + CH + 34

    def hand(self, y: float, passed: Card | None, chosen: set[Card], order: Sequence[Card] | None) -> tuple[str, float]:
        """The viewer's hand: the cutters of the chosen passed card marked, or the cards to pass."""
        view, me = self.view, self.me
        name = self.say("you") if view.player == me else view.players[me]
        colour = GOLD if me == view.current_player else WHITE
        title = self.say("seat", name=name, n=view.counts[me])
        parts = [svg.text_g(title, M, y + 18, size=15, weight="bold", fill=colour),
                 svg.text_g(self.status(me), M + text_width(title, 15, True) + 16, y + 18, size=14, fill=colour,
                            cls="kirifu-status")]
        top = y + 40 + self.room
        shown = view.hands[me]
        if shown is None:
            parts.append(svg.stack_g(view.counts[me], M, top, BACK, key=f"seat:{me}"))
            return "".join(parts), top + CH + 16
        cards = list(order) if order is not None else list(sort_hand(shown, view.world))
        if not cards:
            return "".join(parts), top
        if passed is not None and view.phase == RECEIVE:  # cutting: the cutters of the chosen passed card
            texts = [f"cut {passed.ascii()} with {c.ascii()}" for c in cards]
            targets = [t if t in self.legal else None for t in texts]
            labels = [self.say("cut_name", card=passed, cutter=c) if t else card_name(c, self.lang)
                      for c, t in zip(cards, targets)]
        else:
            can_pass = any(t.startswith(("pass ", "osoroi ")) for t in self.legal)
            targets = [f"hand:{c.ascii()}" if can_pass else None for c in cards]
            labels = [card_name(c, self.lang) for c in cards]
        step = min(0.8 * CW, (self.width - 2 * M - CW) / max(1, len(cards) - 1))
        parts.append(svg.row_g(cards, M, top, CW, step=step, targets=targets, labels=labels,
                               marked=[i for i, t in enumerate(targets) if t and t.startswith("cut ")],
                               selected=[i for i, c in enumerate(cards) if c in chosen], annotations=self.annotations))
        return "".join(parts), top + CH + 16

    def buttons(self, y: float, passed: Card | None) -> tuple[str, float]:
        """The buttons of the reader's decision (each shows its key) and the prompt of the moment."""
        view, legal = self.view, self.legal
        if not self.mine:
            return "", y
        if view.phase == RECEIVE:
            buttons = []
            if passed is not None:
                take = f"take {passed.ascii()}"
                buttons.append((self.say("take", card=passed), take, take in legal, self.say("take_name", card=passed)))
            if passed is None:
                prompt = self.say("ask_receive")
            elif any(t.startswith(f"cut {passed.ascii()} ") for t in legal):
                prompt = self.say("ask_answer", card=passed)
            else:
                prompt = self.say("ask_take", card=passed)
        else:
            osoroi = any(t.startswith("osoroi") for t in legal)
            buttons = [(self.say("pass"), "btn:pass", "send" not in legal, None),
                       (self.say("osoroi"), "btn:osoroi", osoroi, None),
                       (self.say("send"), "btn:send", "send" in legal, None)]
            prompt = self.say("ask_send" if "send" in legal else "ask_pass")
        parts = []
        x = M
        y += self.room if buttons and view.phase == RECEIVE else 0   # the coach's label on Take
        for text, target, enabled, label in buttons:
            w = text_width(text, 15, True) + 28
            if x > M and x + w > self.width - M:
                x, y = M, y + BUTTON_H + 10
            parts.append(svg.button_g(text, x, y, w, BUTTON_H, target, enabled=enabled, name=label,
                                      annotations=self.annotations))
            x += w + 12
        if buttons:
            y += BUTTON_H + 24
        else:
            y += 14
        text, y = self.lines(prompt, M, y, 13, self.width - 2 * M, 18, fill=WHITE, cls="kirifu-prompt")
        return "".join(parts) + text, y

    def footer(self, y: float) -> tuple[str, float]:
        view = self.view
        parts = []
        if view.finished:
            order = self.say("order_sep").join(f"{place_name(i + 1, self.lang)} {self.name(p)}" for i, p in enumerate(view.finished))
            text, y = self.lines(self.say("order", order=order), M, y + 10, 14, self.width - 2 * M, 20,
                                 weight="bold", fill=GOLD, cls="kirifu-places")
            parts.append(text)
        text, y = self.lines(self.say("legend"), M, y + 6, 12, self.width - 2 * M, 17, fill=PALE, cls="kirifu-legend")
        return "".join(parts) + text, y


def table_svg(view: View, *, legal: Iterable[str] = (), passed: Card | None = None,
              chosen: Iterable[Card] = (), layout: str = "wide", lang: str = "en",
              order: Sequence[Card] | None = None, annotations: svg.Annotations | None = None) -> str:
    """The whole table seen by ``view.player`` in ``layout`` (``"wide"``: :data:`WIDE_WIDTH` units,
    ``"narrow"``: :data:`NARROW_WIDTH`) and ``lang``. ``legal``: the viewer's legal action texts
    (empty when it is not the viewer's turn); ``passed``: the passed card the viewer has chosen to
    answer; ``chosen``: hand cards the viewer has selected to pass; ``order``: the viewer's hand in
    the order to draw it (default :func:`sort_hand`); ``annotations``
    (:class:`cardlab.draw.svg.Annotations`, the coach's hints): room above the choices, each badge
    over the card or button of its target, the strip under the table. The table's messages are
    shown under the drawing, by the widget."""
    if layout not in ("wide", "narrow"):
        raise ValueError(f"layout must be 'wide' or 'narrow', not {layout!r:.20}")
    table = _Table(view, lang, WIDE_WIDTH if layout == "wide" else NARROW_WIDTH, set(legal), annotations)
    header, y = table.header()
    others, y = table.opponents(y)
    middle, y = table.middle(y, passed)
    hand, y = table.hand(y, passed, set(chosen), order)
    buttons, y = table.buttons(y, passed)
    footer, y = table.footer(y)
    return svg.document(table.width, y + 4, header + others + middle + hand + buttons + footer,
                        title=say(lang, "title", world=table.world), annotations=annotations)


def log_html(view: View, you: int | None, lang: str = "en") -> str:
    """Every public event of the game so far as HTML, newest first, the moves of seat ``you`` marked
    (class ``mine`` and ▶); scrollable once it is long."""
    rows = []
    for i, event in reversed(list(enumerate(view.events))):
        mine = getattr(event, "player", None) == you
        text = html.escape(narrate(event, view.players, lang))
        rows.append(f'<li class="{"mine" if mine else "other"}" style="{"font-weight:bold;" if mine else ""}'
                    f'list-style:none;margin:0;padding:1px 0">{"▶ " if mine else ""}{i + 1}. {text}</li>')
    return (f'<div class="cardlab-kirifu-log" style="max-height:12em;overflow-y:auto;overflow-x:hidden;'
            f'overflow-wrap:anywhere;border:1px solid #2f6b45;border-radius:6px;padding:4px 8px;font-size:13px">'
            f'<b>{html.escape(say(lang, "log"))}</b><ul style="margin:2px 0;padding:0">{"".join(rows)}</ul></div>')


def places_html(view: View, lang: str = "en") -> str:
    """The places sheet of a finished game: place, player, cards cut, taken in and passed."""
    cuts = Counter(e.player for e in view.events if isinstance(e, Cut))
    taken = Counter(e.player for e in view.events if isinstance(e, Omorai))
    passed: Counter[int] = Counter()
    for e in view.events:
        if isinstance(e, Passed):
            passed[e.player] += len(e.cards)
    head = "".join(f'<th style="padding:2px 10px;text-align:left">{html.escape(say(lang, k))}</th>'
                   for k in ("col_place", "col_player", "col_cuts", "col_taken", "col_passed"))
    rows = "".join(f"<tr><td style='padding:2px 10px'>{place_name(i + 1, lang)}</td>"
                   f"<td style='padding:2px 10px'>{html.escape(view.players[p])}</td>"
                   f"<td style='padding:2px 10px'>{cuts[p]}</td><td style='padding:2px 10px'>{taken[p]}</td>"
                   f"<td style='padding:2px 10px'>{passed[p]}</td></tr>" for i, p in enumerate(view.finished))
    return (f'<div class="cardlab-kirifu-sheet" style="max-width:100%;overflow-x:auto">'
            f'<b>{html.escape(say(lang, "sheet"))}</b><table style="border-collapse:collapse;background:#2f6b45;'
            f'color:#ffffff;border-radius:6px;font-size:13px"><tr style="background:#285d3c">{head}</tr>{rows}'
            f"</table></div>")
