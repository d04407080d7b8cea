// The opening screens: the first visit (a name), and the home page: the tables this
// browser's players sit at (whose turn it is), their figures over every table here, and
// the form that opens a new table, its options shown with their names, a sentence each and
// the values they take. A value the game refuses is said beside it, and nothing is opened.
import { S, T, $, el, emit, on } from "./page.js";
import { post } from "./api.js";
import { failed, closeSheet } from "./sheets.js";
import { activePlayer } from "./players.js";
import { answered, drawScreen } from "./screens.js";
import { go, openSheetAt } from "./router.js";

// home.css: the home page's own look (app.css is the table screen's)
document.head.append(el("link", { rel: "stylesheet", href: "/static/home.css" }));

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

// --- the home page -----------------------------------------------------------------------

const REFRESH_MS = 20000;  // the tables' turns are looked at again while home is shown
let refresh = null;

export function drawHome() {
  const tables = el("section", { class: "card stack", id: "my-tables", "aria-labelledby": "my-tables-title" },
    el("h2", { id: "my-tables-title" }, T("web-home-tables")));
  const figures = el("section", { class: "card stack", id: "my-figures", "aria-labelledby": "my-figures-title" },
    el("h2", { id: "my-figures-title" }, T("web-home-figures")));
  const newTable = el("div", {});
  drawNewTable(newTable);
  $("main").replaceChildren(el("div", { class: "home" }, tables, newTable, figures));
  fillTables(tables);
  fillFigures(figures);
  clearInterval(refresh);
  refresh = setInterval(() => {
    if (S.room || !document.body.contains(tables)) return clearInterval(refresh);
    if (!document.hidden) fillTables(tables, true);
  }, REFRESH_MS);
}

// Another player of this browser chosen on top: their figures (the tables are everyone's).
on("page:players", () => {
  const figures = !S.room && $("my-figures");
  if (figures) {
    figures.replaceChildren(el("h2", { id: "my-figures-title" }, T("web-home-figures")));
    fillFigures(figures);
  }
});

async function fillTables(box, quietly = false) {
  let home;
  try {
    const response = await fetch("/api/home", { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${response.status}`);
    home = await response.json();
  } catch (error) {
    return quietly ? null : failed(error);
  }
  box.replaceChildren(box.querySelector("h2"));
  const several = home.players.length > 1;
  const list = el("ul", { class: "my-tables" });
  const played = el("ul", { class: "my-tables", id: "my-games" });
  const seen = new Set();  // a game two players of this browser played is listed once
  for (const player of home.players) {
    for (const table of player.tables) list.append(tableItem(table, several ? player.name : null));
    for (const game of player.games) {
      if (seen.has(game.room + game.ended)) continue;
      seen.add(game.room + game.ended);
      played.append(gameItem(game));
    }
  }
  box.append(list.children.length ? list : el("p", { class: "muted", id: "no-tables" }, T("web-home-no-tables")));
  if (played.children.length) box.append(el("h3", {}, T("web-home-games")), played);
}

// A game that ended: its table's history (to replay it) is a sheet over its table.
function gameItem(game) {
  const where = `/r/${game.room}?sheet=history`;
  return el("li", { class: "my-table past" },
    el("a", { href: where, class: "go", "data-room": game.room,
              onclick: (event) => { event.preventDefault(); go(where); } },
      el("strong", {}, game.game), el("span", { class: "muted" }, ` · ${game.ended}`)),
    el("span", { class: "status" }, game.result));
}

function tableItem(table, name) {
  const where = `/r/${table.room}`;
  const status = !table.playing ? T("web-home-lobby")
    : table.yours ? T("web-home-your-turn")
    : table.turn.length ? T("web-home-turn-of", { names: table.turn.join(", ") }) : "";
  const link = el("a", { href: where, class: "go", "data-room": table.room, title: T("web-home-go"),
                         onclick: (event) => { event.preventDefault(); go(where); } },
    el("strong", {}, table.game), name ? el("span", { class: "muted" }, ` · ${name}`) : null);
  return el("li", { class: table.yours ? "my-table yours" : "my-table" },
    link, el("span", { class: table.yours ? "status yours" : "status muted" }, status));
}

// The active player's figures over every table here: the server draws them as Stats.
async function fillFigures(box) {
  const player = activePlayer();
  if (S.players.length > 1) box.querySelector("h2").textContent = T("web-home-figures-of", { name: player.name });
  let answer;
  try {
    answer = await post("/api/command", { player: player.id, name: "stats", args: "" });
  } catch (error) {
    return failed(error);
  }
  if (answer.sheet) box.append(drawScreen(answer.sheet, player));
  else if (answer.note) box.append(el("p", { class: "muted" }, answer.note));
}

// --- opening a table ---------------------------------------------------------------------

// One option as a control: a switch, a choice among a few values, or a number in a range;
// with its name, its sentence, what it takes, and (once refused) why, in view.
function optionField(o) {
  const id = `option-${o.name}`;
  const about = el("p", { class: "about muted", id: `${id}-about` }, o.about,
    o.switch ? null : el("span", { class: "allowed" }, " " + T("web-option-allowed", { allowed: o.allowed_text })));
  const error = el("p", { class: "option-error", id: `${id}-error`, role: "alert", hidden: true });
  const described = `${id}-about ${id}-error`;
  let control;
  if (o.switch) {
    control = el("input", { type: "checkbox", id, name: o.name, checked: o.default, "aria-describedby": described });
    return el("div", { class: "option switch", "data-option": o.name },
      el("label", { for: id }, control, " ", el("strong", {}, o.title)), about, error);
  }
  if (o.allowed.length && o.allowed.length <= 8) {
    control = el("select", { id, name: o.name, "aria-describedby": described },
      ...o.allowed.map((v) => el("option", { value: String(v), selected: v === o.default }, String(v))));
  } else {
    control = el("input", { type: "number", id, name: o.name, value: String(o.default), inputmode: "numeric", step: "1",
                            min: o.allowed.length ? String(o.allowed[0]) : null,
                            max: o.allowed.length ? String(o.allowed[o.allowed.length - 1]) : null,
                            "aria-describedby": described });
  }
  return el("div", { class: "option number", "data-option": o.name },
    el("label", { for: id }, el("strong", {}, o.title)), control, about, error);
}

// What the form says now, by option: a number as typed (text the server refuses, in view).
function chosenValues(game, options) {
  const chosen = {};
  for (const o of game.options) {
    const input = options.querySelector(`[name="${o.name}"]`);
    if (o.switch) { chosen[o.name] = input.checked; continue; }
    const typed = input.value.trim();
    chosen[o.name] = /^-?[0-9]{1,6}$/.test(typed) ? Number(typed) : typed;
  }
  return chosen;
}

// "lighthouse zone_size=7": the game and the options set apart from their defaults, as
// /rules reads them (a value the game does not take is left out: the form says so on Open).
function rulesOf(game, options) {
  const words = [game.name];
  for (const [name, value] of Object.entries(chosenValues(game, options))) {
    const o = game.options.find((option) => option.name === name);
    if (value === o.default || !(o.switch || o.allowed.includes(value))) continue;
    words.push(`${name}=${o.switch ? (value ? "on" : "off") : value}`);
  }
  return words.join(" ");
}

function clearErrors(form) {
  for (const node of form.querySelectorAll(".option-error, .form-error")) { node.hidden = true; node.textContent = ""; }
  for (const node of form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
}

// A refusal said where it belongs: beside the option it names, else above Open.
function showRefusal(form, error) {
  const answer = error.answer || {};
  const field = answer.option && form.querySelector(`[data-option="${CSS.escape(answer.option)}"]`);
  const where = field ? field.querySelector(".option-error") : form.querySelector(".form-error");
  where.textContent = error.note || T("web-error");
  where.hidden = false;
  const control = field && field.querySelector("input, select");
  if (control) { control.setAttribute("aria-invalid", "true"); control.focus(); }
  where.scrollIntoView({ block: "nearest" });
}

export function drawNewTable(into) {
  let chosen = S.games[0];
  const options = el("div", { class: "options" });
  const games = el("div", { class: "games", role: "group", "aria-label": T("web-choose-game") });
  // the chosen game's rules, as the form's options (those the game takes) change them
  const rules = el("button", { type: "button", class: "quiet", id: "game-rules",
                               onclick: () => openSheetAt("rules", rulesOf(chosen, options)) }, "📖 " + T("web-rules"));
  const formError = el("p", { class: "form-error", role: "alert", hidden: true });
  function choose(game) {
    chosen = game;
    for (const node of games.children) node.setAttribute("aria-pressed", String(node.dataset.game === game.name));
    options.replaceChildren(...game.options.map(optionField));
    optionsBox.hidden = !game.options.length;
    clearErrors(form);
  }
  for (const game of S.games) {
    games.append(el("button", { type: "button", class: "game", "data-game": game.name, onclick: () => choose(game) },
      el("strong", {}, game.title), el("span", {}, game.tagline)));
  }
  const optionsBox = el("fieldset", { class: "stack options-box" }, el("legend", {}, T("web-options")), options);
  const open = el("button", { type: "submit", class: "primary", id: "open-table" }, T("web-open"));
  const form = el("form", { class: "card stack", id: "new-table", novalidate: true },
    el("h2", {}, T("web-new-table")), el("p", { class: "muted" }, T("web-choose-game")),
    games, optionsBox, formError, el("div", { class: "row" }, open, rules));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    open.disabled = true;
    try {
      const answer = await post("/api/new", { player: activePlayer().id, game: chosen.name,
                                              options: chosenValues(chosen, options), room: S.room || undefined });
      if (into.closest("dialog")) closeSheet();  // the form was in the sheet: it is done
      answered(answer);
      if (answer.room && answer.room !== S.room) go(`/r/${answer.room}`);
    } catch (error) {
      if (error.answer && "option" in error.answer) showRefusal(form, error);
      else failed(error);
    } finally {
      open.disabled = false;
    }
  });
  choose(chosen);
  into.append(form);
}
