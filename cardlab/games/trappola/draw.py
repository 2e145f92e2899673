"""The Trappola table as SVG, drawn from a :class:`cardlab.games.trappola.View`.

Drawing from a view (never from the state) means a table shown to a player cannot leak the
opponent's hand or the stock. Clickable elements carry the action text as their target
(``"play RC"``, ``"exchange"``, ``"keep"``, ``"declare A"``), so a widget only has to hand the
target to ``state.play``; the table's own buttons are ``"next"`` (the next deal, after a deal's
last trick) and ``"sort"`` (the hand sorted or as dealt).

Three layouts (:data:`cardlab.draw.svg.LAYOUTS`, measures in :data:`SIZES`): ``"wide"``
(:data:`WIDE_WIDTH` units wide: opponent and discarded hands, then stock, trick, last trick and
the won piles, then your hand beside the declarations, then the buttons), ``"narrow"``
(:data:`NARROW_WIDTH` units: the same areas stacked, the buttons under your hand) and
``"phone"`` (:data:`PHONE_WIDTH` units: the opponent beside the stock, the trick and last trick
(or, during the exchanges, the discarded hand), your hand in two rows, what to do now a button a
row; under that play area the sort switch, the won piles, the declarations or the deal's score and the
discarded hands). Each drawing names its play area (``data-play-height``): the view keeps it
within :data:`cardlab.draw.svg.PLAY_MAX_PX` px. Every text is at least :data:`MIN_TEXT` units
high and every face-up card at least :data:`cardlab.draw.svg.READABLE_W` units wide, so its
corner index is readable; discarded hands are fanned so that each card's index shows. Words come from
:mod:`cardlab.games.trappola.words` in ``lang``. ``pack_svg`` draws the 36-card pack with its suit names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cardlab.draw import svg
from cardlab.cards import ITALIAN_SUITS, Card
from .engine import EXCHANGE, OVER, View
from .scoring import RANKS, STRENGTH, TRICKS_PER_DEAL, Trick, declaration_value
from .words import WORDS, card_name, declared, heard, pack_labels
from .draw_html import sheets_html

__all__ = ["WIDE_WIDTH", "NARROW_WIDTH", "PHONE_WIDTH", "SIZES", "Sizes", "table_svg", "buttons", "sort_hand", "pack_svg", "sheets_html"]

WIDE_WIDTH = 960    # the natural width of the wide layout (below it the table is drawn narrow)
NARROW_WIDTH = 680  # the narrow layout: areas stacked (below it the table is drawn for a phone)
PHONE_WIDTH = svg.PHONE_WIDTH  # the phone layout: 360 units, so no text is under 11 px from 360 px up
MIN_TEXT = svg.MIN_TEXT  # no text smaller (user units = CSS px at the natural size)
W = 76              # face-up cards (at least svg.READABLE_W: every face text >= MIN_TEXT)
H = svg.card_h(W)
BACK_W = 56         # the opponent's hidden hand: backs carry no text
PILE_W = 60         # stacks: their count badge is 11.2 units
HAND_STEP = 0.7 * W
FAN_STEP = 17       # a discarded hand: each card's corner index shows
LAST_STEP = 0.62    # of a card's width: the court letter of the first card clears the index of the second
MARGIN = 16
LABEL = 13          # area labels
SMALL = 12          # names under cards, pile labels
LINE_SMALL = 16     # line height of SMALL text (a name of two lines under a card or a pile)
LINE = 19           # line height of 13-unit text
BUTTON_H = 34
HINT_ROOM = 38      # with annotations: room above your hand and the buttons for their badges (29 high, 5 above)
#: the lines of the status lines at the top kept in each layout, and your hand's rows: a drawing of
#: a game in progress keeps one height in the wide and narrow layouts (on a phone it may grow, and
#: the table keeps it from shrinking)
HEADER_LINES = {"wide": 1, "narrow": 2, "phone": 3}
HAND_ROWS = {"wide": 1, "narrow": 1, "phone": 2}
PHONE_BUTTON_ROWS = 2  # exchange and keep, or the declarations: room kept for two buttons on a phone
PHONE_NOTE_LINES = 5   # under a phone's play area: room kept for a deal's score (or the declarations)
WHITE = "#ffffff"
PALE = "#d7e8dc"
GOLD = "#f2c14e"
#: the keys of the buttons (shown on them): declarations take d, g, h in order
KEYS = {"exchange": "e", "keep": "k", "next": "Enter", "sort": "s"}
DECLARE_KEYS = ("d", "g", "h", "j", "l")
SUIT_ORDER = {suit: i for i, suit in enumerate(ITALIAN_SUITS)}


@dataclass(frozen=True)
class Sizes:
    """The measures of a layout: its ``width``; face-up cards ``w`` wide; your hand's ``step`` and
    at most ``per_row`` cards a row (more go on a second row); the opponent's hidden hand: backs
    ``back`` wide, ``back_step`` apart; a discarded hand fanned ``fan`` apart (each index shows)."""

    width: int
    w: float = W
    step: float = HAND_STEP
    per_row: int = 9
    back: float = BACK_W
    back_step: float = 0.4 * BACK_W
    fan: float = FAN_STEP

    @property
    def h(self) -> float:
        """The height of a face-up card."""
        return svg.card_h(self.w)


#: the measures of each layout (issue 29: the narrow one's hidden hand leaves room beside it for
#: two discarded hands; the phone's cards are the narrowest readable, its hand five a row so that
#: every card is a finger wide and each badge of the coach sits over its card)
SIZES = {"wide": Sizes(WIDE_WIDTH), "narrow": Sizes(NARROW_WIDTH, back=40, back_step=16),
         "phone": Sizes(PHONE_WIDTH, w=svg.CARD_W, step=56, per_row=5, back=40, back_step=16, fan=15)}


def _text(text: str, x: float, y: float, size: float = LABEL, *, fill: str = PALE, anchor: str = "start",
          weight: str = "normal", cls: str | None = None) -> str:
    return svg.text_g(text, x, y, size=size, fill=fill, anchor=anchor, weight=weight, cls=cls)


# --- what is shown ------------------------------------------------------------------------------
def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """A hand sorted by suit (swords, batons, cups, coins), then rank high to low (T1)."""
    return sorted(cards, key=lambda c: (SUIT_ORDER[c.suit], -STRENGTH[c.rank]))


def view_seat(view: View) -> int:
    """The seat drawn at the bottom (the viewer; seat 0 for the all-seeing view)."""
    return 0 if view.player is None else view.player


def _is_you(view: View, seat: int) -> bool:
    return view.player is not None and seat == view.player


def _say_seat(view: View, seat: int, lang: str, you_key: str, key: str, **fmt: object) -> str:
    """The words for ``seat``: the reader's own form ("you deal") or the named one ("Ada deals")."""
    if _is_you(view, seat):
        return WORDS.say(lang, you_key, **fmt)
    return WORDS.say(lang, key, name=view.players[seat], **fmt)


def deal_finished(view: View) -> bool:
    """Whether the view shows a deal whose nine tricks are all played (its score is known)."""
    return len(view.tricks) == TRICKS_PER_DEAL and any(s.deal == view.deal for s in view.sheets)


def buttons(view: View, lang: str = "en", *, next_deal: bool = False, sort: bool | None = None,
            touch: bool = False) -> list[tuple[str, str, str]]:
    """The buttons drawn for ``view``: ``(target, key, label)`` in drawing order — the legal
    non-card actions (exchange, keep, declarations), *next deal* when ``next_deal``, and the sort
    switch (``sort``: its state; None: no switch). ``touch``: the labels name no key (a page
    with no keyboard)."""
    out: list[tuple[str, str, str]] = []
    if not next_deal:
        hand = view.hands[view_seat(view)] or ()
        declares = iter(DECLARE_KEYS)
        for action in view.legal:
            verb, _, rank = action.partition(" ")
            if verb in ("exchange", "keep"):
                out.append((action, KEYS[verb], WORDS.say_touch(lang, verb, touch, k=KEYS[verb].upper())))
            elif verb == "declare":
                key = next(declares)
                count = sum(c.rank == rank for c in hand)
                out.append((action, key, WORDS.say_touch(lang, "declare", touch, what=declared(count, rank, lang),
                                                   k=key.upper())))
    else:
        out.append(("next", KEYS["next"], WORDS.say_touch(lang, "next_deal", touch, k=KEYS["next"])))
    if sort is not None:
        out.append(("sort", KEYS["sort"], WORDS.say_touch(lang, "sort_on" if sort else "sort_off", touch,
                                                    k=KEYS["sort"].upper())))
    return out


# --- areas: each returns (svg, height) ------------------------------------------------------------
def status_line(view: View, lang: str = "en") -> str:
    """The table's status in one line, as its header says it: ``"Deal 1 · Ada deals · exchanges ·
    Bruno to move · game 0–0"``; ``"第1ディール・ディーラー：Ada・手札交換・Brunoの番・合計 0–0"``."""
    return WORDS.say(lang, "sep").join(_status(view, lang))


def _status(view: View, lang: str, your_turn: bool = True) -> list[str]:
    """The parts of the status: the deal, the dealer, the phase, whose turn (``your_turn=False``:
    not when it is yours, which your hand's label says) and the game's score."""
    if view.phase == OVER:
        parts = [WORDS.say(lang, "game_over", a_name=view.players[0], a=view.scores[0],
                           b_name=view.players[1], b=view.scores[1])]
    else:
        target = view.rules.target
        phase = (WORDS.say(lang, "exchanges") if view.phase == EXCHANGE
                 else WORDS.say(lang, "deal_done") if deal_finished(view)
                 else WORDS.say(lang, "trick_of", n=min(len(view.tricks) + 1, TRICKS_PER_DEAL)))
        turn = _say_seat(view, view.current_player, lang, "your_turn", "to_move")
        game = (WORDS.say(lang, "game_to", a=view.scores[0], b=view.scores[1], target=target) if target
                else WORDS.say(lang, "game", a=view.scores[0], b=view.scores[1]))
        parts = [WORDS.say(lang, "deal", n=view.deal + 1), _say_seat(view, view.dealer, lang, "dealer_you", "dealer"),
                 phase] + ([] if deal_finished(view) or not (your_turn or view.current_player != view.player)
                           else [turn]) + [game]
    return parts


def _header(view: View, lang: str, width: float, your_turn: bool = True) -> tuple[str, float]:
    """The status lines (:func:`_status`), packed into ``width``."""
    parts = _status(view, lang, your_turn)
    lines = svg.pack(parts, 14, width - 2 * MARGIN, sep=WORDS.say(lang, "sep"), bold=True)
    body = "".join(_text(line, MARGIN, 24 + 20 * i, size=14, weight="bold", fill=WHITE, cls="status")
                   for i, line in enumerate(lines))
    return body, 12 + 20 * len(lines)


def _hand_row(view: View, seat: int, x: float, y: float, clickable: bool, lang: str, sort: bool, s: Sizes,
              width: float, rows: int = 1, room: float = 0,
              annotations: svg.Annotations | None = None) -> tuple[str, float]:
    """The hand of ``seat`` from (x, y), and its height. A hidden hand is backs, keyed like a
    stack (``hand:<seat>``: a card it plays comes from there). A shown one is face up, in up to
    ``rows`` rows when it has more than ``s.per_row`` cards (``room`` between them, for the
    badges of ``annotations``), fanned as a discarded hand if a row would not fit ``width``."""
    hand = view.hands[seat]
    if hand is None:
        n = view.hand_sizes[seat]
        backs = svg.row_g([None] * n, 0, 0, s.back, step=s.back_step)
        return (f'<g transform="translate({svg.num(x)},{svg.num(y)})" class="cardlab-hand" data-key="hand:{seat}"'
                f' data-count="{n}">{backs}</g>'), svg.card_h(s.back)
    cards = sort_hand(hand) if sort else list(hand)
    legal = set(view.legal) if clickable and view.current_player == seat else set()
    texts = [f"play {c.ascii()}" for c in cards]
    playing = any(t.startswith("play") for t in legal)
    per = len(cards) if len(cards) <= s.per_row else -(-len(cards) // rows)
    step = s.step if svg.row_width(per, s.w, s.step) <= width else s.fan   # between them court names collide
    parts = []
    for top, first in enumerate(range(0, len(cards), per)):
        at = range(first, min(first + per, len(cards)))
        parts.append(svg.row_g([cards[i] for i in at], x, y + top * (s.h + max(8, room)), s.w, step=step,
                               targets=[texts[i] if texts[i] in legal else None for i in at],
                               labels=[card_name(cards[i], lang) for i in at],
                               marked=[k for k, i in enumerate(at) if texts[i] in legal],
                               dimmed=[k for k, i in enumerate(at) if playing and texts[i] not in legal],
                               annotations=annotations, lang=lang))
    return "".join(parts), len(parts) * s.h + (len(parts) - 1) * max(8, room)


def _opponent(view: View, x: float, y: float, lang: str, sort: bool, width: float, s: Sizes) -> tuple[str, float]:
    them = 1 - view_seat(view)
    lines = svg.fit_lines(WORDS.say(lang, "their_hand", name=view.players[them], n=view.hand_sizes[them]),
                          LABEL, width)
    label = "".join(_text(line, x, y + 14 + LINE * k) for k, line in enumerate(lines))
    below = 22 + LINE * (len(lines) - 1)          # a name of two lines moves the hand down
    if not view.hand_sizes[them]:
        return label, below - 2
    hand, height = _hand_row(view, them, x, y + below, False, lang, sort, s, width)
    return label + hand, below + height


def _hand_width(view: View, seat: int, s: Sizes) -> float:
    hand = view.hands[seat]
    if hand is None:
        return svg.row_width(view.hand_sizes[seat], s.back, s.back_step)
    return svg.row_width(len(hand), s.w, s.step)


def _discards(view: View, x: float, y: float, lang: str, sort: bool, width: float, s: Sizes) -> tuple[str, float]:
    """T6: the discarded hands, face up, fanned so that every index shows; side by side while
    they fit in ``width``, else on the next line."""
    block_w = svg.row_width(9, s.w, s.fan)
    labels = [svg.fit_lines(_say_seat(view, seat, lang, "discarded_you", "discarded"), SMALL, block_w)
              for seat in (0, 1)]
    top = 22 + LINE_SMALL * (max(map(len, labels)) - 1)   # a name of two lines moves the cards down
    parts, cx, cy = [], x, y
    for seat in (1 - view_seat(view), view_seat(view)):
        for hand in view.discards[seat]:
            if cx > x and cx + block_w > x + width:
                cx, cy = x, cy + top + s.h + 10
            cards = sort_hand(hand) if sort else list(hand)
            parts += [_text(line, cx, cy + 14 + LINE_SMALL * k, size=SMALL) for k, line in enumerate(labels[seat])]
            parts.append(svg.row_g(cards, cx, cy + top, s.w, step=s.fan, labels=[card_name(c, lang) for c in cards],
                                   lang=lang))
            cx += block_w + 24
    return "".join(parts), (cy - y + top + s.h if parts else 0)


def _trick_cards(view: View) -> tuple[tuple[int, Card], ...]:
    seats = (view.leader, 1 - view.leader)
    return tuple(zip(seats, view.trick))


TRICK_X = 94                              # the middle band: the stock, then the trick,
TRICK_GAP = 14
LAST_GAP = 30                             # then the last trick and its labels
LAST_ROOM = 190
MIDDLE_W = TRICK_X + 2 * W + TRICK_GAP + LAST_GAP + LAST_ROOM


def _middle(view: View, x: float, y: float, lang: str, s: Sizes, stock: bool = True,
            room: float = LAST_ROOM) -> tuple[str, float]:
    """The stock (when ``stock``), the trick (each card with its player's name), the last trick
    and its winner, their labels ``room`` wide (13 units, 12 if the title needs it)."""
    winners = max(len(svg.fit_lines(_say_seat(view, seat, lang, "won_you", "won"), SMALL, room)) for seat in (0, 1))
    top = 36 + LINE_SMALL * (winners - 1)          # the same all game: the cards below the last trick's winner
    parts = [svg.stack_g(view.stock_size, x, y + top + 4, PILE_W, label=WORDS.say(lang, "stock"), key="stock")
             ] if stock else []
    tx = x + (TRICK_X if stock else 0)
    parts.append(_text(WORDS.say(lang, "trick"), tx, y + top - 6))
    for i, (seat, card) in enumerate(_trick_cards(view)):
        cx = tx + i * (s.w + TRICK_GAP)
        parts.append(svg.card_g(card, cx, y + top, s.w, label=card_name(card, lang), lang=lang))
        lines, size = _trick_name(view.players[seat], s)
        parts += [_text(line, cx + s.w / 2, y + top + s.h + 16 + LINE_SMALL * k, size=size, anchor="middle")
                  for k, line in enumerate(lines)]
    if view.tricks:
        last: Trick = view.tricks[-1]
        lx = tx + 2 * s.w + TRICK_GAP + LAST_GAP
        final = deal_finished(view)
        title = WORDS.say(lang, "final_trick" if final else "last_trick")
        size = LABEL if svg.text_width(title, LABEL) <= room else SMALL
        winner = _say_seat(view, last.winner, lang, "won_you", "won")
        parts.append(_text(svg.fit(title, size, room), lx, y + 12, size=size, fill=GOLD if final else PALE))
        parts += [_text(line, lx, y + 30 + LINE_SMALL * k, size=SMALL)
                  for k, line in enumerate(svg.fit_lines(winner, SMALL, room))]
        parts.append(svg.row_g(list(last.cards), lx, y + top, s.w, step=LAST_STEP * s.w,
                               labels=[card_name(c, lang) for c in last.cards], lang=lang))
    names = max(len(_trick_name(name, s)[0]) for name in view.players)   # the same all game
    return "".join(parts), top + s.h + 22 + LINE_SMALL * (names - 1)


def _trick_name(name: str, s: Sizes) -> tuple[list[str], float]:
    """A player's name under their card of the trick, as wide as the card and the gap to the next
    (names of two cards meet, never overlap): on one line, at :data:`svg.MIN_TEXT` if that keeps
    it there (a phone's 「コンピューター」), else in two lines; and its size."""
    for size in (SMALL, svg.MIN_TEXT):
        if len(lines := svg.fit_lines(name, size, s.w + TRICK_GAP)) == 1:
            return lines, size
    return svg.fit_lines(name, SMALL, s.w + TRICK_GAP), SMALL


def _piles(view: View, x: float, y: float, lang: str, gap: float = 150) -> tuple[str, float]:
    """Each seat's won tricks (motion keys ``won:0``, ``won:1``) with the running points."""
    parts = []
    for i, seat in enumerate((1 - view_seat(view), view_seat(view))):
        won = sum(t.winner == seat for t in view.tricks)
        px = x + i * gap
        parts.append(svg.stack_g(2 * won, px + (gap - 24 - PILE_W) / 2, y + 12, PILE_W, key=f"won:{seat}"))
        cx = px + (gap - 24) / 2
        lines = [*svg.fit_lines(_say_seat(view, seat, lang, "pile_you", "pile"), SMALL, gap - 10),
                 svg.fit(WORDS.say(lang, "pile_points", tricks=won, points=view.deal_points[seat]), SMALL, gap - 10)]
        for k, line in enumerate(lines):
            parts.append(_text(line, cx, y + 12 + svg.card_h(PILE_W) + 18 + LINE_SMALL * k, size=SMALL,
                               anchor="middle"))
    names = max(len(svg.fit_lines(_say_seat(view, seat, lang, "pile_you", "pile"), SMALL, gap - 10))
                for seat in (0, 1))                  # a name of two lines moves the points down
    return "".join(parts), 12 + svg.card_h(PILE_W) + 18 + LINE_SMALL * names + 6


def _notes(view: View, lang: str, width: float) -> list[tuple[str, str]]:
    """The lines beside your hand: the deal's score once it is over (and the game's end), else
    the declarations (T7: the opponent's rank is not named, aces excepted). ``(text, colour)``."""
    lines: list[tuple[str, str]] = []
    sheet = next((s for s in view.sheets if s.deal == view.deal), None) if deal_finished(view) else None
    if sheet is not None:
        lines.append((WORDS.say(lang, "deal_scored", n=view.deal + 1), GOLD))
        for seat in (view_seat(view), 1 - view_seat(view)):
            fields = (("part_cards", sheet.cards), ("part_twos", sheet.twos), ("part_last", sheet.last_trick),
                      ("part_streak", sheet.streak), ("part_declarations", sheet.declarations))
            shown = [WORDS.say(lang, key, n=value[seat]) for key, value in fields if value[seat]]
            text = (WORDS.say(lang, "scored_line", name=view.players[seat], total=sheet.total[seat],
                              parts=" + ".join(shown)) if shown
                    else WORDS.say(lang, "scored_none", name=view.players[seat], total=sheet.total[seat]))
            lines += [(line, WHITE) for line in svg.pack(text.split(" + "), LABEL, width, sep=" + ")]
    lines += [(svg.fit(text, LABEL, width), WHITE) for text in declaration_lines(view, lang)]
    if view.phase == OVER and view.outcome is not None:
        winner = view.outcome.winner
        end = (WORDS.say(lang, "tie") if winner is None
               else _say_seat(view, winner, lang, "you_win", "they_win"))
        lines += [(line, GOLD) for line in svg.pack([end], LABEL, width)]
    return lines


def declaration_lines(view: View, lang: str = "en") -> list[str]:
    """The declarations of the deal as the seat of ``view`` heard them (T7: the opponent's rank is
    not named, aces excepted): ``["Ada declared “three” (of a rank not said)"]``,
    ``["Adaの宣言：「3枚」（どのランクかは言わない）"]``."""
    lines = []
    for seat, words, rank in view.declarations:
        count = 4 if words.startswith("four") else 3      # the view gives what was said (T7)
        if _is_you(view, seat) and rank is not None:
            lines.append(WORDS.say(lang, "declared_you", what=declared(count, rank, lang),
                                   points=declaration_value(rank, count)))
        else:
            lines.append(heard("declared", count, rank, lang, name=view.players[seat]))
    return lines


def _notes_g(lines: list[tuple[str, str]], x: float, y: float) -> tuple[str, float]:
    body = "".join(_text(text, x, y + 14 + LINE * i, fill=colour, weight="bold" if colour == GOLD else "normal")
                   for i, (text, colour) in enumerate(lines))
    return body, (LINE * len(lines) + 6 if lines else 0)


def _buttons(shown: Sequence[tuple[str, str, str]], x: float, y: float, width: float,
             annotations: svg.Annotations | None, room: float = 0) -> tuple[str, float]:
    """The buttons ``shown`` (:func:`buttons`), left to right, on a new row where the next would
    not fit, with the badges of ``annotations``; ``room`` above each row (for its badges)."""
    rows: list[list[tuple[str, str, float]]] = [[]]
    used = 0.0
    for target, _key, label in shown:
        bw = svg.text_width(label, 15, bold=True) + 24
        if rows[-1] and used + bw > width:
            rows.append([])
            used = 0.0
        rows[-1].append((target, label, bw))
        used += bw + 12
    parts, by = [], y
    for row in rows:
        by += room                 # above every row: its badges come with the choices, the row stays put
        bx = x
        for target, label, bw in row:
            parts.append(svg.button_g(label, bx, by, bw, BUTTON_H, target, annotations=annotations))
            bx += bw + 12
        by += BUTTON_H + 10
    return "".join(parts), (by - y + 2 if parts else 0)


def _button_column(shown: Sequence[tuple[str, str, str]], x: float, y: float,
                   annotations: svg.Annotations | None) -> tuple[str, float]:
    """The phone's buttons ``shown`` (:func:`buttons`), one a row in their full words, each badge of
    ``annotations`` beside its button (so that no row needs room above it)."""
    parts = []
    for i, (target, _key, label) in enumerate(shown):
        bw, by = svg.text_width(label, 15, bold=True) + 24, y + i * (BUTTON_H + 10)
        parts.append(svg.button_g(label, x, by, bw, BUTTON_H, target))
        if annotations is not None:      # over() puts a badge's top BADGE_H + BADGE_GAP above its y
            parts.append(annotations.over(target, x + bw + svg.BADGE_GAP,
                                          by + (BUTTON_H + svg.BADGE_H) / 2 + svg.BADGE_GAP))
    return "".join(parts), (len(shown) * (BUTTON_H + 10) + 2 if shown else 0)


def _your_hand(view: View, x: float, y: float, o: _Options, s: Sizes, width: float) -> tuple[str, float]:
    """Your hand under its label (in two rows when ``s`` says so), ``o.room`` above each row (for
    the badges of ``o.annotations``)."""
    me = view_seat(view)
    if not view.hand_sizes[me]:
        return "", 0
    if view.player is None:
        label = WORDS.say(o.lang, "their_hand", name=view.players[me], n=view.hand_sizes[me])
    else:
        label = WORDS.say(o.lang, "your_hand_turn" if view.current_player == me and view.legal else "your_hand")
    hand, height = _hand_row(view, me, x, y + 22 + o.room, o.clickable, o.lang, o.sort, s, width, rows=2,
                             room=o.room, annotations=o.annotations)
    return _text(svg.fit(label, LABEL, width), x, y + 14) + hand, 22 + o.room + height + 8


def _hand_room(o: _Options, s: Sizes, rows: int) -> float:
    """The height :func:`_your_hand` keeps all game long: its label and ``rows`` rows of cards (a
    finished deal's empty hand too)."""
    return 22 + o.room + rows * s.h + (rows - 1) * max(8, o.room) + 8


# --- the layouts --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Options:
    """What :func:`table_svg` was asked to draw, besides the view and the layout."""

    clickable: bool
    lang: str
    sort: bool
    next_deal: bool
    switch: bool | None                 # the sort switch's state (None: no switch)
    annotations: svg.Annotations | None
    room: float                         # above your hand's rows and the buttons, for the badges
    touch: bool = False                 # a touch-only page: the buttons name no key


class _Page:
    """A drawing laid out from the top: its parts and the height reached (``y``)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = 0.0

    def put(self, part: tuple[str, float], gap: float = 10, room: float = 0) -> None:
        """Add an area (its svg and height) and move down by its height, or the ``room`` kept for
        it if that is more, and ``gap`` (none when empty)."""
        self.parts.append(part[0])
        height = max(part[1], room)
        self.y += height + (gap if height else 0)


def _wide(page: _Page, view: View, o: _Options, s: Sizes) -> float:
    """Opponent beside the discarded hands; stock, trick, last trick, piles; your hand beside the
    notes; the buttons. Returns the play area's height (all of it)."""
    inner, me = s.width - 2 * MARGIN, view_seat(view)
    opponent_w = max(_hand_width(view, 1 - me, s), 260)
    top = _opponent(view, MARGIN, page.y, o.lang, o.sort, opponent_w, s)
    side = _discards(view, MARGIN + opponent_w + 30, page.y, o.lang, o.sort, inner - opponent_w - 30, s)
    page.put((top[0] + side[0], max(top[1], side[1])), room=22 + s.h)     # room for the discarded hands
    piles = _piles(view, MARGIN + MIDDLE_W + 10, page.y, o.lang)
    middle = _middle(view, MARGIN, page.y, o.lang, s)
    page.put((middle[0] + piles[0], max(middle[1], piles[1])), 0)
    hand_w = max(_hand_width(view, me, s), 320) if view.hand_sizes[me] else 0
    notes_x = MARGIN + hand_w + (40 if hand_w else 0)
    hand = _your_hand(view, MARGIN, page.y, o, s, hand_w)
    notes = _notes_g(_notes(view, o.lang, s.width - MARGIN - notes_x), notes_x, page.y + 22)
    page.put((hand[0] + notes[0], max(hand[1], notes[1] + 22)), room=_hand_room(o, s, HAND_ROWS["wide"]))
    if o.clickable:
        page.put(_buttons(buttons(view, o.lang, next_deal=o.next_deal, sort=o.switch, touch=o.touch), MARGIN, page.y,
                          inner, o.annotations, o.room), 0)
    return max(page.y + 8, 200)


def _narrow(page: _Page, view: View, o: _Options, s: Sizes) -> float:
    """The wide areas stacked: the opponent beside the discarded hands (under it if they do not
    fit), stock and tricks, your hand, the buttons; under that play area the piles beside the
    notes. Returns the play area's height."""
    inner, me = s.width - 2 * MARGIN, view_seat(view)
    opponent_w = max(_hand_width(view, 1 - me, s), 180)
    side_x = MARGIN + opponent_w + 20
    top = _opponent(view, MARGIN, page.y, o.lang, o.sort, opponent_w, s)
    if MARGIN + inner - side_x >= svg.row_width(9, s.w, s.fan):
        side = _discards(view, side_x, page.y, o.lang, o.sort, MARGIN + inner - side_x, s)
        page.put((top[0] + side[0], max(top[1], side[1])), room=22 + s.h)
    else:
        page.put(top)
        page.put(_discards(view, MARGIN, page.y, o.lang, o.sort, inner, s))
    page.put(_middle(view, MARGIN, page.y, o.lang, s), 0)
    page.put(_your_hand(view, MARGIN, page.y, o, s, inner), room=_hand_room(o, s, HAND_ROWS["narrow"]))
    if o.clickable:
        page.put(_buttons(buttons(view, o.lang, next_deal=o.next_deal, sort=o.switch, touch=o.touch), MARGIN, page.y,
                          inner, o.annotations, o.room), 0)
    play = page.y
    piles = _piles(view, MARGIN, page.y, o.lang)
    notes = _notes_g(_notes(view, o.lang, inner - 310), MARGIN + 310, page.y + 8)
    page.put((piles[0] + notes[0], max(piles[1], notes[1] + 8)))
    return play


PHONE_STOCK_X = PHONE_WIDTH - MARGIN - 52   # the phone's stock, right of the opponent (its badge inside)


def _phone(page: _Page, view: View, o: _Options, s: Sizes) -> float:
    """The play area: the opponent beside the stock; the trick and the last trick (during the
    exchanges, when there is no trick yet, the discarded hand if any); your hand, five cards a
    row; what to do now, a button a row. Under it: the sort switch, the piles, the notes and the
    discarded hands. Returns the play area's height."""
    inner = s.width - 2 * MARGIN
    top = _opponent(view, MARGIN, page.y, o.lang, o.sort, PHONE_STOCK_X - 12 - MARGIN, s)
    stock = svg.stack_g(view.stock_size, PHONE_STOCK_X, page.y + 8, s.back, label=WORDS.say(o.lang, "stock"),
                        key="stock")
    page.put((top[0] + stock, max(top[1], 8 + svg.card_h(s.back) + 0.3 * s.back + 4)))
    exchanging = view.phase == EXCHANGE          # no trick yet: the discarded hand (if any) instead
    if exchanging:   # in the trick's room, but in an open view (a replay's: the opponent's cards
        # face up, taller), whose play area stays within 700 units so
        hidden = view.hands[1 - view_seat(view)] is None
        page.put(_discards(view, MARGIN, page.y, o.lang, o.sort, inner, s), 0 if hidden else 10,
                 room=36 + s.h + 22 if hidden else 0)
    else:
        page.put(_middle(view, MARGIN, page.y, o.lang, s, stock=False,
                         room=inner - 2 * s.w - TRICK_GAP - LAST_GAP), 0)
    page.put(_your_hand(view, MARGIN, page.y, o, s, inner), 0, room=_hand_room(o, s, HAND_ROWS["phone"]))
    shown = buttons(view, o.lang, next_deal=o.next_deal, sort=o.switch, touch=o.touch) if o.clickable else []
    page.put(_button_column([b for b in shown if b[0] != "sort"], MARGIN, page.y, o.annotations), 0,
             room=PHONE_BUTTON_ROWS * (BUTTON_H + 10) + 2 if o.clickable else 0)
    play = page.y
    page.put(_button_column([b for b in shown if b[0] == "sort"], MARGIN, page.y, None), 0)
    page.put(_piles(view, MARGIN, page.y, o.lang))
    page.put(_notes_g(_notes(view, o.lang, inner), MARGIN, page.y), room=LINE * PHONE_NOTE_LINES + 6)
    # the discarded hands (two at most, T4 T5: the stock holds two hands), or their room
    page.put(("", 0) if exchanging else _discards(view, MARGIN, page.y, o.lang, o.sort, inner, s),
             room=2 * (22 + s.h) + 10)
    return play


LAYOUT_AREAS = {"wide": _wide, "narrow": _narrow, "phone": _phone}


def table_svg(view: View, *, clickable: bool = True, layout: str = "wide", lang: str = "en",
              sort: bool = True, next_deal: bool = False, sort_switch: bool = False,
              annotations: svg.Annotations | None = None, min_height: float = 0, touch: bool = False) -> str:
    """The whole table seen by ``view.player``, in the ``"wide"``, ``"narrow"`` or ``"phone"``
    layout (:data:`SIZES`) and in ``lang``: the opponent's hand with the discarded hands (T6),
    the stock, the trick, the last trick, both won piles with the running points, your hand
    (sorted by suit and rank when ``sort``) with the declarations or the deal's score, and
    buttons for the legal non-card actions (``clickable``). ``next_deal``: the view is a finished
    deal held on the table; its only button is *next deal*. ``sort_switch``: draw the sort switch
    (a table's). ``annotations`` (:class:`cardlab.draw.svg.Annotations`, the coach's hints): room
    above your hand and the buttons, each badge over the card or button of its target, the strip
    under the table. The drawing names the height of its play area (``data-play-height``: from
    the top to what to do now). Each area keeps its room all game long, so that a drawing of a
    game in progress has one height in the wide and narrow layouts (:data:`HEADER_LINES`,
    :data:`HAND_ROWS`), and at least ``min_height`` (:func:`cardlab.draw.svg.document`). ``touch``:
    for a page with no keyboard (a phone, a tablet), the buttons name no key."""
    s = SIZES[svg.check_layout(layout)]
    o = _Options(clickable, lang, sort, next_deal, sort if sort_switch else None, annotations,
                 HINT_ROOM if annotations is not None else 0, touch)
    page = _Page()
    page.put(_header(view, lang, s.width, your_turn=layout != "phone"), 0, room=12 + 20 * HEADER_LINES[layout])
    play = LAYOUT_AREAS[layout](page, view, o, s)
    height = max(page.y + 8, 200)
    title = WORDS.say(lang, "table_title", title=WORDS.say(lang, "title"),
                      deal=WORDS.say(lang, "deal", n=view.deal + 1))
    return svg.document(s.width, height, "".join(page.parts), title=title, annotations=annotations,
                        play_height=play, min_height=min_height)


def pack_svg(ranks: Sequence[str] = RANKS, lang: str = "en") -> str:
    """The 36-card Trappola pack, one suit a row, labelled with the Italian, Czech and English
    names (``lang="ja"``: the Japanese, Italian and Czech names)."""
    w = svg.CARD_W
    step, label_w = 0.75 * w, 150
    body = []
    for row, suit in enumerate(ITALIAN_SUITS):
        y = 12 + row * (svg.card_h(w) + 14)
        name, others = pack_labels(suit, lang)
        body.append(svg.text_g(name, 12, y + 30, size=14, weight="bold", fill=WHITE))
        body.append(svg.text_g(others, 12, y + 50, size=12, fill=PALE))
        body.append(svg.row_g([Card(r, suit) for r in ranks], label_w, y, w, step=step, lang=lang))
    width = label_w + svg.row_width(len(ranks), w, step) + 12
    return svg.document(width, 12 + 4 * (svg.card_h(w) + 14), "".join(body),
                        title=WORDS.say(lang, "pack_title"))
