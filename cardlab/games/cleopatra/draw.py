"""The Cleopatra table as SVG, drawn from a game (:class:`~cardlab.games.cleopatra.State`) or
what a player sees of it (:class:`~cardlab.games.cleopatra.View`).

Every stack is face down with its count (nobody sees a hand in Cleopatra): the other player's
hand and won pile at the top, the reader's at the bottom (a spectator: Y at the top), the face-up
pile between them, and a side area with whose turn it is, what happened (the latest events that
fit whole, the reader's own in gold) and the table's keys; the title names the rules played. Two layouts: ``"wide"`` (:data:`WIDE_WIDTH` units,
the side area on the right) and ``"narrow"`` (:data:`NARROW_WIDTH` units, the side area below).
Cards are :data:`W` units wide (more than ``svg.READABLE_W``: every face text is >= 11 units);
no text is smaller than ``svg.MIN_TEXT`` (11) units.

Clickable parts carry targets: the reader's hand ``"turn"`` and the pile ``"slap"`` when those
are among ``choices``. Motion keys (``data-key``): ``"won:<seat>"`` and ``"pile"``; face-up
cards carry their own. The hands have none, so a turned card is on the pile at once (a flight
from the hand would eat into the reader's slap time, which runs from the drawing's appearance). A capture made by the last action is shown: the cards
taken lie face up beside the winner's won pile (beside the hand where captures go under it), with
"Y takes 6 cards", so the reader sees them go there. A pending collection (C10) is named under
the pile and the collector's won pile is outlined. ``colour_split_svg`` draws the two 26-card
halves of C2.
"""

from __future__ import annotations

import unicodedata
from typing import Sequence

from cardlab.draw import svg
from cardlab.cards import Card, french_deck
from .engine import Rules, State, View
from .words import CLEOPATRA, about, cards, rules_words
from .story import Capture, Line, last_capture, result, story

W = 74                         # card width (>= svg.READABLE_W, so every face text is >= 11 units)
H = svg.card_h(W)
PLAY_WIDTH = {"wide": 540, "narrow": 640}   # the play area (seats and pile)
SIDE_WIDTH = 300               # the side area of the wide layout, right of the play area
WIDE_WIDTH = PLAY_WIDTH["wide"] + SIDE_WIDTH
NARROW_WIDTH = PLAY_WIDTH["narrow"]
PLAY_HEIGHT = 546
WIDE_LOG_ROWS = 19             # log rows in the wide layout's side area (right of the play area)
NARROW_LOG_ROWS = 6            # and in the narrow one's (below the play area)
WHITE = "#ffffff"
PALE = "#cfe3d6"
FLASH = "#f2c230"
LABEL = 14                     # labels and the side area's lines
ROW = 20                       # line height of the side area
LABEL_GAP = 26                 # from the top of a stack to the baseline of its label (below its thickness)
HAND_X, WON_X = 24, 200        # a seat's hand and won pile
HAND_LABEL, WON_LABEL = 116, 136   # the widest labels under them (centred)
TAKEN_GAP = 44                 # from the won pile to the cards just taken
MIN_STEP = 0.2                 # the closest step of the cards taken, as a share of W (their indices show)
TOP_Y, BOTTOM_Y = 56, 404      # the two seats' stacks
PILE_Y = 214
MAX_NAME = 14                  # longer names are cut with "…" in the drawing


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` (at spaces, or anywhere in CJK text)."""
    lines: list[str] = []
    line = ""
    for word in _words(text):
        if line and svg.text_width((line + word).rstrip(), size, bold) > width:
            lines.append(line.rstrip())
            line = word.lstrip()
        else:
            line += word
    return lines + [line.rstrip()] if line.strip() else lines


def _words(text: str) -> list[str]:
    """Pieces a line may break after: words with their space, and single CJK characters."""
    pieces, word = [], ""
    for ch in text:
        word += ch
        if ch == " " or unicodedata.east_asian_width(ch) in "WF":
            pieces.append(word)
            word = ""
    return pieces + [word] if word else pieces


def short(name: str) -> str:
    """A player's name as drawn (at most :data:`MAX_NAME` characters)."""
    return name if len(name) <= MAX_NAME else name[:MAX_NAME - 1] + "…"


def _label(text: str, x: float, y: float, **kw: object) -> str:
    return svg.text_g(text, x, y, size=LABEL, fill=WHITE, **kw)  # type: ignore[arg-type]


class _Table:
    """One drawing of the table: the view, the words and the layout's geometry."""

    def __init__(self, view: View, reader: int | None, lang: str, layout: str) -> None:
        self.view, self.reader, self.lang, self.layout = view, reader, lang, layout
        self.names = tuple(short(n) for n in view.players)
        self.play_width = PLAY_WIDTH[layout]

    def about(self, key: str, seat: int, width: float = 10_000, size: float = LABEL, bold: bool = False,
              **fields: object) -> str:
        """The sentence ``key`` about ``seat``, its name cut short ("Alexandr…") until it is at
        most ``width`` wide at ``size``."""
        name = self.names[seat]
        for cut in range(len(name), 0, -1):
            names = list(self.names)
            names[seat] = name if cut == len(name) else name[:cut] + "…"
            text = about(self.lang, key, seat, names, self.reader, **fields)
            if svg.text_width(text, size, bold) <= width:
                break
        return text

    def seat(self, seat: int, y: float, choices: Sequence[str], to_hand: bool) -> str:
        """A seat's face-down hand and won pile with their labels; the hand is outlined when due."""
        view = self.view
        parts = [svg.stack_g(view.hand_sizes[seat], HAND_X, y, W),
                 _label(self.about("hand", seat, HAND_LABEL), HAND_X + W / 2, y + H + LABEL_GAP, anchor="middle")]
        if seat == self.reader and "turn" in choices:
            parts[0] = svg.group_g(parts[0], target="turn", label=CLEOPATRA.say(self.lang, "turn_label"))
        if not to_hand:
            parts += [svg.stack_g(view.won_sizes[seat], WON_X, y, W, key=f"won:{seat}"),
                      _label(self.about("won", seat, WON_LABEL), WON_X + W / 2, y + H + LABEL_GAP, anchor="middle")]
        marks = [(HAND_X, view.current_player == seat and not view.result),
                 (WON_X, view.collector == seat and not to_hand)]
        parts += [f'<rect x="{x - 6}" y="{y - 6:g}" width="{W + 12:g}" height="{H + 12:g}" rx="6" fill="none"'
                  f' stroke="{FLASH}" stroke-width="3"/>' for x, on in marks if on]
        return "".join(parts)

    def taken(self, capture: Capture, y: float, to_hand: bool) -> str:
        """The cards just taken, face up beside the winner's won pile (or hand), and what happened."""
        x = (HAND_X if to_hand else WON_X) + W + TAKEN_GAP
        room = self.play_width - 16 - x
        shown = capture.cards[-max(1, int((room - W) / (MIN_STEP * W)) + 1):]
        step = min(0.3 * W, (room - W) / max(1, len(shown) - 1))
        row = svg.row_g(shown, x, y, W, step=step) if shown else ""
        caption = _label(self.about("take", capture.seat, room, bold=True, cards=cards(self.lang, capture.n)), x,
                         y + H + LABEL_GAP, weight="bold")
        return f'<g class="cardlab-taken">{row}{caption}</g>'

    def pile(self, choices: Sequence[str]) -> str:
        """The face-up pile (its top card beside the one under it, so that a pair shows), its
        count and a pending collection (C10)."""
        view = self.view
        x = (self.play_width - 1.6 * W) / 2
        pile = list(view.pile)
        body = svg.fan_g(pile[:-1], x, PILE_Y, W, key="pile")
        if pile:
            body += svg.card_g(pile[-1], x + 0.6 * W, PILE_Y + 4, W)
        if "slap" in choices:
            body = svg.group_g(body, target="slap", label=CLEOPATRA.say(self.lang, "slap_label"))
        count = CLEOPATRA.say(self.lang, "pile", cards=cards(self.lang, len(pile)))
        if view.under:
            count += " (" + CLEOPATRA.say(self.lang, "under", n=view.under) + ")"
        cx = x + 0.8 * W
        parts = [body, _label(count, cx, PILE_Y + H + 30, anchor="middle")]
        if view.collector is not None and not view.result:
            note = self.about("collects", view.collector, self.play_width - 40, bold=True)
            parts.append(_label(note, cx, PILE_Y + H + 30 + ROW, anchor="middle", weight="bold"))
        return "".join(parts)

    def side(self, x: float, y: float, width: float, rows: int, log: Sequence[Line], keys: Sequence[str],
             outcome: str) -> tuple[str, float]:
        """Whose turn it is (or the result), what happened (the latest lines of the log that fit
        whole in ``rows`` rows, the reader's own in gold) and the keys; and the baseline of the
        last line."""
        view = self.view
        head = outcome or self.about("due", view.current_player, width, 16, bold=True)
        parts = [svg.text_g(head, x, y, size=16, weight="bold", fill=WHITE, cls="cardlab-cleo-status")]
        y += ROW
        if view.owed and not outcome:
            parts.append(_label(self.about("owes", view.current_player, width, n=view.owed), x, y + 2))
            y += ROW
        if log and rows:
            parts.append(svg.text_g(CLEOPATRA.say(self.lang, "log"), x, y + 14, size=13, weight="bold", fill=PALE))
            y += 14 + ROW
            lines: list[tuple[str, bool, bool]] = []   # (text, the reader's, first row of its line)
            for line in reversed(log):
                mine = line.seat is not None and line.seat == self.reader
                cut = wrap(line.text, width - 14, LABEL, bold=mine)
                if len(lines) + len(cut) > rows:
                    break                             # whole lines only: the older ones are left out
                lines[:0] = [(t, mine, i == 0) for i, t in enumerate(cut)]
            for text, mine, first in lines:
                if mine and first:
                    parts.append(f'<circle cx="{x + 4:g}" cy="{y - 5:g}" r="4" fill="{FLASH}"/>')
                parts.append(svg.text_g(text, x + 14, y, size=LABEL, weight="bold" if mine else "normal",
                                        fill=FLASH if mine else WHITE, cls="cardlab-log"))
                y += ROW
        if keys:
            y = PLAY_HEIGHT - 18 if self.layout == "wide" else y + 8     # the foot of the wide side area
            hint = CLEOPATRA.say(self.lang, "keys_sep").join(CLEOPATRA.say(self.lang, f"key_{k}") for k in keys)
            parts.append(svg.text_g(hint, x, y, size=LABEL, fill=PALE, cls="cardlab-keys"))
        return "".join(parts), y - ROW


def table_svg(game: State | View, *, reader: int | None = None, layout: str = "wide", lang: str = "en",
              choices: Sequence[str] = (), keys: Sequence[str] = (), capture: Capture | None = None) -> str:
    """The table seen by ``reader`` (their seat is "you"; None: a spectator) in ``layout`` and
    ``lang``. ``choices``: the reader's clickable targets now (``"turn"``, ``"slap"``); ``keys``:
    the keys to show ("turn", "slap": "Enter: turn · Space: slap"). From a ``State`` the drawing
    also shows the log and the capture made by the last action (``capture`` overrides it); a
    ``View`` has no events, so it shows neither."""
    if layout not in PLAY_WIDTH:
        raise ValueError(f"layout must be one of {sorted(PLAY_WIDTH)}, not {layout!r:.40}")
    view = game.view(reader) if isinstance(game, State) else game
    table = _Table(view, reader, lang, layout)
    log: list[Line] = []
    outcome = view.result
    to_hand = False
    rules = game.rules if isinstance(game, State) else Rules()
    if isinstance(game, State):
        log = story(game.events, table.names, lang, reader)
        capture = capture or last_capture(game.events, len(game.history))
        to_hand = game.rules.captures == "under_hand"
        if game.outcome:
            outcome = result(lang, game.outcome.winner, game.outcome.reason, table.names, reader)
    top, bottom = (1 - reader, reader) if reader is not None else (1, 0)
    parts = [svg.text_g(rules_words(lang, "title", rules.name), HAND_X, 30, size=17, weight="bold", fill=WHITE),
             table.seat(top, TOP_Y, choices, to_hand), table.seat(bottom, BOTTOM_Y, choices, to_hand),
             table.pile(choices)]
    if capture is not None:
        parts.append(table.taken(capture, TOP_Y if capture.seat == top else BOTTOM_Y, to_hand))
    if layout == "wide":
        width, height = WIDE_WIDTH, PLAY_HEIGHT
        side, _ = table.side(PLAY_WIDTH["wide"] + 6, 34, SIDE_WIDTH - 22, WIDE_LOG_ROWS, log, keys, outcome)
    else:
        width = NARROW_WIDTH
        side, last = table.side(HAND_X, PLAY_HEIGHT + 20, NARROW_WIDTH - 2 * HAND_X, NARROW_LOG_ROWS, log, keys,
                                outcome)
        height = last + ROW + 12
    parts.append(side)
    title = CLEOPATRA.say(lang, "table_name", rules=rules_words(lang, "rules", rules.name))
    return svg.document(width, height, "".join(parts), title=title)


def colour_split_svg(w: float = svg.CARD_W) -> str:
    """C2: the pack split into the red half (♥ ♦) and the black half (♠ ♣), 26 cards each."""
    deck = french_deck()
    halves: list[tuple[str, list[Card]]] = [("red: hearts and diamonds", [c for c in deck if c.color == "red"]),
                                            ("black: spades and clubs", [c for c in deck if c.color == "black"])]
    step = 0.62 * w
    row_w = svg.row_width(13, w, step)
    height = 2 * (2 * svg.card_h(w) + 46)
    body, y = [], 22
    for title, cards_ in halves:
        body.append(svg.text_g(title, 12, y, size=14, weight="bold", fill=WHITE))
        for i in range(2):
            body.append(svg.row_g(cards_[13 * i:13 * i + 13], 12, y + 8 + i * (svg.card_h(w) + 6), w, step=step))
        y += 2 * svg.card_h(w) + 46
    return svg.document(row_w + 24, height, "".join(body), title="Cleopatra: the pack split by colour (C2)")
