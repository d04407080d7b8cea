// Everything the Mini App asks of Telegram's client (window.Telegram.WebApp, from Telegram's
// script): who opened it, its theme and safe areas, its Back and Main buttons, haptics.
// Outside Telegram (no WebApp) every call does nothing and `initData()` is empty, which the
// server refuses with a sentence the page shows.

const app = (window.Telegram && window.Telegram.WebApp) || null;

export const inTelegram = Boolean(app && app.initData);

export function initData() {
  return (app && app.initData) || "";
}

function cssName(key) {
  return `--tg-theme-${key.replace(/_/g, "-")}`;
}

// Telegram's colours as CSS variables (the stylesheet reads them), and its light or dark
// scheme as the page's.
function applyTheme() {
  const root = document.documentElement;
  for (const [key, value] of Object.entries(app.themeParams || {})) {
    if (typeof value === "string" && /^#[0-9a-fA-F]{3,8}$/.test(value)) root.style.setProperty(cssName(key), value);
  }
  root.dataset.scheme = app.colorScheme === "dark" ? "dark" : "light";
  root.style.colorScheme = root.dataset.scheme;
}

// The device's safe areas (a notch, a home bar) and Telegram's own controls over the page.
function applySafeAreas() {
  const device = app.safeAreaInset || {};
  const content = app.contentSafeAreaInset || {};
  const root = document.documentElement;
  for (const side of ["top", "bottom", "left", "right"]) {
    const inset = (Number(device[side]) || 0) + (Number(content[side]) || 0);
    root.style.setProperty(`--tg-safe-${side}`, `${inset}px`);
  }
}

export function start() {
  if (!app) return;
  applyTheme();
  applySafeAreas();
  app.onEvent?.("themeChanged", applyTheme);
  app.onEvent?.("safeAreaChanged", applySafeAreas);
  app.onEvent?.("contentSafeAreaChanged", applySafeAreas);
  app.ready?.();
  app.expand?.();
}

// Telegram's swipe down, which folds the Mini App, is turned off while a picture takes
// drags (Rafter Five's raft): a finger dragging a card down it would fold the app instead.
export function verticalSwipes(on) {
  if (!app || !app.disableVerticalSwipes || app.isVerticalSwipesEnabled === on) return;
  if (on) app.enableVerticalSwipes();
  else app.disableVerticalSwipes();
}

let backHandler = null;

// Telegram's Back button in its header: shown while `handler` is given.
export function backButton(handler) {
  if (!app || !app.BackButton) return;
  if (backHandler) app.BackButton.offClick(backHandler);
  backHandler = handler || null;
  if (handler) {
    app.BackButton.onClick(handler);
    app.BackButton.show();
  } else {
    app.BackButton.hide();
  }
}

let mainHandler = null;

// Telegram's Main button at the bottom (the move's Confirm): shown while `text` is given.
export function mainButton(text, handler) {
  if (!app || !app.MainButton) return false;
  if (mainHandler) app.MainButton.offClick(mainHandler);
  mainHandler = text ? handler : null;
  if (text) {
    app.MainButton.setText(text);
    app.MainButton.onClick(handler);
    app.MainButton.show();
  } else {
    app.MainButton.hide();
  }
  return true;
}

// A light tap when a choice is made; a success or error buzz when it is answered.
export function haptic(kind) {
  const feedback = app && app.HapticFeedback;
  if (!feedback) return;
  if (kind === "choice") feedback.selectionChanged();
  else feedback.notificationOccurred(kind);
}

export function alert(text) {
  if (app && app.showAlert) {
    app.showAlert(text);
    return true;
  }
  return false;
}

// A link the bot's answer asks to follow: a t.me link opens in Telegram itself (the bot's
// private chat, to finish joining), any other in the browser.
export function openLink(url) {
  if (!/^https:\/\//.test(url)) return;
  if (app && url.startsWith("https://t.me/") && app.openTelegramLink) app.openTelegramLink(url);
  else if (app && app.openLink) app.openLink(url);
  else window.open(url, "_blank", "noopener");
}
