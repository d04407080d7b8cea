// The table screen: the room's public messages (lobby, board), each player's hand, the
// invitation link and the menu; kept up to date by the room's live stream.
import { S, T, $, el } from "./page.js";
import { openStream } from "./api.js";
import { toast, openSheetNode, ask } from "./sheets.js";
import { activePlayer } from "./players.js";
import { drawScreen, command } from "./screens.js";
import { drawNewTable } from "./home.js";
import { turnCame, notifyOffer } from "./turns.js";

// Panes another module adds beside the table (the game's log): {id, label, draw() -> Node}.
// On a desktop they stand beside the hands; on a phone a tab switches between the table
// and each of them.
const panes = [];
export function addPane(pane) {
  panes.push(pane);
  scheduleDraw();
}
let tab = "table";  // a phone's shown tab: "table" or a pane's id
let boardOpen = false;  // a phone, choosing: the table's messages shown in full
let askedToLeave = false;  // the next question in the room is theirs: bring it into view
const deadlines = new Map();  // player id -> when their turn's time runs out (ms, this clock)

// The clock on a hand, counting down from what the server said was left.
function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `⏳ ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
function tickClocks() {
  for (const node of document.querySelectorAll(".hand .clock[data-player]")) {
    const deadline = deadlines.get(node.dataset.player);
    if (deadline === undefined) continue;
    const left = deadline - Date.now();
    node.textContent = clockText(left);
    node.classList.toggle("low", left < 30_000);
  }
}
setInterval(tickClocks, 1000);

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
export let roomChanges = 0;  // events the room's stream brought: what the log reads again on

export function connect() {
  if (stream) stream.close();
  stream = openStream(S.room, {
    opened: () => { connected = true; drawRoom(); },
    failed: () => { connected = false; drawRoom(); },
    message: (event) => {
      roomChanges += 1;
      if (event.type === "reset") { shown.clear(); drawn.clear(); }
      else if (event.type === "drop") { shown.delete(event.key); drawn.delete(event.key); }
      else if (event.type === "show") {
        shown.set(event.key, event);
        // a panel's time left starts its countdown; the steps of the turn that follow
        // (no time said) keep it, until the hand has nothing to choose
        if (event.role === "panel" && event.screen.clock !== undefined)
          deadlines.set(event.player, Date.now() + event.screen.clock * 1000);
        else if (event.role === "panel" && !event.screen.buttons.length) deadlines.delete(event.player);
        // a turn come round: the room's ping names whose it is (here, not in the drawing,
        // which a hidden tab's browser holds back)
        if (event.fresh && event.role === "ping") {
          const named = new Set(event.screen.text.filter((piece) => piece.mention).map((piece) => piece.mention));
          turnCame(S.players.filter((p) => named.has(p.id)).map((p) => p.name));
        }
        if (event.fresh && event.role === "confirm" && askedToLeave) {
          askedToLeave = false;
          focusAfterDraw = event.key;
        }
      }
      scheduleDraw();
    },
  });
}

let focusAfterDraw = null;  // a question's key: shown in view once drawn
let drawing = false;
function scheduleDraw() {
  if (drawing) return;
  drawing = true;
  requestAnimationFrame(() => { drawing = false; drawRoom(); });
}

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
    if (name === "new") drawRoomNewTable();
    else if (name === "cancel") closeTable();
    else if (name) {
      askedToLeave = name === "leave";
      command(name);
    }
  } }, el("option", { value: "" }, T("web-menu")),
    ...["rules", "history", "stats", "leave", "cancel", "help"].map((name) => el("option", { value: name }, T(`web-cmd-${name}`))),
    el("option", { value: "new" }, T("web-new-table")));

  // on a phone, while choosing, the table folds to its head: this opens it again
  const unfold = el("button", { type: "button", class: "chip phone-only", id: "board-toggle",
                                "aria-expanded": String(boardOpen), onclick: () => { boardOpen = !boardOpen; drawRoom(); } },
    T(boardOpen ? "web-board-hide" : "web-board-show"));
  const table = el("section", { class: "card", id: "table", "aria-label": T("web-table") },
    el("div", { class: "pane-head" }, el("h2", {}, T("web-table")), el("div", { class: "row" }, unfold, menu)),
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
  const nowActing = new Set();
  for (const player of S.players) {
    const panel = panels.find((e) => e.player === player.id);
    if (!panel) continue;
    const toAct = panel.screen.buttons.length > 0;
    if (toAct) nowActing.add(player.id);
    hands.append(el("section", { class: toAct ? "card hand acting" : "card hand", "data-player": player.id,
                                 "aria-label": T("web-hand-of", { name: player.name }) },
      el("div", { class: "pane-head" }, el("h2", {}, T("web-hand-of", { name: player.name })),
        toAct && deadlines.has(player.id)
          ? el("span", { class: "clock", "data-player": player.id, role: "timer", "aria-label": T("web-clock") },
            clockText(deadlines.get(player.id) - Date.now()))
          : null),
      el("p", { class: "private-note" }, T("web-private")),
      messageNode(panel, player),
      toAct && panel.screen.taps
        ? el("p", { class: "tap-hint desktop-only" }, T(panel.screen.drag ? "web-drag-hint" : "web-tap-hint"))
        : null));
  }
  if (hands.children.length) {
    const offer = notifyOffer();
    if (offer) hands.append(offer);  // below the hands: the turn comes first
  }

  const choosing = nowActing.size > 0;
  if (!choosing) boardOpen = false;
  const classes = ["room"];
  if (hands.children.length) classes.push("with-hands");
  if (choosing) classes.push("choosing");
  if (boardOpen) classes.push("board-open");
  const room = el("div", { class: classes.join(" "), "data-tab": tab }, table);
  if (hands.children.length) room.append(hands);
  if (panes.length) {
    // a phone's tabs: the table (with the hands) or a pane
    const tabs = el("nav", { class: "tabs phone-only", "aria-label": T("web-tabs") },
      ...[{ id: "table", label: T("web-table") }, ...panes].map((p) => el("button", {
        type: "button", class: p.id === tab ? "chip active" : "chip", "aria-pressed": String(p.id === tab),
        "data-tab": p.id, onclick: () => { tab = p.id; drawRoom(); } }, p.label)));
    room.prepend(tabs);
    for (const pane of panes) {
      room.append(el("section", { class: pane.id === tab ? "card pane current" : "card pane",
                                  "data-pane": pane.id, "aria-label": pane.label },
        pane.draw()));
    }
  }
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.press;
  $("main").replaceChildren(room);
  if (focused) {  // keep the keyboard where it was
    const again = document.querySelector(`[data-press="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
  if (focusAfterDraw && drawn.has(focusAfterDraw)) {
    // the question they asked for (leave the game?) in view, its first answer focused
    const node = drawn.get(focusAfterDraw).node;
    focusAfterDraw = null;
    node.classList.add("question");
    node.scrollIntoView({ block: "center" });
    const first = node.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }
}

// Closing the table ends everyone's game: asked first, in view.
async function closeTable() {
  if (await ask(T("web-close-ask"), T("web-close-yes"), T("web-cancel"))) command("cancel");
}

function drawRoomNewTable() {
  const box = el("div", {});
  drawNewTable(box);
  openSheetNode(box);
}
