// The playground's page, its entry: wires the parts (each a module of its own) together.
//   page.js     shared state, texts, node helpers, the page's events
//   api.js      talking to the server (posts, the live stream)
//   sheets.js   toasts and the sheet (dialog)
//   players.js  who presses: the bar on top, adding and forgetting players
//   screens.js  a screen the server drew, as nodes, and its presses
//   picture-touch.js  a picture's drags and drawn controls (shared with the Mini App)
//   log.js      the game's log, a pane beside the board
//   home.js     the first visit and the new table's form
//   table.js    the table screen (board, hands), kept live by the stream
//   router.js   every screen a URL: the home page, a table, a sheet (Back and Forward)
import { S, T, $, on } from "./page.js";
import { post } from "./api.js";
import { drawTop, addPlayer } from "./players.js";
import { drawWelcome, drawHome } from "./home.js";
import { drawRoom, connect } from "./table.js";
import "./log.js";  // the game's log, a pane beside the board
import { openLoadedSheet } from "./router.js";

function start() {
  drawTop();
  if (!S.players.length) return drawWelcome();
  if (!S.room) return drawHome();
  drawRoom();
  connect();
}

on("page:start", start);
on("page:players", () => { drawTop(); drawRoom(); });
on("page:player-added", () => { if (S.room) connect(); });

$("language").addEventListener("change", async (event) => {
  try {
    await post("/api/language", { language: event.target.value, room: S.room || undefined });
  } finally {
    location.reload();
  }
});
$("sheet-close").textContent = T("web-close");
$("add-player-hint").textContent = T("web-add-player-hint");
$("add-player-cancel").textContent = T("web-cancel");
$("add-player-cancel").addEventListener("click", () => $("add-player").close());
$("add-player-go").textContent = T("web-add");
$("add-player-form").addEventListener("submit", addPlayer);
start();
openLoadedSheet();  // Back and Forward are router.js's: a table, the home page, a sheet
