// The service worker of the installable web app (issue 59), served at /sw.js so that its scope
// is the whole site. It shows the turn notices the server sends by Web Push when no tab of the
// game is open (the payload carries the words, already in the account's language), and a click
// on one focuses a tab of the game or opens it. Open tabs tell of a turn themselves (game.js).

self.addEventListener("push", (event) => {
  let notice = null;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  if (!notice || typeof notice.title !== "string") return;
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: typeof notice.body === "string" ? notice.body : "",
    tag: `turn-${notice.game}`,
    icon: "/static/icons/icon-192.png",
    data: { url: typeof notice.url === "string" ? notice.url : "/" },
  }));
});

/** The page a notice links to, on this site only. */
function target(notification) {
  const url = new URL((notification.data && notification.data.url) || "/", self.location.origin);
  return url.origin === self.location.origin ? url : new URL("/", self.location.origin);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = target(event.notification);
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = tabs.find((tab) => new URL(tab.url).pathname === url.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(url.href);
  })());
});
