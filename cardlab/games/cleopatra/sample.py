"""The source's sample game of Cleopatra, completed to 100 steps by a reproducible search.

The source (a personal Japanese web page; its author learned the game at university) narrates
steps 1–16 of a game and its last step, 100, where X turns a 10 as his very last card and loses
(C15). Steps 17–99 are not given, nor are the suits or step 11's two number cards:
:func:`cardlab.games.cleopatra.sample_search.search_sample` found a complete, rule-abiding game
that matches the source card for card wherever it names a card. The result ships as
``cardlab/games/cleopatra/sample.json``; :func:`load_sample` reads it.
"""

from __future__ import annotations

from importlib import resources

from cardlab.records import Record, load

SAMPLE_SEED = 2026
"""The seed of :func:`~cardlab.games.cleopatra.sample_search.search_sample` that produced the shipped record."""
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


def load_sample() -> Record:
    """The shipped sample game (validated and replayed on load)."""
    return load(resources.files(__package__) / "sample.json")
