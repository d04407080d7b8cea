// The table screen: the room's public messages (lobby, board), each player's hand, the
// invitation link and the menu; kept up to date by the room's live stream.
import { S, T, $, el } from "./page.js";
import { openStream } from "./api.js";
import { toast, openSheetNode } from "./sheets.js";
import { activePlayer } from "./players.js";
import { drawScreen, command } from "./screens.js";
import { drawNewTable } from "./home.js";

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

export function connect() {
  if (stream) stream.close();
  stream = openStream(S.room, {
    opened: () => { connected = true; drawRoom(); },
    failed: () => { connected = false; drawRoom(); },
    message: (event) => {
      if (event.type === "reset") { shown.clear(); drawn.clear(); }
      else if (event.type === "drop") { shown.delete(event.key); drawn.delete(event.key); }
      else if (event.type === "show") {
        shown.set(event.key, event);
        if (event.fresh && event.role === "ping") notifyTurn();
      }
      scheduleDraw();
    },
  });
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

export function drawRoom() {
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
