"""The teacher's view of a room as HTML: its games, who sits where, each person's join link with
its QR code (students often join from a phone), how many games are finished. A room shown in a
notebook (:class:`cardlab.rooms.RoomHandle`) is this listing; :class:`cardlab.widgets.room.RoomPanel`
adds the controls."""

from __future__ import annotations

import html
from typing import Any

import segno

from ..words import Words, check_lang
from .room import bot_name

ROOM = Words(
    en={"refresh": "Refresh", "open": "Room open", "closed": "Room closed", "game": "Game {n}: {title} ({rules})",
        "status_on": "playing, {n} actions", "status_over": "finished, {n} actions", "status_ended": "ended by you",
        "person": "person", "computer": "computer ({bot})", "online": "connected", "offline": "not connected",
        "seat": "Seat {n}", "to_computer": "Seat {n} → computer", "to_person": "Seat {n} → person",
        "end": "End game {n}", "records": "{n} finished games (room.records())", "url": "Server: {url}", "watch": "Spectators (a projector):",
        "no_games": "No games yet: room.add_game(\"kirifu\", [\"Aiko\", \"Ben\", \"Chie\", \"computer\"])"},
    ja={"refresh": "更新", "open": "ルームを開いています", "closed": "ルームを閉じています", "game": "ゲーム {n}：{title}（{rules}）",
        "status_on": "対戦中、{n}手", "status_over": "終了、{n}手", "status_ended": "あなたが終了",
        "person": "人", "computer": "コンピューター（{bot}）", "online": "接続中", "offline": "未接続",
        "seat": "席 {n}", "to_computer": "席 {n} → コンピューター", "to_person": "席 {n} → 人",
        "end": "ゲーム {n} を終える", "records": "終わったゲーム {n} 局（room.records()）", "url": "サーバー：{url}", "watch": "観戦用（プロジェクター）：",
        "no_games": "ゲームはまだありません：room.add_game(\"kirifu\", [\"Aiko\", \"Ben\", \"Chie\", \"computer\"])"},
)
QR_SCALE = 3         # px per module: a seat's link is a 33 x 33 code, about 100 px, read by a phone at 1 m


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as inline SVG."""
    return segno.make(link, error="m").svg_inline(scale=QR_SCALE, border=2)



def room_html(handle: Any, lang: str = "en") -> str:
    """The listing of the room of ``handle`` (a :class:`cardlab.rooms.RoomHandle`) in ``lang``."""
    lang = check_lang(lang)
    with handle.server.lobby.lock:
        parts = [f"<p>{html.escape(ROOM.say(lang, 'url', url=handle.server.url))} · "
                 f"{html.escape(ROOM.say(lang, 'open' if handle.room.is_open else 'closed'))}</p>"]
        parts += [game_html(handle, g, lang) for g in handle.room.games] or \
            [f"<p>{html.escape(ROOM.say(lang, 'no_games'))}</p>"]
        parts.append(f"<p>{html.escape(ROOM.say(lang, 'records', n=len(handle.room.records())))}</p>")
    return '<div class="cardlab-room-listing">' + "".join(parts) + "</div>"


def game_html(handle: Any, game: Any, lang: str, watch_code: bool = False) -> str:
    """One game of the listing: its seats, who is connected, each person's link and QR code, the
    spectators' link, with its QR code too if ``watch_code`` (``handle``: what gives the links,
    :meth:`link` and :meth:`watch_link`)."""
    summary = game.summary()
    status = ROOM.say(lang, f"status_{summary['status']}", n=summary["actions"])
    rows = []
    for seat, info in zip(game.seats, summary["seats"]):
        person = info["kind"] == "person"
        kind = ROOM.say(lang, "person") if person else ROOM.say(lang, "computer", bot=bot_name(info["bot"], lang))
        online = ROOM.say(lang, "online" if info["connected"] else "offline") if person else ""
        link = handle.link(seat, lang) if person else ""
        anchor = f'<a href="{html.escape(link)}" target="_blank">{html.escape(link)}</a>' if link else ""
        rows.append(f"<tr><td>{html.escape(ROOM.say(lang, 'seat', n=seat.number))}</td>"
                    f"<td>{html.escape(info['name'])}</td><td>{html.escape(kind)}</td><td>{html.escape(online)}</td>"
                    f"<td>{anchor}</td><td>{qr_svg(link) if link else ''}</td></tr>")
    title = ROOM.say(lang, "game", n=summary["game"], title=summary["title"], rules=summary["rules"])
    watch = handle.watch_link(game, lang)
    return (f'<div class="cardlab-room-game"><b>{html.escape(title)}</b> · {html.escape(status)}'
            f'<table>{"".join(rows)}</table><p>{html.escape(ROOM.say(lang, "watch"))} '
            f'<a href="{html.escape(watch)}" target="_blank">{html.escape(watch)}</a>'
            f'{" " + qr_svg(watch) if watch_code else ""}</p></div>')
