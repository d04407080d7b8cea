// A screen the server drew (picture, caption, buttons) as page nodes, and its presses.
import { S, el } from "./page.js";
import { post } from "./api.js";
import { toast, failed, openSheetNode } from "./sheets.js";
import { activePlayer } from "./players.js";
import { SVG, drawMark, pointPlace, takeDrags } from "./picture-touch.js";

// The presser's own answer: a note, and maybe a sheet (rules, history, a menu for them).
export function answered(answer) {
  toast(answer.note, answer.alert);
  if (answer.sheet) openSheet(answer.sheet);
}

// A press marks its message busy (nothing in it can be pressed again) until the server
// draws it anew, or says no, or a while has passed with nothing new (a press that changes
// nothing): a second press on a panel being worked out (Rafter Five's physics) would be
// refused as outdated.
const BUSY_AT_MOST_MS = 8000;

function setBusy(box, busy) {
  if (!box) return;
  box.classList.toggle("busy", busy);
  box.setAttribute("aria-busy", String(busy));
  for (const b of box.querySelectorAll("button[data-press]")) b.disabled = busy;
}

export async function press(source, data, player) {
  const box = source.closest(".message");
  if (box && box.classList.contains("busy")) return;
  setBusy(box, true);
  if (source.tagName === "BUTTON") lastTap.delete(player.id);
  let settled = false;
  try {
    const answer = await post("/api/press", { room: S.room, player: player.id, data });
    answered(answer);
    // a hand's choices wait for the hand drawn anew; a refusal leaves it as it was, and
    // a message of the room (a lobby, the board) takes its next press at once
    settled = Boolean(answer.alert) || !source.closest(".hand");
  } catch (error) {
    failed(error);
    settled = true;
  } finally {
    if (settled) setBusy(box, false);
    else setTimeout(() => setBusy(box, false), BUSY_AT_MOST_MS);
  }
}

export async function command(name) {
  try {
    answered(await post("/api/command", { room: S.room, player: activePlayer().id, name, args: "" }));
  } catch (error) {
    failed(error);
  }
}

// --- touching the picture --------------------------------------------------------------

const lastTap = new Map();  // player id -> the polygon they last tapped (a Confirm's place)
const whoOf = (player) => (typeof player === "function" ? player() : player);

// The picture, with the parts that may be touched laid over it (the server's `taps`: each
// the same press as one of the buttons below, which stay for keyboards and screen readers).
function drawPicture(screen, player) {
  const [width, height] = screen.size || [];
  const img = el("img", { src: screen.image, alt: "", loading: "lazy", width, height });
  if (!screen.taps || !screen.size) return img;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "taps");
  svg.setAttribute("aria-hidden", "true");
  for (const tap of screen.taps) {
    // an empty polygon: the place tapped to reach this step (tapping it again confirms)
    const polygon = tap.polygon.length ? tap.polygon : (lastTap.get(whoOf(player).id) || []);
    if (polygon.length < 3) continue;
    const shape = document.createElementNS(SVG, "polygon");
    shape.setAttribute("points", polygon.map((p) => p.join(",")).join(" "));
    shape.setAttribute("class", tap.confirms ? "tap confirm" : "tap");
    shape.dataset.tap = tap.data;
    shape.addEventListener("click", () => {
      const who = whoOf(player);
      lastTap.set(who.id, polygon);
      press(shape, tap.data, who);
    });
    svg.append(shape);
    if (tap.mark) drawMark(svg, shape, tap, polygon);
  }
  if (screen.drag) {
    takeDrags(svg, screen, width, height, (data, end) => {
      const who = whoOf(player);
      lastTap.set(who.id, pointPlace(end));
      press(svg, data, who);
    });
  }
  return el("div", { class: "picture" }, img, svg);
}

export function drawScreen(screen, player) {
  const box = el("div", { class: "message" });
  if (screen.image) box.append(drawPicture(screen, player));
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
        button.addEventListener("click", () => press(button, b.data, whoOf(player)));
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
