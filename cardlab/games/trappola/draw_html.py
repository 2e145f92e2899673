"""The HTML beside the Trappola table: the score sheet (T15, T16) and the log of the game.

Both are styled like the table (its green, its cream and gold) by CSS carried in the HTML itself,
fit the output width (the sheet shows the latest deals and folds the older ones into a
``<details>`` "earlier deals (n)"; the log wraps its lines and scrolls), escape every name and
come in the table's language::

    >>> from cardlab.games import trappola as T
    >>> g = T.new_game("single-deal", seed=1, players=["Ada", "Bo"])
    >>> sheets_html(g.view())
    ''
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from . import engine as T
from .events import bonus_words
from .scoring import DealSheet, declaration_value
from .words import WORDS, card_text, declared, heard
from cardlab.draw.svg import SANS, TABLE_GREEN

#: the latest deals the sheet shows in full; older ones are folded
SHOWN_DEALS = 3
#: a sheet narrower than this (CSS px) shows only the latest deal in full (its names would break)
ONE_DEAL_PX = 520
ROWS = (("cards", "row_cards"), ("twos", "row_twos"), ("last_trick", "row_last_trick"),
        ("streak", "row_streak"), ("declarations", "row_declarations"))
CSS = f"""<style>
.cardlab-tpanel {{ background: {TABLE_GREEN}; color: #f4efe1; font-family: {SANS}; font-size: 13px;
  line-height: 1.4; border-radius: 8px; padding: 8px 12px; margin: 6px 0; box-sizing: border-box;
  max-width: 100%; overflow-wrap: anywhere; }}
.cardlab-tpanel h4 {{ margin: 0 0 6px; font-size: 14px; color: #f2c14e; }}
.cardlab-tpanel table {{ border-collapse: collapse; width: 100%; table-layout: fixed; }}
.cardlab-tpanel th, .cardlab-tpanel td {{ padding: 2px 4px; border-bottom: 1px solid rgba(255,255,255,0.18);
  text-align: right; overflow-wrap: break-word; color: #f4efe1; background: transparent; }}
.cardlab-tpanel th:first-child, .cardlab-tpanel td:first-child {{ text-align: left; width: 24%; }}
.cardlab-tpanel thead th {{ color: #f2c14e; font-weight: bold; font-size: 12px; }}
.cardlab-tpanel .total td {{ font-weight: bold; }}
.cardlab-tpanel .dealer {{ font-weight: normal; color: #d7e8dc; }}
.cardlab-tpanel summary {{ cursor: pointer; color: #d7e8dc; margin-top: 6px; }}
.cardlab-tsheet {{ container-type: inline-size; }}
.cardlab-tsheet .recent, .cardlab-tsheet span.cardlab-narrow {{ display: none; }}
.cardlab-tsheet details.cardlab-narrow, .cardlab-tsheet details.cardlab-none {{ visibility: hidden; }}
@container (max-width: {ONE_DEAL_PX}px) {{
  .cardlab-tsheet .older, .cardlab-tsheet .cardlab-wide {{ display: none; }}
  .cardlab-tsheet .cardlab-sheet-table td:first-child {{ width: 44%; }}
  .cardlab-tsheet tr.recent {{ display: table-row; }}
  .cardlab-tsheet span.cardlab-narrow {{ display: inline; }}
  .cardlab-tsheet details.cardlab-narrow {{ visibility: visible; }}
}}
.cardlab-tlog ol {{ display: flex; flex-direction: column-reverse; height: 11em; overflow-y: auto;
  overflow-x: hidden; margin: 0; padding: 0 0 0 0.2em; list-style-position: inside; }}
.cardlab-tlog ol::before {{ content: ""; flex: 1 0 0; }}
.cardlab-tlog li.mine {{ color: #f2c14e; font-weight: bold; }}
</style>"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


BLANK = ("–", "–")     # the cells of a deal not scored yet


def _deal_table(sheets: Sequence[DealSheet], players: Sequence[str], lang: str,
                playing: tuple[int, int] | None = None) -> str:
    """The latest deals side by side: a column per player under each deal, a row per item
    (``playing``: the deal and the dealer of a deal still to be scored, whose column is blank)."""
    deals = [(s.deal, s.dealer) for s in sheets] + ([playing] if playing is not None else [])
    older = [' class="older"'] * (len(deals) - 1) + [""]    # folded too in a narrow sheet
    head = "".join(f'<th colspan="2"{o}>{_e(WORDS.say(lang, "sheet_deal", n=deal + 1))}<br>'
                   f'<span class="dealer">{_e(WORDS.say(lang, "sheet_dealer", name=players[dealer]))}</span></th>'
                   for (deal, dealer), o in zip(deals, older))
    names = "".join(f"<th{o}>{_e(players[0])}</th><th{o}>{_e(players[1])}</th>" for o in older)

    def cells(pairs: Sequence[tuple[object, object]]) -> str:
        pairs = list(pairs) + ([BLANK] if playing is not None else [])
        return "".join(f"<td{o}>{a}</td><td{o}>{b}</td>" for (a, b), o in zip(pairs, older))

    rows = [f"<tr><td>{_e(WORDS.say(lang, key))}</td>{cells([getattr(s, field) for s in sheets])}</tr>"
            for field, key in ROWS]
    totals = cells([s.total for s in sheets])
    rows.append(f'<tr class="total"><td>{_e(WORDS.say(lang, "row_total"))}</td>{totals}</tr>')
    return (f'<table class="cardlab-sheet-table"><thead><tr><th></th>{head}</tr><tr><th></th>{names}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def _running(sheets: Sequence[DealSheet]) -> list[tuple[int, int]]:
    """The game totals after each deal (T16)."""
    out, a, b = [], 0, 0
    for s in sheets:
        a, b = a + s.total[0], b + s.total[1]
        out.append((a, b))
    return out


def sheets_html(view: T.View, lang: str = "en", shown: int = SHOWN_DEALS, room: bool = False) -> str:
    """The score sheet of the finished deals (T15) and the game totals (T16): the latest ``shown``
    deals in full, the earlier ones folded (a row each: the deal's points and the game after it).
    In a sheet narrower than :data:`ONE_DEAL_PX` (a phone, issue 29) only the latest deal is in
    full and all the others are folded (CSS container queries: the same HTML fits any width); the
    line of the fold keeps its room (hidden) while there is nothing to fold. Empty before the first
    deal is scored, unless ``room`` (a table's sheet): then the sheet with the deal being played
    as a blank column, in the room the sheet will take, so that the table does not grow when the
    first deal is scored."""
    if not view.sheets and not room:
        return ""
    players = view.players
    sheets = list(view.sheets)
    game = _running(sheets)
    late, early = sheets[-shown:], sheets[:-shown] if len(sheets) > shown else []
    title = (f'<h4>{_e(WORDS.say(lang, "sheet_title"))}{_e(WORDS.say(lang, "sep"))}'
             f'{_e(WORDS.say(lang, "sheet_game", a_name=players[0], a=view.scores[0], b_name=players[1], b=view.scores[1]))}</h4>')
    recent = [""] * len(early) + [' class="recent"'] * (len(late) - 1)   # in full, unless narrow
    rows = "".join(f"<tr{r}><td>{_e(WORDS.say(lang, 'sheet_deal', n=s.deal + 1))}</td><td>{s.total[0]}</td>"
                   f"<td>{s.total[1]}</td><td>{a}–{b}</td></tr>" for s, (a, b), r in zip(sheets, game, recent))
    counts = (f'<span class="cardlab-wide">{_e(WORDS.say(lang, "earlier", n=len(early)))}</span>'
              f'<span class="cardlab-narrow">{_e(WORDS.say(lang, "earlier", n=max(0, len(sheets) - 1)))}</span>')
    shows = " cardlab-none" if len(sheets) <= 1 else "" if early else " cardlab-narrow"   # hidden, its room kept
    folded = (f'<details class="cardlab-earlier{shows}"><summary>{counts}</summary>'
              f"<table><thead><tr><th>{_e(WORDS.say(lang, 'col_deal'))}</th><th>{_e(players[0])}</th>"
              f"<th>{_e(players[1])}</th><th>{_e(WORDS.say(lang, 'col_game'))}</th></tr></thead>"
              f"<tbody>{rows}</tbody></table></details>")
    playing = None if sheets else (view.deal, view.dealer)
    return (f'{CSS}<div class="cardlab-tpanel cardlab-tsheet" lang="{lang}">{title}'
            f"{_deal_table(late, players, lang, playing)}{folded}</div>")


# --- the log ------------------------------------------------------------------------------------
def _cards(cards: Sequence[Any], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(card_text(c, lang) for c in cards)


def event_line(event: Any, players: Sequence[str], you: int, lang: str = "en",
               longest_streak: int = 3) -> tuple[str, bool] | None:
    """One event in words, and whether it is the reader's own move (None: not logged).
    T7: the opponent's declaration is what was said ("three"), its rank unnamed (aces excepted).
    T12/T14: a trick's 2 as the score sheet counts it (``longest_streak``: the rules' longest
    closing streak; :func:`~cardlab.games.trappola.events.bonus_words`)."""
    mine = getattr(event, "player", None) == you
    who = {"name": players[getattr(event, "player", 0)]}
    if isinstance(event, T.Dealt):
        if event.dealer == you:
            return WORDS.say(lang, "log_dealt_you", n=event.deal + 1), False
        return WORDS.say(lang, "log_dealt", n=event.deal + 1, name=players[event.dealer]), False
    if isinstance(event, T.Exchanged):
        cards = _cards(event.discarded, lang)
        return (WORDS.say(lang, "log_exchange_you", cards=cards) if mine
                else WORDS.say(lang, "log_exchange", cards=cards, **who)), mine
    if isinstance(event, T.Kept):
        return (WORDS.say(lang, "log_keep_you") if mine else WORDS.say(lang, "log_keep", **who)), mine
    if isinstance(event, T.Declared):
        if mine:
            return WORDS.say(lang, "log_declare_you", what=declared(event.count, event.rank, lang),
                             points=declaration_value(event.rank, event.count)), True
        return heard("log_declare", event.count, event.rank, lang, **who), False
    if isinstance(event, T.Played):
        card = card_text(event.card, lang)
        return (WORDS.say(lang, "log_play_you", card=card) if mine
                else WORDS.say(lang, "log_play", card=card, **who)), mine
    if isinstance(event, T.TrickWon):
        key = bonus_words(event, longest_streak)
        bonus = WORDS.say(lang, key) if key else ""
        fmt = {"n": event.trick, "points": event.points, "bonus": bonus}
        return (WORDS.say(lang, "log_trick_you", **fmt) if event.winner == you
                else WORDS.say(lang, "log_trick", name=players[event.winner], **fmt)), False
    if isinstance(event, T.DealScored):
        return WORDS.say(lang, "log_scored", n=event.deal + 1, a_name=players[0], a=event.points[0],
                         b_name=players[1], b=event.points[1], ta=event.totals[0], tb=event.totals[1]), False
    if isinstance(event, T.GameEnded):
        if event.winner is None:
            return WORDS.say(lang, "tie"), False
        return (WORDS.say(lang, "you_win") if event.winner == you
                else WORDS.say(lang, "they_win", name=players[event.winner])), False
    return None


def log_html(lines: Sequence[tuple[str, bool]], lang: str = "en") -> str:
    """The log: numbered lines, the reader's own moves marked (gold, bold, "▶"), scrolled to the
    newest (a reversed flex column starts at its end), in a box of one height from the start (the
    room under the first lines is an empty flex item that takes what they leave)."""
    items = "".join(f'<li class="mine" value="{i + 1}"><span aria-hidden="true">▶ </span>{_e(text)}</li>' if mine
                    else f'<li value="{i + 1}">{_e(text)}</li>'
                    for i, (text, mine) in reversed(list(enumerate(lines))))
    return (f'{CSS}<div class="cardlab-tpanel cardlab-tlog" lang="{lang}">'
            f'<h4>{_e(WORDS.say(lang, "log_title"))}</h4><ol>{items}</ol></div>')
