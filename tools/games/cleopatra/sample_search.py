"""The search that completed the source's sample game of Cleopatra to 100 steps.

A tool that made a data file of the package, not part of it (the runtime loads the shipped
record). The source (a
personal Japanese web page; its author learned the game at university) narrates steps 1–16 of a
game and its last step, 100, where X turns a 10 as his very last card and loses (C15). Steps
17–99 are not given, nor are the suits or the two number cards of step 11. :func:`search_sample`
finds a complete, rule-abiding game (C9 and C10 as revised in issue 14) that matches the source
card for card wherever it names a card:

1. X (the first player) holds the red cards, Y the black (C2 with X first). The first cards of
   each hand are fixed by the narration: X 5 Q 8 K 7 · · K 4 2 2 J (the two ``·`` are number
   cards the source leaves out, drawn at random, different ranks), Y 10 9 2 4 5 J A A 9 J; the
   suits and the rest of both hands are shuffled at random;
2. the two pairs of steps 13 and 16 are slapped by Y alone (the source says so); every later
   pair is decided by two :class:`~cardlab.games.cleopatra.bots.SlapBot` models whose attention is drawn
   at random per attempt; reshuffles (C9) come from the game's seeded RNG;
3. the game is played by the engine with a step cap of 100, and the first attempt whose step 100
   is a single card, a 10 that X plays (not a payment) as his last card (C15) and that makes no
   pair, is
   replayed with the full rules into a record. The 10 makes no pair so that step 100 stands under
   either reading of C15 (X is out at once, or X could still slap a pair he made himself).

The result ships as ``cardlab/games/cleopatra/sample.json``
(:func:`cardlab.games.cleopatra.sample.load_sample` reads it); ``python -m
tools.games.cleopatra.sample_search``, from the repository's root, rebuilds it (about 10,000 attempts, two minutes).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Sequence

from cardlab.cards import Card, french_deck
from cardlab.records import Record, record_of
from cardlab.games.cleopatra.engine import CLEOPATRA, new_game, variant
from cardlab.games.cleopatra.sample import NARRATION, SAMPLE_SEED, SOURCE, source_comment

if TYPE_CHECKING:
    from cardlab.games.cleopatra.bots import SlapBot
    from cardlab.games.cleopatra.engine import Action, State

X_START: tuple[str | None, ...] = ("5", "Q", "8", "K", "7", None, None, "K", "4", "2", "2", "J")
"""X's first twelve cards as the narration fixes them (``None``: a number card not named)."""
Y_START: tuple[str, ...] = ("10", "9", "2", "4", "5", "J", "A", "A", "9", "J")
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")


@dataclass(frozen=True)
class SampleSearch:
    """The outcome of :func:`search_sample`: the record, the attempt that succeeded, the time."""

    record: Record
    attempts: int
    seconds: float


class _ScriptedSlapper:
    """A slap model that gives fixed answers for the first pairs, then acts as a SlapBot."""

    def __init__(self, forced: Sequence[int | None], bot: SlapBot) -> None:
        self.forced = list(forced)
        self.bot = bot

    def reaction_time(self) -> int | None:
        return self.forced.pop(0) if self.forced else self.bot.reaction_time()

    def choose(self, state: State) -> Action:
        return self.bot.choose(state)


def _hand(rng: random.Random, colour: str, start: Sequence[str | None]) -> list[Card]:
    """A hand of one colour whose first cards have the given ranks (``None``: a number card of a
    rank different from its neighbours), the rest shuffled."""
    free = [c for c in french_deck() if c.color == colour]
    rng.shuffle(free)
    hand: list[Card | None] = []
    for rank in start:                       # the named cards first, so that none runs out
        card = None if rank is None else next(c for c in free if c.rank == rank)
        if card:
            free.remove(card)
        hand.append(card)
    for i, card in enumerate(hand):
        if card is None:
            near = {c.rank for c in hand[max(0, i - 1):i + 2] if c}
            card = rng.choice([c for c in free if c.rank in NUMBERS and c.rank not in near])
            free.remove(card)
            hand[i] = card
    return [c for c in hand if c] + free


def _attempt(seed: int, attempt: int) -> tuple[dict[str, Any], int, Callable[[], list[_ScriptedSlapper]]]:
    """Candidate ``attempt`` of the search from ``seed``, drawn from its own RNG: the deal, the
    game seed and a maker of the two slap models (seeds and attention)."""
    from cardlab.games.cleopatra.bots import SlapBot
    rng = random.Random(f"cleopatra-sample/{seed}/{attempt}")
    deal = {"hands": [[c.ascii() for c in _hand(rng, "red", X_START)],
                      [c.ascii() for c in _hand(rng, "black", Y_START)]], "first": 0}
    game_seed = rng.randrange(2**31)
    models = [(rng.randrange(2**31), round(rng.uniform(0.2, 1.0), 2)) for _ in range(2)]

    forcings: tuple[list[int | None], ...] = ([None, None], [300, 300])

    def slappers() -> list[_ScriptedSlapper]:
        return [_ScriptedSlapper(forced, SlapBot(seed, attention=att))
                for forced, (seed, att) in zip(forcings, models)]
    return deal, game_seed, slappers


def is_sample_end(state) -> bool:
    """Step 100 is a single card, a 10 that X plays (not a payment) as his last card and that
    makes no pair, and Y has won (C15)."""
    if not (state.is_over and state.outcome.winner == 1 and state.outcome.reason == "no cards"):
        return False
    last, played = state.steps()[-1], state.events[-2]
    return (last.number == 100 and last.player == 0 and [c.rank for c in last.cards] == ["10"]
            and not played.paying and not state.pair_on_top)


def search_sample(seed: int = SAMPLE_SEED, max_attempts: int = 2_000_000, first: int = 1) -> SampleSearch:
    """Search for the sample game (see the module docstring), trying attempts ``first``,
    ``first + 1``, ... up to ``max_attempts``. Reproducible from ``seed``; each attempt has its
    own RNG, so ``first=SAMPLE_ATTEMPT`` rebuilds the shipped game without the search."""
    from cardlab.game import play_out
    capped = variant(max_steps=100)          # a game that ends at step 100 never meets the cap
    start = time.perf_counter()
    for attempt in range(first, max_attempts + 1):
        deal, game_seed, slappers = _attempt(seed, attempt)
        if not is_sample_end(play_out(new_game(capped, seed=game_seed, deal=deal, undo=False), slappers())):
            continue
        state = play_out(new_game(CLEOPATRA, seed=game_seed, deal=deal), slappers())
        steps = state.steps()
        comments = {steps[n - 1].actions[-1]: source_comment(n) for n in NARRATION}
        record = record_of(state, players=["X", "Y"], comments=comments, source=SOURCE,
                           title=f"The source's sample game: the cards the source names in steps 1-16 "
                                 f"and 100; step 11's two number cards, every suit and steps 17-99 "
                                 f"reconstructed by search_sample(seed={seed}), attempt {attempt}")
        return SampleSearch(record, attempt, time.perf_counter() - start)
    raise RuntimeError(f"no sample game found in {max_attempts} attempts from seed {seed}")


if __name__ == "__main__":  # python -m tools.games.cleopatra.sample_search: rebuild the data file
    found = search_sample()
    path = resources.files("cardlab.games.cleopatra") / "sample.json"
    found.record.save(str(path))
    print(f"attempt {found.attempts}, {found.seconds:.1f} s -> {path}")
