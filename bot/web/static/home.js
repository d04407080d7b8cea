// The opening screens: the first visit (a name) and the form that opens a new table.
import { S, T, $, el, emit } from "./page.js";
import { post } from "./api.js";
import { failed, closeSheet } from "./sheets.js";
import { activePlayer } from "./players.js";
import { answered } from "./screens.js";

export function drawWelcome() {
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
    emit("page:start");
    answered(answer);
  });
  $("main").replaceChildren(form);
  input.focus();
}

// The page with no room: the new table's form.
export function drawHome() {
  const home = el("div", { class: "stack" });
  drawNewTable(home);
  $("main").replaceChildren(home);
}

export function drawNewTable(into) {
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
      closeSheet();
      if (answer.room && answer.room !== S.room) {
        history.pushState({}, "", `/r/${answer.room}`);
        S.room = answer.room;
        emit("page:start");
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
