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

const SVG = "http://www.w3.org/2000/svg";
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
  if (screen.drag) takeDrags(svg, screen, player, width, height);
  return el("div", { class: "picture" }, img, svg);
}

// A control the picture does not draw (turn the card, How risky?): its disc and its mark.
function drawMark(svg, shape, tap, polygon) {
  shape.classList.add("control");
  shape.dataset.mark = tap.mark;
  // through the CSSOM: the page's policy refuses style attributes
  Object.assign(shape.style, { fill: "#101820cc", stroke: "#ffd54a", strokeWidth: "3px" });
  const xs = polygon.map((p) => p[0]), ys = polygon.map((p) => p[1]);
  const r = (Math.max(...ys) - Math.min(...ys)) / 2;
  const text = document.createElementNS(SVG, "text");
  text.setAttribute("x", (Math.max(...xs) + Math.min(...xs)) / 2);
  text.setAttribute("y", (Math.max(...ys) + Math.min(...ys)) / 2);
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("dominant-baseline", "central");
  text.setAttribute("font-size", Math.round(1.3 * r));
  text.setAttribute("fill", "#ffd54a");
  text.setAttribute("pointer-events", "none");
  text.textContent = tap.mark;
  svg.append(text);
}

// --- dragging on the picture (Rafter Five's raft) ---------------------------------------
// A picture that takes a point (`screen.drag`): dragging on it (a finger or the mouse)
// shows where it goes, and on release sends where it ended and began as a press; the
// server snaps it to the nearest legal choice and draws the ghost there. A tap on nothing
// sends its point too; a tap on a region is the region's. Two fingers turned a quarter
// way press the turn control (↻) when the picture has one.

const DRAG_PX = 8;  // a move shorter than this (screen pixels) is a tap
const TURN_DEG = 25;

function takeDrags(svg, screen, player, width, height) {
  svg.classList.add("draggable");
  svg.dataset.drag = screen.drag;
  svg.style.touchAction = "none";  // the page does not scroll under a finger that drags
  const pointers = new Map();  // pointer id -> {x, y} on screen, where it went down and is
  let drag = null;  // {id, start, at, moved, onShape, mark}
  let twist = null;  // {from, turn}
  let swallowClick = false;

  const toPicture = (event) => {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const at = point.matrixTransform(svg.getScreenCTM().inverse());
    return [Math.min(width - 1, Math.max(0, Math.round(at.x))),
            Math.min(height - 1, Math.max(0, Math.round(at.y)))];
  };
  const angle = () => {
    const [a, b] = [...pointers.values()];
    return Math.atan2(b.y - a.y, b.x - a.x) * 180 / Math.PI;
  };
  const clear = () => {
    if (drag && drag.mark) drag.mark.remove();
    drag = null;
  };

  svg.addEventListener("pointerdown", (event) => {
    if (event.button > 0) return;
    swallowClick = false;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {  // a second finger: a turn, not a drag
      clear();
      twist = { from: angle(), turn: 0 };
      return;
    }
    if (pointers.size > 2) return;
    const onShape = event.target instanceof SVGPolygonElement;
    drag = { id: event.pointerId, start: toPicture(event), at: null, moved: false, onShape,
             x: event.clientX, y: event.clientY, mark: null };
  });
  svg.addEventListener("pointermove", (event) => {
    if (pointers.has(event.pointerId)) pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (twist && pointers.size === 2) {
      twist.turn = angle() - twist.from;
      return;
    }
    if (!drag || drag.id !== event.pointerId) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.mark = dragMark(svg, drag.start);
      if (svg.setPointerCapture) svg.setPointerCapture(event.pointerId);
    }
    drag.at = toPicture(event);
    moveMark(drag.mark, drag.start, drag.at);
  });
  const lifted = (event) => {
    pointers.delete(event.pointerId);
    if (twist) {
      if (pointers.size === 0) {
        const turned = Math.abs(twist.turn) >= TURN_DEG;
        twist = null;
        const turn = svg.querySelector("polygon.control[data-mark='↻']");
        if (turned && turn) turn.dispatchEvent(new MouseEvent("click"));
        swallowClick = true;  // nor may the fingers' own click press what is under them
      }
      return;
    }
    if (!drag || drag.id !== event.pointerId) return;
    const { start, moved, onShape } = drag;
    const end = moved ? toPicture(event) : start;
    clear();
    if (event.type === "pointercancel" || !moved && onShape) return;  // the region's click
    swallowClick = moved;
    const who = whoOf(player);
    const [x, y] = end;
    lastTap.set(who.id, [[x - 40, y - 40], [x + 40, y - 40], [x + 40, y + 40], [x - 40, y + 40]]);
    const where = start[0] === x && start[1] === y ? `${x},${y}` : `${x},${y},${start[0]},${start[1]}`;
    press(svg, `${screen.drag}:${where}`, who);
  };
  svg.addEventListener("pointerup", lifted);
  svg.addEventListener("pointercancel", lifted);
  // a drag that ends where it began on a region must not press that region as well
  svg.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.stopPropagation();
  }, true);
}

// Where the drag goes: a ring under the finger and a line from where it began.
function dragMark(svg, start) {
  const group = document.createElementNS(SVG, "g");
  group.setAttribute("class", "drag-mark");
  group.setAttribute("pointer-events", "none");
  const line = document.createElementNS(SVG, "line");
  line.setAttribute("x1", start[0]);
  line.setAttribute("y1", start[1]);
  line.setAttribute("stroke", "#ffd54a");
  line.setAttribute("stroke-width", "6");
  line.setAttribute("stroke-dasharray", "16 10");
  const ring = document.createElementNS(SVG, "circle");
  ring.setAttribute("r", "44");
  ring.setAttribute("fill", "#ffd54a44");
  ring.setAttribute("stroke", "#ffd54a");
  ring.setAttribute("stroke-width", "6");
  group.append(line, ring);
  svg.append(group);
  return group;
}

function moveMark(mark, start, at) {
  const [line, ring] = mark.children;
  line.setAttribute("x2", at[0]);
  line.setAttribute("y2", at[1]);
  ring.setAttribute("cx", at[0]);
  ring.setAttribute("cy", at[1]);
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
