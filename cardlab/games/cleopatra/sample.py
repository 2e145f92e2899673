"""The source's sample game of Cleopatra, completed to 100 steps by a reproducible search.

The source (a personal Japanese web page; its author learned the game at university) narrates
steps 1–16 of a game and its last step, 100, where X turns a 10 as his very last card and loses
(C15). Steps 17–99 are not given, nor are the suits or step 11's two number cards:
:func:`tools.games.cleopatra.sample_search.search_sample` (a tool of the repository) found a
complete, rule-abiding game that matches the source card for card wherever it names a card. The result ships as
``cardlab/games/cleopatra/sample.json``; :func:`load_sample` reads it.
"""

from __future__ import annotations

from importlib import resources

from cardlab.records import Record, load

SAMPLE_SEED = 2026
"""The seed of :func:`~tools.games.cleopatra.sample_search.search_sample` that produced the shipped record."""
SAMPLE_ATTEMPT = 3596
"""The search's first successful attempt from ``SAMPLE_SEED`` (C9 and C10 as revised in issue 14)."""
SOURCE = ("クレオパトラの部屋 (\"Cleopatra's room\"), a personal web page in Japanese; "
          "narration paraphrased in English by cardlab")
NARRATION: dict[int, str] = {
    1: "X, who plays first, turns a 5.",
    2: "Y turns a 10.",
    3: "X turns a queen.",
    4: "Y owes two cards and turns 9 and 2; X collects all five cards on the table.",
    5: "X turns an 8.",
    6: "Y turns a 4.",
    7: "X turns a king.",
    8: "Y owes three cards: first a 5, then a jack - now it is X who must pay.",
    9: "X pays one card, a 7; Y collects the six cards on the table.",
    10: "Y turns an ace.",
    11: "X owes five cards, but his third card is a king: now Y must pay.",
    12: "Y owes three cards, but his very first card is an ace.",
    13: "X starts paying: 4, 2, 2 - and Y slaps the pair, taking every card on the table.",
    14: "Y turns a 9.",
    15: "X turns a jack.",
    16: "Y turns a jack, slaps it himself at once and takes every card on the table.",
    100: "X turns a 10. He has no cards left at all: Y wins.",
}
"""The source's words for the steps it describes (paraphrased; the source is in Japanese)."""
NARRATION_JA: dict[int, str] = {
    1: "先攻のXが5を出す。",
    2: "後攻のYが10を出す。",
    3: "XがQを出す。",
    4: "Yは2枚出さなくてはならず、9、2と出す。Xは場の5枚を全て取る。",
    5: "Xが8を出す。",
    6: "Yが4を出す。",
    7: "XがKを出す。",
    8: "Yは3枚出さなくてはならない。まず5、次にJ。今度はXが出さなくてはならない番になる。",
    9: "Xは1枚出す。出したのは7。Yは場に溜まった6枚を全て取る。",
    10: "YがAを出す。",
    11: "Xは5枚続けて出すことになるが、3枚目でKが出る。今度はYが出さなくてはならない番になる。",
    12: "Yは3枚続けて出すことになるが、1枚目でAが出る。",
    13: "Xが出し始め、4、2、2と続いたところでYが叩く。場のカードは全てYが取る。",
    14: "Yが9を出す。",
    15: "XがJを出す。",
    16: "YがJを出し、その時点で自分で叩いて場のカードを全て取る。",
    100: "Xが10を出す。Xのカードは全てなくなり、Yの勝ち。",
}
"""The same steps in Japanese, in the source's own vocabulary (出す, 場, 叩く; paraphrased)."""
_COMMENT = {"en": "Step {n} of the source, paraphrased: {text}", "ja": "出典の{n}手目（要約）：{text}"}


def source_comment(n: int, lang: str = "en") -> str:
    """The comment the sample record carries on the source's step ``n``, in ``lang``."""
    text = (NARRATION_JA if lang == "ja" else NARRATION)[n]
    return _COMMENT[lang].format(n=n, text=text)


def comments_in(record: Record, lang: str) -> dict[int, str]:
    """The record's comments in ``lang``: those that are the source's steps (:func:`source_comment`)
    in that language, any other comment as written."""
    english = {source_comment(n): n for n in NARRATION}
    return {action: source_comment(english[text], lang) if text in english else text
            for action, text in record.comments.items()}


def load_sample() -> Record:
    """The shipped sample game (validated and replayed on load)."""
    with resources.as_file(resources.files(__package__) / "sample.json") as path:
        return load(path)
