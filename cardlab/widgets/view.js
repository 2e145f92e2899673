// cardlab TableView: shows the SVG drawn by Python and reports clicks, keys and timers.
// Every event carries seq = the number of the drawing it was made on (Python drops events made
// on a drawing that is no longer current) and t = milliseconds since that drawing was put on screen.

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock", "AltGraph"]);
const ROOT = ".cardlab-table-root"; // the widget around the view (a game table, a replayer)
const PRESS_KEYS = new Set([" ", "Enter"]); // the keys that would press a focused button
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
    renumber();
    shownAt = performance.now();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => { shownAt = performance.now(); });
  }
  function renumber() { // also called alone for the same drawing again, under a new number
    shownSeq = model.get("seq");
    box.dataset.seq = shownSeq;
  }
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
  draw();
  drawStatus();
  findRoot();

  return () => {
    cancelAnimationFrame(frame);
    cancelAnimationFrame(lookup);
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
  };
}

export default { render };
