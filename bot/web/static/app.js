// The playground's page: draws what the server's live stream says a room shows, and sends
// presses with the button data exactly as the server drew it. It knows no game and no rule:
// every word comes from the server (translated there), every check is the server's.
"use strict";

const S = JSON.parse(document.getElementById("state").textContent);
const T = (key, args = {}) =>
  (S.texts[key] || key).replace(/\{\$(\w+)\}/g, (_, name) => args[name] ?? "");
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false)
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// --- who is pressing -------------------------------------------------------------------

const ACTIVE_KEY = "playground-active";
function activePlayer() {
  const chosen = localStorage.getItem(ACTIVE_KEY);
  return S.players.find((p) => p.id === chosen) || S.players[0];
}
function setActive(id) {
  localStorage.setItem(ACTIVE_KEY, id);
  drawTop();
  drawRoom();
}

// --- talking to the server -------------------------------------------------------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body), credentials: "same-origin",
  });
  if (!response.ok) {
    // a refusal the server explains (too fast, too many tables) says so in its `note`
    const error = new Error(`${response.status}`);
    try { error.note = (await response.json()).note; } catch { error.note = null; }
    throw error;
  }
  return response.json();
}
const failed = (error) => toast(error.note || T("web-error"), true);

function toast(text, alert = false) {
  if (!text) return;
  const node = el("div", { class: alert ? "toast alert" : "toast", role: alert ? "alert" : "status" }, text);
  $("toasts").append(node);
  while ($("toasts").children.length > 2) $("toasts").firstChild.remove();  // the newest say most
  setTimeout(() => node.remove(), alert ? 5000 : 3000);
}

// The presser's own answer: a note, and maybe a sheet (rules, history, a menu for them).
function answered(answer) {
  toast(answer.note, answer.alert);
  if (answer.sheet) openSheet(answer.sheet);
}

async function press(button, data, player) {
  button.disabled = true;
  try {
    answered(await post("/api/press", { room: S.room, player: player.id, data }));
  } catch (error) {
    failed(error);
  } finally {
    button.disabled = false;
  }
}

async function command(name) {
  try {
    answered(await post("/api/command", { room: S.room, player: activePlayer().id, name, args: "" }));
  } catch (error) {
    failed(error);
  }
}

// --- screens ---------------------------------------------------------------------------

function drawScreen(screen, player) {
  const box = el("div", { class: "message" });
  if (screen.image) box.append(el("img", { src: screen.image, alt: "", loading: "lazy" }));
  const caption = el("p", { class: "caption" });
  for (const piece of screen.text) caption.append(piece.mention ? el("strong", {}, piece.t) : piece.t);
  if (caption.childNodes.length) box.append(caption);
  if (screen.file) box.append(el("p", {}, el("a", { href: screen.file.href, download: screen.file.name }, screen.file.name)));
  if (screen.buttons.length) {
    const rows = el("div", { class: "buttons" });
    for (const row of screen.buttons) {
      const line = el("div", { class: "row" });
      for (const b of row) {
        if (b.url) {
          line.append(el("a", { href: b.url, target: "_blank", rel: "noopener" }, b.text));
          continue;
        }
        const button = el("button", { type: "button", "data-press": b.data }, b.text);
        button.addEventListener("click", () =>
          press(button, b.data, typeof player === "function" ? player() : player));
        line.append(button);
      }
      rows.append(line);
    }
    box.append(rows);
  }
  return box;
}

function openSheet(screen) {
  openSheetNode(drawScreen(screen, activePlayer));
}

// --- the bar on top --------------------------------------------------------------------

function drawTop() {
  $("brand").textContent = "🎲 " + T("web-title");
  $("language-label").textContent = T("web-language");
  const select = $("language");
  select.replaceChildren(...S.languages.map((code) =>
    el("option", { value: code, selected: code === S.language }, T(`lang-${code}`))));
  const players = $("players");
  players.replaceChildren();
  if (!S.players.length) return;
  players.append(el("span", { class: "muted" }, T("web-players")));
  const active = activePlayer();
  for (const p of S.players) {
    if (S.players.length > 1) {
      players.append(el("button", {
        type: "button", class: p.id === active.id ? "chip active" : "chip",
        "aria-pressed": String(p.id === active.id), title: T("web-press-as"),
        onclick: () => setActive(p.id),
      }, p.name));
    } else {
      players.append(el("span", { class: "chip" }, p.name));
    }
  }
  players.append(el("button", { type: "button", class: "chip", id: "add-player-open",
                                onclick: () => $("add-player").showModal() }, T("web-add-player")));
  players.append(el("button", { type: "button", class: "chip quiet", id: "forget",
                                title: T("web-forget-ask"), onclick: forgetMe }, T("web-forget")));
}

// Forget this browser's players (on the server too), after asking.
async function forgetMe() {
  if (!confirm(T("web-forget-ask"))) return;
  try {
    toast((await post("/api/forget", {})).note);
    S.players = [];
    localStorage.removeItem(ACTIVE_KEY);
    setTimeout(() => location.assign("/"), 1500);
  } catch (error) {
    failed(error);
  }
}

$("language").addEventListener("change", async (event) => {
  try {
    await post("/api/language", { language: event.target.value, room: S.room || undefined });
  } finally {
    location.reload();
  }
});

// --- the first visit: a name -----------------------------------------------------------

function drawWelcome() {
  const input = el("input", { id: "name", maxlength: "32", autocomplete: "nickname",
                              placeholder: T("web-name-placeholder"), required: true });
  const form = el("form", { class: "card stack narrow", id: "welcome" },
    el("h1", {}, T("web-name-ask")),
    el("p", { class: "muted" }, S.room ? T("web-name-hint-room") : T("web-tagline")),
    input,
    el("button", { type: "submit", class: "primary", id: "name-go" }, T("web-name-go")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    let answer;
    // on an invitation, typing the name is what sits them at the table (the server presses Join)
    try { answer = await post("/api/player", { name: input.value, room: S.room || undefined }); } catch (error) { return failed(error); }
    S.players = answer.players;
    start();
    answered(answer);
  });
  $("main").replaceChildren(form);
  input.focus();
}

async function addPlayer(event) {
  event.preventDefault();
  const input = $("add-player-name");
  if (!input.value.trim()) return;
  let answer;
  try { answer = await post("/api/player", { name: input.value }); } catch (error) { return failed(error); }
  S.players = answer.players;
  input.value = "";
  $("add-player").close();
  setActive(S.players[S.players.length - 1].id);
  if (S.room) connect();  // the stream sends the panels of the players this browser holds
}

// --- opening a table -------------------------------------------------------------------

function drawNewTable(into) {
  let chosen = S.games[0];
  const options = el("div", { class: "options" });
  const games = el("div", { class: "games", role: "group", "aria-label": T("web-choose-game") });
  function choose(game) {
    chosen = game;
    for (const node of games.children) node.setAttribute("aria-pressed", String(node.dataset.game === game.name));
    options.replaceChildren(...game.options.map((o) => typeof o.default === "boolean"
      ? el("label", {}, el("input", { type: "checkbox", name: o.name, checked: o.default }), el("code", {}, o.name))
      : el("label", {}, el("code", {}, o.name), el("input", { type: "number", name: o.name, value: o.default }))));
    optionsBox.hidden = !game.options.length;
  }
  for (const game of S.games) {
    games.append(el("button", { type: "button", class: "game", "data-game": game.name, onclick: () => choose(game) },
      el("strong", {}, game.title), el("span", {}, game.tagline)));
  }
  const optionsBox = el("div", { class: "stack" }, el("h3", {}, T("web-options")), options);
  const open = el("button", { type: "submit", class: "primary", id: "open-table" }, T("web-open"));
  const form = el("form", { class: "card stack", id: "new-table" },
    el("h2", {}, T("web-new-table")), el("p", { class: "muted" }, T("web-choose-game")),
    games, optionsBox, el("div", { class: "row" }, open));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const words = [];
    for (const o of chosen.options) {
      const input = options.querySelector(`[name="${o.name}"]`);
      const value = input.type === "checkbox" ? input.checked : Number(input.value);
      if (value !== o.default) words.push(typeof value === "boolean" ? `${o.name}=${value ? "on" : "off"}` : `${o.name}=${value}`);
    }
    open.disabled = true;
    try {
      const answer = await post("/api/new", { player: activePlayer().id, game: chosen.name, options: words, room: S.room || undefined });
      answered(answer);
      if ($("sheet").open) $("sheet").close();
      if (answer.room && answer.room !== S.room) {
        history.pushState({}, "", `/r/${answer.room}`);
        S.room = answer.room;
        start();
      }
    } catch (error) {
      failed(error);
    } finally {
      open.disabled = false;
    }
  });
  choose(chosen);
  into.append(form);
}

// --- a room ----------------------------------------------------------------------------

const shown = new Map();  // key -> the last "show" event for it
const drawn = new Map();  // key -> {sig, node}: a message unchanged is not drawn again (no flicker)

function messageNode(event, player) {
  const sig = JSON.stringify(event.screen);
  const kept = drawn.get(event.key);
  if (kept && kept.sig === sig) return kept.node;
  const node = drawScreen(event.screen, player);
  drawn.set(event.key, { sig, node });
  return node;
}
let stream = null;
let connected = false;

function connect() {
  if (stream) stream.close();
  stream = new EventSource(`/api/events/${S.room}`);
  stream.onopen = () => { connected = true; drawRoom(); };
  stream.onerror = () => { connected = false; drawRoom(); };
  stream.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === "reset") { shown.clear(); drawn.clear(); }
    else if (event.type === "drop") { shown.delete(event.key); drawn.delete(event.key); }
    else if (event.type === "show") {
      shown.set(event.key, event);
      if (event.fresh && event.role === "ping") notifyTurn();
    }
    scheduleDraw();
  };
}

let drawing = false;
function scheduleDraw() {
  if (drawing) return;
  drawing = true;
  requestAnimationFrame(() => { drawing = false; drawRoom(); });
}

function notifyTurn() {
  if (document.hidden) document.title = "🔔 " + T("web-title");
}
document.addEventListener("visibilitychange", () => { if (!document.hidden) document.title = T("web-title"); });

function drawRoom() {
  if (!S.room || !S.players.length) return;
  const publicOnes = [...shown.values()].filter((e) => e.role !== "panel")
    .sort((a, b) => a.order - b.order || a.seat - b.seat);
  const panels = [...shown.values()].filter((e) => e.role === "panel");

  const link = location.origin + `/r/${S.room}`;
  const linkInput = el("input", { readonly: true, value: link, "aria-label": T("web-invite"), id: "invite-link" });
  const copy = el("button", { type: "button", onclick: async () => {
    linkInput.select();
    try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
    toast(T("web-copied"));
  } }, T("web-copy"));
  const menu = el("select", { "aria-label": T("web-menu"), id: "commands", onchange: (event) => {
    const name = event.target.value;
    event.target.value = "";
    if (name === "new") drawRoomNewTable(); else if (name) command(name);
  } }, el("option", { value: "" }, T("web-menu")),
    ...["rules", "history", "stats", "leave", "cancel", "help"].map((name) => el("option", { value: name }, T(`web-cmd-${name}`))),
    el("option", { value: "new" }, T("web-new-table")));

  const table = el("section", { class: "card", id: "table", "aria-label": T("web-table") },
    el("div", { class: "pane-head" }, el("h2", {}, T("web-table")), menu),
    el("div", { class: "row invite" }, linkInput, copy),
    el("p", { class: "muted" }, T("web-invite")));
  if (S.players.length > 1) {
    table.append(el("p", { class: "press-as" }, T("web-press-as-who", { name: activePlayer().name })));
  }
  const messages = el("div", { class: "messages" });
  for (const event of publicOnes) messages.append(messageNode(event, activePlayer));
  if (!publicOnes.length) {
    messages.append(el("p", { class: "empty" }, connected ? T("web-empty-room") : T("web-connecting")));
  }
  table.append(messages);
  if (!connected) table.append(el("p", { class: "status" }, T("web-offline")));
  // no table open here (none yet, or its lobby closed): offer to open one
  if (connected && !publicOnes.some((e) => (e.role === "lobby" || e.role === "board") && e.screen.buttons.length)) {
    drawNewTable(table);
  }

  const hands = el("div", { class: "hands" });
  for (const player of S.players) {
    const panel = panels.find((e) => e.player === player.id);
    if (!panel) continue;
    const acting = panel.screen.buttons.length > 0;
    hands.append(el("section", { class: acting ? "card hand acting" : "card hand", "data-player": player.id,
                                 "aria-label": T("web-hand-of", { name: player.name }) },
      el("div", { class: "pane-head" }, el("h2", {}, T("web-hand-of", { name: player.name }))),
      el("p", { class: "private-note" }, T("web-private")),
      messageNode(panel, player)));
  }
  const room = el("div", { class: hands.children.length ? "room with-hands" : "room" }, table);
  if (hands.children.length) room.append(hands);
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.press;
  $("main").replaceChildren(room);
  if (focused) {  // keep the keyboard where it was
    const again = document.querySelector(`[data-press="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

function drawRoomNewTable() {
  const box = el("div", {});
  drawNewTable(box);
  openSheetNode(box);
}

function openSheetNode(node) {
  $("sheet-body").replaceChildren(node);
  if (!$("sheet").open) $("sheet").showModal();
  $("sheet").scrollTop = 0;  // a long text (the rules) is read from its start
}

// --- start ---------------------------------------------------------------------------

function start() {
  drawTop();
  if (!S.players.length) return drawWelcome();
  if (!S.room) {
    const home = el("div", { class: "stack" });
    drawNewTable(home);
    $("main").replaceChildren(home);
    return;
  }
  drawRoom();
  connect();
}

$("sheet-close").textContent = T("web-close");
$("add-player-hint").textContent = T("web-add-player-hint");
$("add-player-cancel").textContent = T("web-cancel");
$("add-player-cancel").addEventListener("click", () => $("add-player").close());
$("add-player-go").textContent = T("web-add");
$("add-player-form").addEventListener("submit", addPlayer);
window.addEventListener("popstate", () => location.reload());
start();
