// The table inside Telegram (bot/web/telegram_app.py): the group's board and one's own
// panel, live, pressed by touch; Telegram's look and buttons through telegram.js. Every
// request carries Telegram's initData, the only proof of who is asking.

import * as tg from "./telegram.js";
import { SVG, drawMark, pointPlace, takeDrags } from "./picture-touch.js";

const S = JSON.parse(document.getElementById("state").textContent);
let texts = S.texts;
const T = (key) => texts[key] || key;
const init = tg.initData();
const main = document.getElementById("main");
const toastBox = document.getElementById("toast");

let table = new URLSearchParams(location.search).get("table"); // a panel's web_app button
let fromList = false;
let me = null;
let stream = null; // the live stream's AbortController
let shown = new Map(); // key -> event (the room's messages this person may see)
let sheet = null; // { screen, panel }: the presser's own menu or answer
let busy = false;

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function toast(text, isAlert = false) {
  if (!text) return;
  if (isAlert && tg.alert(text)) return;
  toastBox.textContent = text;
  toastBox.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { toastBox.hidden = true; }, 3500);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ init, ...body }),
  });
  let answer = {};
  try { answer = await response.json(); } catch { answer = {}; }
  if (!response.ok) {
    const error = new Error(String(response.status));
    error.note = answer.note;
    error.refused = [401, 403, 404].includes(response.status); // who or where: the page stops
    throw error;
  }
  return answer;
}

// GETs carry the proof in a header, never in an address (proxies log addresses).
const HEADERS = { "X-Telegram-Init-Data": init };

// Pictures are fetched with the proof and shown from memory (blob: addresses), each once;
// the oldest are let go.
const PICTURES_KEPT = 60;
const pictures = new Map(); // href -> Promise of its blob: address

function showPicture(img, href) {
  let url = pictures.get(href);
  if (!url) {
    url = fetch(`/tg${href}`, { headers: HEADERS })
      .then((response) => (response.ok ? response.blob() : Promise.reject(response.status)))
      .then((blob) => URL.createObjectURL(blob));
    url.catch(() => pictures.delete(href));
    pictures.set(href, url);
    while (pictures.size > PICTURES_KEPT) {
      const [oldest, gone] = pictures.entries().next().value;
      pictures.delete(oldest);
      gone.then((u) => URL.revokeObjectURL(u), () => {});
    }
  }
  url.then((u) => { img.src = u; }, () => {});
}

function refused(note) {
  tg.mainButton(null);
  main.replaceChildren(el("p", { class: "refused", id: "refused" }, note || T("miniapp-refused-missing")));
}

// --- opening ---------------------------------------------------------------------------

async function open() {
  main.replaceChildren(el("p", { class: "quiet" }, T("miniapp-loading")));
  let answer;
  try {
    answer = await post("/tg/api/open", { table: table || undefined });
  } catch (error) {
    return refused(error.note);
  }
  texts = answer.texts;
  me = answer.me;
  document.documentElement.lang = answer.language;
  document.title = T("miniapp-title");
  if (answer.tables) return drawTables(answer.tables);
  table = String(answer.table);
  drawTable(answer.seated);
  connect();
}

function drawTables(tables) {
  tg.backButton(null);
  tg.mainButton(null);
  const list = el("ul", { class: "tables", id: "tables" });
  for (const item of tables) {
    const name = [item.title || `#${item.table}`, item.game].filter(Boolean).join(" · ");
    list.append(el("li", {}, el("button", {
      class: item.yours ? "table-link yours" : "table-link",
      onclick: () => { table = String(item.table); fromList = true; open(); },
    }, name, item.yours ? el("small", {}, ` — ${T("miniapp-your-turn")}`) : null)));
  }
  main.replaceChildren(el("h1", {}, T("miniapp-tables")),
    tables.length ? list : el("p", { class: "quiet" }, T("miniapp-no-tables")));
}

function drawTable(seated) {
  main.replaceChildren(
    el("section", { class: "board", id: "board", "aria-label": T("miniapp-board") }),
    el("section", { class: "hand", id: "hand", "aria-label": T("miniapp-hand") },
      seated ? null : el("p", { class: "quiet", id: "watching" }, T("miniapp-watching"))),
    el("section", { class: "sheet", id: "sheet", hidden: "" }));
}

// --- the live stream ---------------------------------------------------------------------

// The table's server-sent events, read with fetch (an EventSource cannot carry the proof
// in a header); after a cut, again with a growing pause.
async function connect() {
  if (stream) stream.abort();
  const controller = stream = new AbortController();
  shown = new Map();
  let pause = 500;
  while (!controller.signal.aborted) {
    try {
      const response = await fetch(`/tg/api/events/${table}`, { headers: HEADERS, signal: controller.signal });
      if ([401, 403, 404].includes(response.status)) {
        const answer = await response.json().catch(() => ({}));
        return refused(answer.note);
      }
      if (!response.ok) throw new Error(String(response.status));
      document.body.classList.remove("offline");
      pause = 500;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of chunk.split("\n")) if (line.startsWith("data: ")) received(JSON.parse(line.slice(6)));
        }
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    document.body.classList.add("offline");
    toast(T("miniapp-reconnecting"));
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 10000);
  }
}

function received(event) {
  if (event.type === "reset") shown.clear();
  else if (event.type === "show") {
    shown.set(event.key, event);
    if (event.role === "panel" && event.player === me) handDrawn();
  } else if (event.type === "drop") shown.delete(event.key);
  draw();
}

function draw() {
  const board = document.getElementById("board");
  const hand = document.getElementById("hand");
  if (!board || !hand) return;
  const events = [...shown.values()];
  const publics = events.filter((e) => e.role !== "panel").sort((a, b) => a.order - b.order);
  board.replaceChildren(...publics.map((e) => drawScreen(e.screen, false, e.role)));
  const mine = events.filter((e) => e.role === "panel" && e.player === me);
  const watching = document.getElementById("watching");
  hand.replaceChildren(...(watching ? [watching] : []),
    ...mine.map((e) => drawScreen(e.screen, true, "panel")));
  // one's turn: the hand and its choices come first, so they are on the first screen
  main.classList.toggle("acting", Boolean(hand.querySelector('[data-press^="g:"], [data-press^="c:"]')));
  tg.verticalSwipes(!main.querySelector("svg.draggable"));
  nativeButtons();
}

// --- touching the picture -----------------------------------------------------------------

let lastTap = []; // the polygon last tapped: a Confirm's place ("tap it again")

// The picture, with the parts that may be touched laid over it (the server's `taps`, each
// the same press as one of the buttons below them), the controls it does not draw (↻, ?)
// and, on a picture that takes a point (Rafter Five's raft), drags: as on the playground.
function drawPicture(screen, panel) {
  const [width, height] = screen.size || [];
  const img = el("img", { alt: "", width, height });
  showPicture(img, screen.image);
  if (!screen.taps || !screen.size) return el("div", { class: "picture" }, img);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "taps");
  svg.setAttribute("aria-hidden", "true");
  for (const tap of screen.taps) {
    const polygon = tap.polygon.length ? tap.polygon : lastTap;
    if (polygon.length < 3) continue;
    const shape = document.createElementNS(SVG, "polygon");
    shape.setAttribute("points", polygon.map((p) => p.join(",")).join(" "));
    shape.setAttribute("class", tap.confirms ? "tap confirm" : "tap");
    shape.dataset.tap = tap.data;
    shape.addEventListener("click", () => { lastTap = polygon; press(tap.data, panel); });
    svg.append(shape);
    if (tap.mark) drawMark(svg, shape, tap, polygon);
  }
  if (screen.drag) {
    takeDrags(svg, screen, width, height, (data, end) => { lastTap = pointPlace(end); press(data, panel); });
  }
  return el("div", { class: "picture" }, img, svg);
}

function drawScreen(screen, panel, role) {
  const box = el("article", { class: `screen ${role}`, "data-role": role });
  if (screen.image) box.append(drawPicture(screen, panel));
  const text = el("p", { class: "text" });
  for (const piece of screen.text) text.append(piece.mention ? el("b", {}, piece.t) : piece.t);
  box.append(text);
  for (const row of screen.buttons) {
    const line = el("div", { class: "buttons" });
    for (const button of row) {
      if (button.data) {
        line.append(el("button", { "data-press": button.data, onclick: () => press(button.data, panel) }, button.text));
      } else if (button.url) {
        line.append(el("a", { class: "button", href: button.url, target: "_blank", rel: "noopener" }, button.text));
      }
    }
    if (line.childElementCount) box.append(line);
  }
  return box;
}

// --- pressing -----------------------------------------------------------------------------

// A press keeps everything still (nothing can be pressed) until it is answered and, for a
// choice on one's hand, until the hand is drawn anew (or a while passed with nothing new):
// a second press on the old hand would only be refused as outdated.
const HAND_AT_MOST_MS = 8000;
let handTimer = null;
let handDraws = 0; // one's hand drawn anew, counted (it may come before the press's answer)

function setBusy(on) {
  busy = on;
  document.body.classList.toggle("busy", on);
  clearTimeout(handTimer);
  handTimer = null;
}

function handDrawn() {
  handDraws += 1;
  if (handTimer) setBusy(false);
}

async function press(data, panel) {
  if (busy) return;
  setBusy(true);
  tg.haptic("choice");
  const drawsBefore = handDraws;
  let awaitHand = false;
  try {
    const answer = await post("/tg/api/press", { table, data, panel });
    tg.haptic(answer.alert ? "error" : "success");
    toast(answer.note, answer.alert);
    if (answer.url) tg.openLink(answer.url);
    showSheet(answer.sheet ? { screen: answer.sheet, panel } : null);
    awaitHand = panel && !answer.alert && !answer.sheet && handDraws === drawsBefore;
  } catch (error) {
    tg.haptic("error");
    if (error.refused) return refused(error.note);
    toast(error.note || error.message, true);
  } finally {
    setBusy(false);
    if (awaitHand) {
      busy = true;
      document.body.classList.add("busy");
      handTimer = setTimeout(() => setBusy(false), HAND_AT_MOST_MS);
    }
  }
}

function showSheet(next) {
  sheet = next;
  const box = document.getElementById("sheet");
  if (!box) return;
  box.hidden = !sheet;
  box.replaceChildren(...(sheet ? [drawScreen(sheet.screen, sheet.panel, "sheet")] : []));
  nativeButtons();
}

// Telegram's Main button is the move's Confirm; its Back button steps back up the menu
// (a "go" press to a shorter path), or closes the answer, or goes back to one's tables.
function nativeButtons() {
  const buttons = [...main.querySelectorAll("[data-press]")];
  const mine = buttons.filter((b) => b.closest(".panel, .sheet"));
  const confirms = mine.filter((b) => b.dataset.press.startsWith("c:"));
  if (confirms.length === 1) {
    const confirm = confirms[0];
    const inPanel = !confirm.closest(".sheet") || (sheet && sheet.panel);
    tg.mainButton(confirm.textContent || T("miniapp-confirm"), () => press(confirm.dataset.press, Boolean(inPanel)));
  } else {
    tg.mainButton(null);
  }
  const goes = mine.filter((b) => b.dataset.press.startsWith("g:"));
  const depth = (b) => b.dataset.press.split(":")[3]?.split(".").length || 0;
  const deepest = Math.max(0, ...goes.map(depth));
  const up = goes.find((b) => depth(b) < deepest);
  if (up) tg.backButton(() => press(up.dataset.press, !up.closest(".sheet") || Boolean(sheet && sheet.panel)));
  else if (sheet) tg.backButton(() => showSheet(null));
  else if (fromList) tg.backButton(() => { if (stream) stream.abort(); table = null; open(); });
  else tg.backButton(null);
}

tg.start();
open();
