/* Push messages for Taleem, imported by the generated service worker (vite-plugin-pwa). */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Taleem";
  const options = {
    body: data.body || data.message || "",
    icon: data.icon || "/icons/icon-192.png",
    badge: "/icons/favicon-32.png",
    tag: data.tag || undefined,
    data: { url: data.url || data.link || "/" },
    dir: data.dir || "auto",
    lang: data.lang || undefined,
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin);
  // Only this app's own pages open from a notification.
  const url = target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if ("focus" in w) {
          w.navigate(url);
          return w.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
