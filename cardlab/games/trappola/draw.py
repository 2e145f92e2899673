"""The Trappola table as SVG, drawn from a :class:`cardlab.games.trappola.View`.

Drawing from a view (never from the state) means a table shown to a player cannot leak the
opponent's hand or the stock. Clickable elements carry the action text as their target
(``"play RC"``, ``"exchange"``, ``"keep"``, ``"declare A"``), so a widget only has to hand the
target to ``state.play``; the table's own buttons are ``"next"`` (the next deal, after a deal's
last trick) and ``"sort"`` (the hand sorted or as dealt).

Two layouts: ``"wide"`` (:data:`WIDE_WIDTH` units wide: opponent and discarded hands, then stock,
trick, last trick and the won piles, then your hand beside the declarations, then the buttons) and
``"narrow"`` (:data:`NARROW_WIDTH` units: the same areas stacked). Every text is at least
:data:`MIN_TEXT` units high and every face-up card :data:`W` units wide, so its corner index is
readable; discarded hands are fanned so that each card's index shows. Words come from
:mod:`cardlab.games.trappola.words` in ``lang``. ``pack_svg`` draws the 36-card pack with its suit names.
"""

from __future__ import annotations

from typing import Sequence

from cardlab.draw import svg
from cardlab.cards import ITALIAN_SUIT_CZECH, ITALIAN_SUIT_ENGLISH, ITALIAN_SUITS, Card
from .engine import EXCHANGE, OVER, View
from .scoring import RANKS, STRENGTH, TRICKS_PER_DEAL, Trick, declaration_value
from .words import WORDS, card_name, declared, said
from .draw_html import sheets_html

__all__ = ["WIDE_WIDTH", "NARROW_WIDTH", "table_svg", "buttons", "sort_hand", "pack_svg", "sheets_html"]

WIDE_WIDTH = 960    # the natural width of the wide layout (below it the table is drawn narrow)
NARROW_WIDTH = 680  # the narrow layout: areas stacked
MIN_TEXT = svg.MIN_TEXT  # no text smaller (user units = CSS px at the natural size)
W = 76              # face-up cards (at least svg.READABLE_W: every face text >= MIN_TEXT)
H = svg.card_h(W)
BACK_W = 56         # the opponent's hidden hand: backs carry no text
PILE_W = 60         # stacks: their count badge is 11.2 units
HAND_STEP = 0.7 * W
FAN_STEP = 17       # a discarded hand: each card's corner index shows
LAST_STEP = 0.62 * W  # the court letter of the first card clears the index of the second
MARGIN = 16
LABEL = 13          # area labels
SMALL = 12          # names under cards, pile labels
LINE = 19           # line height of 13-unit text
BUTTON_H = 34
HINT_ROOM = 38      # with annotations: room above your hand and the buttons for their badges (29 high, 5 above)
WHITE = "#ffffff"
PALE = "#d7e8dc"
GOLD = "#f2c14e"
#: the keys of the buttons (shown on them): declarations take d, g, h in order
KEYS = {"exchange": "e", "keep": "k", "next": "Enter", "sort": "s"}
DECLARE_KEYS = ("d", "g", "h", "j", "l")
SUIT_ORDER = {suit: i for i, suit in enumerate(ITALIAN_SUITS)}


# --- text measures ------------------------------------------------------------------------------
def wrap(parts: Sequence[str], size: float, width: float, sep: str = " · ", bold: bool = False) -> list[str]:
    """Lines of ``parts`` joined by ``sep``, a new line where the next part would not fit
    (a part too long for a line is cut with :func:`svg.fit`)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]}{sep}{part}" if lines else part
        if lines and svg.text_width(joined, size, bold) <= width:
            lines[-1] = joined
        else:
            lines.append(svg.fit(part, size, width, bold))
    return lines


def _text(text: str, x: float, y: float, size: float = LABEL, **kw: object) -> str:
    return svg.text_g(text, x, y, size=size, fill=kw.pop("fill", PALE), **kw)  # type: ignore[arg-type]


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


def buttons(view: View, lang: str = "en", *, next_deal: bool = False, sort: bool | None = None
            ) -> list[tuple[str, str, str]]:
    """The buttons drawn for ``view``: ``(target, key, label)`` in drawing order — the legal
    non-card actions (exchange, keep, declarations), *next deal* when ``next_deal``, and the sort
    switch (``sort``: its state; None: no switch)."""
    out = []
    if not next_deal:
        hand = view.hands[view_seat(view)] or ()
        declares = iter(DECLARE_KEYS)
        for action in view.legal:
            verb, _, rank = action.partition(" ")
            if verb in ("exchange", "keep"):
                out.append((action, KEYS[verb], WORDS.say(lang, verb, k=KEYS[verb].upper())))
            elif verb == "declare":
                key = next(declares)
                count = sum(c.rank == rank for c in hand)
                out.append((action, key, WORDS.say(lang, "declare", what=declared(count, rank, lang),
                                                   k=key.upper())))
    else:
        out.append(("next", KEYS["next"], WORDS.say(lang, "next_deal", k=KEYS["next"])))
    if sort is not None:
        out.append(("sort", KEYS["sort"], WORDS.say(lang, "sort_on" if sort else "sort_off",
                                                    k=KEYS["sort"].upper())))
    return out


# --- areas: each returns (svg, height) ------------------------------------------------------------
def _header(view: View, lang: str, width: float) -> tuple[str, float]:
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
                 phase] + ([] if deal_finished(view) else [turn]) + [game]
    lines = wrap(parts, 14, width - 2 * MARGIN, bold=True)
    body = "".join(_text(line, MARGIN, 24 + 20 * i, size=14, weight="bold", fill=WHITE, cls="status")
                   for i, line in enumerate(lines))
    return body, 12 + 20 * len(lines)


def _hand_row(view: View, seat: int, x: float, y: float, clickable: bool, lang: str, sort: bool,
              annotations: svg.Annotations | None = None) -> str:
    cards = view.hands[seat]
    if cards is None:   # a hidden hand is keyed like a stack: a card it plays comes from there
        n = view.hand_sizes[seat]
        return (f'<g transform="translate({svg.num(x)},{svg.num(y)})" class="cardlab-hand" data-key="hand:{seat}"'
                f' data-count="{n}">{svg.row_g([None] * n, 0, 0, BACK_W, step=0.4 * BACK_W)}</g>')
    cards = sort_hand(cards) if sort else list(cards)
    legal = set(view.legal) if clickable and view.current_player == seat else set()
    texts = [f"play {c.ascii()}" for c in cards]
    playing = any(t.startswith("play") for t in legal)
    return svg.row_g(cards, x, y, W, step=HAND_STEP,
                     targets=[t if t in legal else None for t in texts],
                     labels=[card_name(c, lang) for c in cards],
                     marked=[i for i, t in enumerate(texts) if t in legal],
                     dimmed=[i for i, t in enumerate(texts) if playing and t not in legal],
                     annotations=annotations)


def _opponent(view: View, x: float, y: float, lang: str, sort: bool, width: float) -> tuple[str, float]:
    them = 1 - view_seat(view)
    label = WORDS.say(lang, "their_hand", name=view.players[them], n=view.hand_sizes[them])
    if not view.hand_sizes[them]:
        return _text(svg.fit(label, LABEL, width), x, y + 14), 20
    shown = view.hands[them] is not None
    body = (_text(svg.fit(label, LABEL, width), x, y + 14)
            + _hand_row(view, them, x, y + 22, False, lang, sort))
    return body, 22 + (H if shown else svg.card_h(BACK_W))


def _hand_width(view: View, seat: int) -> float:
    if view.hands[seat] is None:
        return svg.row_width(view.hand_sizes[seat], BACK_W, 0.4 * BACK_W)
    return svg.row_width(len(view.hands[seat]), W, HAND_STEP)


def _discards(view: View, x: float, y: float, lang: str, sort: bool, width: float) -> tuple[str, float]:
    """T6: the discarded hands, face up, fanned so that every index shows; side by side while
    they fit in ``width``, else on the next line."""
    block_w = svg.row_width(9, W, FAN_STEP)
    parts, cx, cy = [], x, y
    for seat in (1 - view_seat(view), view_seat(view)):
        for hand in view.discards[seat]:
            if cx > x and cx + block_w > x + width:
                cx, cy = x, cy + 22 + H + 10
            label = _say_seat(view, seat, lang, "discarded_you", "discarded")
            cards = sort_hand(hand) if sort else list(hand)
            parts.append(_text(svg.fit(label, SMALL, block_w), cx, cy + 14, size=SMALL)
                         + svg.row_g(cards, cx, cy + 22, W, step=FAN_STEP,
                                     labels=[card_name(c, lang) for c in cards]))
            cx += block_w + 24
    return "".join(parts), (cy - y + 22 + H if parts else 0)


def _trick_cards(view: View) -> tuple[tuple[int, Card], ...]:
    seats = (view.leader, 1 - view.leader)
    return tuple(zip(seats, view.trick))


TRICK_X = 94                              # the middle band: the stock, then the trick,
TRICK_GAP = 14
LAST_X = TRICK_X + 2 * W + TRICK_GAP + 30   # then the last trick and its labels
LAST_ROOM = 190
MIDDLE_W = LAST_X + LAST_ROOM


def _middle(view: View, x: float, y: float, lang: str) -> tuple[str, float]:
    """The stock, the trick (each card with its player's name), the last trick and its winner."""
    parts = [svg.stack_g(view.stock_size, x, y + 40, PILE_W, label=WORDS.say(lang, "stock"), key="stock")]
    tx = x + TRICK_X
    parts.append(_text(WORDS.say(lang, "trick"), tx, y + 30))
    for i, (seat, card) in enumerate(_trick_cards(view)):
        cx = tx + i * (W + TRICK_GAP)
        who = view.players[seat]
        parts.append(svg.card_g(card, cx, y + 36, W, label=card_name(card, lang)))
        parts.append(_text(svg.fit(who, SMALL, W + 10), cx + W / 2, y + 36 + H + 16, size=SMALL, anchor="middle"))
    if view.tricks:
        last: Trick = view.tricks[-1]
        lx = x + LAST_X
        final = deal_finished(view)
        title = WORDS.say(lang, "final_trick" if final else "last_trick")
        winner = _say_seat(view, last.winner, lang, "won_you", "won")
        parts.append(_text(svg.fit(title, LABEL, LAST_ROOM), lx, y + 12, fill=GOLD if final else PALE))
        parts.append(_text(svg.fit(winner, SMALL, LAST_ROOM), lx, y + 30, size=SMALL))
        parts.append(svg.row_g(list(last.cards), lx, y + 36, W, step=LAST_STEP,
                               labels=[card_name(c, lang) for c in last.cards]))
    return "".join(parts), 36 + H + 22




def _piles(view: View, x: float, y: float, lang: str, gap: float = 150) -> tuple[str, float]:
    """Each seat's won tricks (motion keys ``won:0``, ``won:1``) with the running points."""
    parts = []
    for i, seat in enumerate((1 - view_seat(view), view_seat(view))):
        won = sum(t.winner == seat for t in view.tricks)
        px = x + i * gap
        parts.append(svg.stack_g(2 * won, px + (gap - 24 - PILE_W) / 2, y + 12, PILE_W, key=f"won:{seat}"))
        cx = px + (gap - 24) / 2
        lines = (_say_seat(view, seat, lang, "pile_you", "pile"),
                 WORDS.say(lang, "pile_points", tricks=won, points=view.deal_points[seat]))
        for k, line in enumerate(lines):
            parts.append(_text(svg.fit(line, SMALL, gap - 10), cx, y + 12 + svg.card_h(PILE_W) + 18 + 16 * k,
                               size=SMALL, anchor="middle"))
    return "".join(parts), 12 + svg.card_h(PILE_W) + 18 + 16 + 6


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
            lines += [(line, WHITE) for line in wrap(text.split(" + "), LABEL, width, sep=" + ")]
    for seat, words, rank in view.declarations:
        count = 4 if words.startswith("four") else 3      # the view gives what was said (T7)
        if _is_you(view, seat) and rank is not None:
            text = WORDS.say(lang, "declared_you", what=declared(count, rank, lang),
                             points=declaration_value(rank, count))
        else:
            text = WORDS.say(lang, "declared", name=view.players[seat], said=said(count, rank, lang))
        lines.append((svg.fit(text, LABEL, width), WHITE))
    if view.phase == OVER and view.outcome is not None:
        winner = view.outcome.winner
        end = (WORDS.say(lang, "tie") if winner is None
               else _say_seat(view, winner, lang, "you_win", "they_win"))
        lines += [(line, GOLD) for line in wrap([end], LABEL, width)]
    return lines


def _notes_g(lines: list[tuple[str, str]], x: float, y: float) -> tuple[str, float]:
    body = "".join(_text(text, x, y + 14 + LINE * i, fill=colour, weight="bold" if colour == GOLD else "normal")
                   for i, (text, colour) in enumerate(lines))
    return body, (LINE * len(lines) + 6 if lines else 0)


def _buttons(view: View, x: float, y: float, width: float, lang: str, next_deal: bool,
             sort: bool | None, annotations: svg.Annotations | None, room: float = 0) -> tuple[str, float]:
    """The buttons, left to right, on a new row where the next would not fit, with the badges of
    ``annotations``; ``room`` above each row when one of them is a legal action (for the badges)."""
    shown = buttons(view, lang, next_deal=next_deal, sort=sort)
    room = room if any(target in view.legal for target, _key, _label in shown) else 0
    parts, bx, by = [], x, y + room
    for target, _key, label in shown:
        bw = svg.text_width(label, 15, bold=True) + 24
        if bx > x and bx + bw > x + width:
            bx, by = x, by + BUTTON_H + 10 + room
        parts.append(svg.button_g(label, bx, by, bw, BUTTON_H, target, annotations=annotations))
        bx += bw + 12
    return "".join(parts), (by - y + BUTTON_H + 12 if parts else 0)


def _your_hand(view: View, x: float, y: float, clickable: bool, lang: str, sort: bool,
               width: float, annotations: svg.Annotations | None, room: float = 0) -> tuple[str, float]:
    """Your hand under its label, ``room`` between them (for the badges of ``annotations``)."""
    me = view_seat(view)
    if not view.hand_sizes[me]:
        return "", 0
    if view.player is None:
        label = WORDS.say(lang, "their_hand", name=view.players[me], n=view.hand_sizes[me])
    else:
        label = WORDS.say(lang, "your_hand_turn" if view.current_player == me and view.legal else "your_hand")
    return (_text(svg.fit(label, LABEL, width), x, y + 14)
            + _hand_row(view, me, x, y + 22 + room, clickable, lang, sort, annotations), 22 + room + H + 8)


def table_svg(view: View, *, clickable: bool = True, layout: str = "wide", lang: str = "en",
              sort: bool = True, next_deal: bool = False, sort_switch: bool = False,
              annotations: svg.Annotations | None = None) -> str:
    """The whole table seen by ``view.player``, in the ``"wide"`` or ``"narrow"`` layout and in
    ``lang``: the opponent's hand at the top with the discarded hands (T6), the stock, the trick,
    the last trick, both won piles with the running points, your hand (sorted by suit and rank
    when ``sort``) beside the declarations or the deal's score, and buttons for the legal
    non-card actions (``clickable``). ``next_deal``: the view is a finished deal held on the
    table; its only button is *next deal*. ``sort_switch``: draw the sort switch (a table's).
    ``annotations`` (:class:`cardlab.draw.svg.Annotations`, the coach's hints): room above your
    hand and the buttons, each badge over the card or button of its target, the strip under the
    table."""
    if layout not in ("wide", "narrow"):
        raise ValueError(f"layout must be 'wide' or 'narrow', not {layout!r:.40}")
    width = WIDE_WIDTH if layout == "wide" else NARROW_WIDTH
    inner = width - 2 * MARGIN
    switch = sort if sort_switch else None
    me = view_seat(view)
    room = HINT_ROOM if annotations is not None else 0
    body, y = [], 0.0

    def put(part: tuple[str, float], gap: float = 10) -> None:
        nonlocal y
        body.append(part[0])
        y += part[1] + (gap if part[1] else 0)

    put(_header(view, lang, width), 0)
    if layout == "wide":
        opponent_w = max(_hand_width(view, 1 - me), 260)
        top = _opponent(view, MARGIN, y, lang, sort, opponent_w)
        side = _discards(view, MARGIN + opponent_w + 30, y, lang, sort, inner - opponent_w - 30)
        put((top[0] + side[0], max(top[1], side[1])))
        body.append(_piles(view, MARGIN + MIDDLE_W + 10, y, lang)[0])
        put(_middle(view, MARGIN, y, lang), 0)
        hand_w = max(_hand_width(view, me), 320) if view.hand_sizes[me] else 0
        notes_x = MARGIN + hand_w + (40 if hand_w else 0)
        hand = _your_hand(view, MARGIN, y, clickable, lang, sort, hand_w, annotations, room)
        notes = _notes_g(_notes(view, lang, width - MARGIN - notes_x), notes_x, y + 22)
        put((hand[0] + notes[0], max(hand[1], notes[1] + 22)))
    else:
        put(_opponent(view, MARGIN, y, lang, sort, inner))
        put(_discards(view, MARGIN, y, lang, sort, inner))
        put(_middle(view, MARGIN, y, lang), 0)
        put(_your_hand(view, MARGIN, y, clickable, lang, sort, inner, annotations, room))
        piles = _piles(view, MARGIN, y, lang)
        notes = _notes_g(_notes(view, lang, inner - 310), MARGIN + 310, y + 8)
        put((piles[0] + notes[0], max(piles[1], notes[1] + 8)))
    if clickable:
        put(_buttons(view, MARGIN, y, inner, lang, next_deal, switch, annotations, room), 0)
    height = max(y + 8, 200)
    title = f"{WORDS.say(lang, 'title')}, {WORDS.say(lang, 'deal', n=view.deal + 1)}"
    return svg.document(width, height, "".join(body), title=title, annotations=annotations)


def pack_svg(ranks: Sequence[str] = RANKS) -> str:
    """The 36-card Trappola pack, one suit a row, labelled with the Italian, Czech and English names."""
    w = svg.CARD_W
    step, label_w = 0.75 * w, 150
    body = []
    for row, suit in enumerate(ITALIAN_SUITS):
        y = 12 + row * (svg.card_h(w) + 14)
        body.append(svg.text_g(suit, 12, y + 30, size=14, weight="bold", fill=WHITE))
        body.append(svg.text_g(f"{ITALIAN_SUIT_CZECH[suit]} · {ITALIAN_SUIT_ENGLISH[suit]}", 12, y + 50,
                               size=12, fill=PALE))
        body.append(svg.row_g([Card(r, suit) for r in ranks], label_w, y, w, step=step))
    width = label_w + svg.row_width(len(ranks), w, step) + 12
    return svg.document(width, 12 + 4 * (svg.card_h(w) + 14), "".join(body),
                        title="The Trappola pack: 36 cards, A R C F 10 9 8 7 2 in four Italian suits")
