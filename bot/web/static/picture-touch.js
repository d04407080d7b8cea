// Touching a picture beyond its tap regions, shared by the playground (screens.js) and the
// Telegram Mini App (miniapp.js): the controls the picture does not draw (↻ turn, ? risk),
// and a drag on a picture that takes a point (Rafter Five's raft). Pressing is the page's
// own: each passes what a release sends to its `onPoint`.

export const SVG = "http://www.w3.org/2000/svg";

// A control the picture does not draw (turn the card, How risky?): its disc and its mark.
export function drawMark(svg, shape, tap, polygon) {
  shape.classList.add("control");
  shape.dataset.mark = tap.mark;
  // through the CSSOM: the pages' policy refuses style attributes
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

// `onPoint(data, [x, y])`: the press's data (the screen's prefix and the point) and where
// it ended, in the picture's pixels.
export function takeDrags(svg, screen, width, height, onPoint) {
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
    const shape = event.target instanceof SVGPolygonElement ? event.target : null;
    drag = { id: event.pointerId, start: toPicture(event), at: null, moved: false, shape,
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
    const { start, moved, shape } = drag;
    const end = moved ? toPicture(event) : start;
    clear();
    if (event.type === "pointercancel") return;
    swallowClick = true;  // the browser's own click, if one follows, presses nothing more
    if (!moved && shape) {
      // a tap on a region presses it here: Chromium brought no click for a quick touch
      // on a picture that had just been dragged on (touch-action: none)
      shape.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    const [x, y] = end;
    const where = start[0] === x && start[1] === y ? `${x},${y}` : `${x},${y},${start[0]},${start[1]}`;
    onPoint(`${screen.drag}:${where}`, end);
  };
  svg.addEventListener("pointerup", lifted);
  svg.addEventListener("pointercancel", lifted);
  // what a release pressed (a drag, a region tapped) the browser's click must not press again
  svg.addEventListener("click", (event) => {
    if (!swallowClick || !event.isTrusted) return;
    swallowClick = false;
    event.stopPropagation();
  }, true);
}

// The place a point press landed, as a Confirm's place ("tap it again"): a square about it.
export function pointPlace([x, y]) {
  return [[x - 40, y - 40], [x + 40, y - 40], [x + 40, y + 40], [x - 40, y + 40]];
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
