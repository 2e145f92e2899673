"""The Kirifu table as SVG, drawn from a :class:`cardlab.games.kirifu.View`, and its log and
places sheet as HTML.

Drawing from a view means a table shown to a player cannot leak the other hands or the stock.
The viewer sits at the bottom, the others along the top in turn order. Three layouts (issue 29):
``"wide"`` (:data:`WIDE_WIDTH` units, the others in framed panels side by side), ``"narrow"``
(:data:`NARROW_WIDTH` units) and ``"phone"`` (:data:`PHONE_WIDTH` units, your hand in rows of
:data:`PHONE_ROW`, short button labels); in these two the others' hidden hands are compact
panels (a line each, with the cards known in them; two to a row in the narrow one; on a phone
without their last move, which the message under the table tells), their open hands (a replay)
framed panels two to a row. Every drawing names its play area (the top down to the prompt:
``data-play-height``), at most 700 units tall in the narrow and phone layouts and 540 in the wide
one without the coach. Every text is at least :data:`MIN_TEXT` units in each, card faces included: face-up cards are :data:`CW` wide (at least
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
from collections.abc import Callable, Iterable, Sequence

from cardlab.draw import svg
from cardlab.cards import SUIT_SYMBOLS, Card
from cardlab.game import TERMINAL
from .engine import RECEIVE, Cut, Grouped, Omorai, Passed, View
from .moves import RANK_VALUE
from .words import card_name, narrate, place_name, rules_name, say, suit_name

WIDE_WIDTH = 900      # the natural width of the wide layout (narrow: below it)
NARROW_WIDTH = 680    # the narrow layout: shown at 700 px and up without shrinking
MIN_TEXT = svg.MIN_TEXT  # no text smaller (user units = CSS px at the natural size)
CW = svg.CARD_W       # face-up cards: every text of a face is at least MIN_TEXT units
CH = svg.card_h(CW)
BACK = 60             # a hidden hand's face-down stack: its count badge is 11.2 units
SIDE_LINES = 5        # beside it: its status, the cards known in it and its last move, in 5 lines
M = 20                # the margin
GAP = 10              # between the others' panels
WHITE, PALE, GOLD, PANEL = "#ffffff", "#d7e8dc", "#f2c230", "#285d3c"
ROW_DY = 34           # a second row of a face-up hand lies this far below the first (indices show)
MIN_STEP = 20         # the least step of an overlapping row: the corner index stays readable
PHONE_STEP = 17       # ... on a phone, in the others' panels (the index "10" is 15 units wide)
BUTTON_H = 34
HINT_ROOM = 44        # with annotations: room above a (raised) choice for its badge (2 lines)
RAISE_ROOM = 14       # without: room above your hand for a selected (raised) card
PHONE_WIDTH = svg.PHONE_WIDTH  # the phone layout: every area stacked, the others a line each
WIDTHS = {"wide": WIDE_WIDTH, "narrow": NARROW_WIDTH, "phone": PHONE_WIDTH}
PHONE_ROW = 6         # on a phone your hand lies in rows of 6 (each card a tap of >= 44 units)
PHONE_ROW_DY = 48     # ... each row this far below the last (the index and a pip of each show)
PHONE_ROWS_KEPT = 2   # ... and the room of two rows is kept all game long, the coach off (a bigger hand grows the drawing)
MINI = 20             # the small face-down card of a hidden hand in a compact panel
COMPACT_LINES = {"narrow": 2}  # a compact panel keeps room for this many lines (more are cut); on a phone it grows
PROMPT_CARD = Card.parse("10D")  # the widest card a prompt names: the prompt's room is measured with it
BADGE_R = max(0.22 * CW, MIN_TEXT / 0.85)  # the radius of a stack's count badge (svg.stack_g)


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
    """One drawing of the table: the view, the words' language, the layout; areas drawn top down."""

    def __init__(self, view: View, lang: str, layout: str, legal: set[str],
                 annotations: svg.Annotations | None, touch: bool = False) -> None:
        self.view, self.lang, self.layout, self.legal = view, lang, svg.check_layout(layout), legal
        self.touch = touch
        self.width = WIDTHS[layout]
        self.phone = layout == "phone"
        self.annotations = annotations
        self.me, self.others = _seats(view)
        self.mine = view.current_player == view.player and bool(legal)
        # room above a row of choices for the coach's badges: only where choices can be
        self.room = HINT_ROOM if annotations is not None and self.mine else 0

    def say(self, key: str, **fields: object) -> str:
        return say(self.lang, key, touch=self.touch, **fields)

    def name(self, seat: int) -> str:
        return self.say("you_lower") if seat == self.view.player else self.view.players[seat]

    def status(self, seat: int) -> str:
        """A seat's status: its place once out, "to play" on its turn."""
        view = self.view
        if seat in view.finished:
            place = view.finished.index(seat) + 1
            return self.say("last" if place == len(view.counts) else "out", place=place_name(place, self.lang))
        return self.say("to_play") if seat == view.current_player else ""

    def lines(self, text: str, x: float, y: float, size: float, width: float, step: float, *,
              fill: str, cls: str, weight: str = "normal") -> tuple[str, float]:
        """``text`` wrapped to ``width`` from baseline ``y`` (in ``fill``, of class ``cls``, bold
        or not); returns the SVG and the next baseline."""
        parts = []
        for line in svg.wrap(text, size, width, weight == "bold", cjk=False):
            parts.append(svg.text_g(line, x, y, size=size, weight=weight, fill=fill, cls=cls))
            y += step
        return "".join(parts), y

    # --- areas, top down: each returns its SVG and the y below it ---------------------------------
    def header(self) -> tuple[str, float]:
        """The world suit and the rules, on one line when they fit (on a phone the rules go to the
        footer, out of the play area)."""
        view = self.view
        world = self.say("world", symbol=SUIT_SYMBOLS[view.world], suit=suit_name(view.world, self.lang))
        self.world = world
        size = 16 if self.phone else 18
        parts = [svg.text_g(world, M, 26, size=size, weight="bold", fill=GOLD, cls="kirifu-world")]
        if self.phone:
            return parts[0], 34
        rules = self.rules()
        if svg.text_width(world, size, True) + svg.text_width(rules, 13) + 30 <= self.width - 2 * M:
            parts.append(svg.text_g(rules, self.width - M, 26, size=13, anchor="end", fill=PALE))
            return "".join(parts), 36
        parts.append(svg.text_g(rules, M, 46, size=13, fill=PALE))
        return "".join(parts), 54

    def rules(self) -> str:
        return self.say("players", rules=rules_name(self.view.rules.name, self.lang), n=len(self.view.counts))

    def opponents(self, y: float) -> tuple[str, float]:
        """The others in turn order: framed panels side by side (wide); a compact line each (their
        hands hidden: narrow two to a row, phone one) or framed panels two to a row (hands open)."""
        n = len(self.others)
        hidden = all(self.view.hands[seat] is None for seat in self.others)
        compact = hidden and self.layout != "wide"
        cols = n if self.layout == "wide" else 1 if compact and self.phone else min(2, n)
        pw = (self.width - 2 * M - (cols - 1) * GAP) / cols
        gap = GAP if not compact else 6
        parts = []
        for row in range(-(-n // cols)):
            seats = self.others[row * cols:(row + 1) * cols]
            drawn = [self._line(seat, pw) if compact else self._panel(seat, pw) for seat in seats]
            height = max(h for _, h in drawn)
            for i, (draw, _) in enumerate(drawn):
                parts.append(draw(M + i * (pw + GAP), y, height))
            y += height + gap
        return "".join(parts), y + GAP - gap

    def _rows(self, count: int, width: float) -> tuple[int, float]:
        """How many cards go in one row of a face-up hand ``width`` wide, and their step (on a phone
        down to :data:`PHONE_STEP`: five cards in a panel half its width)."""
        least = PHONE_STEP if self.phone else MIN_STEP
        per_row = max(1, int((width - CW) // least) + 1)
        shown = min(count, per_row)
        step = min(0.62 * CW, (width - CW) / max(1, shown - 1))
        return per_row, step

    def _frame(self, seat: int, x: float, y: float, pw: float, ph: float) -> str:
        """The opening of a seat's group and its frame (gold on its turn)."""
        turn = seat == self.view.current_player
        return (f'<g class="kirifu-seat" data-seat="{seat}">'
                f'<rect x="{svg.num(x)}" y="{svg.num(y)}" width="{svg.num(pw)}" height="{svg.num(ph)}" rx="8"'
                f' fill="{PANEL}" stroke="{GOLD if turn else PALE}" stroke-opacity="{1 if turn else 0.4}"'
                f' stroke-width="{2 if turn else 1}"/>')

    def _colour(self, seat: int) -> str:
        return GOLD if seat == self.view.current_player else WHITE

    def _title(self, seat: int, x: float, y: float, width: float, size: float) -> str:
        """A seat's name and card count, cut to ``width``; where that would cut a hidden hand's
        title, its name alone (its stack's badge counts the cards)."""
        view = self.view
        text = self.say("seat", name=view.players[seat], n=view.counts[seat])
        if view.hands[seat] is None and svg.text_width(text, size, True) > width:
            text = view.players[seat]
        text = svg.fit(text, size, width, True)
        return svg.text_g(text, x, y, size=size, weight="bold", fill=self._colour(seat))

    def _panel(self, seat: int, pw: float) -> tuple[Callable[[float, float, float], str], float]:
        """A framed panel: name and count, status, and the hand (a face-down stack with what is
        known beside it, or the cards face up in rows); its drawing at (x, y, height) and height."""
        view = self.view
        cards = view.hands[seat]
        if cards is None:
            side = [self.status(seat)] + self._side_lines(seat, pw - BACK - 32)
            if len(side) > SIDE_LINES:                       # the panel keeps its height: the rest cut
                side = side[:SIDE_LINES - 1] + [svg.fit(side[SIDE_LINES - 1] + "…", 12, pw - BACK - 32)]
            height = 36 + svg.card_h(BACK) + 8
        else:
            per_row, step = self._rows(len(cards), pw - 20)
            rows = max(1, -(-len(cards) // per_row))
            height = 30 + CH + (rows - 1) * ROW_DY + 8
        status = self.status(seat) if cards is not None else ""   # face up: beside the name
        room = pw - 20 - (svg.text_width(status, 13) + 8 if status else 0)

        def draw(x: float, y: float, ph: float) -> str:
            parts = [self._frame(seat, x, y, pw, ph), self._title(seat, x + 10, y + 20, room, 14)]
            if cards is None:
                parts.append(svg.stack_g(view.counts[seat], x + 10, y + 36, BACK, key=f"seat:{seat}"))
                for i, line in enumerate(side):
                    style = {"fill": self._colour(seat), "cls": "kirifu-status"} if i == 0 else {"fill": PALE}
                    parts.append(svg.text_g(line, x + BACK + 22, y + 50 + 16 * i, size=13 if i == 0 else 12, **style))
            else:
                parts.append(svg.text_g(status, x + pw - 10, y + 20, size=13, anchor="end", fill=self._colour(seat),
                                        cls="kirifu-status"))
                ordered = sort_hand(cards, view.world)
                for r in range(0, len(cards), per_row):
                    parts.append(svg.row_g(list(ordered[r:r + per_row]), x + 10, y + 30 + ROW_DY * (r // per_row),
                                           CW, step=step))
            return "".join(parts) + "</g>"

        return draw, height

    def _line(self, seat: int, pw: float) -> tuple[Callable[[float, float, float], str], float]:
        """A compact panel of a hidden hand: a small face-down card (the hand's motion key), name,
        count and status on one line, and under it the cards known to be in it (and, but on a
        phone, its last move)."""
        view = self.view
        status = self.status(seat)
        room = pw - 46 - 10 - (svg.text_width(status, 13) + 12 if status else 0)
        extra = self._side_lines(seat, pw - 46 - 10, last_move=not self.phone)
        keep = COMPACT_LINES.get(self.layout, 0)       # the same height at every moment of the game
        if keep and len(extra) > keep:
            extra = extra[:keep - 1] + [svg.fit(extra[keep - 1] + "…", 12, pw - 46 - 10)]
        lines = max(len(extra), keep)
        height = 34 + (16 * lines + 4 if lines else 0)

        def draw(x: float, y: float, ph: float) -> str:
            count = view.counts[seat]
            parts = [self._frame(seat, x, y, pw, ph),
                     f'<g transform="translate({svg.num(x + 10)},{svg.num(y + 5)})" class="kirifu-mini"'
                     f' data-key="seat:{seat}" data-count="{count}">'
                     + (svg.card_g(None, 0, 0, MINI) if count else "") + "</g>",
                     self._title(seat, x + 46, y + 22, room, 13)]
            if status:
                parts.append(svg.text_g(status, x + pw - 10, y + 22, size=13, anchor="end", fill=self._colour(seat),
                                        cls="kirifu-status"))
            for i, line in enumerate(extra):
                parts.append(svg.text_g(line, x + 46, y + 40 + 16 * i, size=12, fill=PALE))
            return "".join(parts) + "</g>"

        return draw, height

    def _side_lines(self, seat: int, width: float, last_move: bool = True) -> list[str]:
        """What is public about a hidden hand: the cards it is known to hold (taken in) and its
        last move, each after its heading, in lines ``width`` wide."""
        view = self.view
        found = []
        if view.known[seat]:
            found.append((self.say("known"), " ".join(map(str, view.known[seat]))))
        last = next((e for e in reversed(view.events) if getattr(e, "player", None) == seat
                     and isinstance(e, (Passed, Grouped, Cut, Omorai))), None)
        if last is not None and last_move:
            told = narrate(last, view.players, self.lang, named=False, reader=view.player)
            found.append((self.say("last_move"), told))
        return [line for head, text in found for line in svg.wrap(f"{head} {text}", 12, width, cjk=False)]

    def middle(self, y: float, selected: Card | None) -> tuple[str, float]:
        """The stock, the discard heap, and the cards on their way (passed, or an osoroi being
        built): left of them (wide, narrow: right), or in a row of their own when too many."""
        view = self.view
        receiving = view.current_player == view.player and view.phase == RECEIVE
        cards = list(view.passed) + list(view.taken) if view.passed or view.taken else list(view.chosen)
        room = self.room         # badges over the passed cards: kept in every phase (the hand stays put)
        top = y + 34 + room
        parts = []
        if self.phone:
            xd = self.width - M - 0.95 * CW - BADGE_R
            xs = xd - CW - 20
            parts += [svg.stack_g(view.stock, xs, top, CW, key="stock"),
                      svg.stack_g(len(view.discard), xd, top, CW, key="discard",
                                  top=view.discard[-1] if view.discard else None),
                      svg.text_g(self.say("stock"), xs + CW / 2, top + CH + 20, size=12, anchor="middle", fill=PALE),
                      svg.text_g(self.say("discard_heap"), xd + CW / 2, top + CH + 20, size=12,
                                 anchor="middle", fill=PALE)]
            x, avail = M, xs - 16 - M
        else:
            parts += [svg.stack_g(view.stock, M, top, CW, key="stock"),
                      svg.text_g(self.say("stock"), M + CW / 2, top + CH + 20, size=12, anchor="middle", fill=PALE),
                      svg.fan_g(list(view.discard), M + CW + 46, top, CW, key="discard"),
                      svg.text_g(self.say("discard", n=len(view.discard)), M + 1.5 * CW + 46, top + CH + 20,
                                 size=12, anchor="middle", fill=PALE)]
            x = M + 2 * CW + 80
            avail = self.width - M - x
        bottom = top + CH + 30
        if not cards:
            return "".join(parts), bottom
        label_y = y + 16
        step = min(CW + 10, (avail - CW) / max(1, len(cards) - 1))
        if step < MIN_STEP + 4:                              # too many beside the piles: a row below
            label_y, x, avail = bottom + 16, M, self.width - 2 * M
            top = bottom + 26 + max(room, RAISE_ROOM)
            step = min(CW + 10, (avail - CW) / max(1, len(cards) - 1))
            bottom = top + CH + 12
        if view.passed or view.taken:
            targets = [f"passed:{c.ascii()}" if receiving and c in view.passed else None for c in cards]
            labels = [self.say("passed_name", card=c) for c in cards]
            parts.append(svg.text_g(self.say("passed_to", name=self.name(view.current_player)), x, label_y, size=13,
                                    fill=WHITE))
            parts.append(svg.row_g(cards, x, top, CW, step=step, targets=targets, labels=labels,
                                   selected=[i for i, c in enumerate(cards) if c == selected],
                                   dimmed=range(len(view.passed), len(cards)), annotations=self.annotations))
        else:
            parts.append(svg.text_g(self.say("osoroi_for", name=self.name(view.receiver)), x, label_y, size=13,
                                    fill=WHITE))
            parts.append(svg.row_g(cards, x, top, CW, step=min(0.8 * CW, step)))
        return "".join(parts), bottom

    def hand(self, y: float, passed: Card | None, chosen: set[Card], order: Sequence[Card] | None) -> tuple[str, float]:
        """The viewer's hand: the cutters of the chosen passed card marked, or the cards to pass;
        on a phone in rows of :data:`PHONE_ROW` (apart by the badges' room when the coach is on)."""
        view, me = self.view, self.me
        name = self.say("you") if view.player == me else view.players[me]
        colour = GOLD if me == view.current_player else WHITE
        title = self.say("seat", name=name, n=view.counts[me])
        parts = [svg.text_g(title, M, y + 18, size=15, weight="bold", fill=colour),
                 svg.text_g(self.status(me), M + svg.text_width(title, 15, True) + 16, y + 18, size=14, fill=colour,
                            cls="kirifu-status")]
        top = y + 26 + max(self.room, RAISE_ROOM)
        shown = view.hands[me]
        if shown is None:
            parts.append(svg.stack_g(view.counts[me], M, top, BACK, key=f"seat:{me}"))
            return "".join(parts), top + svg.card_h(BACK) + 12
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
        per_row = PHONE_ROW if self.phone else len(cards)
        step = min(0.8 * CW, (self.width - 2 * M - CW) / max(1, min(per_row, len(cards)) - 1))
        dy = CH + self.room + 8 if self.room else PHONE_ROW_DY
        for r in range(0, len(cards), per_row):
            row = slice(r, r + per_row)
            parts.append(svg.row_g(cards[row], M, top + dy * (r // per_row), CW, step=step, targets=targets[row],
                                   labels=labels[row],
                                   marked=[i for i, t in enumerate(targets[row]) if t and t.startswith("cut ")],
                                   selected=[i for i, c in enumerate(cards[row]) if c in chosen],
                                   annotations=self.annotations))
        rows = max(-(-len(cards) // per_row), PHONE_ROWS_KEPT if self.phone and not self.room else 1)
        return "".join(parts), top + dy * (rows - 1) + CH + 12

    def buttons(self, y: float, passed: Card | None) -> tuple[str, float]:
        """The buttons of the reader's decision (each shows its key; the coach's badge of *Take*
        beside it) and the prompt of the moment, in room kept for the most rows of buttons and
        lines of prompt of any decision (but on a phone), so that the drawing has one height all
        game long."""
        view, legal = self.view, self.legal
        if not self.mine:
            return "", y
        if view.phase == RECEIVE:
            buttons: list[tuple[str, str, bool, str | None]] = []
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
            buttons = self._pass_buttons(legal)
            prompt = self.say("ask_send" if "send" in legal else "ask_pass")
        parts, rows = self._button_row(buttons, y)
        if self.phone:          # a phone's play area stays within 700 units: no room kept (it may grow)
            y += (BUTTON_H + 10) * rows + 12 if buttons else 14
            text, end = self.lines(prompt, M, y, 13, self.width - 2 * M, 17, fill=WHITE, cls="kirifu-prompt")
            return parts + text, end - 11
        y += (BUTTON_H + 10) * max(rows, self._most_rows()) + 12     # under the rows kept for buttons
        text, end = self.lines(prompt, M, y, 13, self.width - 2 * M, 17, fill=WHITE, cls="kirifu-prompt")
        return parts + text, max(end, y + 17 * self._most_prompt_lines()) - 11

    def _pass_buttons(self, legal: set[str]) -> list[tuple[str, str, bool, str | None]]:
        """The buttons of a pass: (text, target, enabled, name)."""
        short = "_short" if self.phone else ""
        osoroi = any(t.startswith("osoroi") for t in legal)
        return [(self.say("pass" + short), "btn:pass", "send" not in legal, None),
                (self.say("osoroi" + short), "btn:osoroi", osoroi, None),
                (self.say("send" + short), "btn:send", "send" in legal, None)]

    def _button_row(self, buttons: Sequence[tuple[str, str, bool, str | None]], y: float) -> tuple[str, int]:
        """``buttons`` left to right from ``y``, on a new row where the next would not fit; the
        drawing and the number of rows."""
        size, pad, apart = (13, 14, 8) if self.phone else (15, 28, 12)
        parts, rows = [], 1
        x: float = M
        for text, target, enabled, label in buttons:
            w = svg.text_width(text, size, True) + pad
            badge = svg.BADGE_W + 8 if self.annotations is not None and enabled and not target.startswith("btn:") else 0
            if x > M and x + w + badge > self.width - M:
                x, y, rows = M, y + BUTTON_H + 10, rows + 1
            parts.append(svg.button_g(text, x, y, w, BUTTON_H, target, enabled=enabled, name=label))
            if self.annotations is not None and enabled:
                parts.append(self.annotations.over(target, x + w + 8, y + svg.BADGE_H + svg.BADGE_GAP
                                                   + (BUTTON_H - svg.BADGE_H) / 2))
            x += w + badge + apart
        return "".join(parts), rows

    def _most_rows(self) -> int:
        """The most rows of buttons any decision takes (a pass's three buttons, or Take)."""
        take = [(self.say("take", card=PROMPT_CARD), "take", True, None)]
        return max(self._button_row(self._pass_buttons({"send", "osoroi"}), 0)[1], self._button_row(take, 0)[1])

    def _most_prompt_lines(self) -> int:
        """The most lines any prompt takes."""
        prompts = [self.say(key, card=PROMPT_CARD) for key in ("ask_receive", "ask_answer", "ask_take", "ask_pass",
                                                                "ask_send")]
        return max(len(svg.wrap(prompt, 13, self.width - 2 * M, cjk=False)) for prompt in prompts)

    def footer(self, y: float) -> tuple[str, float]:
        """Under the play area: the finishing order, the legend of the Japanese terms (and, on a
        phone, the rules)."""
        view = self.view
        parts = []
        y += 20

        def order_of(seats: Sequence[int]) -> str:
            return self.say("order", order=self.say("order_sep").join(
                f"{place_name(i + 1, self.lang)} {self.name(p)}" for i, p in enumerate(seats)))

        room = y + 20 * len(svg.wrap(order_of(range(len(view.counts))), 14, self.width - 2 * M, True, cjk=False))
        if view.finished:           # in the room kept for it all game long: the legend stays put
            text, y = self.lines(order_of(view.finished), M, y, 14, self.width - 2 * M, 20,
                                 weight="bold", fill=GOLD, cls="kirifu-places")
            parts.append(text)
        y = max(y, room)
        legend = self.say("legend") + (self.say("sep") + self.rules() if self.phone else "")
        text, y = self.lines(legend, M, y, 12, self.width - 2 * M, 17, fill=PALE, cls="kirifu-legend")
        return "".join(parts) + text, y - 13


def table_svg(view: View, *, legal: Iterable[str] = (), passed: Card | None = None,
              chosen: Iterable[Card] = (), layout: str = "wide", lang: str = "en",
              order: Sequence[Card] | None = None, annotations: svg.Annotations | None = None,
              min_height: float = 0, touch: bool = False) -> str:
    """The whole table seen by ``view.player`` in ``layout`` (``"wide"``: :data:`WIDE_WIDTH` units,
    ``"narrow"``: :data:`NARROW_WIDTH`, ``"phone"``: :data:`PHONE_WIDTH`; another name raises
    ``ValueError``) and ``lang``. ``legal``: the viewer's legal action texts (empty when it is not
    the viewer's turn); ``passed``: the passed card the viewer has chosen to answer; ``chosen``:
    hand cards the viewer has selected to pass; ``order``: the viewer's hand in the order to draw
    it (default :func:`sort_hand`); ``annotations`` (:class:`cardlab.draw.svg.Annotations`, the
    coach's hints): room above the choices, each badge over the card (beside the button) of its
    target, the strip under the table. The play area (``data-play-height``) runs from the top to
    the prompt; the finishing order and the legend are under it. The drawing of a game in progress
    has one height in each layout but the phone's (whose hand grows by rows), and is at least
    ``min_height`` tall (:func:`cardlab.draw.svg.document`). ``touch``: for a page with no
    keyboard (a phone, a tablet), the buttons and prompts name no key. The table's messages are
    shown under the drawing, by the widget."""
    table = _Table(view, lang, layout, set(legal), annotations, touch)
    header, y = table.header()
    others, y = table.opponents(y)
    middle, y = table.middle(y, passed)
    hand, y = table.hand(y, passed, set(chosen), order)
    buttons, y = table.buttons(y, passed)
    play = y
    footer, y = table.footer(y)
    return svg.document(table.width, y + 8, header + others + middle + hand + buttons + footer,
                        title=say(lang, "title", world=table.world), annotations=annotations,
                        play_height=play, min_height=min_height)


def log_html(view: View, you: int | None, lang: str = "en") -> str:
    """Every public event of the game so far as HTML, newest first, the moves of seat ``you`` marked
    (class ``mine`` and ▶), in a box of one height from the first move on (scrollable once the
    log is longer), so that the table does not grow as the game goes on."""
    rows = []
    for i, event in reversed(list(enumerate(view.events))):
        mine = getattr(event, "player", None) == you
        text = html.escape(narrate(event, view.players, lang, reader=you))
        rows.append(f'<li class="{"mine" if mine else "other"}" style="{"font-weight:bold;" if mine else ""}'
                    f'list-style:none;margin:0;padding:1px 0">{"▶ " if mine else ""}{i + 1}. {text}</li>')
    return (f'<div class="cardlab-kirifu-log" style="height:12em;box-sizing:border-box;overflow-y:auto;overflow-x:hidden;'
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
