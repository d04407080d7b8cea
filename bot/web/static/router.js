// Every screen is a URL, so Back and Forward work and a link can be kept: "/" is the home
// page (your tables, your figures, a new table), "/r/<room>" a table, and "?sheet=<name>"
// on either a sheet opened over it (the rules, the history, your figures, help; the rules
// of one game with "&game=<name>"). Going between them draws the page anew, without a
// reload; Back closes a sheet, Forward opens it again.
import { S, $, emit } from "./page.js";
import { post } from "./api.js";
import { failed } from "./sheets.js";
import { activePlayer } from "./players.js";
import { answered } from "./screens.js";

export const SHEETS = ["rules", "history", "stats", "help"];
const ROOM = /^\/r\/([1-9][0-9]{5,17})$/;

function sheetOf(url) {
  const name = url.searchParams.get("sheet");
  return SHEETS.includes(name) ? { name, game: url.searchParams.get("game") || "" } : null;
}

function roomOf(url) {
  const found = ROOM.exec(url.pathname);
  return found ? found[1] : null;
}

// Show a table ("/r/<room>") or the home page ("/"), maybe with a sheet over it, as a new
// step of the browser's history.
export function go(path) {
  if (path !== location.pathname + location.search) history.pushState({}, "", path);
  const url = new URL(location.href);
  S.room = roomOf(url);
  emit("page:start");
  const sheet = sheetOf(url);
  if (sheet) showSheet(sheet);
}

// Open a sheet of the menu (or of the home page) as a step of its own in the history.
export function openSheetAt(name, game = "") {
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("sheet", name);
  if (game) url.searchParams.set("game", game);
  history.pushState({ sheet: true }, "", url.pathname + url.search);
  showSheet({ name, game });
}

async function showSheet({ name, game }) {
  if (!S.room && name === "history") return;  // a table's history: only at a table
  // the server answers it as the command it is (from the home page: with no room)
  try {
    answered(await post("/api/command", { room: S.room || undefined, player: activePlayer().id,
                                          name, args: game }));
  } catch (error) {
    failed(error);
  }
}

// The menu of a table (table.js's <select id="commands">) opens its sheets through here
// first: the capture phase runs before the menu's own handler, which sends the command.
document.addEventListener("change", (event) => {
  const target = event.target;
  if (target && target.id === "commands" && SHEETS.includes(target.value)) {
    const url = new URL(location.href);
    url.search = `?sheet=${target.value}`;
    history.pushState({ sheet: true }, "", url.pathname + url.search);
  }
}, true);

// A sheet closed on the page (its Close button, Escape) is a step back, so that Back then
// leaves the table rather than opening the sheet again.
$("sheet").addEventListener("close", () => {
  if (sheetOf(new URL(location.href))) {
    if (history.state && history.state.sheet) history.back();
    else history.replaceState({}, "", location.pathname);
  }
});

window.addEventListener("popstate", () => {
  const url = new URL(location.href);
  const room = roomOf(url);
  const sheet = sheetOf(url);
  if (room !== S.room) {
    S.room = room;
    if ($("sheet").open) $("sheet").close();
    emit("page:start");
  } else if (!sheet && $("sheet").open) {
    $("sheet").close();
  }
  if (sheet && !$("sheet").open) showSheet(sheet);
});

// A page loaded at a sheet's URL (a reload, a kept link) opens it once the page is drawn.
export function openLoadedSheet() {
  const sheet = sheetOf(new URL(location.href));
  if (sheet && S.players.length) showSheet(sheet);
}
