// A room's seat page: the notebook tables' own view (view.js) on a WebSocket instead of a widget
// model. The server sends the seat's drawing ({type: "draw", svg, seq, status, focus, ...}); the
// view sends the same events as in a notebook (click, key, timer, each with the drawing's seq).
// A lost connection is tried again (0.25 s, then up to every 4 s) and the seat is drawn anew.
import view from "./view.js";

const token = location.pathname.split("/").pop();
const lang = document.documentElement.lang === "ja" ? "ja" : "en";   // the server chose it (?lang= or the browser's)
const TRAITS = ["svg", "seq", "status", "focus", "lang", "label", "focus_label"];
const WORDS = {
  en: { lost: "Connection lost: trying again…", gone: "This link is not a seat of any room here.",
        closed: "The room is closed.", ended: "The game is over." },
  ja: { lost: "接続が切れました。つなぎ直しています…", gone: "このリンクは、ここのどの部屋の席でもありません。",
        closed: "部屋は閉じられています。", ended: "ゲームは終わりました。" },
}[lang];
const data = { svg: "", seq: 0, status: "", focus: "", lang, label: "", focus_label: "", width: 0, touch: false };
const handlers = new Map();
const banner = document.getElementById("banner");
const panes = document.getElementById("panes");
let socket = null;
let delay = 250;
let given = false;

function widthFrame() { return { type: "width", width: data.width, touch: data.touch }; }
function fire(name, value) { (handlers.get(name) || []).forEach((cb) => cb(value)); }
function emit(message) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); }
function say(text) { banner.textContent = text; banner.hidden = !text; }

const model = {
  get: (key) => data[key],
  set(key, value) { data[key] = value; if (key === "width") emit(widthFrame()); },   // view.js sets touch first
  save_changes() {},
  send(content) { emit(content); },
  on(name, cb) { handlers.set(name, [...(handlers.get(name) || []), cb]); },
  off(name, cb) { handlers.set(name, (handlers.get(name) || []).filter((f) => f !== cb)); },
};

function onDraw(message) {
  const changed = TRAITS.filter((key) => message[key] !== data[key]);
  for (const key of changed) data[key] = message[key];
  for (const key of changed) fire(`change:${key}`);
  panes.innerHTML = message.panes.join("");
  say(!message.open ? WORDS.closed : "");
  document.body.dataset.over = message.over ? "1" : "";
}

function onMessage(event) {
  const message = JSON.parse(event.data);
  if (message.type === "draw") onDraw(message);
  else if (message.type === "timer") fire("msg:custom", { kind: "timer", ms: message.ms, tag: message.tag, id: message.id });
  else if (message.type === "error" && message.error === "unknown-seat") { given = true; say(WORDS.gone); }
  else if (message.type === "error") document.body.dataset.error = message.error;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}?lang=${lang}`);
  socket.addEventListener("open", () => {
    delay = 250;
    say("");
    document.body.dataset.connected = "1";
    emit({ type: "hello" });
    if (data.width) emit(widthFrame());
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", () => {
    document.body.dataset.connected = "";
    if (given) return;
    say(WORDS.lost);
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 4000);
  });
}

view.render({ model, el: document.getElementById("table") });
connect();
