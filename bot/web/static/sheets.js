// What opens over the page: toasts (short notes) and the sheet (a dialog with a screen).
import { $, T, el } from "./page.js";

export function toast(text, alert = false) {
  if (!text) return;
  const node = el("div", { class: alert ? "toast alert" : "toast", role: alert ? "alert" : "status" }, text);
  $("toasts").append(node);
  while ($("toasts").children.length > 2) $("toasts").firstChild.remove();  // the newest say most
  setTimeout(() => node.remove(), alert ? 5000 : 3000);
}

export const failed = (error) => toast(error.note || T("web-error"), true);

export function openSheetNode(node) {
  $("sheet-body").replaceChildren(node);
  if (!$("sheet").open) $("sheet").showModal();
  $("sheet").scrollTop = 0;  // a long text (the rules) is read from its start
}

export function closeSheet() {
  if ($("sheet").open) $("sheet").close();
}
