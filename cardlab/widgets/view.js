// cardlab TableView: shows the SVG drawn by Python and reports clicks, keys and timers.
// Every event carries t = milliseconds since the current SVG was put on screen.

const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "CapsLock", "AltGraph"]);
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
  el.append(box, status);

  let shownAt = performance.now();
  let frame = 0;
  const since = () => Math.round((performance.now() - shownAt) * 10) / 10;

  function draw() {
    box.innerHTML = model.get("svg");
    shownAt = performance.now();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => { shownAt = performance.now(); });
  }
  function drawStatus() {
    status.textContent = model.get("status");
    status.hidden = !model.get("status");
  }

  function onClick(e) {
    box.focus({ preventScroll: true });
    const hit = e.target.closest("[data-target]");
    if (hit && box.contains(hit)) {
      model.send({ type: "click", target: hit.getAttribute("data-target"), t: since() });
    }
  }
  function onKey(e) {
    // Tab leaves the table; shortcuts with Ctrl/Alt/Meta stay the browser's and JupyterLab's.
    if (e.key === "Tab" || e.ctrlKey || e.altKey || e.metaKey || MODIFIERS.has(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
    model.send({ type: "key", key: e.key, t: since() });
  }
  const timers = new Set();
  function onCustom(msg) {
    if (!msg || msg.kind !== "timer") return;
    const handle = setTimeout(() => {
      timers.delete(handle);
      if (fired.has(msg.id)) return;
      fired.add(msg.id);
      model.send({ type: "timer", tag: msg.tag, t: since() });
    }, msg.ms);
    timers.add(handle);
  }

  box.addEventListener("click", onClick);
  box.addEventListener("keydown", onKey);
  model.on("change:svg", draw);
  model.on("change:status", drawStatus);
  model.on("msg:custom", onCustom);
  draw();
  drawStatus();

  return () => {
    cancelAnimationFrame(frame);
    timers.forEach(clearTimeout);
    model.off("change:svg", draw);
    model.off("change:status", drawStatus);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
