"""SVG drawing of cards and card layouts for notebooks and card-table widgets.

Every function returns SVG text. Output is deterministic — no ``id=`` attributes, no random
numbers — so notebook outputs can be compared. Fragments (``*_g``) are ``<g>`` elements placed at
(x, y) in user units; :func:`document` wraps them into a full ``<svg>``. An element with
``target="…"`` is clickable: it carries ``data-target="…"`` and the class ``cardlab-target``,
which the table widget reports back to Python. Card faces are drawn in :mod:`cardlab.draw.faces`.

Annotations (the coach's hints) are arguments of the drawing, as python-chess's
``chess.svg.board(board, arrows=..., fill=...)`` takes its marks: an :class:`Annotations` holds a
:class:`Badge` per target, which :func:`row_g` and :func:`button_g` draw over the element of that
target, and a strip of lines, which :func:`document` adds under the drawing. Nothing edits the
SVG text once it is made.

    >>> from cardlab import Card
    >>> svg = card_svg(Card.parse("QH"))
    >>> svg.startswith("<svg") and "id=" not in svg
    True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from ..cards import FRENCH, Card, parse_cards
from .faces import DESIGN_H, DESIGN_W, SMALLEST_TEXT, back_body, esc, face_body, num

MIN_TEXT = 11     # the smallest text a table draws, in user units (= CSS px at scale 1)
#: the narrowest face-up card whose face texts are all at least MIN_TEXT units
READABLE_W = -(-MIN_TEXT * DESIGN_W // SMALLEST_TEXT)
CARD_W = 66
CARD_RATIO = DESIGN_H / DESIGN_W
SVG_NS = "http://www.w3.org/2000/svg"
MARK = "#f2c230"
SELECT = "#1e88e5"
TABLE_GREEN = "#2f6b45"
SANS = ("'DejaVu Sans',Verdana,Arial,'Noto Sans CJK JP','Noto Sans JP',IPAexGothic,IPAGothic,"  # Linux
        "'Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic',YuGothic,Meiryo,sans-serif")  # macOS, Windows
ROW_STEP = 0.62  # default step of a row, as a fraction of the card width
RAISE = 0.18     # a selected card stands this fraction of its width above its place
BADGE_W, BADGE_H = 44, 29  # a badge over a choice: two lines at MIN_TEXT
BADGE_GAP = 5              # between a badge and the element under it (whose box its text must not touch)
BADGE_GOLD, BADGE_INK, BADGE_PANEL = "#f2c14e", "#f4efe1", "#163a26"
STRIP_LINE = 18            # the line height of the strip of lines under an annotated drawing

# Layouts (issue 29): a table is drawn "wide" when its output is at least its wide drawing's
# natural width (or the width is not known), "narrow" (its areas stacked) down to the narrow
# drawing's width, and "phone" below that: a drawing PHONE_WIDTH units wide, so that from a 360 px
# output up no text is under MIN_TEXT px. A drawing names the height of its play area (the
# others, the pile or trick, your hand, what to do now) with ``play_height=`` (:func:`document`);
# the view never shows that area taller than PLAY_MAX_PX.
LAYOUTS = ("wide", "narrow", "phone")
PHONE_WIDTH = 360
NO_LINE_START = "、。，．）」』】〕！？：；ー…,.)!?:;"
"""Punctuation a line of Japanese never starts with (kinsoku): it stays at the end of the line
before, even a little past its width."""
WIDE_SYMBOLS = "♠♥♦♣▶·★"
"""Symbols :func:`text_width` measures 0.8 em wide."""
PLAY_MAX_PX = 700


def card_h(w: float = CARD_W) -> float:
    """Height of a card ``w`` wide."""
    return w * CARD_RATIO


@lru_cache(maxsize=4096)
def _inner(card: Card | None, w: float, lang: str = "en") -> str:
    """A card face (or the back when ``card`` is None) scaled to width ``w``, at the origin (the
    words on a face in ``lang``)."""
    body = back_body() if card is None else face_body(card, lang)
    return f'<g transform="scale({num(w / DESIGN_W)})">{body}</g>'


def _attrs(classes: list[str], target: str | None, label: str | None = None, key: str | None = None) -> str:
    """The attributes of a drawn element: its classes; when clickable (``target``) its target,
    ``role="button"`` and its accessible name ``label`` (default: the target text); its motion
    ``key`` (``data-key``: the browser moves an element with the same key from its old place)."""
    if target is not None:
        classes.append("cardlab-target")
    text = f' class="{" ".join(classes)}"'
    if target is not None:
        text += (f' data-target="{esc(target)}" role="button" aria-label="{esc(label or target)}"'
                 f' cursor="pointer"')
    if key is not None:
        text += f' data-key="{esc(key)}"'
    return text


def card_g(card: Card | None, x: float, y: float, w: float = CARD_W, *, face_up: bool = True,
           target: str | None = None, marked: bool = False, selected: bool = False,
           dimmed: bool = False, label: str | None = None, lang: str = "en") -> str:
    """One card as a ``<g>`` with its top-left corner at (x, y), its words in ``lang``.

    ``card=None`` or ``face_up=False`` draws a back (and leaks nothing about the card). A face-up
    card carries ``data-card="QH"`` (ASCII form), which is also its motion key. ``target`` makes it
    clickable, named ``label`` for screen readers (default: the card's name, "queen of hearts");
    ``marked`` draws a gold outline (e.g. legal to play); ``selected`` raises it with a blue
    outline; ``dimmed`` greys it.
    """
    shown = card if face_up else None
    h = card_h(w)
    classes = ["cardlab-card"] + [name for name, on in
                                  (("marked", marked), ("selected", selected), ("dimmed", dimmed)) if on]
    data = f' data-card="{esc(shown.ascii())}" data-key="{esc(shown.ascii())}"' if shown is not None else ""
    if selected:
        y -= RAISE * w
    name = label or (shown.spoken(lang) if shown is not None else FACE_DOWN[lang])
    parts = [f'<g transform="translate({num(x)},{num(y)})"{_attrs(classes, target, name)}{data}>',
             _inner(shown, w, lang)]
    r = num(0.07 * w)
    if dimmed:
        parts.append(f'<rect width="{num(w)}" height="{num(h)}" rx="{r}" fill="#5a5a5a" opacity="0.45"/>')
    if marked:
        parts.append(f'<rect x="-1.5" y="-1.5" width="{num(w + 3)}" height="{num(h + 3)}" rx="{r}"'
                     f' fill="none" stroke="{MARK}" stroke-width="3"/>')
    if selected:
        parts.append(f'<rect x="-1" y="-1" width="{num(w + 2)}" height="{num(h + 2)}" rx="{r}"'
                     f' fill="none" stroke="{SELECT}" stroke-width="2.5"/>')
    parts.append("</g>")
    return "".join(parts)


def card_svg(card: Card, w: float = CARD_W, lang: str = "en") -> str:
    """A standalone ``<svg>`` of one face-up card ``w`` wide, named in ``lang``."""
    return _alone(card, w, lang)


def back_svg(w: float = CARD_W) -> str:
    """A standalone ``<svg>`` of a card back ``w`` wide."""
    return _alone(None, w)


def _alone(card: Card | None, w: float, lang: str = "en") -> str:
    title = "card back" if card is None else card.spoken(lang)
    return document(w + 2, card_h(w) + 2, card_g(card, 1, 1, w, lang=lang), title=title, background=None)


def row_g(cards: Sequence[Card | None], x: float, y: float, w: float = CARD_W, *,
          step: float | None = None, targets: Sequence[str | None] | None = None,
          marked: Iterable[int] = (), selected: Iterable[int] = (), dimmed: Iterable[int] = (),
          face_up: bool = True, labels: Sequence[str | None] | None = None,
          annotations: Annotations | None = None, lang: str = "en") -> str:
    """Cards left to right from (x, y), each ``step`` to the right of the last (default ``ROW_STEP * w``,
    overlapping). ``targets`` and ``labels`` (accessible names of the clickable cards; default: the
    cards' names in ``lang``, the language of their faces' words too) are parallel to ``cards``; ``marked``/``selected``/``dimmed`` are sets of indices.
    ``annotations``: the badges of the targets, drawn over their cards after the whole row (so that
    no card of it covers a badge)."""
    step = ROW_STEP * w if step is None else step
    for name, given in (("targets", targets), ("labels", labels)):
        if given is not None and len(given) != len(cards):
            raise ValueError(f"{name} has {len(given)} entries for {len(cards)} cards")
    marked, selected, dimmed = set(marked), set(selected), set(dimmed)
    body = "".join(card_g(card, x + i * step, y, w, face_up=face_up,
                          target=None if targets is None else targets[i],
                          label=None if labels is None else labels[i],
                          marked=i in marked, selected=i in selected, dimmed=i in dimmed, lang=lang)
                   for i, card in enumerate(cards))
    badges = "" if annotations is None or targets is None else "".join(
        annotations.over(target, x + i * step, y - (RAISE * w if i in selected else 0))
        for i, target in enumerate(targets))
    return f'<g class="cardlab-row">{body}</g>{badges}'


FACE_DOWN = {"en": "a card face down", "ja": "裏向きのカード"}
"""A face-down card's accessible name in each language."""


def row_width(n: int, w: float = CARD_W, step: float | None = None) -> float:
    """Width taken by :func:`row_g` of ``n`` cards."""
    step = ROW_STEP * w if step is None else step
    return 0.0 if n == 0 else w + (n - 1) * step


def _outline(w: float) -> str:
    """A dashed card-sized outline: where an empty pile or stack lies. Its inside takes clicks as a
    card's would (``pointer-events="visible"``: ``fill="none"`` alone would let them through), so an
    empty stack inside a clickable group is clicked or tapped anywhere on its place."""
    return (f'<rect class="empty" width="{num(w)}" height="{num(card_h(w))}" rx="{num(0.07 * w)}" fill="none"'
            f' pointer-events="visible" stroke="#ffffff" stroke-opacity="0.6" stroke-width="1.5"'
            f' stroke-dasharray="5 4"/>')


def _jitter(i: int) -> tuple[int, int, int]:
    """Deterministic small rotation (degrees) and offsets for the i-th card of a pile."""
    return (i * 7) % 17 - 8, (i * 5) % 7 - 3, (i * 3) % 5 - 2


def fan_g(cards: Sequence[Card], x: float, y: float, w: float = CARD_W, *,
          target: str | None = None, shown: int = 8, label: str | None = None, key: str | None = None) -> str:
    """A pile of face-up cards at (x, y), last on top, each slightly turned (deterministically by
    its position in the pile, so cards do not move when another is added). Only the top ``shown``
    cards are drawn. An empty pile is a dashed outline. ``label``: its accessible name when
    clickable; ``key``: its motion key (e.g. ``"pile"``)."""
    cx, cy = w / 2, card_h(w) / 2
    start = max(0, len(cards) - shown)
    parts = [f'<g transform="translate({num(x)},{num(y)})"{_attrs(["cardlab-pile"], target, label, key)}'
             f' data-count="{len(cards)}">']
    if not cards:
        parts.append(_outline(w))
    for i in range(start, len(cards)):
        angle, dx, dy = _jitter(i)
        parts.append(f'<g transform="rotate({angle} {num(cx)} {num(cy)})">'
                     f'{card_g(cards[i], dx * w / 60, dy * w / 60, w)}</g>')
    parts.append("</g>")
    return "".join(parts)


def _badge(count: int, x: float, y: float, w: float) -> str:
    r = max(0.22 * w if count < 100 else 0.27 * w, MIN_TEXT / 0.85)
    return (f'<g class="count"><circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="#ffffff"'
            f' stroke="#1b1b1b" stroke-width="1.2"/>'
            f'<text x="{num(x)}" y="{num(y + 0.3 * r)}" text-anchor="middle" font-family="{SANS}"'
            f' font-size="{num(0.85 * r)}" font-weight="bold" fill="#1b1b1b">{count}</text></g>')


def stack_g(count: int, x: float, y: float, w: float = CARD_W, *, label: str | None = None,
            target: str | None = None, top: Card | None = None, key: str | None = None) -> str:
    """A face-down stack of ``count`` cards at (x, y) (or the face-up ``top`` card on it), a few
    offset edges for thickness, a count badge, and an optional ``label`` under it (also its
    accessible name when clickable). An empty stack is a dashed outline. ``key``: its motion key
    (e.g. ``"won:1"``: face-up cards that vanish fly to the keyed stack that grew)."""
    if count < 0:
        raise ValueError(f"count must be >= 0, not {count}")
    h = card_h(w)
    head = f'<g transform="translate({num(x)},{num(y)})"{_attrs(["cardlab-stack"], target, label, key)} data-count="{count}">'
    if count == 0:
        parts = [head, _outline(w)]
    else:
        parts = [head]
        off = 0.035 * w
        for k in range(min(4, (count + 5) // 6) - 1, 0, -1):
            parts.append(f'<g transform="translate({num(k * off)},{num(k * off)})">{_inner(None, w)}</g>')
        parts.append(_inner(top, w))
    parts.append(_badge(count, 0.95 * w, 0.05 * w, w))
    if label is not None:
        parts.append(text_g(label, w / 2, h + 0.3 * w, size=max(MIN_TEXT + 1, 0.2 * w), anchor="middle",
                            fill="#ffffff", cls="label"))
    parts.append("</g>")
    return "".join(parts)


def group_g(body: str, *, target: str | None = None, label: str | None = None, cls: str = "cardlab-part") -> str:
    """Fragments grouped into one element, clickable as a whole (``target``) under one accessible
    name (``label``), e.g. a hand and its caption."""
    return f"<g{_attrs([cls], target, label)}>{body}</g>"


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of the width of ``text`` at ``size`` in the tables' sans-serif fonts (the
    one measure every drawing uses): wide (CJK) characters one em, capitals and digits 0.7, the
    suits' and the tables' symbols 0.8, a space 0.33, other characters 0.6; bold 10 % wider."""
    em = 0.0
    for ch in text:
        if unicodedata.east_asian_width(ch) in "WF":
            em += 1.0
        elif ch == " ":
            em += 0.33
        elif ch in WIDE_SYMBOLS:
            em += 0.8
        elif ch.isupper() or ch.isdigit():
            em += 0.7
        else:
            em += 0.6
    return em * size * (1.1 if bold else 1.0)


def wrap(text: str, size: float, width: float, bold: bool = False, *, cjk: bool = True) -> list[str]:
    """``text`` in lines no wider than ``width`` by :func:`text_width`: broken at spaces, between
    two wide (CJK) characters unless ``cjk`` is false (no line starting with closing punctuation,
    :data:`NO_LINE_START`), and inside a word only when the word alone is too wide."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(text, cjk):
        if text_width((line + piece).rstrip(), size, bold) <= width:
            line += piece
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = piece.lstrip()
        if text_width(line.rstrip(), size, bold) > width:          # a word too wide alone: cut it
            *cut, line = _cut(line, size, width, bold)
            lines += cut
    return lines + [line.rstrip()] if line.strip() else lines


def _pieces(text: str, cjk: bool) -> list[str]:
    """Pieces a line may break after: words with their spaces, and single wide characters (``cjk``)
    with any closing punctuation that follows them."""
    pieces: list[str] = []
    word = ""
    for ch in text:
        if not word and pieces and (ch == " " or (cjk and ch in NO_LINE_START)):
            pieces[-1] += ch                   # spaces stay with the word before, as punctuation does
            continue
        word += ch
        if ch == " " or (cjk and unicodedata.east_asian_width(ch) in "WF"):
            pieces.append(word)
            word = ""
    return pieces + [word] if word else pieces


def _cut(word: str, size: float, width: float, bold: bool) -> list[str]:
    """``word``, too wide for ``width``, cut between characters (never before closing punctuation or
    its trailing space)."""
    parts = [""]
    for ch in word:
        if parts[-1] and ch not in NO_LINE_START + " " and text_width(parts[-1] + ch, size, bold) > width:
            parts.append("")
        parts[-1] += ch
    return parts


def pack(parts: Sequence[str], size: float, width: float, sep: str = " · ", bold: bool = False) -> list[str]:
    """Lines of ``parts`` joined by ``sep``, a new line where the next part would not fit (a part
    too wide for a line alone is cut with :func:`fit`)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]}{sep}{part}" if lines else part
        if lines and text_width(joined, size, bold) <= width:
            lines[-1] = joined
        else:
            lines.append(fit(part, size, width, bold))
    return lines


def fit(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` by :func:`text_width` (names may be long)."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def fit_lines(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` in one line or two no wider than ``width`` by :func:`text_width`, so that a long
    name is drawn whole where one line would cut it. The first line is the longest that fits,
    broken after a space or a hyphen if it can be, else beside a wide (CJK) character, else inside
    a word; no line starts with :data:`NO_LINE_START`. What two lines cannot hold is cut with an
    ellipsis (:func:`fit`)."""
    if text_width(text, size, bold) <= width:
        return [text]

    def wide(ch: str) -> bool:
        return unicodedata.east_asian_width(ch) in "WF"

    tiers = (lambda a, b: a in " -", lambda a, b: wide(a) or wide(b), lambda a, b: True)
    for tier in tiers:
        at = [k for k in range(1, len(text)) if text[k] not in NO_LINE_START and tier(text[k - 1], text[k])
              and text_width(text[:k].rstrip(), size, bold) <= width]
        if at:
            return [text[:at[-1]].rstrip(), fit(text[at[-1]:].lstrip(), size, width, bold)]
    return [fit(text, size, width, bold)]


def text_g(text: object, x: float, y: float, *, size: float = 14, anchor: str = "start",
           weight: str = "normal", fill: str = "#1b1b1b", cls: str | None = None) -> str:
    """A line of text at (x, y) (baseline), escaped."""
    klass = f' class="{esc(cls)}"' if cls else ""
    return (f'<text{klass} x="{num(x)}" y="{num(y)}" font-family="{SANS}" font-size="{num(size)}"'
            f' text-anchor="{esc(anchor)}" font-weight="{esc(weight)}" fill="{esc(fill)}">{esc(text)}</text>')


def button_g(label: str, x: float, y: float, w: float, h: float, target: str, *,
             enabled: bool = True, name: str | None = None, annotations: Annotations | None = None) -> str:
    """A rounded button drawn in SVG; clickable (``data-target``) only when ``enabled``; ``name``:
    its accessible name when not its ``label`` (e.g. "take 4♠ (omorai)" for "Take (T)");
    ``annotations``: the badge of its target drawn over it (when enabled)."""
    fill, ink = ("#f4efe1", "#1b1b1b") if enabled else ("#b9b9b9", "#6d6d6d")
    classes = ["cardlab-button"] + ([] if enabled else ["disabled"])
    return (f'<g transform="translate({num(x)},{num(y)})"{_attrs(classes, target if enabled else None, name or label)}>'
            f'<rect width="{num(w)}" height="{num(h)}" rx="{num(min(8, h / 3))}" fill="{fill}"'
            f' stroke="#1b1b1b" stroke-opacity="0.5"/>'
            + text_g(label, w / 2, h / 2 + 0.36 * min(15, h * 0.5), size=min(15, h * 0.5), anchor="middle",
                     weight="bold", fill=ink) + "</g>"
            + (annotations.over(target, x, y) if annotations is not None and enabled else ""))


def layout_for(width: int, wide_width: int, narrow_width: int | None = None) -> str:
    """The layout of a table whose output is ``width`` CSS px wide (0: not known): ``"wide"`` from
    ``wide_width`` up, ``"narrow"`` from ``narrow_width`` up, ``"phone"`` below it (a drawing with
    no phone layout, ``narrow_width=None``, stays ``"narrow"``).

    >>> [layout_for(w, 900, 680) for w in (0, 1200, 700, 360)]
    ['wide', 'wide', 'narrow', 'phone']
    """
    if width <= 0 or width >= wide_width:
        return "wide"
    return "narrow" if narrow_width is None or width >= narrow_width else "phone"


def check_layout(layout: str, layouts: Sequence[str] = LAYOUTS) -> str:
    """``layout`` if it is one of ``layouts``, else a ``ValueError`` naming them."""
    if layout not in layouts:
        raise ValueError(f"layout must be one of {', '.join(map(repr, layouts))}, not {layout!r:.40}")
    return layout


def document(width: float, height: float, body: str, *, title: str | None = None,
             background: str | None = TABLE_GREEN, annotations: Annotations | None = None,
             play_height: float | None = None, min_height: float = 0) -> str:
    """Wrap fragments into a standalone ``<svg>`` of the given size (``background=None``: none);
    ``annotations``: its strip of lines (:attr:`Annotations.strip`) added under ``body``, each
    wrapped to the width, the drawing made taller by the strip (by :attr:`Annotations.room` lines
    at least). ``play_height``: the height of the play area, from the top (``data-play-height``;
    the view keeps it within :data:`PLAY_MAX_PX` on screen). ``min_height``: the drawing is at
    least that tall, its background longer at the bottom (a table keeps its height during a game:
    :attr:`cardlab.widgets.table.GameTable.steady_height`)."""
    if annotations is not None and (annotations.strip or annotations.room):
        lines = _wrapped(annotations.strip, width - 32)
        body += "".join(text_g(line, 16, height + 16 + STRIP_LINE * i, size=12,
                               fill=BADGE_GOLD if i == 0 else BADGE_INK, cls="cardlab-coach-line")
                        for i, line in enumerate(lines))
        height += STRIP_LINE * max(len(lines), annotations.room) + 12
    height = max(height, min_height)
    w, h = num(width), num(height)
    play = "" if play_height is None else f' data-play-height="{num(play_height)}"'
    head = f'<svg xmlns="{SVG_NS}" width="{w}" height="{h}" viewBox="0 0 {w} {h}"{play}>'
    if title is not None:
        head += f"<title>{esc(title)}</title>"
    if background is not None:
        head += f'<rect width="{w}" height="{h}" rx="8" fill="{esc(background)}"/>'
    return head + body + "</svg>"


def height_of(drawing: str) -> float:
    """The height of a drawing made by :func:`document` (its ``<svg>``'s ``height``; 0 when it names
    none)."""
    match = re.match(r'<svg\b[^>]*?\sheight="([\d.]+)"', drawing)
    return float(match.group(1)) if match else 0.0


def _wrapped(lines: Sequence[str], width: float) -> list[str]:
    """``lines`` of 12-unit text wrapped to ``width``, the following parts of a line indented."""
    indent = "   "
    room = width - text_width(indent, 12)
    return [part if i == 0 else indent + part for line in lines for i, part in enumerate(wrap(line, 12, room))]


# --- annotations: what a drawing marks over itself (the coach's hints) ----------------------------
@dataclass(frozen=True)
class Badge:
    """A label over a clickable element: two short lines (the first bold), gold when ``best``;
    ``name`` is its ``data-hint`` (the choice it stands for)."""

    name: str
    lines: tuple[str, str]
    best: bool = False


@dataclass(frozen=True)
class Annotations:
    """The marks a drawing puts over itself, given to it as an argument: ``badges``, a
    :class:`Badge` by target, drawn over the element of that target (by :func:`row_g` and
    :func:`button_g`); ``strip``, lines in a strip under the drawing (by :func:`document`; the
    first in gold); ``room``, the lines the strip keeps room for, shown or not. A game's drawing
    given annotations, even empty ones, leaves room above its choices for the badges and under
    it for ``room`` lines, so that the table does not move when they come."""

    badges: Mapping[str, Badge] = field(default_factory=dict)
    strip: tuple[str, ...] = ()
    room: int = 0

    def over(self, target: str | None, x: float, y: float) -> str:
        """The badge of ``target`` over an element whose top-left corner is at (x, y); "" when
        ``target`` has none."""
        badge = self.badges.get(target) if target is not None else None
        if badge is None:
            return ""
        top, bottom = badge.lines
        ink = BADGE_PANEL if badge.best else BADGE_INK
        return (f'<g class="cardlab-hint" data-hint="{esc(badge.name)}" transform="translate({num(x)},'
                f'{num(y - BADGE_H - BADGE_GAP)})"><rect width="{BADGE_W}" height="{BADGE_H}" rx="4"'
                f' fill="{BADGE_GOLD if badge.best else BADGE_PANEL}" stroke="{BADGE_GOLD}" stroke-width="1"/>'
                + text_g(top, BADGE_W / 2, 12, size=MIN_TEXT, anchor="middle", weight="bold", fill=ink)
                + text_g(bottom, BADGE_W / 2, 25, size=MIN_TEXT, anchor="middle", fill=ink) + "</g>")


class CardPicture:
    """One card's picture, named in ``lang`` (:meth:`cardlab.cards.Card.picture`); shows itself in a notebook."""

    def __init__(self, card: Card, lang: str = "en") -> None:
        self.card, self.lang = card, lang

    def __repr__(self) -> str:
        return f"CardPicture({str(self.card)!r}, lang={self.lang!r})"

    def _repr_svg_(self) -> str:
        return card_svg(self.card, lang=self.lang)


class _Display:
    """Base of the notebook display objects: subclasses give ``_body`` and ``_size``."""

    w: float = CARD_W
    pad: float = 8

    def _body(self, x: float, y: float) -> str:
        raise NotImplementedError

    def _size(self) -> tuple[float, float]:
        raise NotImplementedError

    def _repr_svg_(self) -> str:
        width, height = self._size()
        return document(width + 2 * self.pad, height + 2 * self.pad, self._body(self.pad, self.pad),
                        title=repr(self))


class _CardsDisplay(_Display):
    """A display of a sequence of cards, given as cards or as text (``"AS KH 10D"``)."""

    def __init__(self, cards: Iterable[Card] | str, *, pack: str = FRENCH, w: float = CARD_W) -> None:
        self.cards: tuple[Card, ...] = tuple(parse_cards(cards, pack) if isinstance(cards, str) else cards)
        self.w = w

    def __repr__(self) -> str:
        return f"{type(self).__name__}({' '.join(str(c) for c in self.cards)!r})"


class Hand(_CardsDisplay):
    """Cards in a row, e.g. ``Hand("AS KH 10D")``; shows itself in a notebook."""

    def _size(self) -> tuple[float, float]:
        return max(row_width(len(self.cards), self.w), self.w), card_h(self.w)

    def _body(self, x: float, y: float) -> str:
        return row_g(self.cards, x, y, self.w)


class Pile(_CardsDisplay):
    """A face-up pile, last card on top, slightly fanned; shows itself in a notebook."""

    def _size(self) -> tuple[float, float]:
        return self.w * 1.35, card_h(self.w) * 1.2

    def _body(self, x: float, y: float) -> str:
        return fan_g(self.cards, x + self.w * 0.175, y + card_h(self.w) * 0.1, self.w)


class Stack(_Display):
    """A face-down stack of ``count`` cards with its count badge; shows itself in a notebook."""

    def __init__(self, count: int, *, label: str | None = None, w: float = CARD_W) -> None:
        self.count = count
        self.label = label
        self.w = w

    def __repr__(self) -> str:
        extra = f", label={self.label!r}" if self.label is not None else ""
        return f"Stack({self.count}{extra})"

    def _size(self) -> tuple[float, float]:
        return self.w * 1.2, card_h(self.w) + (0.45 * self.w if self.label is not None else 0.2 * self.w)

    def _body(self, x: float, y: float) -> str:
        return stack_g(self.count, x, y + 0.1 * self.w, self.w, label=self.label)
