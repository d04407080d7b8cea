// Never lose your turn: when one of this browser's players is to act and the tab is hidden
// (or its window is not the one in use), a short sound, a system notification (asked for
// once, with a word on why) and a badge on the tab's icon; the badge and the title go back
// when the tab is seen again.
import { T, el } from "./page.js";

const ASKED_KEY = "playground-notify-asked";
const icon = (badge) => "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'><text y='.9em' font-size='90'>🎲</text>" +
  (badge ? "<circle cx='76' cy='24' r='22' fill='#e0301e' stroke='white' stroke-width='6'/>" : "") +
  "</svg>");

let audio = null;
// a browser lets a page sound only after a gesture: the first press or key anywhere opens it
function openAudio() {
  if (!audio && window.AudioContext) audio = new AudioContext();
}
document.addEventListener("pointerdown", openAudio, { once: true });
document.addEventListener("keydown", openAudio, { once: true });

// away: the tab hidden, or shown in a window behind another one
const away = () => document.hidden || !document.hasFocus();

function chime() {
  if (!audio) return;
  if (audio.state === "suspended") audio.resume().catch(() => {});  // paused in the background
  const now = audio.currentTime;
  for (const [i, pitch] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + i * 0.18);
    tone.stop(now + i * 0.18 + 0.32);
  }
}

function setBadge(on) {
  const link = document.querySelector("link[rel=icon]");
  if (link) link.href = icon(on);
  document.title = (on ? "🔔 " : "") + T("web-title");
}

// Called with the names of this browser's players who have just come to act.
export function turnCame(names) {
  if (!names.length || !away()) return;
  setBadge(true);
  chime();
  if (window.Notification && Notification.permission === "granted") {
    // one notice at a time (the tag), yet a reminder in the same turn rings again (renotify)
    const title = T("web-turn-notice-title");
    const options = { tag: "playground-turn", renotify: true,
                      body: T("web-turn-notice-body", { names: names.join(", ") }) };
    try {
      const notice = new Notification(title, options);
      notice.onclick = () => { window.focus(); notice.close(); };
    } catch {
      // Chrome on Android makes notices through a service worker only
      if (navigator.serviceWorker)
        noticeByWorker(title, { ...options, data: { url: location.href } }).catch(() => {});
    }
  }
}

const WORKER = "/static/turn-worker.js";

// A notice made by the service worker, registered the first time one is needed (and so
// waited for until it is active).
async function noticeByWorker(title, options) {
  const registration = await navigator.serviceWorker.register(WORKER);
  const worker = registration.installing || registration.waiting;
  if (!registration.active && worker) {
    await new Promise((done) => {
      const check = () => { if (worker.state === "activated" || worker.state === "redundant") done(); };
      worker.addEventListener("statechange", check);
      check();
    });
  }
  await registration.showNotification(title, options);
}

const back = () => { if (!away()) setBadge(false); };
document.addEventListener("visibilitychange", back);
window.addEventListener("focus", back);

// The one-time offer of notifications, with its reason, shown above the hands until answered.
export function notifyOffer() {
  if (!window.Notification || Notification.permission !== "default" || localStorage.getItem(ASKED_KEY))
    return null;
  const box = el("div", { class: "card notify-offer", id: "notify-offer", role: "region",
                          "aria-label": T("web-notify-title") });
  const done = () => { localStorage.setItem(ASKED_KEY, "1"); box.remove(); };
  box.append(el("p", {}, T("web-notify-why")),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", id: "notify-yes", onclick: async () => {
        done();
        try { await Notification.requestPermission(); } catch { /* an old browser: no notices */ }
      } }, T("web-notify-yes")),
      el("button", { type: "button", class: "quiet", id: "notify-no", onclick: done }, T("web-notify-no"))));
  return box;
}
