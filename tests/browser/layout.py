"""The layout check of the tables (issue 11), run in the browser on what the reader really sees.

:data:`JS_LAYOUT_PROBLEMS` is a JavaScript function run in the page on one table's root element
(``.cardlab-table-root``, or any element holding drawings and controls). It returns the problems
it sees, as readable strings that name the text and the rule:

``size``
    a visible ``<text>`` rendered under :data:`MIN_TEXT_PX` CSS px (its font size times the scale
    of its transformation to the screen);
``overlap``
    two visible texts whose boxes intersect by more than :data:`TOLERANCE_PX` in both directions,
    unless both are inside the same card / stack / pile / button group (:data:`GROUPS`) (a text
    outside groups and one inside: see ``on-group``);
``on-group``
    a visible text outside any group whose box intersects a group;
``height``
    a drawing whose play area (``data-play-height``, :func:`cardlab.draw.svg.document`) is shown
    taller than :data:`PLAY_MAX_PX` CSS px (issue 29: the others, the pile or trick, your hand and
    what to do now on one laptop screen);
``clipped``
    a text's box not inside its ``<svg>``'s box, an ``<svg>`` wider than its container or than
    the root, or an HTML element of the widget whose content is wider than it: a horizontal
    scrollbar, text cut off, or its own text spilling over its box.

A text inside a group is *hidden* (and not checked) when, at every point of a few points of its
box that hit it, an element of another group that is painted later lies over it: the corner index
of a card covered by the next card of a row. A text outside groups is never hidden: a label under
a card is a problem.

Python helpers: :func:`layout_problems` checks a root element of a page (a table in JupyterLab);
:func:`svg_problems` shows one drawing on a bare page, styled as the tables show it, in a
container ``width_px`` wide, and checks it (fast: no JupyterLab, no kernel).
"""

from __future__ import annotations

import math
import re
from typing import Any

MIN_TEXT_PX = 11.0      # issues 11, 29: no text under 11 CSS px at any output width >= 360 px
PLAY_MAX_PX = 700.0     # issue 29: no play area taller than this
TOLERANCE_PX = 1.0      # boxes may touch by this much
GROUPS = ("cardlab-card", "cardlab-stack", "cardlab-pile", "cardlab-button")  # CSS classes
GROWTH = 1.3            # a drawing is shown up to 1.3 x its natural width (the table base's rule)

JS_LAYOUT_PROBLEMS = r"""([root, minPx, tol, groupClasses, playMaxPx]) => {
  const problems = [], groupSel = groupClasses.map(c => "." + c).join(", ");
  const short = (s, n = 48) => { s = (s || "").replace(/\s+/g, " ").trim(); return s.length > n ? s.slice(0, n - 1) + "…" : s; };
  const fmt = (x) => (Math.round(x * 10) / 10).toString();
  const inter = (a, b) => [Math.min(a.right, b.right) - Math.max(a.left, b.left),
                           Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)];
  const groupOf = (el) => el.parentElement ? el.parentElement.closest(groupSel) : null;  // innermost
  const outerGroup = (el) => { let g = groupOf(el), up = g; while (up) { g = up; up = groupOf(up); } return g; };
  const groupName = (g) => {
    const kind = groupClasses.find(c => g.classList.contains(c)).replace("cardlab-", "");
    const name = g.getAttribute("aria-label") || g.getAttribute("data-card") || g.getAttribute("data-key")
      || g.getAttribute("data-target") || short([...g.querySelectorAll("text")].map(t => t.textContent).join(" "), 30);
    return `${kind} '${name}'`;
  };
  const shown = (el) => {
    for (let e = el; e && e !== root; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || cs.visibility === "collapse" || Number(cs.opacity) === 0) return false;
    }
    return true;
  };
  // SVG elements are hit-tested only where they paint: make every element of the drawings hit-testable.
  const style = document.createElement("style");
  style.textContent = ".cardlab-layout-check svg * { pointer-events: visiblePainted !important; }";
  document.head.append(style);
  root.classList.add("cardlab-layout-check");
  const hidden = (t) => {  // a grouped text covered, wherever it can be hit, by another group painted later
    const own = groupOf(t);
    if (!own) return false;
    // in the middle of its scrolling area: not under a bar of the page (JupyterLab's toolbars)
    t.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
    const r = t.getBoundingClientRect();
    let hits = 0;
    for (const fx of [0.2, 0.5, 0.8]) for (const fy of [0.3, 0.5, 0.7]) {
      const stack = document.elementsFromPoint(r.left + fx * r.width, r.top + fy * r.height);
      const at = stack.findIndex(e => e === t || t.contains(e));
      if (at < 0) continue;
      hits += 1;
      const covered = stack.slice(0, at).some(e => e.tagName !== "text" && !t.contains(e) && e.closest("svg") === t.closest("svg")
        && !own.contains(e) && (groupOf(e) || e.matches(groupSel)));
      if (!covered) return false;
    }
    return hits > 0;
  };
  try {  // the controls first: checking the texts scrolls them
    const nameOf = (el) => {   // tag and classes: ours, else the widgets', else the first two
      const all = [...el.classList].filter(c => c !== "cardlab-layout-check");
      const ours = all.filter(c => c.startsWith("cardlab-")), widgets = all.filter(c => c.startsWith("widget-"));
      return el.tagName.toLowerCase() + (ours.length ? ours : widgets.length ? widgets : all.slice(0, 2)).map(c => "." + c).join("");
    };
    const ownText = (el) => [...el.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (el.closest("svg") || !shown(el) || el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + tol) continue;
      const ox = getComputedStyle(el).overflowX, text = (el.innerText || el.value || "").trim();
      // a scrollbar always counts; content cut off when it holds text; spilling over only its own text
      // (a slider's handle may stand out of its track)
      const what = ox === "auto" || ox === "scroll" ? "has a horizontal scrollbar"
                 : ox !== "visible" ? (text ? "cuts its text off" : null) : ownText(el) ? "spills its text over its box" : null;
      if (!what) continue;
      const right = el.getBoundingClientRect().right + tol;
      let widest = null;   // the deepest of the parts reaching farthest out
      for (const part of el.querySelectorAll("*")) {
        const r = part.getBoundingClientRect().right;
        if (r > right && (!widest || r >= widest.getBoundingClientRect().right)) widest = part;
      }
      const culprit = widest ? `, made wider by ${nameOf(widest.closest("[class*='cardlab-']") || widest)}` : "";
      problems.push(`clipped: ${nameOf(el)} '${short(text, 40)}' ${what} (${el.scrollWidth} px in ${el.clientWidth} px${culprit})`);
    }
    const svgs = [...root.querySelectorAll("svg")].filter(s => !s.parentElement.closest("svg") && shown(s));
    for (const svg of svgs) {
      const sb = svg.getBoundingClientRect(), holder = svg.parentElement.getBoundingClientRect();
      const rootBox = root.getBoundingClientRect();
      const title = short(svg.querySelector("title") ? svg.querySelector("title").textContent : "drawing", 30);
      if (sb.right > holder.right + tol || sb.left < holder.left - tol)
        problems.push(`clipped: the drawing '${title}' (${fmt(sb.width)} px) is wider than its container (${fmt(holder.width)} px)`);
      if (sb.right > rootBox.right + tol || sb.left < rootBox.left - tol)
        problems.push(`clipped: the drawing '${title}' (${fmt(sb.width)} px) runs out of the table (${fmt(rootBox.width)} px)`);
      const play = parseFloat(svg.dataset.playHeight), natural = parseFloat(svg.getAttribute("width"));
      if (play > 0 && natural > 0 && play * sb.width / natural > playMaxPx + tol)
        problems.push(`height: the play area of '${title}' is ${fmt(play * sb.width / natural)} px tall, over ${playMaxPx} px`);
      const texts = [];
      for (const t of svg.querySelectorAll("text")) {
        const name = short(t.textContent);
        const box = t.getBoundingClientRect();
        if (!name || box.width <= 0 || box.height <= 0 || !shown(t) || hidden(t)) continue;
        texts.push({t, name, group: outerGroup(t)});
      }
      const tb = svg.getBoundingClientRect();  // again: hidden() may have scrolled the page
      for (const x of texts) x.box = x.t.getBoundingClientRect();
      for (const {t, name, box} of texts) {
        const m = t.getScreenCTM();
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        if (px < minPx - 0.05) problems.push(`size: '${name}' is ${fmt(px)} px, under ${minPx} px`);
        if (box.left < tb.left - tol || box.right > tb.right + tol || box.top < tb.top - tol || box.bottom > tb.bottom + tol)
          problems.push(`clipped: '${name}' runs out of the drawing '${title}'`);
      }
      for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i], b = texts[j];
        if ((a.group && a.group === b.group) || !a.group !== !b.group) continue;  // one group; or one outside: on-group
        const [w, h] = inter(a.box, b.box);
        if (w > tol && h > tol) problems.push(`overlap: '${a.name}' overlaps '${b.name}' (${fmt(w)} x ${fmt(h)} px)`);
      }
      const groups = [...svg.querySelectorAll(groupSel)].filter(g => !groupOf(g) && shown(g));
      for (const a of texts.filter(x => !x.group)) for (const g of groups) {
        const [w, h] = inter(a.box, g.getBoundingClientRect());
        if (w > tol && h > tol) problems.push(`on-group: '${a.name}' overlaps the ${groupName(g)} (${fmt(w)} x ${fmt(h)} px)`);
      }
    }
  } finally {
    root.classList.remove("cardlab-layout-check");
    style.remove();
  }
  return problems;
}"""

_JS_SETTLED = """(root) => !root.querySelector('.cardlab-svg[data-moving]')
  && root.getAnimations({subtree: true}).every(a => a.playState !== 'running')"""   # cards at rest


def layout_problems(page: Any, root_locator: Any, timeout_ms: int = 15_000) -> list[str]:
    """The layout problems of the element ``root_locator`` points at (a ``.cardlab-table-root``),
    once its fonts are loaded and its animations have ended. An empty list: the layout is fine."""
    handle = root_locator.element_handle(timeout=timeout_ms)
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.wait_for_function(_JS_SETTLED, arg=handle, timeout=timeout_ms, polling=100)
    return page.evaluate(JS_LAYOUT_PROBLEMS, [handle, MIN_TEXT_PX, TOLERANCE_PX, list(GROUPS), PLAY_MAX_PX])


def natural_width(svg_text: str) -> float:
    """The ``width`` attribute of a drawing's ``<svg>`` (its natural width in CSS px)."""
    match = re.search(r'<svg\b[^>]*?\swidth="([\d.]+)"', svg_text)
    if match is None:
        raise ValueError("the drawing's <svg> has no numeric width attribute")
    return float(match.group(1))


def play_height(svg_text: str) -> float | None:
    """The ``data-play-height`` of a drawing's ``<svg>`` (None: it names no play area)."""
    match = re.search(r'<svg\b[^>]*?\sdata-play-height="([\d.]+)"', svg_text)
    return None if match is None else float(match.group(1))


def bare_page(svg_text: str, width_px: float) -> str:
    """An HTML page showing ``svg_text`` as the tables show a drawing, in a container ``width_px``
    wide: filling the width up to :data:`GROWTH` times its natural width (less if its play area
    would be taller than :data:`PLAY_MAX_PX`, never less than 1 times), centred (view.js's fit)."""
    play = play_height(svg_text)
    growth = GROWTH if not play else max(1.0, min(GROWTH, PLAY_MAX_PX / play))
    limit = math.floor(growth * natural_width(svg_text))
    return ("<!doctype html><html><head><meta charset='utf-8'><style>"
            "body { margin: 0; font-family: sans-serif; }"
            f"#root {{ width: {width_px}px; }}"
            ".cardlab-svg { display: block; line-height: 0; text-align: center; }"
            f".cardlab-svg svg {{ width: 100%; max-width: {limit}px; height: auto; display: block; margin: 0 auto; }}"
            "</style></head><body><div id='root' class='cardlab-table-root'><div class='cardlab-svg'>"
            f"{svg_text}</div></div></body></html>")


def svg_problems(page: Any, svg_text: str, width_px: float) -> list[str]:
    """The layout problems of one drawing shown on a bare page (no JupyterLab) in a container
    ``width_px`` CSS px wide; ``page`` is a Playwright page (its content is replaced)."""
    page.set_content(bare_page(svg_text, width_px))
    return layout_problems(page, page.locator("#root"))
