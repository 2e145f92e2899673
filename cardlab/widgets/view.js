// cardlab TableView: shows the SVG drawn by Python and reports clicks, keys and timers.
// Every event carries seq = the number of the drawing it was made on (Python drops events made
// on a drawing that is no longer current) and t = milliseconds since that drawing was put on screen.
// A click on a drawing painted less than model.settle_ms ago is dropped here (see settle below).

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock", "AltGraph"]);
const ROOT = ".cardlab-table-root"; // the widget around the view (a game table, a replayer)
const PRESS_KEYS = new Set([" ", "Enter"]); // the keys that would press a focused button
const MAX_SCALE = 1.3; // a drawing is shown at most this many times its natural size
const PLAY_MAX_PX = 700; // and its play area (data-play-height) never taller than this,
const SCREEN_RESERVE_PX = 200; // nor than the window's height less this (see fit)
const SETTLE_MS = 250;   // model.settle_ms where a model does not say (a room's seat page)
const fired = new Set(); // timer ids already answered (a table shown twice answers once)

function render({ model, el }) {
  el.classList.add("cardlab-view");
  const box = document.createElement("div");
  box.className = "cardlab-svg";
  box.tabIndex = 0;
  box.setAttribute("role", "application");
  const status = document.createElement("div");
  status.className = "cardlab-status";
  status.setAttribute("aria-live", "polite");
  el.append(box, status);

  let shownAt = performance.now();
  let shownSeq = model.get("seq");
  let frame = 0;
  const since = () => Math.round((performance.now() - shownAt) * 10) / 10;
  const send = (event) => model.send({ ...event, seq: shownSeq, t: since() });
  const focusTable = () => box.focus({ preventScroll: true });
  const motion = motionOf(box);

  // No click acts on a drawing shown for less than a person's reaction time. A person answers
  // something seen at the soonest about 200-250 ms after it appears, so a click that comes sooner
  // after a new drawing was painted was aimed at the drawing before: two taps 30 ms apart on two
  // cards, whose second would land on the next trick, which arrives between them. While a drawing
  // with a new number is younger than settle_ms (250 ms; a table of reflexes, Cleopatra's slaps,
  // chooses less) the table is aria-disabled and its clicks are dropped (keys are not: they act on
  // the ringed choice, which the reader sees move). Playwright's click waits for aria-disabled to
  // go, so tests click at a person's pace without a clock of their own.
  let settledSeq = null;
  let settling = false;
  let settleTimer = 0;
  function settleMs() {
    const ms = Number(model.get("settle_ms"));
    return Number.isFinite(ms) && ms >= 0 ? ms : SETTLE_MS;
  }
  function unsettle() {
    settling = true;
    clearTimeout(settleTimer);
    box.setAttribute("aria-disabled", "true");
  }
  function settleFromNow() { // called when the drawing has been painted
    if (!settling) return;
    settling = false;
    settleTimer = setTimeout(() => box.removeAttribute("aria-disabled"), settleMs());
  }

  function draw() {
    const before = motion.snapshot();
    box.innerHTML = model.get("svg");
    fit();
    ring();
    motion.animate(before);
    if (model.get("seq") !== settledSeq) { // a new position (not the same one annotated again)
      settledSeq = model.get("seq");
      unsettle();
    }
    renumber();
    shownAt = performance.now();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => { shownAt = performance.now(); settleFromNow(); });
  }
  function renumber() { // also called alone for the same drawing again, under a new number
    shownSeq = model.get("seq");
    box.dataset.seq = shownSeq;
  }
  // The drawing fills the output width up to 1.3 times its natural size, centred (view.css),
  // less if its play area would be taller than 700 px or than the window's height less 200 px
  // (never less than its natural size). The 200 px are JupyterLab's bars above and below a
  // notebook (menu, tabs, toolbar, status bar: about 120 px) and the table's status line and
  // buttons: so on a 1366 x 768 projector a table grown to its full width would still push its
  // result off the screen (issue 39); it stays near its natural size there instead.
  // Python chooses a wide, narrow or phone layout from the width reported here.
  // The scale follows the tallest play area this view has shown in its layout (at this natural
  // width) for the same game (model.steady; a new game or layout starts again), never the
  // drawing's own alone: a game's end, whose play area is shorter (no buttons), was shown bigger
  // than the game, and in a window where the scale is between 1 and 1.3 the whole table grew
  // (issue 39: 952 to 1170 px wide at 1366 x 768) and everything on it moved.
  let tallestPlay = 0;
  let playOf = null;
  function steadyPlay(play, natural) {
    const key = `${model.get("steady")}@${natural}`;
    if (key !== playOf) { tallestPlay = 0; playOf = key; }
    tallestPlay = Math.max(tallestPlay, play);
    return tallestPlay;
  }
  function fit() {
    const svg = box.querySelector("svg");
    if (!svg) return;
    const natural = parseFloat(svg.getAttribute("width"));
    const play = steadyPlay(parseFloat(svg.dataset.playHeight) || 0, natural);
    const tallest = Math.min(PLAY_MAX_PX, window.innerHeight - SCREEN_RESERVE_PX);
    const scale = play > 0 ? Math.max(1, Math.min(MAX_SCALE, tallest / play)) : MAX_SCALE;
    svg.style.width = "100%";
    if (natural > 0) svg.style.maxWidth = `${Math.floor(natural * scale)}px`;
  }
  // With the width goes whether the page has no keyboard and a finger for a pointer (a phone, a
  // tablet: the same query as view.css's hidden key hints), so that Python words the status line
  // and the buttons for taps, not keys; set before the width, which carries both to a room's server.
  const touchOnly = window.matchMedia("(hover: none) and (pointer: coarse)");
  let reported = -1;
  let measuring = 0;
  function reportWidth() {
    cancelAnimationFrame(measuring);
    measuring = requestAnimationFrame(() => {
      keepRoom();                                  // at a new width the status line's room is measured again
      const width = Math.round(el.clientWidth);
      if (width <= 0 || (width === reported && touchOnly.matches === model.get("touch"))) return;
      reported = width;
      model.set("touch", touchOnly.matches);
      model.set("width", width);
      model.save_changes();
    });
  }
  touchOnly.addEventListener("change", reportWidth);
  const resize = new ResizeObserver(reportWidth);
  window.addEventListener("resize", fit);         // a window's height changes no output's width

  // The keyboard's place: a ring around the element whose data-target is model.focus, named
  // for screen readers in the table's label. A drawing not yet on the page has no boxes to
  // measure (getBBox gives zeros): the ring is drawn once it is there.
  let ringing = 0;
  function ring() {
    cancelAnimationFrame(ringing);
    if (!box.isConnected) { ringing = requestAnimationFrame(ring); return; }
    box.querySelectorAll(".cardlab-focus-ring").forEach((r) => r.remove());
    box.querySelectorAll(".cardlab-focused").forEach((g) => g.classList.remove("cardlab-focused"));
    const name = model.get("focus");
    const target = name ? [...box.querySelectorAll("[data-target]")].find((g) => g.getAttribute("data-target") === name) : null;
    box.setAttribute("aria-label", target  // the names in the table's language (view.py's label, focus_label)
      ? model.get("focus_label").replace("{name}", target.getAttribute("aria-label") || name) : model.get("label"));
    if (!target || typeof target.getBBox !== "function") return;
    const b = target.getBBox();
    const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    r.setAttribute("class", "cardlab-focus-ring");
    for (const [k, v] of [["x", b.x - 4], ["y", b.y - 4], ["width", b.width + 8], ["height", b.height + 8], ["rx", 6]]) {
      r.setAttribute(k, String(v));
    }
    target.classList.add("cardlab-focused");
    target.appendChild(r);
  }
  function drawLang() { el.lang = model.get("lang") || "en"; }

  // The status line of a game (model.steady: the game on the table) keeps its room: two lines
  // reserved (three under NARROW_PX: data-narrow, view.css), and the tallest it has been while
  // the same game is on the table at the same width, so that nothing under it moves up and down
  // as messages come and go. A view with no game (a replay) hides an empty status line.
  const NARROW_PX = 520;
  let roomOf = null;
  function drawStatus() {
    status.textContent = model.get("status");
    const steady = model.get("steady");
    if (steady) el.dataset.steady = steady;
    else delete el.dataset.steady;
    status.hidden = !steady && !model.get("status");
    keepRoom();
  }
  function keepRoom() {
    const key = `${model.get("steady")}@${el.clientWidth}`;
    if (!model.get("steady") || !status.isConnected) { status.style.minHeight = ""; roomOf = null; return; }
    if (el.clientWidth < NARROW_PX) el.dataset.narrow = "";
    else delete el.dataset.narrow;
    const kept = key === roomOf ? parseFloat(status.style.minHeight) || 0 : 0;
    status.style.minHeight = "";                    // its own height now (no paint in between)
    const height = status.getBoundingClientRect().height;
    status.style.minHeight = `${Math.max(kept, height)}px`;
    roomOf = key;
  }

  function onClick(e) {
    focusTable();
    if (e.detail > 1) return; // the second click of a double-click is never sent
    if (box.hasAttribute("aria-disabled")) return; // too soon after a new drawing (settle above)
    const hit = e.target.closest("[data-target]");
    if (hit && box.contains(hit)) send({ type: "click", target: hit.getAttribute("data-target") });
  }
  function onKey(e) {
    // Tab leaves the table; shortcuts with Ctrl/Alt/Meta stay the browser's and JupyterLab's.
    if (e.key === "Tab" || e.ctrlKey || e.altKey || e.metaKey || MODIFIERS.has(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
    send({ type: "key", key: e.key });
  }

  // The widget around the view: after a click on any of its buttons the drawing takes the focus
  // back, and space / Enter on a button that still has it go to the table instead of pressing it.
  // The view is put into the page after render(), so the root is looked up when it is there.
  let root = null;
  let lookup = 0;
  function onRootClick(e) {
    if (e.target.closest("button") && !box.contains(e.target)) focusTable();
  }
  function onRootKey(e) {
    if (!PRESS_KEYS.has(e.key) || !e.target.closest("button") || box.contains(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.type === "keydown") {
      focusTable();
      onKey(e);
    }
  }
  function findRoot() {
    if (!el.isConnected) { lookup = requestAnimationFrame(findRoot); return; }
    root = el.closest(ROOT);
    if (!root) return;
    root.addEventListener("click", onRootClick);
    root.addEventListener("keydown", onRootKey, true);
    root.addEventListener("keyup", onRootKey, true);
  }

  const timers = new Set();
  function onCustom(msg) {
    if (!msg || msg.kind !== "timer") return;
    const handle = setTimeout(() => {
      timers.delete(handle);
      if (fired.has(msg.id)) return;
      fired.add(msg.id);
      send({ type: "timer", tag: msg.tag });
    }, msg.ms);
    timers.add(handle);
  }

  box.addEventListener("click", onClick);
  box.addEventListener("keydown", onKey);
  model.on("change:svg", draw);
  model.on("change:seq", renumber);
  model.on("change:status", drawStatus);
  model.on("change:steady", drawStatus);
  model.on("msg:custom", onCustom);
  model.on("change:focus", ring);
  model.on("change:lang", drawLang);
  model.on("change:label", ring);
  draw();
  drawStatus();
  drawLang();
  findRoot();
  resize.observe(el);

  return () => {
    motion.stop();
    resize.disconnect();
    touchOnly.removeEventListener("change", reportWidth);
    window.removeEventListener("resize", fit);
    cancelAnimationFrame(measuring);
    cancelAnimationFrame(frame);
    clearTimeout(settleTimer);
    cancelAnimationFrame(lookup);
    cancelAnimationFrame(ringing);
    timers.forEach(clearTimeout);
    if (root) {
      root.removeEventListener("click", onRootClick);
      root.removeEventListener("keydown", onRootKey, true);
      root.removeEventListener("keyup", onRootKey, true);
    }
    model.off("change:svg", draw);
    model.off("change:seq", renumber);
    model.off("change:status", drawStatus);
    model.off("change:steady", drawStatus);
    model.off("msg:custom", onCustom);
    model.off("change:focus", ring);
    model.off("change:lang", drawLang);
    model.off("change:label", ring);
  };
}

// ---- Motion (issue 11) ------------------------------------------------------------------------
// Cards move between places (FLIP). Before a drawing replaces the last one, snapshot() records the
// screen frame (getScreenCTM: place, turn and scale) of every keyed element: data-key (stacks,
// piles) or data-card (a face-up card: its id is its key). After it, animate(before) moves every
// element whose key is in both drawings from its old frame to its new one; face-up cards that
// vanished fly as ghost copies to the keyed element whose data-count grew the most, and face-up
// cards that appeared come from the one whose data-count fell the most. A move animates the CSS
// transform of the element from the matrix that puts it at its old place to the matrix of its own
// transform attribute, so the attribute (which a CSS transform overrides) holds again at the end.
// Ghosts fly in a layer of their own over the table (.cardlab-ghosts), so the drawing's markup
// stays Python's. Off under prefers-reduced-motion (or --cardlab-motion-ms: 0); a new drawing
// cancels every running move and removes the ghosts; ghosts take no clicks. The table carries
// data-moving while cards move (tests and pictures wait for `.cardlab-svg:not([data-moving])`).

const MOTION_MS = 320;                                   // a move (--cardlab-motion-ms changes it)
const GHOST_STRETCH = 1.25;                              // a ghost flies a little longer, then fades
const EASING = "cubic-bezier(0.25, 0.8, 0.35, 1)";
const STILL_PX = 0.5;                                    // a smaller shift on screen is no move
const KEYED = "[data-key],[data-card]";
const SVG_NS = "http://www.w3.org/2000/svg";
const GHOST_DROPS = ["data-key", "data-card", "data-target", "data-count", "role", "aria-label", "tabindex",
                     "cursor"];

const keyOf = (el) => el.getAttribute("data-key") ?? el.getAttribute("data-card");
const countOf = (el) => (el.hasAttribute("data-count") ? Number(el.getAttribute("data-count")) : null);
const css = (m) => `matrix(${m.a},${m.b},${m.c},${m.d},${m.e},${m.f})`;
const same = (m, n) => Math.abs(m.e - n.e) < STILL_PX && Math.abs(m.f - n.f) < STILL_PX
  && Math.abs(m.a - n.a) + Math.abs(m.b - n.b) + Math.abs(m.c - n.c) + Math.abs(m.d - n.d) < 1e-3;

function motionOf(box) {
  let running = [];
  let round = 0; // the number of the last set of moves started or stopped
  let layer = null; // the ghosts' own <svg> over the table, made when the first ghost flies
  const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  function duration() {
    if (reduced && reduced.matches) return 0;
    const ms = parseFloat(getComputedStyle(box).getPropertyValue("--cardlab-motion-ms"));
    return Number.isFinite(ms) ? Math.max(0, ms) : MOTION_MS;
  }

  function stop() { // every move ends at once; the ghosts go
    for (const animation of running) animation.cancel();
    running = [];
    round += 1;
    box.removeAttribute("data-moving");
    if (layer) layer.replaceChildren();
  }

  function keyedElements() { // key -> element, for the keys that occur once in the drawing
    const found = new Map(), twice = new Set();
    for (const el of box.querySelectorAll(KEYED)) {
      const key = keyOf(el);
      if (found.has(key)) twice.add(key);
      else found.set(key, el);
    }
    twice.forEach((key) => found.delete(key));
    return found;
  }

  function snapshot() { // the frames of the keyed elements as seen now (mid-move included), or null
    const svg = box.querySelector("svg");
    const ms = svg && box.getClientRects().length ? duration() : 0; // nothing moves in a hidden output
    let before = null;
    if (ms > 0) {
      const frames = new Map();
      for (const [key, el] of keyedElements()) {
        const ctm = el.getScreenCTM();
        if (ctm) frames.set(key, { el, ctm, count: countOf(el), face: el.hasAttribute("data-card") });
      }
      before = { ms, frames, viewBox: svg.getAttribute("viewBox") };
    }
    stop();
    return before;
  }

  function run(el, keyframes, options) {
    const animation = el.animate(keyframes, { easing: EASING, ...options });
    running.push(animation);
    return animation;
  }

  function ghostLayer() {
    if (!layer) {
      layer = document.createElementNS(SVG_NS, "svg");
      layer.setAttribute("class", "cardlab-ghosts");
      layer.setAttribute("aria-hidden", "true");
      box.after(layer);
    }
    return layer;
  }

  function ghost(old, from, to, ms) { // a copy of a vanished card flying between two frames
    const copy = old.el.cloneNode(true);
    for (const el of [copy, ...copy.querySelectorAll("*")]) GHOST_DROPS.forEach((a) => el.removeAttribute(a));
    copy.querySelectorAll(".cardlab-focus-ring").forEach((ring) => ring.remove());
    copy.setAttribute("class", "cardlab-ghost");
    copy.setAttribute("transform", css(from));
    ghostLayer().append(copy);
    const flight = run(copy, [{ transform: css(from), opacity: 1 }, { opacity: 1, offset: 0.75 },
                              { transform: css(to), opacity: 0 }], { duration: ms * GHOST_STRETCH, fill: "forwards" });
    flight.finished.then(() => copy.remove(), () => {}); // before data-moving goes; cancelled: stop() removes it
  }

  function animate(before) {
    const svg = box.querySelector("svg");
    if (!before || !svg || svg.getAttribute("viewBox") !== before.viewBox) return; // a new layout is no move
    const after = keyedElements();
    let gainer = null, giver = null, grew = 0, fell = 0;    // the stacks that grew and fell the most
    for (const [key, el] of after) {
      const old = before.frames.get(key), count = countOf(el);
      if (!old || old.count === null || count === null) continue;
      if (count - old.count > grew) { grew = count - old.count; gainer = el; }
      if (old.count - count > fell) { fell = old.count - count; giver = old; }
    }
    const ghosts = gainer ? ghostLayer() : null; // put in before the frames are read
    // Every frame is read before any animation starts (an animation makes the next read lay out
    // again). In document order, an element comes after the keyed elements around it: `shifts`
    // keeps, for each moved element, the screen correction its start frame applies inside it.
    const moves = [], shifts = new Map();
    for (const [key, el] of after) {
      const old = before.frames.get(key) ?? (el.hasAttribute("data-card") ? giver : null);
      const now = old && el.getScreenCTM();
      if (!now) continue;
      let outer = el.parentElement.closest(KEYED);
      while (outer && !shifts.has(outer)) outer = outer.parentElement.closest(KEYED);
      const parent = el.parentElement.getScreenCTM();
      if (!parent) continue;
      const seen = outer ? shifts.get(outer).multiply(parent) : parent; // the parent's frame at the start
      const from = seen.inverse().multiply(old.ctm), to = parent.inverse().multiply(now);
      if (!same(from, to)) moves.push([el, from, to]); // else it stays, or rides along with the element around it
      shifts.set(el, old.ctm.multiply(now.inverse()));
    }
    const flights = [];
    const screen = ghosts && ghosts.getScreenCTM(), destination = gainer && gainer.getScreenCTM();
    if (screen && destination) {
      const root = screen.inverse(), to = root.multiply(destination);
      for (const [key, old] of before.frames) {
        if (old.face && !after.has(key)) flights.push([old, root.multiply(old.ctm), to]);
      }
    }
    for (const [el, from, to] of moves) run(el, { transform: [css(from), css(to)] }, { duration: before.ms });
    for (const [old, from, to] of flights) ghost(old, from, to, before.ms);
    if (!running.length) return;
    const mine = ++round;
    box.setAttribute("data-moving", "");
    Promise.allSettled(running.map((a) => a.finished)).then(() => {
      if (round === mine) box.removeAttribute("data-moving");
    });
  }

  return { snapshot, animate, stop };
}

export default { render };
