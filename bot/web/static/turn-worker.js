// The service worker that shows a turn's notice where a page may not make one itself
// (Chrome on Android: `new Notification` throws there), and brings the table's tab forward
// when the notice is pressed. turns.js registers it only when a notice needs it.
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
    const tab = tabs.find((t) => t.url === url) || tabs[0];
    return tab ? tab.focus() : self.clients.openWindow(url);
  }));
});
