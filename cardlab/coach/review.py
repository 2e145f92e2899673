"""The review of a finished (or unfinished) game: where a player's choice was clearly worse.

For every decision of the player with more than one legal choice, the position is replayed from
the record and searched as for a hint (from what that player saw then); a decision is flagged
when the best choice beats the one made by more than the uncertainty: the lower end of the
interval of the difference, measured on the same sampled worlds and corrected for comparing the
best with every other choice (Bonferroni), is above ``min_loss`` — and stays so in a second,
independent search of the same two choices (the best was picked on the first search's playouts,
which flatter it). The figures of a flagged row come from that second search.

Every row says why (:func:`why`, in the review's language): by how much the best choice did
better in the playouts and the rules of thumb that explain it — the best choice's reasons for it,
the chosen one's against it — or, where the search finds none, that no rule of thumb explains it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..game import GameState
from ..records import Record, record_of
from ..words.coach import WORDS, figure
from .search import CoachError, Estimate, HintSearch, Reason

if TYPE_CHECKING:
    import pandas as pd

CONFIRM = 104_729
"""Added to a decision's seed for the search that confirms a flag."""
COLUMNS = ["step", "player", "chosen", "best", "chosen_value", "best_value", "loss", "loss_low",
           "loss_high", "playouts", "unit", "flagged", "why", "chosen_action", "best_action"]


def review(record: Record | GameState, player: int = 0, budget: int | None = None, seed: int = 0,
           measure: str | None = None, min_loss: float = 0.0, everything: bool = False,
           start: int = 0, lang: str = "en", progress: bool | None = None) -> "pd.DataFrame":
    """The decisions of ``player`` in ``record`` (a :class:`~cardlab.records.Record` or a game)
    where the choice made was estimated clearly worse than the best one, one row each:

    ``step`` (the action's index in the record: ``record.replay(step)`` is the position, and the
    tables' replay opens at it), the two choices ``chosen`` and ``best`` in words (in ``lang``)
    with their estimates, the ``loss`` with its interval ``[loss_low, loss_high]``, ``playouts``
    per choice, the ``unit``, ``why`` (:func:`why`) and the two choices' action texts
    ``chosen_action`` and ``best_action`` (``play 2C``). ``budget`` and ``measure`` are as
    for :func:`~cardlab.coach.hints` (the search of step ``i`` uses the seed ``seed + i``);
    ``everything=True`` keeps every decision, with ``flagged`` saying which are clearly worse;
    ``start``: only the decisions from that step on (a table reviews what is new since its last review).
    A progress bar in ``lang`` counts the moves reviewed (:func:`cardlab.sim.progress_bar`: off
    under ``CARDLAB_QUICK`` unless ``progress`` says otherwise)."""
    import pandas as pd
    if isinstance(record, GameState):
        record = record_of(record, players=list(record.players))
    if not isinstance(record, Record):
        raise CoachError("record", f"a Record or a game state, not {type(record).__name__}")
    state = record.replay(0)
    if not 0 <= player < len(state.players):
        raise CoachError("player", f"a seat from 0 to {len(state.players) - 1}, not {player!r}")
    from ..sim import progress_bar

    bar = progress_bar(max(0, len(record.actions) - start), "review", lang, progress, counts="moves")
    rows = []
    for step, text in enumerate(record.actions):
        if step >= start and state.current_player == player and len(state.legal_actions()) > 1:
            rows.append(_decision(state, step, text, budget, seed + step, measure, min_loss, lang))
        state.play(text)
        if bar is not None and step >= start:
            bar.update(1)
    if bar is not None:
        bar.close()
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return (frame if everything else frame[frame["flagged"]]).reset_index(drop=True)


def _decision(state: GameState, step: int, text: str, budget: int | None, seed: int,
              measure: str | None, min_loss: float, lang: str) -> dict[str, Any]:
    search = HintSearch(state, seed=seed, measure=measure).run(budget)
    chosen = state.parse_action(text)
    best = search.best()
    loss, low, high = search.loss(chosen, best.action, search.z_for_best())
    flagged = best.action != chosen and low > min_loss
    if flagged:  # confirm on fresh playouts: the best was picked on the first ones (winner's curse)
        search = HintSearch(state, seed=seed + CONFIRM, measure=measure).run(budget)
        loss, low, high = search.loss(chosen, best.action)
        flagged = low > min_loss
    estimates = {e.action: e for e in search.estimates()}
    mine, theirs = estimates[chosen], estimates[best.action]
    return {"step": step, "player": state.current_player, "chosen": mine.words.say(lang),
            "best": theirs.words.say(lang), "chosen_value": mine.mean, "best_value": theirs.mean, "loss": loss,
            "loss_low": low, "loss_high": high, "playouts": search.done, "unit": best.unit,
            "flagged": bool(flagged), "why": why(mine, theirs, loss, bool(flagged), lang),
            "chosen_action": mine.text, "best_action": theirs.text}


def why(chosen: Estimate, best: Estimate, loss: float, flagged: bool, lang: str) -> str:
    """Why ``best`` was better than ``chosen`` (``loss``: by how much on the same playouts;
    ``flagged``: clearly), in ``lang``: how much better it did, then the reasons that explain it —
    ``best``'s for it and ``chosen``'s against it — or, with none, that no rule of thumb does.
    The same choice: it was the best; no difference, or one within the uncertainty: it says so."""
    if chosen.action == best.action:
        return WORDS.say(lang, "why_best")
    if loss <= 0:
        return WORDS.say(lang, "why_even", best=best.words.say(lang))
    diff = figure(lang, best.unit, loss)
    if not flagged:
        return WORDS.say(lang, "why_close", best=best.words.say(lang), diff=diff)
    gain = WORDS.say(lang, f"gain:{best.unit}", best=best.words.say(lang), chosen=chosen.words.say(lang),
                     diff=diff, n=best.playouts)
    reasons = explaining(best, [chosen])
    if not reasons:
        return WORDS.say(lang, "no_rule", gain=gain)
    return WORDS.say(lang, "because", gain=gain,
                     reasons=WORDS.say(lang, "reasons_sep").join(r.say(lang) for r in reasons))


def explaining(best: Estimate, worse: Iterable[Estimate]) -> list[Reason]:
    """The rules of thumb that explain why ``best`` beats the ``worse`` choices: ``best``'s reasons
    for it, then each worse choice's reasons against it, each once — but not a rule that speaks
    against ``best`` too (it explains no difference)."""
    also_against_best = {r.rule for r in best.reasons if r.against}
    found = [r for r in best.reasons if not r.against]
    found += [r for e in worse for r in e.reasons if r.against and r.rule not in also_against_best]
    return list(dict.fromkeys(found))
