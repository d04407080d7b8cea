// The game's log beside the board: every move, grouped by round, newest first, the moves
// since your last turn marked, and one line saying what happened since then. The server
// builds it for the player pressing now (their own events only): GET /api/moves/<room>.
import { S, T, el } from "./page.js";
import { activePlayer } from "./players.js";
import { addPane, roomChanges } from "./table.js";

const node = el("div", { class: "log", id: "log", "aria-live": "polite" });
let fetching = false;
let again = false;  // the room changed while a read was under way: read once more after it
let retrying = false;  // a refused read is tried again once, a second later
let readFor = "";  // the room, player and stream event the shown log was read for

// The log drawn into `element` from the server's answer {since_line, rounds: [{round,
// heading, moves: [{who, text, reason, since}]}]}.
export function renderLog(element, log) {
  const parts = [el("h2", {}, T("web-moves-title"))];
  if (log.since_line) parts.push(el("p", { class: "since-line" }, log.since_line));
  if (!log.rounds.length) parts.push(el("p", { class: "muted" }, T("web-moves-none")));
  let marked = false;
  for (const round of log.rounds) {
    const list = el("ul", { class: "moves" });
    for (const move of round.moves) {
      const item = el("li", { class: move.since ? "move since" : "move" });
      if (move.since && !marked) {
        list.append(el("li", { class: "since-mark" }, T("web-moves-since")));
        marked = true;
      }
      item.append(el("span", { class: "move-text" }, move.text));
      if (move.reason) item.append(el("br"), el("small", { class: "reason" }, "💭 " + move.reason));
      list.append(item);
    }
    parts.push(el("h3", {}, round.heading), list);
  }
  element.replaceChildren(...parts);
}

// Read the log again (after each change the room's stream brings): one read at a time, the
// last change always read.
export async function refreshLog() {
  if (!S.room) return;
  if (fetching) { again = true; return; }
  fetching = true;
  try {
    do {
      again = false;
      const player = S.players.length ? activePlayer() : null;
      const query = player ? `?player=${encodeURIComponent(player.id)}` : "";
      try {
        const response = await fetch(`/api/moves/${S.room}${query}`, { credentials: "same-origin" });
        if (response.ok) {
          renderLog(node, await response.json());
        } else if (response.status === 429 && !retrying) {
          // read too often (moves came fast): the newest log is read a moment later
          retrying = true;
          setTimeout(() => { retrying = false; refreshLog(); }, 1000);
        }
      } catch { /* offline: the stream says so; the next change reads it again */ }
    } while (again);
  } finally {
    fetching = false;
  }
}

// The pane the table screen shows beside the hands (a tab on a phone): the same node each
// time, read again when the room has news or another player presses (not for a redraw that
// only folds the board or switches a tab).
export function logPane() {
  return {
    id: "log",
    label: T("web-moves-title"),
    draw: () => {
      const player = S.players.length ? activePlayer().id : "";
      const wanted = `${S.room}|${player}|${roomChanges}`;
      if (wanted !== readFor) {
        readFor = wanted;
        refreshLog();
      }
      return node;
    },
  };
}

addPane(logPane());  // imported once, by app.js
