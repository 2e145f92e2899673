"""The words of the puzzle table and the exercises, in English and Japanese."""

from __future__ import annotations

from ..words import Words

WORDS = Words(
    en={
        "ask": "Puzzle {n} of {total} · {theme} · {level}. {name}, you are to move: what is best?",
        "right": "Right: {answer} is the best choice.",
        "wrong": "Not the best: you chose {chosen}; the best is {answer}.",
        "figures": "What each choice is worth ({unit}, {playouts} playouts each, 95 % interval):",
        "choice": "choice", "estimate": "estimate", "interval": "interval",
        "why": "Why:", "no_rule": "No rule of thumb explains it: the playouts show it.",
        "score": "Solved {right} of {tried} · streak {streak} · best streak {best}",
        "next": "Next", "next_key": "Next puzzle (N)", "save": "Save my score", "saved": "Score saved to {path}.",
        "theme": "Theme", "level": "Difficulty", "any_theme": "every theme", "any_level": "every difficulty",
        "easy": "easy", "medium": "medium", "hard": "hard",
        "none": "No puzzle has this theme and difficulty: choose another.",
        "figures_worlds": "What each choice is worth ({unit}, the mean over {playouts} sampled hands of the opponent, "
                          "each solved exactly; 95 % interval):",
        "figures_exact": "What each choice is worth ({unit}): solved exactly, as you can tell every card.",
        "unit:points": "points margin of the deal, higher is better",
        "unit:points ahead": "points the rest of the deal adds, yours minus the opponent's, both playing perfectly",
        "unit:win chance": "chance to win the game", "unit:place": "finishing place, 1 is best",
        "answer_mark": "best", "your_mark": "yours", "marks_sep": " · ",
        "right_of": "Right {right} of {tried}",
        "check": "Check", "right_short": "Right.", "wrong_short": "Not right.", "pick": "Choose an answer first.",
    },
    ja={
        "ask": "問題 {n}／{total}・{theme}・{level}。あなた（{name}）の番です。最善の手は？",
        "right": "正解です。最善の手は「{answer}」です。",
        "wrong": "最善ではありません。あなたの手は「{chosen}」、最善の手は「{answer}」です。",
        "figures": "それぞれの手の価値（{unit}、各{playouts}回の試行、95%信頼区間）：",
        "choice": "手", "estimate": "推定値", "interval": "信頼区間",
        "why": "理由：", "no_rule": "経験則では説明できません。プレイアウトの結果です。",
        "score": "{tried}問中{right}問正解・連続正解 {streak}・最高 {best}",
        "next": "次の問題", "next_key": "次の問題（N）", "save": "成績を保存", "saved": "成績を{path}に保存しました。",
        "theme": "テーマ", "level": "難しさ", "any_theme": "すべてのテーマ", "any_level": "すべての難しさ",
        "easy": "やさしい", "medium": "ふつう", "hard": "難しい",
        "none": "このテーマと難しさの問題はありません。別の組み合わせを選んでください。",
        "figures_worlds": "それぞれの手の価値（{unit}、相手の手札をありうる{playouts}通り引いて、それぞれ完全に読み切った平均、"
                          "95%信頼区間）：",
        "figures_exact": "それぞれの手の価値（{unit}）：すべてのカードがわかるので、完全に読み切った値です。",
        "unit:points": "このディールの点差、高いほどよい",
        "unit:points ahead": "このディールの残りで加わる点（自分−相手、両者が最善を尽くした場合）",
        "unit:win chance": "ゲームの勝率", "unit:place": "順位、1位が最もよい",
        "answer_mark": "最善", "your_mark": "あなたの手", "marks_sep": "・",
        "right_of": "{tried}問中{right}問正解",
        "check": "答え合わせ", "right_short": "正解です。", "wrong_short": "不正解です。",
        "pick": "先に答えを選んでください。",
    },
)
