"""The Cleopatra table's words (:data:`CLEOPATRA`: the drawing, the messages, the settings, the
replay's fixed words and the trainer's switch), those of two people at one keyboard
(:data:`DUO`) and the slap trainer's report (:data:`TRAINER`).

Sentences about a seat come in two forms: ``<key>_you`` when the seat is the reader's ("you
take 6 cards", "your hand") and ``<key>`` with ``{name}`` for any other seat ("Bot takes 6
cards"), so that English stays grammatical; :func:`about` picks the form::

    >>> about("en", "take", 0, ("You", "Bot"), reader=0, cards=cards("en", 6))
    'you take 6 cards'
    >>> about("ja", "take", 1, ("X", "Y"), reader=None, cards=cards("ja", 6))
    'Yは場の6枚を取る'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.words import Words
from cardlab.words.refusals import ReasonWords, refusals

#: why an action is refused (:meth:`cardlab.games.cleopatra.State.why_illegal`), by the reason's key
REFUSALS = refusals(ReasonWords(
    en={
        "not-due": "{due} is due to play, not {player}",
        "top-card": "{player} turns the top card of their hand, which nobody sees before it is turned: "
                    "write '{seat}' to turn it",
        "no-slapping": "{rules} has no slapping",
        "race-needs-pair": "a race of slaps needs a pair on top",
        "nothing-to-burn": "{player} has no card in hand to burn for a false slap",
        "not-a-pair": "the top two cards are not a pair: a slap has no effect",
        "pair": "the top cards are a pair: a slap takes the pile",
        "false-slap-burns": "the top cards are not a pair: a slap burns a card from the slapper's hand",
        "bad-slap": "cannot read {text}; write {forms} (times: whole ms, at most {digits} digits 0-9)",
        "bad-race": "{text}: each seat slaps once, and a race gives every seat a time or none",
    },
    ja={
        "not-due": "今は{due}の番です。{player}の番ではありません",
        "top-card": "{player}は手持ちカードの一番上のカードをめくります。めくるまで誰にも見えません",
        "no-slapping": "このルールでは叩くことはできません",
        "race-needs-pair": "同時に叩けるのは、場の上に組があるときだけです",
        "nothing-to-burn": "{player}の手持ちカードには、組でないのに叩いたときに場の下に置くカードがありません",
        "not-a-pair": "場の上の2枚は組ではありません。叩いても何も起きません",
        "pair": "場の上のカードは組なので、叩くと場のカードを取れます",
        "false-slap-burns": "場の上のカードは組ではないので、叩くと手持ちカードを1枚場の下に置きます",
        "bad-slap": "その「叩く」の書き方は読み取れません",
        "bad-race": "その「叩く」の書き方は読み取れません（各席1回、時間は全員に書くか誰にも書かないか）",
    },
))


CLEOPATRA = Words(
    en={
        # the drawing
        "title_cleopatra": "Cleopatra クレオパトラ", "title_beggar-my-neighbour": "Beggar-my-neighbour ベガー・マイ・ネイバー",
        "title_egyptian-ratscrew": "Egyptian Ratscrew エジプシャン・ラットスクリュー", "table_name": "{rules} table",
        "hand_you": "your hand", "hand": "{name}'s hand",
        "won_you": "your won pile", "won": "{name}'s won pile",
        "won_short": "won pile",
        "turn_label": "your hand: turn a card", "slap_label": "slap the pile",
        "pile": "pile: {cards}", "under": " (+{n} face down)",
        "card_one": "{n} card", "card_many": "{n} cards",
        "due_you": "Your turn", "due": "{name} to play",
        "owes_you": "you must pay {n} more", "owes": "{name} must pay {n} more",
        "collects_you": "you collect the pile unless someone slaps the pair",
        "collects": "{name} collects the pile unless someone slaps the pair",
        "log": "What happened", "key_turn": "Enter: turn", "key_slap": "Space: slap", "keys_sep": " · ",
        # what happened (the log, the replay's step captions, the capture's caption)
        "play_you": "you play {played}", "play": "{name} plays {played}",
        "pay_you": "you pay {played}", "pay": "{name} pays {played}",
        "take_you": "you take {cards}", "take": "{name} takes {cards}",
        "slap_you": "you slap ({race})", "slap": "{name} slaps ({race})",
        "burn_you": "you slap without a pair and burn {card}", "burn": "{name} slaps without a pair and burns {card}",
        "shuffle_you": "you shuffle your won pile ({cards}) into a new hand",
        "shuffle": "{name} shuffles their won pile ({cards}) into a new hand",
        "must_pay_you": "you must pay", "must_pay": "{name} must pay",
        "win_you": "You win ({reason})", "win": "{name} wins ({reason})", "no_winner": "No winner ({reason})",
        "ms": "{name} {ms} ms", "list_sep": ", ", "event_sep": "; ", "end": ".",
        "reason_no cards": "no cards left", "reason_cannot play": "no card to play",
        "reason_cap": "step limit", "reason_loop": "the game repeats",
        # the table's messages
        "greet_step": "Press Enter (or click your hand) to turn a card.",
        "greet_real": "Cards are turned at the tempo.",
        "greet_slap": "{greet} Slap a pair with space (or a click on the pile).",
        "greet_step_touch": "Tap your hand to turn a card.",
        "greet_slap_touch": "{greet} Tap the pile to slap a pair.",
        "slapped_you": "You slapped first ({race}) and take the pile (C10, C11).",
        "slapped": "{name} slapped first ({race}) and takes the pile (C10, C11).",
        "no_effect": "No pair on top: your slap has no effect ({rule}).",
        "no_slapping": "Slapping is not part of {rules} (its rule slaps is \"none\"): space does nothing here.",
        "no_slapping_touch": "Slapping is not part of {rules} (its rule slaps is \"none\"): the pile cannot be slapped.",
        "too_late": "Too late: {name} slapped the pair first.",
        "burned": "No pair: you burn {card} under the pile (C13).",
        "game_over": "Game over: {result}. Press New game (N) to play again.",
        "game_over_touch": "Game over: {result}. Tap New game to play again.",
        "change_ask": "New game with {changes}? Press N (or New game) to leave this game for it; set {back} "
                      "again to play on.",
        "change_ask_touch": "New game with {changes}? Tap New game to leave this game for it; set {back} again "
                            "to play on.",
        "change_back": "Back to the settings of this game: it goes on.", "setting": "{name} {value}",
        # the settings, the trainer, the replay
        "rules": "rules", "seed": "seed", "attention": "bot attention", "mode": "mode", "tempo": "tempo",
        "rules_cleopatra": "Cleopatra", "rules_beggar-my-neighbour": "Beggar-my-neighbour",
        "rules_egyptian-ratscrew": "Egyptian Ratscrew",
        "mode_step": "step", "mode_real-time": "real-time",
        "tempo_slow": "slow (1.5 s)", "tempo_normal": "normal (1 s)", "tempo_fast": "fast (0.6 s)",
        "you_name": "You", "bot_name": "Bot",
        "trainer": "slap trainer", "trainer_tip": "record your reaction times; see them after the game",
        "replay_by": "replay by", "by_steps": "steps", "by_cards": "cards",
        "deal": "The deal: {x} and {y} hold their cards face down.",
        "step_caption": "Step {n}: {text}", "card_caption": "{action} (step {n})",
        "act_turn": "turn {card}", "act_slap": "the pair is slapped ({race})",
        "note_sep": " | ",
        # the pack split by colour
        "half_red": "red: hearts and diamonds", "half_black": "black: spades and clubs",
        "split_title": "Cleopatra: the pack split by colour (C2)",
    },
    ja={
        "title_cleopatra": "クレオパトラ", "title_beggar-my-neighbour": "ベガー・マイ・ネイバー",
        "title_egyptian-ratscrew": "エジプシャン・ラットスクリュー", "table_name": "{rules}",
        "hand_you": "手持ちカード", "hand": "{name}の手持ち",
        "won_you": "あなたの取ったカード", "won": "{name}の取ったカード",
        "won_short": "取ったカード",
        "turn_label": "あなたの手持ちカード：1枚出す", "slap_label": "場のカードを叩く",
        "pile": "場：{cards}", "under": "（ほかに裏向き{n}枚）",
        "card_one": "{n}枚", "card_many": "{n}枚",
        "due_you": "あなたの番", "due": "{name}の番",
        "owes_you": "あなたはあと{n}枚出す", "owes": "{name}はあと{n}枚出す",
        "collects_you": "組が叩かれなければ、あなたが場のカードを取る",
        "collects": "組が叩かれなければ、{name}が場のカードを取る",
        "log": "これまでの流れ", "key_turn": "Enter：出す", "key_slap": "スペース：叩く", "keys_sep": "・",
        "play_you": "あなたは{played}を出す", "play": "{name}は{played}を出す",
        "pay_you": "あなたは続けて{played}を出す", "pay": "{name}は続けて{played}を出す",
        "take_you": "あなたは場の{cards}を取る", "take": "{name}は場の{cards}を取る",
        "slap_you": "あなたが叩く（{race}）", "slap": "{name}が叩く（{race}）",
        "burn_you": "あなたは組でないのに叩き、{card}を場の下に置く",
        "burn": "{name}は組でないのに叩き、{card}を場の下に置く",
        "shuffle_you": "あなたは取ったカード（{cards}）を切って新しい手持ちカードにする",
        "shuffle": "{name}は取ったカード（{cards}）を切って新しい手持ちカードにする",
        "must_pay_you": "今度はあなたが出さなくてはならない番", "must_pay": "今度は{name}が出さなくてはならない番",
        "win_you": "あなたの勝ち（{reason}）", "win": "{name}の勝ち（{reason}）", "no_winner": "勝者なし（{reason}）",
        "ms": "{name} {ms}ミリ秒", "list_sep": "、", "event_sep": "。", "end": "。",
        "reason_no cards": "相手のカードが全てなくなった", "reason_cannot play": "相手に出すカードがない",
        "reason_cap": "手数の上限", "reason_loop": "同じ局面の繰り返し",
        "greet_step": "Enter（または手持ちカードをクリック）で1枚出します。",
        "greet_real": "カードはテンポに合わせて出されます。",
        "greet_slap": "{greet}組はスペース（または場をクリック）で叩きます。",
        "greet_step_touch": "手持ちカードをタップすると1枚出します。",
        "greet_slap_touch": "{greet}組は場をタップして叩きます。",
        "slapped_you": "あなたが先に叩きました（{race}）。場のカードはあなたのものです（C10、C11）。",
        "slapped": "{name}が先に叩きました（{race}）。場のカードは{name}のものです（C10、C11）。",
        "no_effect": "組ではないので、叩いても何も起きません（{rule}）。",
        "no_slapping": "{rules}には叩く規則がありません。ここではスペースを押しても何も起きません。",
        "no_slapping_touch": "{rules}には叩く規則がありません。場を叩くことはできません。",
        "too_late": "遅すぎました。{name}が先に組を叩きました。",
        "burned": "組ではありません。{card}を場の下に置きます（C13）。",
        "game_over": "ゲーム終了：{result}。「新しいゲーム」（N）でもう一度遊べます。",
        "game_over_touch": "ゲーム終了：{result}。「新しいゲーム」をタップするともう一度遊べます。",
        "change_ask": "{changes}で新しいゲームにしますか？ N（または「新しいゲーム」）でこのゲームをやめて始めます。"
                      "続けるなら{back}を元に戻してください。",
        "change_ask_touch": "{changes}で新しいゲームにしますか？「新しいゲーム」をタップするとこのゲームをやめて始めます。"
                            "続けるなら{back}を元に戻してください。",
        "change_back": "このゲームの設定に戻しました。ゲームは続きます。", "setting": "{name}「{value}」",
        "rules": "ルール", "seed": "シード", "attention": "コンピューターの注意力", "mode": "モード", "tempo": "テンポ",
        "rules_cleopatra": "クレオパトラ", "rules_beggar-my-neighbour": "ベガー・マイ・ネイバー",
        "rules_egyptian-ratscrew": "エジプシャン・ラットスクリュー",
        "mode_step": "1枚ずつ", "mode_real-time": "リアルタイム",
        "tempo_slow": "遅い（1.5秒）", "tempo_normal": "ふつう（1秒）", "tempo_fast": "速い（0.6秒）",
        "you_name": "あなた", "bot_name": "コンピューター",
        "trainer": "叩く練習", "trainer_tip": "反応時間を記録し、ゲームの後に表示します",
        "replay_by": "再生の単位", "by_steps": "1手ずつ", "by_cards": "1枚ずつ",
        "deal": "ゲーム開始：{x}と{y}は手持ちカードを裏向きに持つ。",
        "step_caption": "{n}手目：{text}", "card_caption": "{action}（{n}手目）",
        "act_turn": "{card}を出す", "act_slap": "組が叩かれる（{race}）",
        "note_sep": "　｜　",
        "half_red": "赤：ハートとダイヤ", "half_black": "黒：スペードとクラブ",
        "split_title": "クレオパトラ：色で二つに分けたカード（C2）",
    },
)

#: a table of two people at one keyboard (:mod:`cardlab.games.cleopatra.table_duo`): each seat's
#: own keys, the greeting and the messages that name the person who pressed a key
DUO = Words(
    en={
        "left": "Left", "right": "Right", "key_turn": "{letter}: turn", "key_slap": "{letter}: slap",
        "greet_step": "Two at one keyboard: on your turn, {left} turns a card with {left_turn}, {right} with "
                      "{right_turn}.",
        "greet_real": "Two at one keyboard: the cards are turned at the tempo.",
        "greet_slap": "{greet} Slap a pair with your own key ({left} {left_slap}, {right} {right_slap}): the "
                      "first key to arrive takes the pile (C11).",
        "help": "At this table each of you has your own keys: {left} ({left_keys}), {right} ({right_keys}).",
        "wrong_turn": "It is {due}'s turn, not {name}'s: {due} turns with {letter}.",
        "no_effect": "No pair on top: {name}'s slap has no effect ({rule}).",
        "burned": "No pair: {name} burns {card} under the pile (C13).",
    },
    ja={
        "left": "左の人", "right": "右の人", "key_turn": "{letter}：出す", "key_slap": "{letter}：叩く",
        "greet_step": "一つのキーボードで二人：自分の番に、{left}は{left_turn}、{right}は{right_turn}で1枚出します。",
        "greet_real": "一つのキーボードで二人：カードはテンポに合わせて出されます。",
        "greet_slap": "{greet}組は自分のキー（{left}は{left_slap}、{right}は{right_slap}）で叩きます。"
                      "先に届いたキーが場のカードを取ります（C11）。",
        "help": "この台では一人ひとりが自分のキーを使います：{left}（{left_keys}）、{right}（{right_keys}）。",
        "wrong_turn": "{name}ではなく{due}の番です。{due}は{letter}で出します。",
        "no_effect": "組ではないので、{name}が叩いても何も起きません（{rule}）。",
        "burned": "組ではありません。{name}は{card}を場の下に置きます（C13）。",
    },
)

#: the slap trainer's report (:func:`cardlab.games.cleopatra.slaps.plot_slaps`)
TRAINER = Words(
    en={
        "computer": "computer: {mean} ± {spread} ms", "you_one": "you: {n} slap", "you_many": "you: {n} slaps",
        "beaten": "pairs the computer took first", "reaction": "reaction time (ms)", "density": "density",
        "reaction_title": "Reaction to a pair (C10)", "chance": "your chance to win",
        "attention": "computer's attention", "win": "win chance", "chance_title": "At your speed",
        "pair_one": "{n} pair", "pair_many": "{n} pairs", "false_one": "{n} false slap",
        "false_many": "{n} false slaps", "average": " in {ms} ms on average",
        "caption": "You slapped {n} of {pairs}{average}; {beaten} went to the computer before you slapped, "
                   "{missed} to nobody; {false} (C13, not simulated). Win chances from {games} simulated games "
                   "per level.",
    },
    ja={
        "computer": "コンピューター：{mean} ± {spread}ミリ秒", "you_one": "あなた：{n}回", "you_many": "あなた：{n}回",
        "beaten": "コンピューターが先に取った組", "reaction": "反応時間（ミリ秒）", "density": "密度",
        "reaction_title": "組への反応（C10）", "chance": "あなたの勝率",
        "attention": "コンピューターの注意力", "win": "勝率", "chance_title": "あなたの速さでの勝率",
        "pair_one": "{n}組", "pair_many": "{n}組", "false_one": "組でないのに叩いたのは{n}回",
        "false_many": "組でないのに叩いたのは{n}回", "average": "（平均{ms}ミリ秒）",
        "caption": "{pairs}のうち{n}組を叩いた{average}。{beaten}組はあなたが叩く前にコンピューターが取り、"
                   "{missed}組は誰も取らなかった。{false}（C13、シミュレーションには含まない）。"
                   "勝率は各レベル{games}回のシミュレーションから。",
    },
)


def count(lang: str, key: str, n: int, words: Words = CLEOPATRA) -> str:
    """``n`` things in words: the text ``<key>_one`` of ``words`` for 1, else ``<key>_many``
    (English has plurals; Japanese has none, so its two forms read alike)."""
    return words.say(lang, f"{key}_{'one' if n == 1 else 'many'}", n=n)


def cards(lang: str, n: int) -> str:
    """``n`` cards in words ("1 card", "6 cards", "6枚")."""
    return count(lang, "card", n)


def rules_words(lang: str, key: str, name: str) -> str:
    """The words ``key`` (``"rules"``: the name in the settings, ``"title"``: the drawing's title)
    of the rules called ``name`` (a preset's :attr:`Rules.name`; rules of one's own show their name)."""
    return CLEOPATRA.say(lang, f"{key}_{name}") if f"{key}_{name}" in CLEOPATRA else name


def rules_name(name: str, lang: str) -> str:
    """The readable name of the rules called ``name`` in ``lang`` (as the settings name them)."""
    return rules_words(lang, "rules", name)


def about(lang: str, key: str, seat: int, names: Sequence[str], reader: int | None, **fields: Any) -> str:
    """The sentence ``key`` about ``seat``: its ``_you`` form when ``seat`` is the reader's, else
    the form with ``{name}``."""
    if seat == reader:
        return CLEOPATRA.say(lang, f"{key}_you", **fields)
    return CLEOPATRA.say(lang, key, name=names[seat], **fields)
