"""Issue 38: a refusal says only what the seat may know.

Over random games of each built-in game, at random points, the seat to move tries a batch of
actions (every card of the pack in every action form, and unreadable texts); each one refused in
the real state is refused again in worlds that differ from it only in cards hidden from that
seat (the hidden cards permuted among the places the seat cannot see, every count kept), and the
refusal's rule, key, fields, legal actions and English and Japanese words must be the same in
every world. A planted leak (Kirifu's old K11 refusal, which looked in the previous player's
hidden hand) is caught.
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable, Iterator

import pytest

from cardlab.cards import french_deck, italian_deck
from cardlab.errors import IllegalActionError, Reason
from cardlab.games import cleopatra, kirifu, trappola
from cardlab.games.kirifu.moves import card_key

QUICK = bool(os.environ.get("CARDLAB_QUICK"))
WORLDS = 3
MALFORMED = ["", "   ", "pass", "cut 9H with", "cut 9H 10H", "take", "osoroi", "play", "play ZZ", "declare Q",
             "declare", "slap", "slap Z", "slap X@1x", "slap X@1 Y", "X ZZ", "X 5H 6H", "nonsense ??", "send 5H"]


# --- the places a seat cannot see, per game: (get the places, put them back) ------------------------
def _kirifu_places(state: Any, seat: int) -> list[list[Any]]:
    known = state.known
    return [[c for c in hand if c not in known[p]] for p, hand in enumerate(state.hands) if p != seat] \
        + [list(state.stock)]


def _kirifu_put(state: Any, seat: int, places: list[list[Any]]) -> None:
    others = iter(places[:-1])
    state.hands = tuple(hand if p == seat else tuple(sorted(list(state.known[p]) + next(others), key=card_key))
                        for p, hand in enumerate(state.hands))
    state.stock = tuple(places[-1])


def _trappola_places(state: Any, seat: int) -> list[list[Any]]:
    return [list(state.hands[1 - seat]), list(state.stock)]


def _trappola_put(state: Any, seat: int, places: list[list[Any]]) -> None:
    state.hands[1 - seat], state.stock = places[0], places[1]


def _cleopatra_places(state: Any, seat: int) -> list[list[Any]]:
    return [list(state.hands[0]), list(state.hands[1]), list(state.won[0]), list(state.won[1]), list(state.under)]


def _cleopatra_put(state: Any, seat: int, places: list[list[Any]]) -> None:
    state.hands[0], state.hands[1], state.won[0], state.won[1], state.under = places


def _kirifu_probes(state: Any) -> list[str]:
    cards = [c.ascii() for c in french_deck(jokers=2)]
    passed = [c.ascii() for c in state.passed] or cards[:3]
    out = [f"{kind} {c}" for kind in ("pass", "take") for c in cards] + ["send"]
    out += [f"cut {p} with {c}" for p in passed for c in cards] + [f"cut {c} with {cards[0]}" for c in cards]
    out += [f"osoroi {a} {b}" for a, b in zip(cards, cards[13:])] + [f"osoroi {a} {b} {c}" for a, b, c in
                                                                      zip(cards, cards[13:], cards[26:])]
    return out


def _trappola_probes(state: Any) -> list[str]:
    return ["exchange", "keep"] + [f"declare {r}" for r in "ARCF2"] + [f"play {c.ascii()}" for c in italian_deck()]


def _cleopatra_probes(state: Any) -> list[str]:
    # a turn is written "X" by the seat, which cannot see its top card; "X 5H" is a record's form,
    # accepted exactly when 5H is the card turned, so it is no probe of what a refusal tells
    return ["X", "Y", "slap X", "slap Y", "slap X@200 Y@300", "slap X Y"]


GAMES: dict[str, tuple[Callable[[int], Any], Callable, Callable, Callable]] = {
    "kirifu": (lambda seed: kirifu.new_game(seed=seed), _kirifu_places, _kirifu_put, _kirifu_probes),
    "trappola": (lambda seed: trappola.new_game(seed=seed), _trappola_places, _trappola_put, _trappola_probes),
    "cleopatra": (lambda seed: cleopatra.new_game(cleopatra.variant(false_slap="burn") if seed % 2 else
                                                  cleopatra.CLEOPATRA, seed=seed), _cleopatra_places,
                  _cleopatra_put, _cleopatra_probes),
}


def world(state: Any, seat: int, game: str, rng: random.Random) -> Any:
    """A copy of ``state`` whose cards hidden from ``seat`` are permuted among the places ``seat``
    cannot see, each place keeping its count; ``seat``'s view is unchanged (checked)."""
    _, places_of, put, _ = GAMES[game]
    other = state.clone(undo=False)
    places = places_of(other, seat)
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    refilled, k = [], 0
    for place in places:
        refilled.append(pool[k:k + len(place)])
        k += len(place)
    put(other, seat, refilled)
    assert other.view(seat) == state.view(seat), "the world must look the same to the seat"
    return other


def outcome(state: Any, text: str, seat: int) -> tuple | None:
    """What the seat is told when it tries ``text``: None if accepted (``state`` then moved on)."""
    try:
        state.play(text, player=seat)
    except IllegalActionError as error:
        return (error.rule, error.key, error.fields, error.legal, str(error), error.say("en"), error.say("ja"))
    return None


def leaks(state: Any, game: str, rng: random.Random, worlds: int = WORLDS) -> Iterator[str]:
    """Every probe of a seat that may act now (the seat to move; in Cleopatra, where either may
    slap, both) whose refusal differs in a world that seat cannot tell apart."""
    seats = (0, 1) if game == "cleopatra" else (state.current_player,)
    for seat in seats:
        yield from _leaks(state, game, seat, rng, worlds)


def _leaks(state: Any, game: str, seat: int, rng: random.Random, worlds: int) -> Iterator[str]:
    probes = GAMES[game][3](state) + MALFORMED
    others = [world(state, seat, game, rng) for _ in range(worlds)]
    for text in probes:
        real = outcome(state, text, seat)
        if real is None:                 # legal: the state moved; put it back
            state.undo()
            continue
        for k, other in enumerate(others):
            told = outcome(other, text, seat)
            if told != real:
                yield f"{game} {text!r}: {real[4]!r} in the real state, {told and told[4]!r} in a world"
                if told is None:
                    others[k] = world(state, seat, game, rng)


def positions(game: str, games: int, seed: int) -> Iterator[Any]:
    """Random points of random games (random legal moves, a few positions of each game)."""
    make = GAMES[game][0]
    rng = random.Random(seed)
    for g in range(games):
        state = make(seed * 1000 + g)
        for _ in range(rng.randrange(400)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            if rng.random() < 0.02 and not state.is_over:
                yield state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_refusal_is_the_same_in_every_world_the_seat_cannot_tell_apart(game):
    """A few hundred positions under ``CARDLAB_QUICK``, thousands in the full run."""
    rng = random.Random(38)
    checked = 0
    for state in positions(game, 8 if QUICK else 600, seed=38):
        assert list(leaks(state, game, rng, worlds=WORLDS if QUICK else 2)) == []
        checked += 1
    assert checked > (10 if QUICK else 1000)


def old_k11(self: Any, action: Any) -> Reason:
    """Kirifu's refusal before issue 38: K11 when the card is in the previous player's hand,
    hidden or not."""
    if action[0] == "pass" and not self.chosen and self.phase == kirifu.PASS and self.last_omorai is not None \
            and action[1] in self.hands[self.last_omorai]:
        return Reason("K11", "omorai-passer", {"card": action[1].ascii(), "player": self.players[self.to_move],
                                               "taker": self.players[self.last_omorai]})
    return FIXED_WHY(self, action)


FIXED_WHY = kirifu.State.why_illegal


def test_the_check_catches_a_refusal_that_looks_in_a_hidden_hand(monkeypatch):
    monkeypatch.setattr(kirifu.State, "why_illegal", old_k11)
    rng, found = random.Random(5), []
    for seed in range(200):
        state = kirifu.new_game(seed=seed)
        while not state.is_over and state.last_omorai is None:
            state.apply(rng.choice(state.legal_actions()))
        if state.last_omorai is not None and set(state.hands[state.last_omorai]) - set(state.known[state.last_omorai]):
            found = list(leaks(state, "kirifu", rng))
            break
    assert found and all("K11" in leak or "K8" in leak for leak in found), found


def test_the_openspiel_adapter_refuses_an_illegal_action_with_the_engines_error():
    pyspiel = pytest.importorskip("pyspiel")
    import cardlab.openspiel  # noqa: F401  (registers the games)
    state = pyspiel.load_game("cardlab_kirifu").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)
    with pytest.raises(IllegalActionError) as refused:
        state._apply_action(illegal)
    engine = state.engine
    assert refused.value.reason == engine.why_illegal(state.get_game().catalog[illegal])
    assert set(state.legal_actions()) == legal
