"""The Cleopatra table as SVG, drawn from a game (:class:`~cardlab.games.cleopatra.State`) or
what a player sees of it (:class:`~cardlab.games.cleopatra.View`).

Every stack is face down with its count (nobody sees a hand in Cleopatra): the other player's
hand and won pile at the top, the reader's at the bottom (a spectator: Y at the top), the face-up
pile between them, and a side area with whose turn it is, what happened (the latest events that
fit whole, the reader's own in gold) and the table's keys; the title names the rules played.
Three layouts (issue 29): ``"wide"`` (:data:`WIDE_WIDTH` units, the side area on the right),
``"narrow"`` (:data:`NARROW_WIDTH` units, the side area below) and ``"phone"``
(``svg.PHONE_WIDTH`` = 360 units: a seat's stacks close together, the keys under whose turn it
is, the log below); each names its play area (the seats, the pile and what to do now) with
``data-play-height``, at most 700 units tall in the narrow and phone layouts. At a table of two
people at one keyboard (``seat_keys``) each seat's own keys are drawn under it, the pile and the
bottom seat's foot a row lower (:data:`ROW`) in every layout.
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

from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardlab.cards import Card, french_deck
from cardlab.draw import svg

from .engine import Rules, State, View
from .story import Capture, Line, last_capture, result, story
from .words import CLEOPATRA, about, cards, rules_words

W = 74                         # card width (>= svg.READABLE_W, so every face text is >= 11 units)
H = svg.card_h(W)
PLAY_WIDTH = 540               # the wide layout's seats and pile
SIDE_WIDTH = 300               # and its side area, right of them
WIDE_WIDTH = PLAY_WIDTH + SIDE_WIDTH
NARROW_WIDTH = 640
PLAY_HEIGHT = 546              # the wide drawing's height (the narrow one's seats and pile end there too)
LOG_ROWS = {"wide": 19, "narrow": 6, "phone": 7}   # log rows: right of the play area (wide), below it
WHITE = "#ffffff"
PALE = "#cfe3d6"
FLASH = "#f2c230"
LABEL = 14                     # labels and the side area's lines
SMALL_LABEL = 12               # a seat's label that would be cut at LABEL in two lines
CAPTION = {"wide": 14, "narrow": 14, "phone": 13}  # the caption of the cards just taken (bold)
STATUS = 16                    # whose turn it is, or the result (bold)
TITLE, TITLE_Y = 17, 30        # the title (bold) and its (first) baseline
ROW = 20                       # line height of the side area
LABEL_GAP = 26                 # from the top of a stack to the baseline of its label (below its thickness)
MIN_STEP = 0.2                 # the closest step of the cards taken, as a share of W (their indices show)
MAX_NAME = 14                  # longer names are cut with "…" in the drawing


@dataclass(frozen=True)
class Geometry:
    """Where a layout puts things: the play area's width and margin, a seat's hand and won pile
    (x), the widest labels under them (``won_label=None``: "won pile" alone, the name being under
    the hand), the gap from the won pile (or the hand) to the cards just taken and the room kept
    right of them, and the tops of the two seats' stacks and of the pile."""

    width: float
    margin: float
    hand_x: float
    won_x: float
    hand_label: float
    won_label: float | None
    taken_gap: float
    taken_edge: float
    top_y: float
    pile_y: float
    bottom_y: float

    def below(self, dy: float) -> Geometry:
        """The same geometry ``dy`` units lower (under a title of more lines)."""
        return replace(self, top_y=self.top_y + dy, pile_y=self.pile_y + dy, bottom_y=self.bottom_y + dy)


_WIDE = Geometry(width=PLAY_WIDTH, margin=24, hand_x=24, won_x=200, hand_label=116, won_label=150, taken_gap=44,
                 taken_edge=16, top_y=56, pile_y=214, bottom_y=404)
GEOMETRY = {"wide": _WIDE, "narrow": replace(_WIDE, width=NARROW_WIDTH),
            # issue 29: svg.PHONE_WIDTH units; a seat's two stacks close together, "won pile" under
            # the won pile (the name is under the hand), the pile in the middle, the cards just
            # taken beside the won pile
            "phone": Geometry(width=svg.PHONE_WIDTH, margin=12, hand_x=8, won_x=102, hand_label=88, won_label=None,
                              taken_gap=18, taken_edge=6, top_y=52, pile_y=200, bottom_y=404)}


def short(name: str) -> str:
    """A player's name as drawn (at most :data:`MAX_NAME` characters)."""
    return name if len(name) <= MAX_NAME else name[:MAX_NAME - 1] + "…"


def _label(text: str, x: float, y: float, size: float = LABEL, *, anchor: str = "start", weight: str = "normal") -> str:
    return svg.text_g(text, x, y, size=size, fill=WHITE, anchor=anchor, weight=weight)


class _Table:
    """One drawing of the table: the view, the words and the layout's geometry."""

    def __init__(self, view: View, reader: int | None, lang: str, layout: str, title: str,
                 seat_keys: bool = False) -> None:
        self.view, self.reader, self.lang, self.layout = view, reader, lang, layout
        self.names = tuple(short(n) for n in view.players)
        geometry = GEOMETRY[layout]
        # the phone's title may take two lines (at a space: "Egyptian Ratscrew" / its Japanese name)
        self.title = svg.wrap(title, TITLE, geometry.width - 2 * geometry.margin, bold=True, cjk=False)
        self.g = geometry.below(ROW * (len(self.title) - 1))
        if seat_keys:                          # a row under the top seat for its keys
            self.g = replace(self.g, pile_y=self.g.pile_y + ROW)
        # a seat's labels take two lines where a long name needs them: the seats below move down
        self.extra = [ROW * (max(len(self.labels(seat)[0]), len(self.labels(seat)[1]),
                                 len(self.caption(seat, cards(lang, 52))[0])) - 1)
                      for seat in range(len(view.players))]
        self.top, self.bottom = (1 - reader, reader) if reader is not None else (1, 0)
        self.g = replace(self.g, pile_y=self.g.pile_y + self.extra[self.top],
                         bottom_y=self.g.bottom_y + self.extra[self.top])
        self.grow = self.extra[self.top] + self.extra[self.bottom]
        """How much taller the drawing is for the seats' labels of two lines."""

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

    def heading(self) -> str:
        """The title: the rules played."""
        return "".join(svg.text_g(line, self.g.margin, TITLE_Y + ROW * i, size=TITLE, weight="bold", fill=WHITE)
                       for i, line in enumerate(self.title))

    def labels(self, seat: int) -> tuple[list[str], list[str], float]:
        """The lines of a seat's hand label and won pile label (the name whole, in two lines if
        need be; at :data:`SMALL_LABEL` if two lines at :data:`LABEL` would cut it) and their size."""
        g = self.g
        hand_text = about(self.lang, "hand", seat, self.names, self.reader)
        won_text = (CLEOPATRA.say(self.lang, "won_short") if g.won_label is None
                    else about(self.lang, "won", seat, self.names, self.reader))
        for size in (LABEL, SMALL_LABEL):
            hand = svg.fit_lines(hand_text, size, g.hand_label)
            won = svg.fit_lines(won_text, size, g.won_label or g.width)
            if "…" not in "".join(hand + won).replace(self.names[seat], ""):
                break
        return hand, won, size

    def caption(self, seat: int, taken: str, to_hand: bool = False) -> tuple[list[str], float]:
        """The lines of the caption of the cards ``taken`` by ``seat`` (the name whole, in two lines
        if need be) and the x of the cards, beside the won pile (or the hand, ``to_hand``)."""
        g = self.g
        x = (g.hand_x if to_hand else g.won_x) + W + g.taken_gap
        return svg.fit_lines(about(self.lang, "take", seat, self.names, self.reader, cards=taken),
                             CAPTION[self.layout], g.width - g.taken_edge - x, bold=True), x

    def label_g(self, lines: Sequence[str], x: float, y: float, size: float) -> str:
        """A label's lines centred under a stack at ``x`` (its top at ``y``)."""
        return "".join(_label(line, x + W / 2, y + H + LABEL_GAP + ROW * i, size, anchor="middle")
                       for i, line in enumerate(lines))

    def seat(self, seat: int, y: float, choices: Sequence[str], to_hand: bool) -> str:
        """A seat's face-down hand and won pile with their labels; the hand is outlined when due."""
        view, g = self.view, self.g
        hand, won, size = self.labels(seat)
        parts = [svg.stack_g(view.hand_sizes[seat], g.hand_x, y, W), self.label_g(hand, g.hand_x, y, size)]
        turn = seat == self.reader and "turn" in choices
        if turn:
            parts[0] = svg.group_g(parts[0], target="turn", label=CLEOPATRA.say(self.lang, "turn_label"))
        if not to_hand:
            pile = svg.stack_g(view.won_sizes[seat], g.won_x, y, W, key=f"won:{seat}")
            if turn and view.hand_sizes[seat] == 0:   # C9: the won pile becomes the hand as you turn
                pile = svg.group_g(pile, target="turn", label=CLEOPATRA.say(self.lang, "turn_label"))
            parts += [pile, self.label_g(won, g.won_x, y, size)]
        marks = [(g.hand_x, view.current_player == seat and not view.result),
                 (g.won_x, view.collector == seat and not to_hand)]
        parts += [f'<rect x="{x - 6}" y="{y - 6:g}" width="{W + 12:g}" height="{H + 12:g}" rx="6" fill="none"'
                  f' stroke="{FLASH}" stroke-width="3"/>' for x, on in marks if on]
        return "".join(parts)

    def keys(self, seat: int, text: str, y: float) -> str:
        """A seat's own keys (``text``), in the row under its labels (its stacks' top at ``y``)."""
        return svg.text_g(text, self.g.hand_x, y + H + LABEL_GAP + ROW + self.extra[seat], size=LABEL, fill=PALE,
                          cls="cardlab-keys") if text else ""

    def taken(self, capture: Capture, y: float, to_hand: bool) -> str:
        """The cards just taken, face up beside the winner's won pile (or hand), and what happened."""
        lines, x = self.caption(capture.seat, cards(self.lang, capture.n), to_hand)
        room = self.g.width - self.g.taken_edge - x
        shown = capture.cards[-max(1, int((room - W) / (MIN_STEP * W)) + 1):]
        step = min(0.3 * W, (room - W) / max(1, len(shown) - 1))
        row = svg.row_g(shown, x, y, W, step=step) if shown else ""
        size = CAPTION[self.layout]
        caption = "".join(_label(line, x, y + H + LABEL_GAP + ROW * i, size, weight="bold")
                          for i, line in enumerate(lines))
        return f'<g class="cardlab-taken">{row}{caption}</g>'

    def pile(self, choices: Sequence[str]) -> str:
        """The face-up pile in the middle (its top card beside the one under it, so that a pair
        shows), its count and a pending collection (C10)."""
        view, g = self.view, self.g
        x = (g.width - 1.6 * W) / 2
        pile = list(view.pile)
        body = svg.fan_g(pile[:-1], x, g.pile_y, W, key="pile")
        if pile:
            body += svg.card_g(pile[-1], x + 0.6 * W, g.pile_y + 4, W)
        if "slap" in choices:
            body = svg.group_g(body, target="slap", label=CLEOPATRA.say(self.lang, "slap_label"))
        count = CLEOPATRA.say(self.lang, "pile", cards=cards(self.lang, len(pile)))
        if view.under:
            count += CLEOPATRA.say(self.lang, "under", n=view.under)
        cx = x + 0.8 * W
        parts = [body, _label(count, cx, g.pile_y + H + 30, anchor="middle")]
        if view.collector is not None and not view.result:
            if self.layout == "phone":         # two lines: names are not cut
                lines = svg.wrap(self.about("collects", view.collector), LABEL, g.width - 2 * g.margin, bold=True)
            else:
                lines = [self.about("collects", view.collector, g.width - 40, bold=True)]
            parts += [_label(line, cx, g.pile_y + H + 30 + ROW * (i + 1), anchor="middle", weight="bold")
                      for i, line in enumerate(lines)]
        return "".join(parts)

    def side(self, x: float, y: float, width: float, log: Sequence[Line], keys: Sequence[str],
             outcome: str) -> tuple[str, float, float]:
        """What to do now: whose turn it is (or the result), what is owed and (phone) the keys;
        then what happened (the latest lines of the log that fit whole in the layout's rows, the
        reader's own in gold) and the keys (wide: at the foot of the side area; narrow: last).
        Returns the drawing, the foot of what to do now and the baseline of the last line."""
        view = self.view
        head = outcome or self.about("due", view.current_player, width, STATUS, bold=True)
        parts = []
        # below the wide layout, every line keeps its room all game long (whoever is due, whatever
        # is owed, however long the log), so that the drawing has one height while a game is on
        steady = self.layout != "wide" and not outcome
        heads = [self.about("due", seat, width, STATUS, bold=True) for seat in range(len(view.players))]
        room = y + ROW * max(len(svg.wrap(h, STATUS, width, bold=True)) for h in heads) if steady else y
        for status in svg.wrap(head, STATUS, width, bold=True):
            parts.append(svg.text_g(status, x, y, size=STATUS, weight="bold", fill=WHITE, cls="cardlab-cleo-status"))
            y += ROW
        y = max(y, room)
        if view.owed and not outcome:
            parts.append(_label(self.about("owes", view.current_player, width, n=view.owed), x, y + 2))
        if (view.owed and not outcome) or steady:
            y += ROW
        hint = CLEOPATRA.say(self.lang, "keys_sep").join(CLEOPATRA.say(self.lang, f"key_{k}") for k in keys)
        if hint and self.layout == "phone":
            parts.append(svg.text_g(hint, x, y + 2, size=LABEL, fill=PALE, cls="cardlab-keys"))
            y += ROW
        play_foot = y - ROW + 8
        rows = LOG_ROWS[self.layout]
        bottom = y + 14 + ROW * (rows + 1) if steady else y
        if log:
            parts.append(svg.text_g(CLEOPATRA.say(self.lang, "log"), x, y + 14, size=13, weight="bold", fill=PALE))
            y += 14 + ROW
            lines: list[tuple[str, bool, bool]] = []   # (text, the reader's, first row of its line)
            for line in reversed(log):
                mine = line.seat is not None and line.seat == self.reader
                cut = svg.wrap(line.text, LABEL, width - 14, bold=mine)
                if len(lines) + len(cut) > rows:
                    break                             # whole lines only: the older ones are left out
                lines[:0] = [(t, mine, i == 0) for i, t in enumerate(cut)]
            for text, mine, first in lines:
                if mine and first:
                    parts.append(f'<circle cx="{x + 4:g}" cy="{y - 5:g}" r="4" fill="{FLASH}"/>')
                parts.append(svg.text_g(text, x + 14, y, size=LABEL, weight="bold" if mine else "normal",
                                        fill=FLASH if mine else WHITE, cls="cardlab-log"))
                y += ROW
        y = max(y, bottom)
        if hint and self.layout != "phone":
            y = PLAY_HEIGHT - 18 if self.layout == "wide" else y + 8     # the foot of the wide side area
            parts.append(svg.text_g(hint, x, y, size=LABEL, fill=PALE, cls="cardlab-keys"))
            y += ROW
        return "".join(parts), play_foot, y - ROW


def table_svg(game: State | View, *, reader: int | None = None, layout: str = "wide", lang: str = "en",
              choices: Sequence[str] = (), keys: Sequence[str] = (), capture: Capture | None = None,
              seat_keys: Sequence[str] = (), min_height: float = 0) -> str:
    """The table seen by ``reader`` (their seat is "you"; None: a spectator) in ``layout``
    (``"wide"``, ``"narrow"`` or ``"phone"``) and ``lang``. ``choices``: the reader's clickable
    targets now (``"turn"``, ``"slap"``); ``keys``: the keys to show ("turn", "slap": "Enter:
    turn · Space: slap"); ``seat_keys``: the text of each seat's own keys, by seat ("A: turn · S:
    slap", "" for none), drawn under that seat (two people at one keyboard: a row is kept for them,
    shown or not). From a ``State`` the drawing also shows the log and the capture made by
    the last action (``capture`` overrides it); a ``View`` has no events, so it shows neither.
    The play area (``data-play-height``, issue 29) is the seats, the pile and what to do now: all
    of the wide drawing, the narrow and phone ones above their log. While the game is on, a
    drawing has one height in each layout (the narrow and phone ones keep room for every line of
    their side area), and at least ``min_height`` (:func:`cardlab.draw.svg.document`)."""
    svg.check_layout(layout)
    view = game.view(reader) if isinstance(game, State) else game
    rules = game.rules if isinstance(game, State) else Rules()
    table = _Table(view, reader, lang, layout, rules_words(lang, "title", rules.name), bool(seat_keys))
    g = table.g
    log: list[Line] = []
    outcome = view.result
    to_hand = False
    if isinstance(game, State):
        log = story(game.events, table.names, lang, reader)
        capture = capture or last_capture(game.events, len(game.history))
        to_hand = game.rules.captures == "under_hand"
        if game.outcome:
            outcome = result(lang, game.outcome.winner, game.outcome.reason, table.names, reader)
    top, bottom = table.top, table.bottom
    parts = [table.heading(), table.seat(top, g.top_y, choices, to_hand), table.seat(bottom, g.bottom_y, choices, to_hand),
             table.pile(choices)]
    if seat_keys:
        parts += [table.keys(top, seat_keys[top], g.top_y), table.keys(bottom, seat_keys[bottom], g.bottom_y)]
    keys_row = ROW if seat_keys else 0         # the bottom seat's keys
    if capture is not None:
        parts.append(table.taken(capture, g.top_y if capture.seat == top else g.bottom_y, to_hand))
    if layout == "wide":
        side, _, _ = table.side(g.width + 6, 34, SIDE_WIDTH - 22, log, keys, outcome)
        width: float = WIDE_WIDTH
        height: float = PLAY_HEIGHT + keys_row + table.grow
        play: float = height
    else:
        side, play, last = table.side(g.margin, g.bottom_y + H + LABEL_GAP + 32 + keys_row + table.extra[bottom],
                                      g.width - 2 * g.margin,
                                      log, keys, outcome)
        width, height = g.width, last + ROW - 8
    parts.append(side)
    title = CLEOPATRA.say(lang, "table_name", rules=rules_words(lang, "rules", rules.name))
    return svg.document(width, height, "".join(parts), title=title, play_height=play, min_height=min_height)


def colour_split_svg(w: float = svg.CARD_W, lang: str = "en") -> str:
    """C2: the pack split into the red half (♥ ♦) and the black half (♠ ♣), 26 cards each; the
    words in ``lang``."""
    deck = french_deck()
    halves: list[tuple[str, list[Card]]] = [(CLEOPATRA.say(lang, f"half_{colour}"),
                                             [c for c in deck if c.color == colour]) for colour in ("red", "black")]
    step = 0.62 * w
    row_w = svg.row_width(13, w, step)
    height = 2 * (2 * svg.card_h(w) + 46)
    body: list[str] = []
    y: float = 22
    for title, cards_ in halves:
        body.append(svg.text_g(title, 12, y, size=14, weight="bold", fill=WHITE))
        for i in range(2):
            body.append(svg.row_g(cards_[13 * i:13 * i + 13], 12, y + 8 + i * (svg.card_h(w) + 6), w, step=step))
        y += 2 * svg.card_h(w) + 46
    return svg.document(row_w + 24, height, "".join(body), title=CLEOPATRA.say(lang, "split_title"))
