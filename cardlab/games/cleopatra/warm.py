"""What compiles the Cleopatra kernel into numba's cache (the game's ``warm`` part,
:mod:`cardlab.kernels.warm`): every preset and a variant of the rules (the kernel for any
others), each with slaps and without and with the detail columns, and given deals. The rows of
Beggar-my-neighbour without the detail (its preset's case, and the record hunt's given deals)
compile the bit-word kernel of every deterministic rule set (:mod:`.kernel_bits`, one compilation)."""

from __future__ import annotations

from typing import Callable

from cardlab.sim import simulate

from . import engine as cleopatra
from . import record_hunt


def _rules(rules: cleopatra.Rules) -> Callable[[], None]:
    """A game under ``rules`` with bots that slap and without, and one with the detail columns."""

    def run() -> None:
        for players in (("slapper", "slapper"), ("none", "none")):
            simulate("cleopatra", rules, players, n=1, progress=False)
        simulate("cleopatra", rules, n=1, detail=True, progress=False)
    return run


CASES: list[tuple[str, Callable[[], object]]] = [
    *[(f"Cleopatra kernel: {name}", _rules(rules)) for name, rules in cleopatra.PRESETS.items()],
    ("Cleopatra kernel: any other rules", _rules(cleopatra.variant(deal="shuffle", name="warm"))),
    ("Cleopatra kernel: given deals (record hunt)", lambda: record_hunt.random_sampling(budget=2, seed=0, batch=2)),
]
