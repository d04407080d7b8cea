// What every part of the page shares: the state the server put in the page, its texts,
// and small helpers to build nodes. The page knows no game and no rule: every word
// comes from the server (translated there), every check is the server's.

export const S = JSON.parse(document.getElementById("state").textContent);

export const T = (key, args = {}) =>
  (S.texts[key] || key).replace(/\{\$(\w+)\}/g, (_, name) => args[name] ?? "");

export const $ = (id) => document.getElementById(id);

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false)
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Parts of the page tell each other what happened by events on the document, so no module
// imports the one that wires them (app.js): "page:start" (draw the page anew),
// "page:players" (the presser changed or was added).
export const emit = (name, detail = {}) => document.dispatchEvent(new CustomEvent(name, { detail }));
export const on = (name, handler) => document.addEventListener(name, (event) => handler(event.detail));
