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

// A question asked in view, before something that cannot be undone (closing a table):
// resolves true when the person says yes. The dialog is modal, so it is always on screen.
export function ask(question, yes, no) {
  return new Promise((resolve) => {
    const dialog = el("dialog", { class: "sheet ask", id: "ask" });
    const answer = (value) => () => { dialog.close(); dialog.remove(); resolve(value); };
    dialog.append(el("p", { class: "ask-question" }, question),
      el("div", { class: "row ask-answers" },
        el("button", { type: "button", class: "quiet", id: "ask-no", onclick: answer(false) }, no),
        el("button", { type: "button", class: "primary danger", id: "ask-yes", onclick: answer(true) }, yes)));
    dialog.addEventListener("cancel", answer(false));  // Escape: no
    document.body.append(dialog);
    dialog.showModal();
    $("ask-no").focus();  // the safe answer is the one a stray Enter gives
  });
}
