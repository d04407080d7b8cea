// A screen the server drew (picture, caption, buttons) as page nodes, and its presses.
import { S, el } from "./page.js";
import { post } from "./api.js";
import { toast, failed, openSheetNode } from "./sheets.js";
import { activePlayer } from "./players.js";

// The presser's own answer: a note, and maybe a sheet (rules, history, a menu for them).
export function answered(answer) {
  toast(answer.note, answer.alert);
  if (answer.sheet) openSheet(answer.sheet);
}

export async function press(button, data, player) {
  button.disabled = true;
  try {
    answered(await post("/api/press", { room: S.room, player: player.id, data }));
  } catch (error) {
    failed(error);
  } finally {
    button.disabled = false;
  }
}

export async function command(name) {
  try {
    answered(await post("/api/command", { room: S.room, player: activePlayer().id, name, args: "" }));
  } catch (error) {
    failed(error);
  }
}

export function drawScreen(screen, player) {
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

export function openSheet(screen) {
  openSheetNode(drawScreen(screen, activePlayer));
}
