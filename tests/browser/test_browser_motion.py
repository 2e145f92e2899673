"""Cards that move (issue 11, motion) in a real JupyterLab: a purpose-made table of three keyed
places, like a game's (your face-down hand ``hand:0``, the face-up ``pile``, your ``won:0`` pile).

What a reader must see: a turned card flies from the hand to the pile; a capture flies the pile's
cards to the won pile, as ghosts that take no clicks; nothing moves when the positions are the
same, nor when the browser asks for reduced motion; fast clicks leave no ghost and no half-moved
card. The real Cleopatra table moves the card under a newly turned one into the pile. A recorder
put on the page before a drawing arrives reads the animations in the same task as the drawing (a
MutationObserver), so no test depends on how fast the machine is.

The last test mounts ``view.js`` on a bare page with a stand-in model and measures the cost of
the motion for a drawing of 52 face-up cards that all move.
"""

from __future__ import annotations

import base64
import math
import random
import statistics
from pathlib import Path

import pytest

from cardlab.cards import french_deck
from cardlab.draw import svg

pytestmark = pytest.mark.browser

WIDGETS = Path(__file__).resolve().parents[2] / "cardlab" / "widgets"
SLOW = ".cardlab-view { --cardlab-motion-ms: 60000; }"   # moves that last while the test looks at them
DRAWING = ("from cardlab.cards import parse_cards\n"
           "from cardlab.draw import svg\n"
           "from cardlab.widgets.view import TableView\n"
           "def drawing(hand, pile, won, title='motion'):\n"
           "    return svg.document(560, 170, svg.stack_g(hand, 20, 30, key='hand:0', target='turn')\n"
           "        + svg.fan_g(parse_cards(pile), 220, 30, key='pile', target='pile')\n"
           "        + svg.stack_g(won, 420, 30, key='won:0', target='won'), title=title)")
TABLE = [DRAWING,
         "clicks = []\n"
         "view = TableView(svg=drawing(10, 'QH', 0))\n"
         "view.on_event(lambda event: clicks.append(event['target']))",
         "view"]
# A tiny game on the same table: a click on the hand turns a card onto the pile; the click after
# the third card takes the pile into the won pile.
GAME = [DRAWING,
        "deck = parse_cards('7S 7D 2C 9H KD 3S JC 5H 8D 4C')\n"
        "state = {'turned': 0, 'won': 0, 'pile': []}\n"
        "def on_click(event):\n"
        "    if event['target'] != 'turn': return\n"
        "    if len(state['pile']) == 3:\n"
        "        state['won'] += 3; state['pile'] = []\n"
        "    elif state['turned'] < len(deck):\n"
        "        state['pile'].append(deck[state['turned']]); state['turned'] += 1\n"
        "    else: return\n"
        "    pile = ' '.join(c.ascii() for c in state['pile'])\n"
        "    view.draw(drawing(len(deck) - state['turned'], pile, state['won']))\n"
        "view = TableView(svg=drawing(10, '', 0))\n"
        "view.on_event(on_click)",
        "view"]

# Put on a table before Python draws: for every drawing that arrives from then on, records (in
# window.motionLog, in the same task as the drawing) the centres of the keyed elements before it
# (places: where the last drawing put them), as its moves start (start) and as they end (now),
# and every animation in the table with its element's key and centre at the start and at the end.
KEYS_JS = """
  const keyOf = (el) => el.getAttribute('data-key') ?? el.getAttribute('data-card');
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const centres = () => Object.fromEntries([...box.querySelectorAll('[data-key],[data-card]')]
                                           .map((el) => [keyOf(el), centre(el)]));"""
RECORD = "(box) => {" + KEYS_JS + """
  let places = centres();
  window.motionLog = [];
  if (window.motionRecorder) window.motionRecorder.disconnect();   // one recorder at a time
  window.motionRecorder = new MutationObserver(() => {
    const running = document.getAnimations().filter((a) => box.parentElement.contains(a.effect.target));
    const start = centres();
    const moves = running.map((a) => ({key: keyOf(a.effect.target), start: centre(a.effect.target),
                                       ghost: a.effect.target.classList.contains('cardlab-ghost'),
                                       ms: a.effect.getComputedTiming().duration, back: a.currentTime}));
    running.forEach((a) => { a.pause(); a.currentTime = a.effect.getComputedTiming().endTime - 1; });
    const now = centres();
    running.forEach((a, i) => { moves[i].end = centre(a.effect.target); });
    running.forEach((a, i) => { a.currentTime = moves[i].back; a.play(); });
    window.motionLog.push({places, start, now, moves});
    places = now;
  });
  window.motionRecorder.observe(box, {childList: true});
}"""
CENTRES = "(box) => {" + KEYS_JS + " return centres(); }"   # key -> centre of every keyed element
# Every keyed element is where its own transform attribute puts it (no move left half done).
AT_HOME = """(box) => [...box.querySelectorAll('[data-key],[data-card]')].every((el) => {
  const own = el.transform.baseVal.consolidate();
  const home = el.parentElement.getScreenCTM().multiply(own ? own.matrix : new DOMMatrix());
  const seen = el.getScreenCTM();
  return Math.abs(home.e - seen.e) < 0.5 && Math.abs(home.f - seen.f) < 0.5;
})"""
# The animations of a table (its drawing and its ghosts' layer), given its .cardlab-svg.
BOX_ANIMATIONS = """(box) => document.getAnimations().filter((a) => box.parentElement.contains(a.effect.target))
  .length"""


def card_width(table) -> float:
    """The width of a card on screen (px): the hand stack's first card back."""
    return table.locator('[data-key="hand:0"] .back').first.bounding_box()["width"]


def record(page, table) -> None:
    """Record what every drawing of ``table`` moves from now on (see RECORD)."""
    page.evaluate(RECORD, table.locator(".cardlab-svg").element_handle())


def seen(page, n: int) -> dict:
    """What the recorder saw as the ``n``-th drawing since ``record`` arrived (waiting for it)."""
    page.wait_for_function(f"() => window.motionLog.length >= {n}")
    return page.evaluate(f"() => window.motionLog[{n - 1}]")


def settle(nb, table, code: str) -> None:
    """Run ``code`` (which draws once) in the kernel; wait until the drawing is shown and still."""
    number = nb.seq_of(table)
    nb.execute(code)
    nb.wait_drawn(table, number)
    table.locator(".cardlab-svg:not([data-moving])").wait_for()


def redraw(nb, table, code: str) -> dict:
    """Run ``code`` (which draws once) in the kernel and return what the recorder saw as it arrived."""
    record(nb.page, table)
    nb.execute(code)
    return seen(nb.page, 1)


def near(a: list[float], b: list[float], tolerance: float) -> bool:
    return math.dist(a, b) <= tolerance


def test_a_turned_card_flies_from_the_hand_and_the_same_positions_do_not_move(open_cells):
    nb = open_cells(TABLE, "motion_turn.ipynb")
    table = nb.table()
    w = card_width(table)
    got = redraw(nb, table, "view.draw(drawing(9, 'QH 7S', 0))")
    (move,) = got["moves"]                                  # only the new card moves: QH stays put
    assert move["key"] == "7S" and not move["ghost"]
    assert near(move["start"], got["places"]["hand:0"], 0.5 * w)   # it starts on the hand ...
    assert not near(move["start"], move["end"], w)
    assert 250 <= move["ms"] <= 400

    handle = table.locator(".cardlab-svg").element_handle()
    table.locator(".cardlab-svg:not([data-moving])").wait_for()
    assert nb.page.evaluate(BOX_ANIMATIONS, handle) == 0
    assert near(nb.page.evaluate(CENTRES, handle)["7S"], move["end"], 1)  # ... and ends in its place
    assert nb.page.evaluate(AT_HOME, handle)
    got = redraw(nb, table, "view.draw(drawing(9, 'QH 7S', 0, title='same places'))")
    assert got["moves"] == []                               # a new drawing, nothing moved: no motion


def test_a_capture_flies_the_pile_to_the_won_pile_as_ghosts_that_take_no_clicks(open_cells):
    nb = open_cells(TABLE, "motion_capture.ipynb")
    table = nb.table()
    w = card_width(table)
    settle(nb, table, "view.draw(drawing(8, 'QH 7S 7D', 0))")
    nb.page.add_style_tag(content=SLOW)
    got = redraw(nb, table, "view.draw(drawing(8, '', 3))")
    ghosts = [m for m in got["moves"] if m["ghost"]]
    assert len(ghosts) == 3 and len(got["moves"]) == 3      # the three cards, and nothing else moves
    starts = sorted(got["places"][card] for card in ("QH", "7S", "7D"))
    assert all(near(a, b, 1) for a, b in zip(sorted(g["start"] for g in ghosts), starts))  # from the pile
    assert all(near(g["end"], got["now"]["won:0"], 0.5 * w) for g in ghosts)          # to the won pile
    assert table.locator(".cardlab-ghost[data-card], .cardlab-ghost [data-target]").count() == 0
    assert table.locator(".cardlab-svg[data-moving]").count() == 1    # while they fly,
    assert table.locator(".cardlab-svg .cardlab-ghost").count() == 0  # over the drawing, not in it

    # Ghosts in flight over the won pile: a click there reaches the won pile, not a ghost.
    nb.page.evaluate("""(box) => document.getAnimations().filter((a) => box.parentElement.contains(a.effect.target))
        .forEach((a) => { a.pause(); a.currentTime = 0.7 * a.effect.getComputedTiming().endTime; })""",
                     table.locator(".cardlab-svg").element_handle())
    x, y = got["now"]["won:0"]
    assert nb.page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.cardlab-ghost') === null",
                            [x, y])
    assert table.locator(".cardlab-ghost").count() == 3      # they are there, under the pointer
    settled(table)
    nb.page.mouse.click(x, y)
    assert nb.execute("print(clicks)").strip() == "['won']"


def settled(table) -> None:
    """Wait until the table takes clicks (view.js drops those made sooner than a person reacts to
    a new drawing; a mouse click at a point is not held back by Playwright as locator clicks are)."""
    from playwright.sync_api import expect
    expect(table.locator(".cardlab-svg")).not_to_have_attribute("aria-disabled", "true")


def test_reduced_motion_or_a_still_widget_moves_nothing(open_cells):
    nb = open_cells(TABLE + ["still = TableView(svg=drawing(10, 'QH', 0))\n"
                             "still.add_class('cardlab-still')", "still"], "motion_reduced.ipynb")
    table = nb.table()
    nb.page.emulate_media(reduced_motion="reduce")
    assert redraw(nb, table, "view.draw(drawing(9, 'QH 7S', 0))")["moves"] == []
    assert redraw(nb, table, "view.draw(drawing(9, '', 2))")["moves"] == []
    assert table.locator(".cardlab-ghost").count() == 0
    nb.page.emulate_media(reduced_motion="no-preference")
    assert redraw(nb, table, "view.draw(drawing(8, 'AS', 2))")["moves"]   # asked again at every drawing
    still = nb.table(index=1)                                    # a widget that must not move
    assert redraw(nb, still, "still.draw(drawing(9, 'QH 7S', 0))")["moves"] == []


def test_fast_clicks_leave_no_ghost_and_no_half_moved_card(open_cells):
    nb = open_cells(GAME, "motion_fast.ipynb")
    table = nb.table()
    box = table.locator('[data-key="hand:0"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    settled(table)
    for _ in range(14):                       # turns and captures, clicked without waiting for a drawing
        nb.page.mouse.click(x, y)
    seq = int(nb.execute("print(view.seq)"))
    pile = int(nb.execute("print(len(state['pile']))"))
    handle = table.locator(".cardlab-svg").element_handle()
    nb.page.wait_for_function(f"(box) => Number(box.dataset.seq) === {seq} && !box.hasAttribute('data-moving')",
                              arg=handle, timeout=30_000)
    assert nb.page.evaluate(BOX_ANIMATIONS, handle) == 0
    assert seq >= 2                           # the first click was drawn (later ones may be stale)
    assert table.locator(".cardlab-ghost").count() == 0
    assert table.locator("[data-card]").count() == pile
    assert nb.page.evaluate(AT_HOME, handle)


def test_cleopatra_the_card_under_a_new_one_moves_into_the_pile(open_cells):
    """The real table: your card lies on top of the pile; when the computer turns its card on it,
    yours moves from the top place into the fanned pile, starting where it lay."""
    nb = open_cells(["from cardlab.games.cleopatra.table import CleopatraTable\ntable = CleopatraTable(seed=83)",
                     "table"], "motion_cleopatra.ipynb")
    table = nb.table(".cardlab-cleopatra")
    record(nb.page, table)
    table.locator('.cardlab-svg [data-target="turn"]').first.click()
    yours, theirs = seen(nb.page, 1), seen(nb.page, 2)      # your card, then the computer's on its timer
    card = nb.execute("print(table.state.pile[0].ascii())").strip()   # yours, under the computer's
    (move,) = [m for m in theirs["moves"] if m["key"] == card]
    assert near(move["start"], yours["now"][card], 1) and not near(move["start"], move["end"], 5)
    assert near(move["end"], theirs["now"][card], 1)


MOUNT = """async ([url, svg]) => {
  const view = await import(url);
  const values = {svg, seq: 1, status: ""}, handlers = {}, el = document.createElement("div");
  document.body.append(el);
  window.stand = {get: (k) => values[k], on: (e, f) => { handlers[e] = f; }, off: () => {}, send: () => {},
                  draw(svg) { values.svg = svg; values.seq += 1; const t = performance.now();
                              handlers["change:svg"]();
                              el.getBoundingClientRect();   // the layout the next frame needs anyway
                              return performance.now() - t; }};

  view.default.render({model: window.stand, el});
}"""


@pytest.fixture
def bare_view(chromium):
    """``bare_view(svg)``: a page with view.js and view.css alone (no JupyterLab), showing ``svg``;
    ``window.stand.draw(svg)`` shows the next drawing and returns the milliseconds it took."""
    js = base64.b64encode((WIDGETS / "view.js").read_bytes()).decode()
    pages = []

    def opener(first: str):
        page = chromium.new_page()
        pages.append(page)
        page.set_content(f"<style>{(WIDGETS / 'view.css').read_text()}</style>")
        page.evaluate(MOUNT, [f"data:text/javascript;base64,{js}", first])
        return page

    yield opener
    for page in pages:
        page.close()


def settled_centres(page) -> dict:
    """key -> centre of every keyed element once nothing moves any more."""
    handle = page.locator(".cardlab-svg").element_handle()
    page.wait_for_function(BOX_ANIMATIONS + " === 0", arg=handle)
    return page.evaluate(CENTRES, handle)


def test_a_moving_pile_carries_its_cards_from_their_old_places(bare_view):
    """A keyed pile that moves with keyed cards in it: the cards ride along inside the pile's move
    (no move of their own, not twice as far), starting where they were and ending at home."""
    def pile_at(x: float, y: float) -> str:
        return svg.document(560, 300, svg.fan_g(french_deck()[:3], x, y, key="pile"))

    page = bare_view(pile_at(300, 30))
    record(page, page.locator(".cardlab-view"))
    page.evaluate("(svg) => window.stand.draw(svg)", pile_at(40, 150))
    got = seen(page, 1)
    (move,) = got["moves"]
    assert move["key"] == "pile"
    assert all(near(got["start"][key], got["places"][key], 1) for key in got["places"])
    home = settled_centres(page)
    assert all(near(got["now"][key], home[key], 1) for key in home)


def test_an_element_that_stays_while_the_one_around_it_moves_stays_put(bare_view):
    """A keyed element inside a moving keyed group, at the same place on screen in both drawings:
    it gets the counter-move that keeps it still all the way (here at half-way)."""
    def nested(outer: float, inner: float) -> str:
        return svg.document(400, 200, f'<g data-key="outer" transform="translate({outer},20)">'
                                      f'<rect width="40" height="40" fill="#fff"/>'
                                      f'<g data-key="inner" transform="translate({inner},80)">'
                                      f'<rect width="40" height="40" fill="#f00"/></g></g>')

    page = bare_view(nested(0, 150))
    record(page, page.locator(".cardlab-view"))
    page.evaluate("(svg) => window.stand.draw(svg)", nested(200, -50))
    got = seen(page, 1)
    assert sorted(m["key"] for m in got["moves"]) == ["inner", "outer"]
    page.evaluate("""() => document.getAnimations().forEach((a) => { a.pause();
        a.currentTime = a.effect.getComputedTiming().endTime / 2; })""")
    halfway = page.evaluate(CENTRES, page.locator(".cardlab-svg").element_handle())
    assert near(halfway["inner"], got["places"]["inner"], 1)
    assert not near(halfway["outer"], got["places"]["outer"], 20)


def test_52_moving_cards_all_start_at_their_old_place_and_the_cost_is_reported(bare_view, capsys):
    """Every card of a 52-card drawing moves (the rows are reversed); each starts where it was and
    ends where its drawing puts it. Prints the milliseconds a redraw takes, up to the layout the
    next frame needs, with motion (on a still table, and while the last moves still run) and
    without (not asserted: a shared machine)."""
    deck = french_deck()
    rng = random.Random(11)

    def rows(cards) -> str:
        body = "".join(svg.row_g(cards[13 * i:13 * i + 13], 10, 10 + 100 * i) for i in range(4))
        return svg.document(520, 410, body)

    drawings = [rows(deck), rows(deck[::-1])]          # reversed: every card changes place
    for _ in range(20):
        rng.shuffle(deck)
        drawings.append(rows(list(deck)))
    page = bare_view(drawings[0])
    record(page, page.locator(".cardlab-view"))
    page.evaluate("(svg) => window.stand.draw(svg)", drawings[1])
    got = seen(page, 1)
    assert sorted(m["key"] for m in got["moves"]) == sorted(c.ascii() for c in deck)
    assert all(near(m["start"], got["places"][m["key"]], 1) for m in got["moves"])
    home = settled_centres(page)
    assert all(near(m["end"], home[m["key"]], 1) for m in got["moves"])

    def cost(settle: bool) -> float:
        """The median time of a redraw, on a still table (settle) or one whose cards still move."""
        times = []
        for drawing in drawings[2:]:
            if settle:
                settled_centres(page)
            times.append(page.evaluate("(svg) => window.stand.draw(svg)", drawing))
        return statistics.median(times)

    after_still, mid_move = cost(settle=True), cost(settle=False)
    page.emulate_media(reduced_motion="reduce")
    without = cost(settle=False)
    with capsys.disabled():
        print(f"\n52 moving cards, redraw up to layout (median of {len(drawings) - 2}): {after_still:.1f} ms on "
              f"a still table, {mid_move:.1f} ms while cards move, {without:.1f} ms without motion")
