// Clubroom's service worker: it shows pushes and keeps the app icon's badge, and nothing else.
// It has no fetch handler and opens no cache, so it never stores an API answer or anything of a
// signed-in page: every request goes to the network as if it were not there.
/* eslint-env serviceworker */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The payload the server sends (server/src/modules/notifications/push.service.ts): title, body,
 *  url, tag and badge (the unread notification count). */
function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event);
  const shown = self.registration.showNotification(push.title || 'Clubroom', {
    body: push.body || '',
    tag: push.tag || undefined,
    data: { url: typeof push.url === 'string' && push.url.startsWith('/') ? push.url : '/' },
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
  });
  const badge =
    typeof push.badge === 'number' && 'setAppBadge' in self.navigator
      ? push.badge > 0
        ? self.navigator.setAppBadge(push.badge)
        : self.navigator.clearAppBadge()
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, badge.catch(() => undefined)]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
