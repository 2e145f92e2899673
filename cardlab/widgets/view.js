// cardlab TableView: shows the SVG drawn by Python and reports clicks, keys and timers.
// Every event carries seq = the number of the drawing it was made on (Python drops events made
// on a drawing that is no longer current) and t = milliseconds since that drawing was put on screen.

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock", "AltGraph"]);
const ROOT = ".cardlab-table-root"; // the widget around the view (a game table, a replayer)
const PRESS_KEYS = new Set([" ", "Enter"]); // the keys that would press a focused button
const MAX_SCALE = 1.3; // a drawing is shown at most this many times its natural size
const fired = new Set(); // timer ids already answered (a table shown twice answers once)

function render({ model, el }) {
  el.classList.add("cardlab-view");
  const box = document.createElement("div");
  box.className = "cardlab-svg";
  box.tabIndex = 0;
  box.setAttribute("role", "application");
  box.setAttribute("aria-label", "card table: click a card, or focus and use the keyboard");
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

  function draw() {
    box.innerHTML = model.get("svg");
    fit();
    ring();
    renumber();
    shownAt = performance.now();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => { shownAt = performance.now(); });
  }
  function renumber() { // also called alone for the same drawing again, under a new number
    shownSeq = model.get("seq");
    box.dataset.seq = shownSeq;
  }
  // The drawing fills the output width up to 1.3 times its natural size, centred (view.css);
  // Python chooses a wide or narrow layout from the width reported here.
  function fit() {
    const svg = box.querySelector("svg");
    if (!svg) return;
    const natural = parseFloat(svg.getAttribute("width"));
    svg.style.width = "100%";
    if (natural > 0) svg.style.maxWidth = `${Math.round(natural * MAX_SCALE)}px`;
  }
  let reported = -1;
  let measuring = 0;
  function reportWidth() {
    cancelAnimationFrame(measuring);
    measuring = requestAnimationFrame(() => {
      const width = Math.round(el.clientWidth);
      if (width <= 0 || width === reported) return;
      reported = width;
      model.set("width", width);
      model.save_changes();
    });
  }
  const resize = new ResizeObserver(reportWidth);

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
    box.setAttribute("aria-label", target
      ? `card table, on: ${target.getAttribute("aria-label") || name}. Arrows move, Enter plays.`
      : "card table: click a card, or focus and use the keyboard");
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

  function drawStatus() {
    status.textContent = model.get("status");
    status.hidden = !model.get("status");
  }

  function onClick(e) {
    focusTable();
    if (e.detail > 1) return; // the second click of a double-click is never sent
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
  model.on("msg:custom", onCustom);
  model.on("change:focus", ring);
  model.on("change:lang", drawLang);
  draw();
  drawStatus();
  drawLang();
  findRoot();
  resize.observe(el);

  return () => {
    resize.disconnect();
    cancelAnimationFrame(measuring);
    cancelAnimationFrame(frame);
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
    model.off("msg:custom", onCustom);
    model.off("change:focus", ring);
    model.off("change:lang", drawLang);
  };
}

export default { render };
