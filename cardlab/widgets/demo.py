"""A small game-free demo table: the start page and the tests use it before any game exists.

A hand dealt from a seeded French deck lies face down. Click a card to turn it over; with the
table focused, ← / → move the gold highlight, space (or Enter) turns the highlighted card,
``d`` or the drawn *Deal* button deals a new hand, and ``t`` asks the browser for a timer that
turns every card face down again a second later. The state lives in Python; every event redraws
the whole table as SVG::

    >>> table = DemoTable(seed=1, hand_size=5)
    >>> table.view.send_event({"type": "click", "target": "card:2"})
    >>> table.face_up
    [False, False, True, False, False]
"""

from __future__ import annotations

import random

import ipywidgets as w

from ..cards import Card, french_deck
from ..draw import svg
from ..words import Words, check_lang
from .replay import Replayer
from .stored import StoredLine
from .view import Event, TableEventError, TableView

WORDS = Words(
    en={"deal": "Deal", "deck": "deck", "refused": "That cannot be done here: {error}",
        "arrived": "{kind}: {what}, {t} ms after the table was drawn", "card_n": "card {n}", "space": "space",
        "title": "demo table: deal {deals}, {shown} of {n} cards face up",
        "dealt": "{n} cards dealt face down", "turned": "turn card {i}: {card}",
        "click": "click", "key": "key", "timer": "timer",
        "no_card": "there is no card {card} in a hand of {n}"},
    ja={"deal": "配る", "deck": "山札", "refused": "ここではできません：{error}",
        "arrived": "{kind}：{what}（台の描画から{t}ミリ秒後）", "card_n": "{n}枚目のカード", "space": "スペース",
        "title": "練習の台：{deals}回目の配り、{n}枚中{shown}枚が表向き",
        "dealt": "{n}枚を裏向きに配りました", "turned": "{i}枚目をめくる：{card}",
        "click": "クリック", "key": "キー", "timer": "タイマー",
        "no_card": "{n}枚の手札に{card}番のカードはありません"},
)

PER_ROW = 13
PAD = 16
STEP = 0.7 * svg.CARD_W
ROW_GAP = 16
TOP = PAD + 0.2 * svg.CARD_W  # room for a raised (selected) card
SIDE = 110  # room for the deck at the right
HIDE_AFTER_MS = 1000


class DemoTable(StoredLine, w.VBox):
    """A hand of ``hand_size`` cards (wrapped in rows of 13, fewer in a narrow output: :meth:`per_row`)
    dealt from a deck shuffled with ``seed``."""

    def __init__(self, seed: int = 0, hand_size: int = 7, lang: str = "en") -> None:
        if not 1 <= hand_size <= 52:
            raise ValueError(f"hand_size must be 1..52, got {hand_size}")
        self.lang = check_lang(lang)
        self.rng = random.Random(seed)
        self.hand_size = hand_size
        self.deck: list[Card] = []
        self.hand: list[Card] = []
        self.face_up: list[bool] = []
        self.cursor = 0
        self.deals = 0
        self.view = TableView(lang=self.lang)
        super().__init__([self.view])
        self.add_class("cardlab-demo")
        self.add_class("cardlab-table-root")
        self.view.on_event(self.handle)
        self.view.observe(lambda _change: self.redraw(), names="width")
        self.deal()

    def deal(self) -> None:
        """Deal a new face-down hand (a fresh shuffled deck when too few cards remain)."""
        if len(self.deck) < self.hand_size:
            self.deck = french_deck()
            self.rng.shuffle(self.deck)
        self.hand = [self.deck.pop() for _ in range(self.hand_size)]
        self.face_up = [False] * self.hand_size
        self.cursor = 0
        self.deals += 1
        self.redraw()

    def turn(self, index: int) -> None:
        """Turn card ``index`` over and move the highlight to it."""
        self.cursor = index
        self.face_up[index] = not self.face_up[index]
        self.redraw()

    def handle(self, event: Event) -> None:
        """React to a table event: clicks on cards or the Deal button, arrow keys, space, ``d``, ``t``.
        A click on something that is not there is reported in the status line. The drawing and
        the status line reach the browser together."""
        with self.view.hold_sync():
            try:
                self._react(event)
            except TableEventError as error:
                self.view.status = self.say("refused", error=error)
            else:
                self.view.status = self._describe(event)

    def _react(self, event: Event) -> None:
        if event["type"] == "click":
            kind, _, index = event["target"].partition(":")
            if kind == "card":
                self.turn(self._index(index))
            elif kind == "deal":
                self.deal()
        elif event["type"] == "key":
            key = event["key"]
            if key in ("ArrowLeft", "ArrowRight"):
                self.cursor = (self.cursor + (1 if key == "ArrowRight" else -1)) % self.hand_size
                self.redraw()
            elif key in (" ", "Enter"):
                self.turn(self.cursor)
            elif key == "d":
                self.deal()
            elif key == "t":
                self.view.request_timer(HIDE_AFTER_MS, "hide")
        elif event["type"] == "timer" and event["tag"] == "hide":
            self.face_up = [False] * self.hand_size
            self.redraw()

    def _index(self, text: str) -> int:
        """The card position a target names (``card:3`` -> 3), which must be in the hand."""
        if not (text.isascii() and text.isdigit() and int(text) < self.hand_size):
            raise TableEventError(self.say("no_card", card=repr(text[:20]), n=self.hand_size))
        return int(text)

    def say(self, key: str, **fields: object) -> str:
        return WORDS.say(self.lang, key, **fields)

    def _describe(self, event: Event) -> str:
        """What arrived, in the reader's words ("click: card 5, 10 ms after the table was drawn")."""
        if event["type"] == "click":
            kind, _, index = event["target"].partition(":")
            what = self.say("card_n", n=int(index) + 1) if kind == "card" else self.say("deal")
        elif event["type"] == "key":
            what = self.say("space") if event["key"] == " " else event["key"]
        else:
            what = event["tag"]
        return self.say("arrived", kind=self.say(event["type"]), what=what, t=f"{event['t']:.0f}")

    def per_row(self, controls: bool = True) -> int:
        """The cards a row: :data:`PER_ROW`, fewer where the output the browser measures
        (``view.width``) is narrower than such a row, so that a phone shows the drawing at its
        natural size or more (its card indices and labels as large as designed), not shrunk."""
        room = self.view.width - 2 * PAD - svg.CARD_W - (SIDE - PAD if controls else 0)
        return PER_ROW if self.view.width <= 0 else max(1, min(PER_ROW, int(room // STEP) + 1))

    def draw(self, controls: bool = True) -> str:
        """The whole table as SVG (``controls=False``: without the deck and the Deal button)."""
        per_row = self.per_row(controls)
        rows = [range(i, min(i + per_row, self.hand_size)) for i in range(0, self.hand_size, per_row)]
        h = svg.card_h()
        body = [svg.row_g([self.hand[i] if self.face_up[i] else None for i in row],
                          PAD, TOP + r * (h + ROW_GAP), step=STEP,
                          targets=[f"card:{i}" for i in row],
                          marked=[i - row.start for i in row if i == self.cursor])
                for r, row in enumerate(rows)]
        width = 2 * PAD + svg.row_width(min(self.hand_size, per_row), step=STEP)
        height = TOP + len(rows) * (h + ROW_GAP)
        if controls:
            body.append(svg.stack_g(len(self.deck), width + 9, TOP, label=self.say("deck")))
            body.append(svg.button_g(self.say("deal"), PAD, height - 4, 70, 30, "deal"))
            width, height = width + SIDE - PAD, height + 30 + PAD
        shown = sum(self.face_up)
        title = self.say("title", deals=self.deals, shown=shown, n=self.hand_size)
        return svg.document(width, height, "".join(body), title=title)

    def redraw(self) -> None:
        self.view.draw(self.draw())

    def __repr__(self) -> str:
        shown = " ".join(str(c) if up else "▒" for c, up in zip(self.hand, self.face_up))
        return f"DemoTable(deal={self.deals}, hand={shown!r}, highlight={self.cursor})"


def turning_replay(seed: int = 0, hand_size: int = 5, lang: str = "en") -> Replayer:
    """A Replayer of a dealt hand turned over card by card, left to right (one caption per step),
    in ``lang``."""
    table = DemoTable(seed=seed, hand_size=hand_size, lang=lang)
    frames, captions = [table.draw(controls=False)], [table.say("dealt", n=hand_size)]
    for i, card in enumerate(table.hand):
        table.turn(i)
        frames.append(table.draw(controls=False))
        captions.append(table.say("turned", i=i + 1, card=card.name if table.lang == "en" else str(card)))
    return Replayer(frames, captions, lang=table.lang)
