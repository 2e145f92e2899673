"""Card faces and backs drawn in SVG by cardlab itself (no third-party art).

Every face is drawn in a 100 × 140 design box and scaled to the requested width. The pips that
give a card its value carry ``class="pip"`` (so tests and tools can count them), corner indices
``class="idx"``, decorations ``class="orn"``. The output is deterministic: no ``id=`` attributes,
no random numbers, numbers printed with at most two decimals. Layouts live in :mod:`cardlab.draw.svg`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape

from ..cards import ITALIAN, ITALIAN_RANK_JAPANESE, Card

DESIGN_W = 100
DESIGN_H = 140
RED = "#c8102e"
BLACK = "#1b1b1b"
FACE = "#fffdf7"
EDGE = "#8a8a8a"
CREAM = "#fbf1d6"
GOLD = "#d9a521"
GOLD_DARK = "#7a5a10"
BACK = "#1f3a5f"
BACK_LINE = "#d9b44a"
SERIF = "Georgia,'DejaVu Serif','Liberation Serif',serif"


def num(value: float) -> str:
    """A number with at most two decimals and no trailing zeros: ``12``, ``0.6``, ``-3.25``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def esc(text: object) -> str:
    """Text escaped for SVG content and attribute values (``&``, ``<``, ``>``, quotes)."""
    return escape(str(text), quote=True)


# ---------------------------------------------------------------- French suit shapes (box -50..50)
_FRENCH_PATHS = {
    "H": "M0,42C-10,30-50,8-50-16C-50-40-16-48 0-24C16-48 50-40 50-16C50,8 10,30 0,42Z",
    "D": "M0-50L38,0L0,50L-38,0Z",
    "S": ("M0-50C-10-32-50-12-50,12C-50,34-20,40-5,24C-6,36-12,44-22,50L22,50C12,44 6,36 5,24"
          "C20,40 50,34 50,12C50-12 10-32 0-50Z"),
    "C": ("M0-48A20,20 0 1 0 0.1-48ZM-25,-2A20,20 0 1 0-24.9-2ZM25-2A20,20 0 1 0 25.1-2Z"
          "M-8-14L8-14L8,10L-8,10Z"
          "M-5,4C-5,28-12,42-22,50L22,50C12,42 5,28 5,4Z"),
}
FRENCH_COLOURS = {"H": RED, "D": RED, "S": BLACK, "C": BLACK}


def french_pip(suit: str, x: float, y: float, size: float, *, flip: bool = False, cls: str = "pip") -> str:
    """One French suit symbol ``size`` units wide centred at (x, y); ``flip`` turns it upside down."""
    turn = " rotate(180)" if flip else ""
    return (f'<path class="{cls}" transform="translate({num(x)},{num(y)}){turn} scale({num(size / 100)})"'
            f' d="{_FRENCH_PATHS[suit]}"/>')


# ---------------------------------------------------------------- Italian suit shapes (box -50..50)
_SWORD = (
    '<path d="M0-50L7-39L7,22L-7,22L-7-39Z" fill="#a9c1de" stroke="#1f3b5c" stroke-width="3"/>'
    '<path d="M0-38L0,18" stroke="#1f3b5c" stroke-width="2"/>'
    f'<path d="M-24,20Q0,28 24,20L24,28Q0,36-24,28Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2.5"/>'
    '<rect x="-4.5" y="31" width="9" height="12" fill="#7a4a21" stroke="#3b220c" stroke-width="2"/>'
    f'<circle cy="46" r="5" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
)
_BATON = (
    '<path d="M-6,48L6,48L12-38C13-50-13-50-12-38Z" fill="#9a6a35" stroke="#4a2e12" stroke-width="3"/>'
    '<path d="M11-24L19-29L20-22L11-17ZM-10,0L-18-4L-19,3L-9,7ZM8,22L15,18L16,25L7,29Z" fill="#9a6a35"'
    ' stroke="#4a2e12" stroke-width="2.5"/>'
    '<path d="M-11-20L11-20M-9,14L9,14" stroke="#3f8a3a" stroke-width="5"/>'
    '<path d="M0-45C-6-58-20-56-18-46C-12-44-5-44 0-45ZM0-45C6-58 20-56 18-46C12-44 5-44 0-45Z"'
    ' fill="#3f8a3a" stroke="#1f4d1c" stroke-width="2"/>'
    '<ellipse cy="48" rx="6" ry="2.5" fill="#d8b27a" stroke="#4a2e12" stroke-width="2"/>'
)
_CUP = (
    '<path d="M-28-38L28-38C28-8 14,4 0,4C-14,4-28-8-28-38Z" fill="#c0392b" stroke="#6b1414" stroke-width="3"/>'
    f'<path d="M-25-24L25-24" stroke="{GOLD}" stroke-width="4"/>'
    f'<rect x="-32" y="-46" width="64" height="9" rx="3" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2.5"/>'
    f'<path d="M-4,4L4,4L5,32L-5,32Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2.5"/>'
    f'<ellipse cy="17" rx="9" ry="5" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2.5"/>'
    f'<path d="M-24,47C-22,37-9,32 0,31C9,32 22,37 24,47Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2.5"/>'
)
def _rosette(petals: int) -> str:
    """Path data of a rosette: ``petals`` pointed petals around the origin (one path, no transforms)."""
    petal = ((0, -31), (9, -21), (9, -9), (0, -1), (-9, -9), (-9, -21), (0, -31))
    parts = []
    for k in range(petals):
        a = 2 * math.pi * k / petals
        cos, sin = math.cos(a), math.sin(a)
        pts = [f"{round(x * cos - y * sin)},{round(x * sin + y * cos)}" for x, y in petal]
        parts.append(f"M{pts[0]}C{' '.join(pts[1:4])}C{' '.join(pts[4:])}Z")
    return "".join(parts)


_COIN = (
    '<circle r="46" fill="#e8b84a" stroke="#8a5a12" stroke-width="3"/>'
    '<circle r="37" fill="none" stroke="#8a5a12" stroke-width="2"/>'
    f'<path d="{_rosette(8)}" fill="#b5651d" stroke="#6e3a0c" stroke-width="1.5"/>'
    '<circle r="7" fill="#fff3c4" stroke="#6e3a0c" stroke-width="2"/>'
)
ITALIAN_SHAPES = {"spade": _SWORD, "bastoni": _BATON, "coppe": _CUP, "denari": _COIN}
_LONG_SHAPES = ("spade", "bastoni")
ITALIAN_INK = {"spade": "#1f4e89", "bastoni": "#2f6b2a", "coppe": "#b8262b", "denari": "#9a6512"}
ITALIAN_COURT_NAMES = {"R": "Re", "C": "Cavallo", "F": "Fante"}


def italian_pip(suit: str, x: float, y: float, size: float, *, angle: float = 0, cls: str = "pip") -> str:
    """One Italian suit symbol (sword, baton, cup or coin) ``size`` units tall centred at (x, y)."""
    turn = f" rotate({num(angle)})" if angle else ""
    return (f'<g class="{cls} sym-{suit}" transform="translate({num(x)},{num(y)}){turn} scale({num(size / 100)})">'
            f"{ITALIAN_SHAPES[suit]}</g>")


# ---------------------------------------------------------------- layouts of pips
_L, _M, _R = 31, 50, 69
_PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_M, 70),),
    2: ((_M, 24), (_M, 116)),
    3: ((_M, 24), (_M, 70), (_M, 116)),
    4: ((_L, 24), (_R, 24), (_L, 116), (_R, 116)),
    5: ((_L, 24), (_R, 24), (_M, 70), (_L, 116), (_R, 116)),
    6: ((_L, 24), (_R, 24), (_L, 70), (_R, 70), (_L, 116), (_R, 116)),
    7: ((_L, 24), (_R, 24), (_M, 47), (_L, 70), (_R, 70), (_L, 116), (_R, 116)),
    8: ((_L, 24), (_R, 24), (_M, 47), (_L, 70), (_R, 70), (_M, 93), (_L, 116), (_R, 116)),
    9: ((_L, 24), (_R, 24), (_L, 54.67), (_R, 54.67), (_M, 70), (_L, 85.33), (_R, 85.33),
        (_L, 116), (_R, 116)),
    10: ((_L, 24), (_R, 24), (_M, 39.33), (_L, 54.67), (_R, 54.67), (_L, 85.33), (_R, 85.33),
         (_M, 100.67), (_L, 116), (_R, 116)),
}


def pip_positions(count: int) -> tuple[tuple[float, float], ...]:
    """Classic centre positions (design box 100 × 140) of ``count`` pips, 1 to 10."""
    return _PIP_LAYOUTS[count]


# ---------------------------------------------------------------- pieces of a face
def _frame() -> str:
    return (f'<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="{FACE}"'
            f' stroke="{EDGE}" stroke-width="1.5"/>')


def _both_corners(inner: str) -> str:
    """An index drawn top-left and again rotated in the bottom-right corner."""
    return f'{inner}<g transform="rotate(180 50 70)">{inner}</g>'


#: the smallest text on a face, in design units: a card drawn at least ``11 / (SMALLEST_TEXT /
#: DESIGN_W)`` units wide shows every text of its face at 11 units or more (see svg.READABLE_W)
SMALLEST_TEXT = 17


def _index_text(rank: str, ink: str) -> str:
    narrow = f' letter-spacing="-2" font-size="{SMALLEST_TEXT}"' if len(rank) > 1 else ' font-size="20"'
    return (f'<text class="idx" x="{12 if len(rank) > 1 else 11}" y="19" text-anchor="middle"'
            f' font-weight="bold" fill="{ink}"{narrow}>{esc(rank)}</text>')


def _court_panel(ink: str) -> str:
    return (f'<rect x="19" y="16" width="62" height="108" rx="3" fill="{CREAM}" stroke="{ink}" stroke-width="1.6"/>'
            f'<rect x="22.5" y="19.5" width="55" height="101" rx="2" fill="none" stroke="{ink}"'
            f' stroke-width="0.6"/>')


_HEADPIECES = {
    "K": "M-13,6L-13-6L-7,0L0-10L7,0L13-6L13,6Z",
    "Q": "M-12,6L-14-3L-7,1L-4-7L0,0L4-7L7,1L14-3L12,6Z",
    "J": "M-12,6C-12-6 12-6 12,6ZM5-3C8-14 17-17 21-13C15-12 11-8 9-1Z",
}


def _french_court(card: Card, ink: str) -> str:
    half = (f'<path transform="translate(50,34)" d="{_HEADPIECES[card.rank]}" fill="{GOLD}"'
            f' stroke="{GOLD_DARK}" stroke-width="0.8"/>'
            f'<text x="50" y="62" text-anchor="middle" font-size="27" font-weight="bold" fill="{ink}">'
            f"{card.rank}</text>"
            + french_pip(card.suit, 31, 29, 9, cls="orn") + french_pip(card.suit, 69, 29, 9, cls="orn"))
    ornament = (f'<path d="M24,70L44,70M56,70L76,70" stroke="{ink}" stroke-width="0.8"/>'
                + french_pip(card.suit, 50, 70, 8, cls="orn"))
    return _court_panel(ink) + half + f'<g transform="rotate(180 50 70)">{half}</g>' + ornament


def _star(x: float, y: float, r: float, cls: str = "star") -> str:
    pts = ["0,-50", "11.76,-16.18", "47.55,-15.45", "19.02,6.18", "29.39,40.45",
           "0,20", "-29.39,40.45", "-19.02,6.18", "-47.55,-15.45", "-11.76,-16.18"]
    return (f'<path class="{cls}" transform="translate({num(x)},{num(y)}) scale({num(r / 50)})"'
            f' d="M{"L".join(pts)}Z" stroke="{GOLD_DARK}" stroke-width="2"/>')


def _joker(card: Card) -> str:
    ink = RED if card.suit == "R" else BLACK
    corner = _star(11, 14, 8, cls="idx star")
    return (f'<g fill="{ink}">{_both_corners(corner)}'
            f'<rect x="20" y="24" width="60" height="92" rx="4" fill="{CREAM}" stroke="{ink}" stroke-width="1.2"/>'
            + _star(50, 60, 22) +
            f'<text x="50" y="106" text-anchor="middle" font-size="{SMALLEST_TEXT}" font-weight="bold"'
            ' letter-spacing="0.5">JOKER</text></g>')


def _french_face(card: Card) -> str:
    ink = FRENCH_COLOURS[card.suit]
    corner = _index_text(card.rank, ink) + french_pip(card.suit, 11, 31, 12, cls="idx")
    if card.rank in _HEADPIECES:
        middle = _french_court(card, ink)
    elif card.rank == "A":
        middle = french_pip(card.suit, 50, 70, 46)
        if card.suit == "S":
            middle = (f'<circle cx="50" cy="70" r="31" fill="none" stroke="{GOLD}" stroke-width="1.5"/>'
                      + middle)
    else:
        count = int(card.rank)
        middle = "".join(french_pip(card.suit, x, y, 20 if count < 9 else 18, flip=y > 70)
                         for x, y in pip_positions(count))
    return f'<g fill="{ink}">{_both_corners(corner)}{middle}</g>'


def _italian_number_pips(card: Card) -> str:
    """Swords and batons (long shapes) lean outwards a little; cups and coins stand upright."""
    if card.suit in _LONG_SHAPES:
        return "".join(italian_pip(card.suit, x, y, 27, angle=12 * ((x > 50) - (x < 50)))
                       for x, y in pip_positions(int(card.rank)))
    return "".join(italian_pip(card.suit, x, y, 21) for x, y in pip_positions(int(card.rank)))


def _italian_face(card: Card, lang: str) -> str:
    ink = ITALIAN_INK[card.suit]
    long_shape = card.suit in _LONG_SHAPES
    corner = _index_text(card.rank, ink) + italian_pip(card.suit, 11, 34, 18 if long_shape else 14, cls="idx")
    if card.rank in ITALIAN_COURT_NAMES:
        middle = (_court_panel(ink)
                  + f'<text x="50" y="48" text-anchor="middle" font-size="28" font-weight="bold" fill="{ink}">'
                  f"{card.rank}</text>"
                  + italian_pip(card.suit, 50, 77, 40 if long_shape else 34, cls="orn")
                  + f'<text class="name" x="50" y="117" text-anchor="middle" font-size="{SMALLEST_TEXT}"'
                  f' font-style="italic" fill="{ink}">{court_name(card.rank, lang)}</text>')
    elif card.rank == "A":
        middle = italian_pip(card.suit, 50, 70, 86 if long_shape else 64)
    else:
        middle = _italian_number_pips(card)
    return _both_corners(corner) + middle


def court_name(rank: str, lang: str) -> str:
    """The name an Italian court card carries on its face: Re, Cavallo, Fante; in Japanese the
    source's 王, 騎士, 歩兵."""
    return ITALIAN_RANK_JAPANESE[rank] if lang == "ja" else ITALIAN_COURT_NAMES[rank]


@lru_cache(maxsize=None)
def face_body(card: Card, lang: str = "en") -> str:
    """The inside of a card face in the 100 × 140 design box (no ``<svg>`` wrapper); an Italian
    court card's name in ``lang``."""
    if card.is_joker:
        inner = _joker(card)
    elif card.pack == ITALIAN:
        inner = _italian_face(card, lang)
    else:
        inner = _french_face(card)
    return f'<g class="face" font-family="{SERIF}">{_frame()}{inner}</g>'


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways, clipped by hand to the rectangle (no clipPath, so no ids)."""
    parts = []
    c = x0 + y0 + step
    while c < x1 + y1:  # lines x + y = c
        ax, bx = max(x0, c - y1), min(x1, c - y0)
        parts.append(f"M{num(ax)},{num(c - ax)}L{num(bx)},{num(c - bx)}")
        c += step
    c = x0 - y1 + step
    while c < x1 - y0:  # lines x - y = c
        ax, bx = max(x0, c + y0), min(x1, c + y1)
        parts.append(f"M{num(ax)},{num(ax - c)}L{num(bx)},{num(bx - c)}")
        c += step
    return "".join(parts)


@lru_cache(maxsize=None)
def back_body() -> str:
    """The inside of a card back in the design box: a gold lattice on navy with a medallion."""
    return (f'<g class="back"><rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="{FACE}"'
            f' stroke="{EDGE}" stroke-width="1.5"/>'
            f'<rect x="6" y="6" width="88" height="128" rx="4" fill="{BACK}"/>'
            f'<path d="{_lattice(9, 9, 91, 131, 11)}" stroke="{BACK_LINE}" stroke-width="1" opacity="0.7"/>'
            f'<rect x="9" y="9" width="82" height="122" rx="3" fill="none" stroke="{BACK_LINE}" stroke-width="1.2"/>'
            f'<ellipse cx="50" cy="70" rx="19" ry="25" fill="{BACK}" stroke="{BACK_LINE}" stroke-width="1.5"/>'
            f'<g fill="{BACK_LINE}">{_star(50, 70, 12)}</g></g>')

