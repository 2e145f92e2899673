"""The Kirifu table's words: labels, prompts, buttons, the narration of events and the refusals.

``lang="en"`` keeps the Japanese terms beside the English ones (切る cut, おもらい omorai,
おそろい osoroi, 世界 world, 山札 stock); ``lang="ja"`` is Japanese throughout. Events are
narrated from :data:`EVENTS` in either language (the engine's ``describe`` is the English)::

    >>> from cardlab.cards import Card
    >>> from cardlab.games.kirifu import Cut
    >>> narrate(Cut(1, Card.parse("9H"), Card.parse("10H")), ("You", "Aiko"), "ja")
    'Aiko：9♥を10♥で切る'
    >>> card_name(Card.parse("QH"), "ja"), place_name(2, "ja")
    ('ハートのクイーン', '2位')
"""

from __future__ import annotations

from typing import Any, Sequence

from cardlab.cards import SUIT_NAMES, Card
from .events import Cut, Drew, Finished, Grouped, Omorai, Passed, place_text
from cardlab.words import Words, check_lang
from cardlab.words.refusals import ReasonWords, refusals

WORDS = Words(
    en={
        "title": "Kirifu table, {world}",
        "world": "world 世界: {symbol} {suit}",
        "players": "{rules} · {n} players",
        "legend": "切る cut · おもらい omorai (take in) · おそろい osoroi (set) · 山札 stock",
        "you": "You",
        "you_lower": "you",
        "computers": "Aiko,Ben,Chie,Daichi",
        "seat": "{name} · {n} cards",
        "to_play": "to play ▶",
        "out": "out: {place}",
        "last": "last: {place}",
        "known": "taken in:",
        "last_move": "last move:",
        "stock": "stock 山札",
        "discard": "discard 捨て札 · {n}",
        "discard_heap": "discard 捨て札",
        "passed_to": "passed to {name} · 渡されたカード",
        "osoroi_for": "osoroi for {name} · おそろい",
        "order": "finishing order: {order}",
        "order_sep": ", ",
        "event_sep": "; ",
        "sep": " · ",
        "take": "Take {card} · おもらい (T)",
        "pass": "Pass 1 card · 渡す (P)",
        "osoroi": "Add osoroi · おそろい (O)",
        "send": "Send · 渡す (S)",
        "pass_short": "Pass · 渡す (P)",
        "osoroi_short": "Osoroi · おそろい (O)",
        "send_short": "Send · 渡す (S)",
        "take_name": "take {card} (omorai)",
        "cut_name": "cut {card} with {cutter}",
        "passed_name": "passed card {card}: answer it",
        "pass_name": "{card}: choose to pass",
        "ask_receive": "Choose a passed card (Enter), then a gold-marked card of your hand to cut it (切る), "
                       "or Take (T, おもらい).",
        "ask_answer": "Cut {card} with a gold-marked card (切る), or Take it (T, おもらい).",
        "ask_take": "Nothing in your hand cuts {card}: Take it (T, おもらい).",
        "ask_pass": "Choose a card and Pass (P) — or the cards of a pair (+1), Add osoroi (O), then Send (S).",
        "ask_send": "Add another osoroi group (O) or Send (S).",
        "select_one": "Pass takes exactly one card (you chose {n}); for a pair use Add osoroi (O). "
                      "Your choice was cleared.",
        "refused": "{reason} Your choice was cleared.",
        # the same on a touch-only page (a phone, a tablet): no key named
        "take_touch": "Take {card} · おもらい",
        "pass_touch": "Pass 1 card · 渡す",
        "osoroi_touch": "Add osoroi · おそろい",
        "send_touch": "Send · 渡す",
        "pass_short_touch": "Pass · 渡す",
        "osoroi_short_touch": "Osoroi · おそろい",
        "send_short_touch": "Send · 渡す",
        "ask_receive_touch": "Tap a passed card, then a gold-marked card of your hand to cut it (切る), "
                             "or Take it (おもらい).",
        "ask_answer_touch": "Cut {card} with a gold-marked card (切る), or Take it (おもらい).",
        "ask_take_touch": "Nothing in your hand cuts {card}: Take it (おもらい).",
        "ask_pass_touch": "Tap a card and Pass — or the cards of a pair (+1), Add osoroi, then Send.",
        "ask_send_touch": "Add another osoroi group or Send.",
        "select_one_touch": "Pass takes exactly one card (you chose {n}); for a pair use Add osoroi. "
                            "Your choice was cleared.",
        "waiting": "Your turn.",
        "their_turn": "{name} to play.",
        "game_over": "Game over: you are {place} of {n}.",
        "log": "Log (newest first; ▶ your moves)",
        "sheet": "Finishing places",
        "col_place": "place",
        "col_player": "player",
        "col_cuts": "cuts 切る",
        "col_taken": "taken おもらい",
        "col_passed": "cards passed",
        "sorted": "sort hand",
        "sorted_tip": "your hand by suit (the world suit last), then rank; off: in the order the cards came",
    },
    ja={
        "title": "切りふの台：{world}",
        "world": "{symbol} {suit}の世界",
        "players": "{rules}・{n}人",
        "legend": "A♠はオールマイティ・世界のマークは他のマークより強い・同じマークなら数字の大きい方が強い",
        "you": "あなた",
        "you_lower": "あなた",
        "computers": "アイコ,ベン,チエ,ダイチ",
        "seat": "{name}・{n}枚",
        "to_play": "手番 ▶",
        "out": "上がり：{place}",
        "last": "最後まで残る：{place}",
        "known": "おもらいしたカード：",
        "last_move": "直前の手：",
        "stock": "山札",
        "discard": "捨て札・{n}",
        "discard_heap": "捨て札",
        "passed_to": "{name}に渡されたカード",
        "osoroi_for": "{name}へのおそろい",
        "order": "順位：{order}",
        "order_sep": "、",
        "event_sep": "。",
        "sep": "・",
        "take": "{card}をおもらい（T）",
        "pass": "1枚渡す（P）",
        "osoroi": "おそろいに加える（O）",
        "send": "おそろいを渡す（S）",
        "pass_short": "1枚渡す（P）",
        "osoroi_short": "おそろい（O）",
        "send_short": "組を渡す（S）",
        "take_name": "{card}をおもらいする",
        "cut_name": "{card}を{cutter}で切る",
        "passed_name": "渡された{card}：切るかおもらいか",
        "pass_name": "{card}：渡すカードに選ぶ",
        "ask_receive": "渡されたカードを選び（Enter）、金色の印のついた手札で切るか、おもらい（T）してください。",
        "ask_answer": "{card}を金色の印のついたカードで切るか、おもらい（T）してください。",
        "ask_take": "手札に{card}を切れるカードがありません。おもらい（T）してください。",
        "ask_pass": "1枚選んで渡して（P）ください。同じ数字の2枚（とオマケ1枚）ならおそろいに加え（O）、"
                    "渡します（S）。",
        "ask_send": "おそろいをもう一組加える（O）か、渡して（S）ください。",
        "select_one": "「1枚渡す」は1枚だけです（{n}枚選んでいます）。2枚組は「おそろいに加える」（O）で渡します。"
                      "選択を解除しました。",
        "refused": "{reason}選択を解除しました。",
        "take_touch": "{card}をおもらい",
        "pass_touch": "1枚渡す",
        "osoroi_touch": "おそろいに加える",
        "send_touch": "おそろいを渡す",
        "pass_short_touch": "1枚渡す",
        "osoroi_short_touch": "おそろい",
        "send_short_touch": "組を渡す",
        "ask_receive_touch": "渡されたカードをタップし、金色の印のついた手札で切るか、おもらいしてください。",
        "ask_answer_touch": "{card}を金色の印のついたカードで切るか、おもらいしてください。",
        "ask_take_touch": "手札に{card}を切れるカードがありません。おもらいしてください。",
        "ask_pass_touch": "1枚タップして渡してください。同じ数字の2枚（とオマケ1枚）ならおそろいに加え、渡します。",
        "ask_send_touch": "おそろいをもう一組加えるか、渡してください。",
        "select_one_touch": "「1枚渡す」は1枚だけです（{n}枚選んでいます）。2枚組は「おそろいに加える」で渡します。"
                            "選択を解除しました。",
        "waiting": "あなたの番です。",
        "their_turn": "{name}の番です。",
        "game_over": "ゲーム終了：あなたは{n}人中{place}です。",
        "log": "記録（新しい順、▶はあなたの手）",
        "sheet": "順位表",
        "col_place": "順位",
        "col_player": "プレイヤー",
        "col_cuts": "切った回数",
        "col_taken": "おもらいの回数",
        "col_passed": "渡した枚数",
        "sorted": "手札の並べ替え",
        "sorted_tip": "マーク順（世界のマークは最後）、次に数字の順。オフ：来た順",
    },
)

#: the coach's words (:mod:`cardlab.games.kirifu.coach`): the choices, as the table names them
#: (``cut_name``, ``take_name`` of :data:`WORDS`, and these), and the reasons behind them
COACH = Words(
    en={
        "pass": "pass {card}",
        "osoroi": "osoroi おそろい {cards} (passed together)",
        "send": "send the osoroi",
        "almighty_cut": "{cutter} cuts anything and nothing cuts it; {other} also cuts {card}: keep {cutter} "
                        "for a card nothing else cuts",
        "world_cut": "cuts with a card of the world suit {world}; {other} also cuts {card} (K5) and saves the "
                     "world card for later",
        "must_take": "none of your cards cuts {card}: it must be taken in (omorai)",
        "take_in": "taking it in (omorai) means you pass nothing this turn",
        "almighty_pass": "nothing cuts {card}: {receiver} must take it in (omorai, K9) and then passes nothing (K11)",
        "world_pass": "passes a card of the world suit {world}, one of your best cutters; only a higher {world} "
                      "or the almighty {ace} cuts it",
        "osoroi_pass": "passes {n} cards at once: {receiver} needs one cutter for each (K19) or takes some in",
    },
    ja={
        "pass": "{card}を渡す",
        "osoroi": "おそろい {cards} をまとめて渡す",
        "send": "おそろいを渡す",
        "almighty_cut": "{cutter}はオールマイティで、全てのカードを切れ、何にも切られません。{other}でも{card}を"
                        "切れます。{cutter}はほかに切れるカードのない時のために残しましょう",
        "world_cut": "世界のマーク{world}のカードで切ります。{other}でも{card}を切れ（K5）、世界のカードを後に残せます",
        "must_take": "{card}を切れるカードがありません。おもらいするしかありません",
        "take_in": "おもらいをすると、この番には何も渡せません",
        "almighty_pass": "{card}は何にも切られません。{receiver}はおもらいするしかなく（K9）、その番には何も"
                         "渡せません（K11）",
        "world_pass": "世界のマーク（{world}）のカードを渡してしまいます。切るときに頼りになるカードです。これを切れるのは、より"
                      "大きい数字の{world}かオールマイティの{ace}だけです",
        "osoroi_pass": "{n}枚を一度に渡します。{receiver}は1枚ごとに切るカードが要り（K19）、なければおもらいします",
    },
)

SUITS_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "三つ葉"}
RANKS_JA = {"A": "エース", "K": "キング", "Q": "クイーン", "J": "ジャック"}
JOKERS_JA = {"R": "赤のジョーカー", "B": "黒のジョーカー"}
#: the presets' names in English and Japanese (a rules of one's own shows the name it was given)
RULES_EN = {"kirifu": "Kirifu", "kirifu-joker": "Kirifu (joker)", "kirifu-2-7": "Kirifu (2–7)",
            "kirifu-no-osoroi": "Kirifu (no osoroi)"}
RULES_JA = {"kirifu": "切りふ", "kirifu-joker": "切りふ（ジョーカーあり）", "kirifu-2-7": "切りふ（2〜7人）",
            "kirifu-no-osoroi": "切りふ（おそろいなし）", "made": "作った局面"}

#: the narration of each event, by its class's name ("Last": the one left holding cards, K17: never
#: said to go out), said after the name of the player who did it ("named"); "you": the reader in
#: another's event ("pass 9♥ to you")
EVENTS = Words(
    en={"Passed": "pass {cards} to {to}", "Grouped": "osoroi おそろい {cards}",
        "Cut": "cut 切る {card} with {cutter}", "Omorai": "take {card} · omorai おもらい",
        "Drew": "draw {count} from the stock 山札", "Finished": "finishes {place}", "Last": "is left last, {place}",
        "named": "{who}: {text}", "you": "you"},
    ja={"Passed": "{cards}を{to}に渡す", "Grouped": "おそろい（{cards}）を作る", "Cut": "{card}を{cutter}で切る",
        "Omorai": "{card}をおもらいする", "Drew": "山札から{count}枚補充する", "Finished": "{place}で上がる",
        "Last": "最後まで残る（{place}）", "named": "{who}：{text}", "you": "あなた"},
)

def cards_said(value: str | list[str], lang: str) -> str:
    """A reason's card or cards (their ASCII texts) as the table shows them: ``9♥``, ``4♠ 4♦``."""
    return " ".join(str(Card.parse(text)) for text in ([value] if isinstance(value, str) else value))


#: why a move is or is not legal (:meth:`cardlab.games.kirifu.State.why_illegal` and
#: :func:`cardlab.games.kirifu.moves.cut_reason`), by the reason's key: refusals, exercises and
#: the coach say a rule with these words
REFUSALS = refusals(ReasonWords(
    en={
        "receive-first": "first cut or take (omorai) every card passed to you, then pass",
        "took-passes-nothing": "{player} took a card (omorai) this turn, so passes nothing",
        "nothing-passed": "nothing was passed to you this turn: only pass",
        "resolved-once": "{card} was already cut or taken; each passed card is resolved once",
        "not-passed": "{card} was not passed to you; passed: {passed}",
        "just-passed": "{cutter} was just passed to you and cannot cut in the same turn",
        "cutter-used": "{cutter} has already been used; one cutter cuts one card",
        "cutter-not-in-hand": "{cutter} is not in your hand",
        "joker-uncuttable": "nothing cuts the joker ({passed}) in this variant",
        "joker-cuts": "the joker ({cutter}) cuts everything in this variant",
        "ace-cuts": "the ♠A cuts everything",
        "ace-uncuttable": "nothing cuts the ♠A, the almighty card: not the {cutter} either",
        "same-suit-higher": "the {cutter} is of the same suit as the {passed} and higher",
        "same-suit-not-higher": "the {cutter} is of the same suit as the {passed} but not higher "
                                "(2 < 3 < … < 10 < J < Q < K < A)",
        "world-cuts": "the {cutter} is of the world suit ({world}), which cuts any other suit",
        "other-suit": "the {cutter} is of another suit than the {passed} and not of the world suit ({world}): "
                      "cards of different suits do not cut one another",
        "osoroi-started": "you started an osoroi: add groups or 'send' (a single card is instead of osoroi)",
        "omorai-passer": "{card} is not in {player}'s hand: {taker} took a card (omorai) and passed nothing, "
                         "so it is {player} who passes",
        "not-in-hand": "{card} is not in your hand",
        "choose-group-first": "choose an osoroi group first",
        "osoroi-off": "osoroi is off in {rules}: pass one card",
        "group-not-in-hand": "{cards} not in your hand",
        "not-a-group": "an osoroi group is a pair of the same rank plus at most one extra card",
        "too-many": "never more cards than the receiver holds: {receiver} holds {room}, the pass would be {count}",
    },
    ja={
        "receive-first": "先に、渡されたカードを全て切るかおもらいしてください",
        "took-passes-nothing": "{player}はこの番におもらいをしたので、何も渡せません",
        "nothing-passed": "この番には何も渡されていません。渡すだけです",
        "resolved-once": "{card}はもう切るかおもらいしました。渡されたカードはそれぞれ一度だけです",
        "not-passed": "{card}は渡されていません（渡されたカード：{passed}）",
        "just-passed": "{cutter}は渡されたばかりなので、その番には切れません",
        "cutter-used": "{cutter}はもう使いました。1枚のカードで切れるのは1枚だけです",
        "cutter-not-in-hand": "{cutter}は手札にありません",
        "joker-uncuttable": "ジョーカー（{passed}）は何にも切られません",
        "joker-cuts": "ジョーカー（{cutter}）はすべてを切れます",
        "ace-cuts": "A♠はすべてを切れます",
        "ace-uncuttable": "A♠はオールマイティで、何にも切られません（{cutter}でも切れません）",
        "same-suit-higher": "{cutter}は{passed}と同じマークで、より大きい数字です",
        "same-suit-not-higher": "{cutter}は{passed}と同じマークですが、大きい数字ではありません。同じマークでは、"
                                "数字の大きいカードでしか切れません",
        "world-cuts": "{cutter}は世界のマーク（{world}）なので、ほかのマークを切れます",
        "other-suit": "{cutter}は{passed}と違うマークで、世界のマーク（{world}）でもありません。違うマークのカードは"
                      "切れません",
        "osoroi-started": "おそろいを作り始めています。組を足すか「送る」を選んでください（1枚だけ渡すのは"
                          "おそろいの代わりです）",
        "omorai-passer": "{card}は{player}の手札にありません。{taker}がおもらいをして何も渡さなかったので、"
                         "渡すのは{player}です",
        "not-in-hand": "{card}は手札にありません",
        "choose-group-first": "先におそろいの組を選んでください",
        "osoroi-off": "{rules}ではおそろいはありません。1枚ずつ渡します",
        "group-not-in-hand": "{cards}は手札にありません",
        "not-a-group": "おそろいは同じ数字の2枚（とオマケ1枚まで）です",
        "too-many": "渡す相手の手札より多くは渡せません（{receiver}の手札は{room}枚、渡すのは{count}枚）",
    },
), {"card": cards_said, "cutter": cards_said, "passed": cards_said, "cards": cards_said,
    "world": lambda suit, lang: suit_name(suit, lang), "rules": lambda name, lang: rules_name(name, lang)})

def say(lang: str, key: str, *, touch: bool = False, **fields: Any) -> str:
    """The text ``key`` of the Kirifu table in ``lang`` (``touch``: worded for taps, naming no key)."""
    return WORDS.say_touch(lang, key, touch, **fields)


def suit_name(suit: str, lang: str) -> str:
    """A suit's name: ``spades`` / ``スペード``."""
    return SUIT_NAMES[suit] if check_lang(lang) == "en" else SUITS_JA[suit]


def card_name(card: Card, lang: str) -> str:
    """A card's spoken name (a screen reader's): ``queen of hearts`` / ``ハートのクイーン``."""
    if check_lang(lang) == "en":
        return card.name
    if card.is_joker:
        return JOKERS_JA[card.suit]
    return f"{SUITS_JA[card.suit]}の{RANKS_JA.get(card.rank, card.rank)}"


def action_words(action: tuple, lang: str) -> str:
    """A choice as the table names it: ``cut 9♥ with 10♥``, ``take 9♥ (omorai)``, ``pass 7♠``;
    ``9♥を10♥で切る``."""
    kind = action[0]
    if kind == "cut":
        return say(lang, "cut_name", card=action[1], cutter=action[2])
    if kind == "take":
        return say(lang, "take_name", card=action[1])
    if kind == "osoroi":
        return COACH.say(lang, "osoroi", cards=" ".join(map(str, action[1])))
    if kind == "send":
        return COACH.say(lang, "send")
    return COACH.say(lang, "pass", card=action[1])


def say_action(state: Any, action: str, lang: str) -> str:
    """A legal action of ``state``, given as its text, in words (:func:`action_words`): the
    replay's captions."""
    return action_words(state.parse_action(action), lang)


def place_name(place: int, lang: str) -> str:
    """A finishing place: ``1st`` / ``1位``."""
    return place_text(place) if check_lang(lang) == "en" else f"{place}位"


def player_names(lang: str, computers: int) -> tuple[str, ...]:
    """The seats' names at the table: the reader, then ``computers`` computer players."""
    return (say(lang, "you"),) + tuple(say(lang, "computers").split(","))[:computers]


def rules_name(name: str, lang: str) -> str:
    """The readable name of the rules called ``name`` in ``lang`` (a rules of one's own: its name as given)."""
    return (RULES_JA if check_lang(lang) == "ja" else RULES_EN).get(name, name)


def narrate(event: Any, players: Sequence[str], lang: str, named: bool = True, reader: int | None = None) -> str:
    """One public event in words, in ``lang``; ``named``: after the name of the player who did it
    (``"Aiko: ..."``); ``reader``: the seat that reads it, called "you" when passed to."""
    fields: dict[str, Any] = {name: getattr(event, name) for name in ("card", "cutter", "count") if hasattr(event, name)}
    if isinstance(event, Passed):
        fields["to"] = EVENTS.say(lang, "you") if event.to == reader else players[event.to]
    if hasattr(event, "cards"):
        fields["cards"] = " ".join(map(str, event.cards))
    if isinstance(event, Finished):
        fields["place"] = place_name(event.place, lang)
    last = isinstance(event, Finished) and event.place == len(players)
    text = EVENTS.say(lang, "Last" if last else type(event).__name__, **fields)
    return EVENTS.say(lang, "named", who=players[event.player], text=text) if named else text