"""The teacher's page of a room: ``GET /teacher/{token}`` (``?lang=ja``: in Japanese), behind the
room's teacher's token, which no student's link holds.

On one page, with no script: the room open or closed (and the button that changes it); a form
that makes a game (the game and its rules, one line per seat: a person's name, or ``computer``);
each game with its seats, who is connected now, each person's join link with its QR code and the
spectators' link with its QR code, inside the game's box (printed, the page is the links and the
codes only); buttons that end a game or
restart it (the same game, rules and seats, dealt anew; the old one ended, its record kept); the
records of the finished games to download (``GET /teacher/{token}/records``, one JSON file). The
forms post to the page (``POST /teacher/{token}``), which does the teacher's control
(:func:`cardlab.rooms.server.teacher_action`) and shows the page again.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qs

from ..registry import with_part
from ..words import Words, check_lang
from .listing import game_html
from .room import COMPUTER, Room, RoomGame, Seat

PAGE = Words(
    en={"title": "Room {name}: the teacher's page", "reload": "Refresh (who is connected)", "other": "日本語",
        "open": "The room is open.", "closed": "The room is closed: its links show that it is closed.",
        "close": "Close the room", "reopen": "Open the room", "new": "A new game", "game": "Game and rules",
        "seats": "Seats, one a line: a name, or {computer}", "computer": "computer", "make": "Make the game", "end": "End this game",
        "restart": "Restart this game (a new deal, the same seats)", "records": "Download the finished games' records ({n})",
        "none": "No games yet: make one above.", "print": "Print this page for the join links and QR codes.",
        "refused": "Not done: {message}", "choice": "{game}: {rules}"},
    ja={"title": "ルーム「{name}」：先生のページ", "reload": "更新（接続状況）", "other": "English",
        "open": "ルームは開いています。", "closed": "ルームは閉じています。リンクを開くと、閉じていると表示されます。",
        "close": "ルームを閉じる", "reopen": "ルームを開く", "new": "新しいゲーム", "game": "ゲームとルール",
        "seats": "席（1行に1席：名前、または「{computer}」）", "computer": "コンピューター", "make": "ゲームを作る", "end": "このゲームを終える",
        "restart": "このゲームをやり直す（同じ席で配り直し）", "records": "終わったゲームの記録をダウンロード（{n}）",
        "none": "ゲームはまだありません。上で作ってください。", "print": "このページを印刷すると、参加リンクとQRコードを配れます。",
        "refused": "できませんでした：{message}", "choice": "{game}：{rules}"},
)
STYLE = """body{font-family:system-ui,"Noto Sans","Noto Sans CJK JP",sans-serif;margin:0;background:#fafafa;color:#1b1b1b}
main{max-width:1100px;margin:0 auto;padding:12px}h1{font-size:20px}table{border-collapse:collapse}
td{padding:4px 8px;border-top:1px solid #ddd;vertical-align:middle;font-size:14px}
.cardlab-room-game{background:#fff;border:1px solid #ccc;border-radius:8px;padding:10px;margin:12px 0;break-inside:avoid}
.refused{background:#fde2e1;padding:8px;border-radius:6px}form.inline{display:inline}
textarea{width:22em;max-width:100%;height:6em;box-sizing:border-box}button,select{font-size:14px;margin:2px}
a{overflow-wrap:anywhere}
@media (max-width:640px){.cardlab-room-game table,.cardlab-room-game tbody{display:block}
.cardlab-room-game tr{display:block;border-top:1px solid #ddd;padding:6px 0}
.cardlab-room-game td{display:inline-block;border:none;padding:2px 6px;word-break:keep-all}
.cardlab-room-game td:nth-child(5){display:block}.cardlab-room-game td svg{max-width:100%}}
@media print{form,.noprint{display:none}.cardlab-room-game{border:none}}"""


class Links:
    """The links a page gives out, from the server's address (as a phone on the network reaches it)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def link(self, seat: Seat, lang: str = "en") -> str:
        return f"{self.url}/seat/{seat.token}" + ("?lang=ja" if lang == "ja" else "")

    def watch_link(self, game: RoomGame, lang: str = "en") -> str:
        return f"{self.url}/watch/{game.spectator.token}" + ("?lang=ja" if lang == "ja" else "")


def game_choices(lang: str = "en") -> list[tuple[str, str]]:
    """Every game and rules preset a room can play: (``game/rules``, its label in ``lang``: the game,
    and the rule set's readable name by the game's ``rules_name`` part)."""
    return [(f"{info.name}/{rules}", PAGE.say(lang, "choice", game=info.title_in(lang), rules=info.part("rules_name", _as_named)(rules, lang)))
            for info in with_part("controller") for rules in info.presets]


def _as_named(name: str, lang: str) -> str:
    """A rule set's name, for a game that gives no readable names."""
    return name


def form_request(room: Room, body: bytes, lang: str = "en") -> dict[str, Any]:
    """A posted form of the page in ``lang`` as a teacher's control
    (:func:`~cardlab.rooms.server.teacher_action`); a seat's line that is the word for the computer
    in any language is a computer's seat, named in ``lang``."""
    fields = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace"), max_num_fields=20).items()}
    request: dict[str, Any] = {"token": room.teacher, "do": fields.get("do", ""), "lang": check_lang(lang)}
    computer = {PAGE.say(other, "computer").casefold() for other in PAGE.by_lang}
    if "game" in fields and fields["game"].isdigit():
        request["game"] = int(fields["game"])
    if request["do"] == "add_game":
        game, _, rules = fields.get("choice", "").partition("/")
        seats = [COMPUTER if line.strip().casefold() in computer else line.strip()
                 for line in fields.get("seats", "").splitlines() if line.strip()]
        request.update(game=game, rules=rules or None, seats=seats)
    return request


def teacher_page(room: Room, url: str, lang: str, refused: str = "") -> str:
    """The page of ``room`` in ``lang`` (under the lobby's lock); ``refused``: why the last form did nothing."""
    lang = check_lang(lang)
    say = lambda key, **f: html.escape(PAGE.say(lang, key, **f))    # noqa: E731
    links, here = Links(url), f"/teacher/{room.teacher}?lang={lang}"     # explicit: the browser's may differ
    other = f"/teacher/{room.teacher}?lang=" + ("en" if lang == "ja" else "ja")

    def button(do: str, label: str, game: int | None = None) -> str:
        hidden = f'<input type="hidden" name="game" value="{game}">' if game is not None else ""
        return (f'<form class="inline" method="post" action="{html.escape(here)}"><input type="hidden" name="do" '
                f'value="{do}">{hidden}<button type="submit" data-do="{do}">{label}</button></form>')

    options = "".join(f'<option value="{html.escape(v)}">{html.escape(label)}</option>' for v, label in game_choices(lang))
    parts = [f"<h1>{say('title', name=room.name)}</h1>",
             f'<p class="noprint"><a href="{html.escape(here)}">{say("reload")}</a> · '
             f'<a href="{html.escape(other)}">{say("other")}</a> · {say("print")}</p>',
             f'<p class="refused" role="alert">{say("refused", message=refused)}</p>' if refused else "",
             f"<div>{say('open' if room.is_open else 'closed')} "
             f"{button('close' if room.is_open else 'open', say('close' if room.is_open else 'reopen'))}</div>",
             f'<form method="post" action="{html.escape(here)}"><h2>{say("new")}</h2>'
             f'<input type="hidden" name="do" value="add_game"><label>{say("game")} '
             f'<select name="choice">{options}</select></label><br><label>{say("seats", computer=PAGE.say(lang, "computer"))}<br>'
             f'<textarea name="seats">{say("computer")}</textarea></label><br><button type="submit" data-do="add_game">'
             f'{say("make")}</button></form>']
    for game in reversed(room.games):               # the newest first
        controls = "" if game.over else button("end_game", say("end"), game.id)
        parts.append(f'<div class="cardlab-teacher-game" data-game="{game.id}">'
                     f'{game_html(links, game, lang, watch_code=True)}'
                     f'<div class="noprint">{controls} {button("restart_game", say("restart"), game.id)}</div></div>')
    if not room.games:
        parts.append(f"<p>{say('none')}</p>")
    finished = len(room.records())
    parts.append(f'<p class="noprint"><a href="/teacher/{room.teacher}/records" download="{html.escape(room.name)}'
                 f'-records.json">{say("records", n=finished)}</a></p>')
    title = PAGE.say(lang, "title", name=room.name)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title><style>{STYLE}</style>'
            f'</head><body><main>{"".join(parts)}</main></body></html>')

