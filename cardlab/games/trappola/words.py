"""The Trappola table's words in English and Japanese (header, areas, buttons, messages, log,
score sheet), and the names of cards and declarations in either language.

T7: what the opponent hears of a declaration is only "three" or "four" (aces named); the words
for the reader's own declarations name the rank::

    >>> said(3, "R", "en"), said(4, "A", "ja"), declared(3, "R", "en")
    ('three', 'エース4枚', 'three kings')
"""

from __future__ import annotations

from typing import Any

from cardlab.cards import ITALIAN, ITALIAN_RANK_ENGLISH, ITALIAN_SUIT_ENGLISH, Card
from cardlab.words import Words

WORDS = Words(
    en={
        # header
        "title": "Trappola",
        "deal": "Deal {n}",
        "dealer_you": "you deal",
        "dealer": "{name} deals",
        "exchanges": "exchanges",
        "trick_of": "trick {n} of 9",
        "deal_done": "deal over",
        "your_turn": "your turn",
        "to_move": "{name} to move",
        "game": "game {a}–{b}",
        "game_to": "game {a}–{b} (to {target})",
        "game_over": "Game over: {a_name} {a}, {b_name} {b}.",
        "you_win": "You win the game!",
        "they_win": "{name} wins the game.",
        "tie": "The game is tied.",
        # areas
        "their_hand": "{name} · {n} cards",
        "your_hand": "Your hand",
        "your_hand_turn": "Your hand · your turn",
        "discarded_you": "discarded by you",
        "discarded": "discarded by {name}",
        "stock": "stock",
        "trick": "trick",
        "last_trick": "last trick",
        "final_trick": "last trick of the deal",
        "won_you": "won by you",
        "won": "won by {name}",
        "pile_you": "your tricks",
        "pile": "{name}'s tricks",
        "pile_points": "{tricks} won · {points} pts",
        "declared_you": "You declared {what} (+{points})",
        "declared": "{name} declared “{said}”",
        "deal_scored": "Deal {n} scored",
        "scored_line": "{name}: {total} = {parts}",
        "part_cards": "cards {n}",
        "part_twos": "2s {n}",
        "part_last": "last trick {n}",
        "part_streak": "streak {n}",
        "part_declarations": "declarations {n}",
        "scored_none": "{name}: {total}",
        # buttons
        "exchange": "Exchange ({k})",
        "keep": "Keep ({k})",
        "declare": "Declare {what} ({k})",
        "next_deal": "Next deal ({k})",
        "sort_on": "Hand sorted ({k})",
        "sort_off": "Hand as dealt ({k})",
        "sort_name": "sort hand: on or off",
        # messages
        "greeting": "New game: exchange your hand (E) or keep it (K).",
        "greeting_wait": "New game.",
        "scored": "Deal {n} scored: you {you}, {name} {them}.",
        "press_next": "Press Enter (Next deal) to go on.",
        "your_exchange": "Exchange your hand (E) or keep it (K).",
        "refused": "Not allowed ({rule}): {why}",
        # log
        "log_title": "Game log",
        "log_dealt_you": "Deal {n}: you deal.",
        "log_dealt": "Deal {n}: {name} deals.",
        "log_exchange_you": "You exchange your hand ({cards}).",
        "log_exchange": "{name} exchanges the hand ({cards}).",
        "log_keep_you": "You keep your hand.",
        "log_keep": "{name} keeps the hand.",
        "log_declare_you": "You declare {what} ({points} points).",
        "log_declare": "{name} declares “{said}”.",
        "log_play_you": "You play the {card}.",
        "log_play": "{name} plays the {card}.",
        "log_trick_you": "You win trick {n}: {points} card points{bonus}.",
        "log_trick": "{name} wins trick {n}: {points} card points{bonus}.",
        "log_bonus": ", +10 for the 2",
        "log_scored": "Deal {n} scored: {a_name} {a}, {b_name} {b}; game {ta}–{tb}.",
        # score sheet
        "sheet_title": "Score sheet",
        "sheet_game": "game: {a_name} {a}, {b_name} {b}",
        "sheet_deal": "Deal {n}",
        "sheet_dealer": "dealer: {name}",
        "earlier": "earlier deals ({n})",
        "col_deal": "deal",
        "col_game": "game after",
        "row_cards": "card points",
        "row_twos": "tricks won with a 2",
        "row_last_trick": "last trick",
        "row_streak": "closing streak of 2s",
        "row_declarations": "declarations",
        "row_total": "deal total",
        "row_game": "game total",
        # names
        "you_name": "You",
        "computer_name": "Computer",
        "three": "three {ranks}",
        "four": "four {ranks}",
        "said_three": "three",
        "said_four": "four",
    },
    ja={
        "title": "トラッポラ",
        "deal": "第{n}ディール",
        "dealer_you": "ディーラー: あなた",
        "dealer": "ディーラー: {name}",
        "exchanges": "交換",
        "trick_of": "トリック {n}/9",
        "deal_done": "ディール終了",
        "your_turn": "あなたの番",
        "to_move": "{name}の番",
        "game": "合計 {a}–{b}",
        "game_to": "合計 {a}–{b}（{target}点で終了）",
        "game_over": "ゲーム終了: {a_name} {a}、{b_name} {b}。",
        "you_win": "あなたの勝ち！",
        "they_win": "{name}の勝ち。",
        "tie": "引き分け。",
        "their_hand": "{name}・{n}枚",
        "your_hand": "あなたの手札",
        "your_hand_turn": "あなたの手札・あなたの番",
        "discarded_you": "あなたが捨てた手札",
        "discarded": "{name}が捨てた手札",
        "stock": "山札",
        "trick": "トリック",
        "last_trick": "前のトリック",
        "final_trick": "最後のトリック",
        "won_you": "あなたが取った",
        "won": "{name}が取った",
        "pile_you": "あなたのトリック",
        "pile": "{name}のトリック",
        "pile_points": "{tricks}回・{points}点",
        "declared_you": "あなた: {what}を宣言（+{points}）",
        "declared": "{name}: 「{said}」を宣言",
        "deal_scored": "第{n}ディールの得点",
        "scored_line": "{name}: {total} = {parts}",
        "part_cards": "札 {n}",
        "part_twos": "2 {n}",
        "part_last": "最後のトリック {n}",
        "part_streak": "2の連続 {n}",
        "part_declarations": "宣言 {n}",
        "scored_none": "{name}: {total}",
        "exchange": "交換 ({k})",
        "keep": "このまま ({k})",
        "declare": "{what}を宣言 ({k})",
        "next_deal": "次のディール ({k})",
        "sort_on": "手札を整列 ({k})",
        "sort_off": "配られた順 ({k})",
        "sort_name": "手札の整列: オン・オフ",
        "greeting": "新しいゲーム: 手札を交換 (E) するか、このまま (K) にします。",
        "greeting_wait": "新しいゲーム。",
        "scored": "第{n}ディールの得点: あなた {you}、{name} {them}。",
        "press_next": "Enter（次のディール）で続けます。",
        "your_exchange": "手札を交換 (E) するか、このまま (K) にします。",
        "refused": "できません（{rule}）: {why}",
        "log_title": "ゲームの記録",
        "log_dealt_you": "第{n}ディール: あなたが配る。",
        "log_dealt": "第{n}ディール: {name}が配る。",
        "log_exchange_you": "あなたは手札を交換（{cards}）。",
        "log_exchange": "{name}が手札を交換（{cards}）。",
        "log_keep_you": "あなたは手札をそのまま。",
        "log_keep": "{name}は手札をそのまま。",
        "log_declare_you": "あなたは{what}を宣言（{points}点）。",
        "log_declare": "{name}が「{said}」を宣言。",
        "log_play_you": "あなたは{card}を出す。",
        "log_play": "{name}が{card}を出す。",
        "log_trick_you": "あなたがトリック{n}を取る: 札の点 {points}{bonus}。",
        "log_trick": "{name}がトリック{n}を取る: 札の点 {points}{bonus}。",
        "log_bonus": "、2で+10",
        "log_scored": "第{n}ディールの得点: {a_name} {a}、{b_name} {b}。合計 {ta}–{tb}。",
        "sheet_title": "得点表",
        "sheet_game": "合計: {a_name} {a}、{b_name} {b}",
        "sheet_deal": "第{n}ディール",
        "sheet_dealer": "ディーラー: {name}",
        "earlier": "以前のディール（{n}）",
        "col_deal": "ディール",
        "col_game": "その後の合計",
        "row_cards": "札の点",
        "row_twos": "2で取ったトリック",
        "row_last_trick": "最後のトリック",
        "row_streak": "最後の2の連続",
        "row_declarations": "宣言",
        "row_total": "ディール合計",
        "row_game": "通算",
        "you_name": "あなた",
        "computer_name": "コンピュータ",
        "three": "{ranks}3枚",
        "four": "{ranks}4枚",
        "said_three": "3枚",
        "said_four": "4枚",
    },
)

#: the coach's words (:mod:`cardlab.games.trappola.coach`): the choices, as the log says them,
#: and the reasons behind them (the rules cited in the text are other than the reason's own)
COACH = Words(
    en={
        "exchange": "exchange your hand",
        "keep": "keep your hand",
        "declare": "declare {what}",
        "play": "play the {card}",
        "declare_now": "declaring {what} now secures {points} points (T9); it must come before you play "
                       "a {rank} to a trick",
        "gives_up": "playing the {card} gives up declaring {what} ({points} points): declare first",
        "fourth": "this trick takes the fourth {rank}: your {what} can no longer be declared after it: declare first",
        "two_wins": "the {card} wins this trick: {opp} has shown void in {suit} (T11), +10; kept for the last "
                    "tricks, 2s won in a row score 26, 52 or 78 instead (T14)",
        "two_thrown": "throws away the {card}: {opp} has shown void in {suit} (T11), so it would win 10 when you lead it",
        "two_kept": "keeps the {cards} to lead later: {opp} has shown void in {suits} (T11), so it wins 10",
        "and": " and ",
    },
    ja={
        "exchange": "手札を交換",
        "keep": "手札をそのまま",
        "declare": "{what}を宣言",
        "play": "{card}を出す",
        "declare_now": "今{what}を宣言すれば{points}点が確定します（T9）。{rank}をトリックに出す前に宣言が必要です",
        "gives_up": "{card}を出すと{what}の宣言（{points}点）ができなくなります。先に宣言を",
        "fourth": "このトリックで4枚目の{rank}を取ります。その後は{what}を宣言できません。先に宣言を",
        "two_wins": "{card}はこのトリックに勝ちます。{opp}は{suit}を持っていません（T11）、+10。最後のトリックまで"
                    "残せば、続けて勝った2は26、52、78点になります（T14）",
        "two_thrown": "{card}を捨ててしまいます。{opp}は{suit}を持っていないので（T11）、リードすれば10点取れる札です",
        "two_kept": "{cards}を後でリードするために残します。{opp}は{suits}を持っていないので（T11）、10点取れます",
        "and": "と",
    },
)

#: rank names (plural in English) for declarations, by language
RANK_PLURALS = {
    "en": {"A": "aces", "R": "kings", "C": "knights", "F": "jacks", "2": "twos"},
    "ja": {"A": "エース", "R": "キング", "C": "ナイト", "F": "ジャック", "2": "2"},
}
_RANKS_JA = {"A": "エース", "R": "キング", "C": "ナイト", "F": "ジャック"}
_SUITS_JA = {"spade": "剣", "bastoni": "棍棒", "coppe": "杯", "denari": "金貨"}


def declared(count: int, rank: str, lang: str) -> str:
    """The reader's own declaration, rank named: ``"three kings"``, ``"キング3枚"``."""
    return WORDS.say(lang, "three" if count == 3 else "four", ranks=RANK_PLURALS[lang][rank])


def said(count: int, rank: str | None, lang: str) -> str:
    """T7: what the opponent hears: ``"three"`` or ``"four"``, aces named (``rank`` None: hidden)."""
    if rank == "A":
        return declared(count, rank, lang)
    return WORDS.say(lang, "said_three" if count == 3 else "said_four")


def rank_text(rank: str, lang: str) -> str:
    """A rank in running text: ``"king"``, ``"2"``; ``"キング"``."""
    return (_RANKS_JA if lang == "ja" else ITALIAN_RANK_ENGLISH).get(rank, rank)


def suit_text(suit: str, lang: str) -> str:
    """A suit in running text: ``"cups"``; ``"杯"``."""
    return (_SUITS_JA if lang == "ja" else ITALIAN_SUIT_ENGLISH)[suit]


def card_text(card: Card, lang: str) -> str:
    """A card in running text (the log's, the coach's): ``"king of cups"``, ``"7 of coins"``; ``"杯のキング"``."""
    if lang == "ja":
        return f"{suit_text(card.suit, lang)}の{rank_text(card.rank, lang)}"
    return f"{rank_text(card.rank, lang)} of {suit_text(card.suit, lang)}"


def action_words(action: str, lang: str, count: int = 3) -> str:
    """An action in words, as the coach and the replay name it: ``"play the 2 of cups"``,
    ``"declare three kings"`` (``count``: the cards of the declared rank, 3 or 4), ``"exchange
    your hand"``; ``"杯の2を出す"``."""
    if action.startswith("play "):
        return COACH.say(lang, "play", card=card_text(Card.parse(action[5:], ITALIAN), lang))
    if action.startswith("declare "):
        return COACH.say(lang, "declare", what=declared(count, action[8:], lang))
    return COACH.say(lang, action)


def say_action(state: Any, action: str, lang: str) -> str:
    """A legal action of ``state`` in words (:func:`action_words`, the declared rank counted in
    the hand of the player to move): the replay's captions."""
    hand = state.hands[state.current_player] if action.startswith("declare ") else ()
    return action_words(action, lang, sum(card.rank == action[8:] for card in hand) or 3)


def card_name(card: Card, lang: str) -> str:
    """A card's accessible name: ``"re di coppe (king of cups)"``; ``"杯のキング（re di coppe）"``."""
    if lang == "ja":
        return f"{card_text(card, lang)}（{card.name.split(' (')[0]}）"
    return card.name
