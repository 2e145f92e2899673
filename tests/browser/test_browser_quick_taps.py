"""No click acts on a drawing shown for less than a person's reaction time (issue 39): two quick
taps on two cards play the first only, the second being meant for the trick before, which the
new drawing replaced before the player could see it; at a person's pace every tap plays."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

TABLE = '''
from cardlab.widgets import TrappolaTable
table = TrappolaTable("single-deal", seed=4)
table
'''

# Click the first card the reader may play, then, as soon as the next drawing is on the page (its
# number changed: before any paint, well under any reaction time), click the first card that drawing
# offers: the second tap of a quick double tap, landing on the next trick. Resolves to that card.
DOUBLE_TAP = """async (box) => {
  const first = box.querySelector('[data-target^="play"]');
  const seq = box.dataset.seq;
  const second = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (box.dataset.seq === seq) return;
      watch.disconnect();
      const card = box.querySelector('[data-target^="play"]');
      if (card) card.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
      resolve(card ? card.getAttribute("data-target") : null);
    });
    watch.observe(box, { attributes: true, attributeFilter: ["data-seq"] });
  });
  first.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
  return await second;
}"""


def test_a_quick_second_tap_is_dropped_and_a_tap_at_a_persons_pace_plays(open_cells):
    from playwright.sync_api import expect
    nb = open_cells([TABLE], "quick_taps.ipynb")
    table = nb.table()
    drawing = table.locator(".cardlab-svg")
    for _ in range(6):                                   # keep, declare: on to the first trick
        if drawing.locator('[data-target^="play"]').count():
            break
        seq = nb.seq_of(table)
        drawing.locator('[data-target="keep"], [data-target^="declare"], [data-target="pass"]').first.click()
        nb.wait_drawn(table, seq)
    hand = "print(table.state.view(0).hand_sizes[0])"
    cards = int(nb.execute(hand))
    expect(drawing).not_to_have_attribute("aria-disabled", "true")   # the first tap at a person's pace
    second = drawing.evaluate(DOUBLE_TAP)
    assert second is not None, "the next drawing offered no card to tap"
    # the first tap played a card (and the computer answered); the second, made as the new drawing
    # arrived, played nothing: the card is still in your hand, still yours to play
    assert int(nb.execute(hand)) == cards - 1
    assert f'data-target="{second}"' in nb.svg_of(table)
    # at a person's pace (Playwright's click waits until the table takes clicks) the card plays
    seq = nb.seq_of(table)
    drawing.locator(f'[data-target="{second}"]').first.click()
    nb.wait_drawn(table, seq)
    assert int(nb.execute(hand)) == cards - 2
    assert f'data-target="{second}"' not in nb.svg_of(table)
