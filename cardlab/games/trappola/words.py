"""The Trappola table's words in English and Japanese (header, areas, buttons, messages, log,
score sheet), and the names of cards and declarations in either language.

T7: what the opponent hears of a declaration is only "three" or "four" (aces named); the words
for the reader's own declarations name the rank::

    >>> said(3, "R", "en"), said(4, "A", "ja"), declared(3, "R", "en"), declared(3, "R", "ja")
    ('three', '4枚のA', 'three kings', '王の3枚組')
"""

from __future__ import annotations

from typing import Any

from cardlab.cards import (ITALIAN, ITALIAN_RANK_ENGLISH, ITALIAN_RANK_JAPANESE, ITALIAN_SUIT_CZECH, ITALIAN_SUIT_ENGLISH,
                           ITALIAN_SUIT_JAPANESE, Card)
from cardlab.words import Words
from cardlab.words.refusals import ReasonWords, refusals

WORDS = Words(
    en={
        # header
        "title": "Trappola",
        # the presets' names (the rooms' teacher's page)
        "rules_trappola": "game to 300", "rules_single-deal": "a single deal",
        "rules_four-twos-104": "four 2s score 104", "rules_by-anyone": "T8 by either player",
        "table_title": "{title}, {deal}",
        "sep": " · ",
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
        "declared_hidden": "{name} declared “{said}” (of a rank not said)",
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
        "sort_on": "Show as dealt ({k})",       # the hand is sorted: the button shows it as dealt
        "sort_off": "Sort the hand ({k})",
        "sort_name": "sort hand: on or off",
        # messages
        "greeting": "New game: exchange your hand (E) or keep it (K).",
        "greeting_wait": "New game.",
        "scored": "Deal {n} scored: you {you}, {name} {them}.",
        "press_next": "Press Enter (Next deal) to go on.",
        "your_exchange": "Exchange your hand (E) or keep it (K).",
        # the buttons and messages on a touch-only page (a phone, a tablet): no key named
        "exchange_touch": "Exchange",
        "keep_touch": "Keep",
        "declare_touch": "Declare {what}",
        "next_deal_touch": "Next deal",
        "sort_on_touch": "Show as dealt",
        "sort_off_touch": "Sort the hand",
        "greeting_touch": "New game: exchange your hand or keep it.",
        "press_next_touch": "Tap Next deal to go on.",
        "your_exchange_touch": "Exchange your hand or keep it.",
        # log
        "log_title": "Game log",
        "log_dealt_you": "Deal {n}: you deal.",
        # the engine's own account of an event (State.describe): every seat by name, the rule at work
        "tell_dealt": "deal {n}: {name} deals (T3)",
        "tell_exchanged": "{name} exchanges (T4/T5), throwing {cards}",
        "tell_kept": "{name} keeps",
        "tell_declared": "{name} declares “{said}” ({count} × {rank}, T7)",
        "tell_played": "{name} plays {card}",
        "tell_trick": "{name} wins trick {n}: {points} card points{bonus}",
        "tell_scored": "deal {n} scored (T15): {first} {first_points}, {second} {second_points}; game {totals}",
        "tell_won": "{name} wins the game, {totals} (T16)",
        "tell_tied": "the game is tied, {totals} (T16)",
        "log_dealt": "Deal {n}: {name} deals.",
        "log_exchange_you": "You exchange your hand ({cards}).",
        "log_exchange": "{name} exchanges the hand ({cards}).",
        "log_keep_you": "You keep your hand.",
        "log_keep": "{name} keeps the hand.",
        "log_declare_you": "You declare {what} ({points} points).",
        "log_declare": "{name} declares “{said}”.",
        "log_declare_hidden": "{name} declares “{said}” (of a rank not said).",
        "log_play_you": "You play the {card}.",
        "log_play": "{name} plays the {card}.",
        "log_trick_you": "You win trick {n}: {points} card points{bonus}.",
        "log_trick": "{name} wins trick {n}: {points} card points{bonus}.",
        "log_bonus": ", +10 for the 2 (T12)",
        "log_bonus_unless": ", +10 for the 2 (T12), unless the same player wins every trick left with a 2 too: "
                            "then the closing streak (T14) scores in place of this 10",
        "log_bonus_streak": ", the last trick won with a 2: the closing streak of 2s (T14) scores in place of "
                            "the 10 for each 2 and the 6 for the last trick",
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
        "sheet_item": "item",
        "sheet_rules": " ({rules})",
        "sheet_rules_sep": ", ",
        # names
        "you_name": "You",
        "computer_name": "Computer",
        "three": "three {ranks}",
        "four": "four {ranks}",
        "said_three": "three",
        "said_four": "four",
        "said_aces_three": "three aces",
        "said_aces_four": "four aces",
        "pack_title": "The Trappola pack: 36 cards, A R C F 10 9 8 7 2 in four Italian suits",
        "pack_suit": "{first} · {second}",
    },
    ja={
        "title": "トラッポラ",
        "rules_trappola": "300点先取", "rules_single-deal": "1ディールのみ",
        "rules_four-twos-104": "2が4枚で104点", "rules_by-anyone": "T8はどちらのプレイヤーでも",
        "table_title": "{title}：{deal}",
        "sep": "・",
        "deal": "第{n}ディール",
        "dealer_you": "ディーラー：あなた",
        "dealer": "ディーラー：{name}",
        "exchanges": "手札交換",
        "trick_of": "第{n}トリック（全9）",
        "deal_done": "ディール終了",
        "your_turn": "あなたの番",
        "to_move": "{name}の番",
        "game": "合計 {a}–{b}",
        "game_to": "合計 {a}–{b}（{target}点で終了）",
        "game_over": "ゲーム終了：{a_name} {a}点、{b_name} {b}点です。",
        "you_win": "あなたの勝ちです！",
        "they_win": "{name}の勝ちです。",
        "tie": "引き分けです。",
        "their_hand": "{name}・{n}枚",
        "your_hand": "あなたの手札",
        "your_hand_turn": "あなたの手札・あなたの番",
        "discarded_you": "あなたが表向きに捨てた手札",
        "discarded": "{name}が表向きに捨てた手札",
        "stock": "山札",
        "trick": "トリック",
        "last_trick": "前のトリック",
        "final_trick": "最後のトリック",
        "won_you": "取ったのはあなた",
        "won": "取ったのは{name}",
        "pile_you": "あなたのトリック",
        "pile": "{name}のトリック",
        "pile_points": "{tricks}トリック・{points}点",
        "declared_you": "あなたの宣言：{what}（+{points}）",
        "declared": "{name}の宣言：「{said}」",
        "declared_hidden": "{name}の宣言：「{said}」（どのランクかは言わない）",
        "deal_scored": "第{n}ディールの得点",
        "scored_line": "{name}：{total} = {parts}",
        "part_cards": "カードの点 {n}",
        "part_twos": "2のトリック {n}",
        "part_last": "最後のトリック {n}",
        "part_streak": "2の連続 {n}",
        "part_declarations": "宣言 {n}",
        "scored_none": "{name}：{total}",
        "exchange": "交換（{k}）",
        "keep": "このまま（{k}）",
        "declare": "{what}を宣言（{k}）",
        "next_deal": "次のディール（{k}）",
        "sort_on": "配られた順に戻す（{k}）",
        "sort_off": "手札を並べ替える（{k}）",
        "sort_name": "手札の並べ替え：オン・オフ",
        "greeting": "新しいゲームです。手札を交換する（E）か、このままにする（K）かを選んでください。",
        "greeting_wait": "新しいゲームです。",
        "scored": "第{n}ディールの得点：あなた {you}点、{name} {them}点です。",
        "press_next": "Enter（次のディール）で続けます。",
        "your_exchange": "手札を交換する（E）か、このままにする（K）かを選んでください。",
        "exchange_touch": "交換",
        "keep_touch": "このまま",
        "declare_touch": "{what}を宣言",
        "next_deal_touch": "次のディール",
        "sort_on_touch": "配られた順に戻す",
        "sort_off_touch": "手札を並べ替える",
        "greeting_touch": "新しいゲームです。手札を交換するか、このままにするかを選んでください。",
        "press_next_touch": "「次のディール」をタップすると続けます。",
        "your_exchange_touch": "手札を交換するか、このままにするかを選んでください。",
        "log_title": "ゲームの記録",
        "log_dealt_you": "第{n}ディール：あなたが配る。",
        "tell_dealt": "第{n}ディール：{name}が配る（T3）",
        "tell_exchanged": "{name}が手札を交換する（T4/T5）。表向きに捨てた手札：{cards}",
        "tell_kept": "{name}は手札をそのままにする",
        "tell_declared": "{name}が「{said}」と宣言する（{rank}の{count}枚組、T7）",
        "tell_played": "{name}が{card}を出す",
        "tell_trick": "{name}が第{n}トリックを取る：カードの点 {points}{bonus}",
        "tell_scored": "第{n}ディールの得点（T15）：{first} {first_points}、{second} {second_points}。ゲーム {totals}",
        "tell_won": "{name}の勝ち、{totals}（T16）",
        "tell_tied": "引き分け、{totals}（T16）",
        "log_dealt": "第{n}ディール：{name}が配る。",
        "log_exchange_you": "あなたは手札を交換する（{cards}）。",
        "log_exchange": "{name}は手札を交換する（{cards}）。",
        "log_keep_you": "あなたは手札をそのままにする。",
        "log_keep": "{name}は手札をそのままにする。",
        "log_declare_you": "あなたは{what}を宣言する（{points}点）。",
        "log_declare": "{name}は「{said}」と宣言する。",
        "log_declare_hidden": "{name}は「{said}」と宣言する（どのランクかは言わない）。",
        "log_play_you": "あなたは{card}を出す。",
        "log_play": "{name}は{card}を出す。",
        "log_trick_you": "あなたが第{n}トリックを取る：カードの点 {points}{bonus}。",
        "log_trick": "{name}が第{n}トリックを取る：カードの点 {points}{bonus}。",
        "log_bonus": "、2で取ったので+10（T12）",
        "log_bonus_unless": "、2で取ったので+10（T12）。ただし残りのトリックも全て同じ人が2で取れば、"
                            "この10点は最後の2の連続（T14）の点に代わる",
        "log_bonus_streak": "。2で取った最後のトリックなので、2の10点と最後のトリックの6点の代わりに、"
                            "最後の2の連続（T14）の点がつく",
        "log_scored": "第{n}ディールの得点：{a_name} {a}、{b_name} {b}。合計 {ta}–{tb}。",
        "sheet_title": "得点表",
        "sheet_game": "合計：{a_name} {a}、{b_name} {b}",
        "sheet_deal": "第{n}ディール",
        "sheet_dealer": "ディーラー：{name}",
        "earlier": "前のディール（{n}）",
        "col_deal": "ディール",
        "col_game": "合計",
        "row_cards": "カードの点",
        "row_twos": "2で取ったトリック",
        "row_last_trick": "最後のトリック",
        "row_streak": "最後の2の連続",
        "row_declarations": "宣言",
        "row_total": "ディールの得点",
        "row_game": "合計",
        "sheet_item": "項目",
        "sheet_rules": "（{rules}）",
        "sheet_rules_sep": "、",
        "you_name": "あなた",
        "computer_name": "コンピューター",
        "three": "{ranks}の3枚組",
        "four": "{ranks}の4枚組",
        "said_three": "3枚",
        "said_four": "4枚",
        "said_aces_three": "3枚のA",
        "said_aces_four": "4枚のA",
        "pack_title": "トラッポラのカード：36枚、4つのイタリア式スートにA R C F 10 9 8 7 2",
        "pack_suit": "{first}・{second}",
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
        "exchange": "手札を交換する",
        "keep": "手札をそのままにする",
        "declare": "{what}を宣言する",
        "play": "{card}を出す",
        "declare_now": "今{what}を宣言すれば{points}点が確定します（T9）。{rank}をトリックに出す前に宣言が必要です",
        "gives_up": "{card}を出すと{what}の宣言（{points}点）ができなくなります。先に宣言しましょう",
        "fourth": "このトリックで4枚目の{rank}を取ります。その後は{what}を宣言できません。先に宣言しましょう",
        "two_wins": "{card}はこのトリックに勝ちます。{opp}は{suit}を持っていません（T11）。+10点です。最後の"
                    "トリックまで残せば、続けて勝った2は26、52、78点になります（T14）",
        "two_thrown": "{card}を捨ててしまいます。{opp}は{suit}を持っていないので（T11）、リードすれば10点取れるカードです",
        "two_kept": "{cards}を後でリードするために残します。{opp}は{suits}を持っていないので（T11）、10点取れます",
        "and": "と",
    },
)

def _card_said(text: str, lang: str) -> str:
    """A card field of a reason (its ASCII text) as a card's name in ``lang``."""
    return card_text(Card.parse(text, ITALIAN), lang)


#: why an action is refused (:meth:`cardlab.games.trappola.State.why_illegal`) and who takes a trick
#: (:func:`cardlab.games.trappola.scoring.trick_reason`), by the reason's key
REFUSALS = refusals(ReasonWords(
    en={
        "exchanges-over": "the exchanges are over: the play has begun",
        "stock-too-small": "the stock has no 9 cards left to exchange",
        "exchange-first": "first finish the exchanges: exchange or keep",
        "not-held": "{player} does not hold the {card}",
        "follow-suit": "must follow suit: the {card} was led and you hold {suit}",
        "declared-already": "{rank} is already declared",
        "too-few": "you hold {count} of rank {rank}, not three or four",
        "fourth-taken": "the fourth {rank} has been taken in a trick: three may no longer be declared",
        "rank-played": "a card of rank {rank} has been played: declare before playing one of them",
        "higher": "the {card} is of the suit led and higher than the {lead}: it takes the trick",
        "lower": "the {card} is lower than the {lead}: the leader takes the trick",
        "other-suit": "the {card} is not of the suit led: the leader takes the trick",
    },
    ja={
        "exchanges-over": "手札交換はもう終わり、プレイが始まっています",
        "stock-too-small": "山札には交換できる9枚が残っていません",
        "exchange-first": "先に手札交換を終えてください（交換するか、このままにするか）",
        "not-held": "{card}は手札にありません",
        "follow-suit": "{card}がリードされ、あなたは{suit}を持っているので、{suit}を出さなければなりません",
        "declared-already": "{rank}はもう宣言しています",
        "too-few": "手札の{rank}は{count}枚です。宣言できるのは3枚組か4枚組だけです",
        "fourth-taken": "4枚目の{rank}がトリックで取られたので、3枚組はもう宣言できません",
        "rank-played": "{rank}はもう出ています。宣言はそのランクのカードを出す前にします",
        "higher": "{card}はリードと同じスートで{lead}より強いので、トリックを取ります",
        "lower": "{card}は{lead}より弱いので、リードした側がトリックを取ります",
        "other-suit": "{card}はリードと違うスートなので、リードした側がトリックを取ります",
    },
), {"card": _card_said, "lead": _card_said,
    "rank": lambda rank, lang: rank_text(rank, lang), "suit": lambda suit, lang: suit_text(suit, lang)})


#: the Japanese names of the presets (as kirifu.words.RULES_JA: a table of presets in Japanese)
RULES_JA = {"trappola": "トラッポラ", "single-deal": "1回のディール", "four-twos-104": "2の4連続が104点",
            "by-anyone": "3枚組の4枚目はどちらのトリックでも"}

#: the source's names of the ranks (王 R, 騎士 C, 歩兵 F, the ace written A) and of the suits
#: (剣・杖・カップ・貨幣) in Japanese
_RANKS_JA = {"A": "A", **ITALIAN_RANK_JAPANESE}
_SUITS_JA = ITALIAN_SUIT_JAPANESE
#: rank names (plural in English) for declarations, by language
RANK_PLURALS = {
    "en": {"A": "aces", "R": "kings", "C": "knights", "F": "jacks", "2": "twos"},
    "ja": {**_RANKS_JA, "2": "2"},
}


def declared(count: int, rank: str, lang: str) -> str:
    """The reader's own declaration, rank named: ``"three kings"``, ``"王の3枚組"``."""
    return WORDS.say(lang, "three" if count == 3 else "four", ranks=RANK_PLURALS[lang][rank])


def said(count: int, rank: str | None, lang: str) -> str:
    """T7: what the opponent hears: ``"three"`` or ``"four"``, aces named as the source says them
    (``"three aces"``, ``"3枚のA"``; ``rank`` None: hidden)."""
    kind = "three" if count == 3 else "four"
    return WORDS.say(lang, f"said_aces_{kind}" if rank == "A" else f"said_{kind}")


def heard(key: str, count: int, rank: str | None, lang: str, **fields: object) -> str:
    """The opponent's declaration as the table tells it (``key``: ``"declared"`` for the drawing,
    ``"log_declare"`` for the log): what was said, and, but for aces (T7), that its rank was not."""
    return WORDS.say(lang, key if rank == "A" else f"{key}_hidden", said=said(count, rank, lang), **fields)


def rank_text(rank: str, lang: str) -> str:
    """A rank in running text: ``"king"``, ``"2"``; ``"王"``."""
    return (_RANKS_JA if lang == "ja" else ITALIAN_RANK_ENGLISH).get(rank, rank)


def suit_text(suit: str, lang: str) -> str:
    """A suit in running text: ``"cups"``; ``"カップ"``."""
    return (_SUITS_JA if lang == "ja" else ITALIAN_SUIT_ENGLISH)[suit]


def card_text(card: Card, lang: str) -> str:
    """A card in running text (the log's, the coach's): ``"king of cups"``, ``"7 of coins"``; ``"カップの王"``."""
    if lang == "ja":
        return f"{suit_text(card.suit, lang)}の{rank_text(card.rank, lang)}"
    return f"{rank_text(card.rank, lang)} of {suit_text(card.suit, lang)}"


def action_words(action: str, lang: str, count: int = 3) -> str:
    """An action in words, as the coach and the replay name it: ``"play the 2 of cups"``,
    ``"declare three kings"`` (``count``: the cards of the declared rank, 3 or 4), ``"exchange
    your hand"``; ``"カップの2を出す"``."""
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


def rules_name(name: str, lang: str) -> str:
    """The readable name of the rules called ``name`` in ``lang`` (a rules of one's own: its name as given)."""
    return WORDS.say(lang, f"rules_{name}") if f"rules_{name}" in WORDS else name


def card_name(card: Card, lang: str) -> str:
    """A card's accessible name: ``"re di coppe (king of cups)"``; ``"カップの王"``."""
    return card_text(card, lang) if lang == "ja" else card.name


def pack_labels(suit: str, lang: str) -> tuple[str, str]:
    """A suit's two labels in the picture of the pack: its name (Italian; Japanese), then its
    other names (Czech and English; Italian and Czech)."""
    if lang == "ja":
        return suit_text(suit, lang), WORDS.say(lang, "pack_suit", first=suit, second=ITALIAN_SUIT_CZECH[suit])
    return suit, WORDS.say(lang, "pack_suit", first=ITALIAN_SUIT_CZECH[suit], second=ITALIAN_SUIT_ENGLISH[suit])
