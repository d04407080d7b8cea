// Who is pressing: the players this browser holds (a hot seat can hold several), the bar on
// top that picks one, adding one, and forgetting them all.
import { S, T, $, el, emit } from "./page.js";
import { post } from "./api.js";
import { toast, failed, ask } from "./sheets.js";

const ACTIVE_KEY = "playground-active";

export function activePlayer() {
  const chosen = localStorage.getItem(ACTIVE_KEY);
  return S.players.find((p) => p.id === chosen) || S.players[0];
}

export function setActive(id) {
  localStorage.setItem(ACTIVE_KEY, id);
  emit("page:players");
}

export function drawTop() {
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
  if (!await ask(T("web-forget-ask"), T("web-forget"), T("web-cancel"))) return;
  try {
    toast((await post("/api/forget", {})).note);
    S.players = [];
    localStorage.removeItem(ACTIVE_KEY);
    setTimeout(() => location.assign("/"), 1500);
  } catch (error) {
    failed(error);
  }
}

export async function addPlayer(event) {
  event.preventDefault();
  const input = $("add-player-name");
  if (!input.value.trim()) return;
  let answer;
  try { answer = await post("/api/player", { name: input.value }); } catch (error) { return failed(error); }
  S.players = answer.players;
  input.value = "";
  $("add-player").close();
  setActive(S.players[S.players.length - 1].id);
  emit("page:player-added");  // the stream sends the panels of the players this browser holds
}
