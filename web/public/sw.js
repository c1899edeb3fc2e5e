// Clubroom's service worker: it shows pushes, answers one-tap buttons (a reminder's Going / Can't
// make it, an offered volunteer place's Accept / Decline) and keeps the app icon's badge, and
// nothing else. It has no fetch handler and opens no cache, so it never stores an API answer or
// anything of a signed-in page: every request goes to the network as if it were not there. The one
// request of its own is a tapped button's answer (the public answerSessionByLink or
// answerPlaceOfferByLink mutation, without credentials: the signed link is the authority).
/* eslint-env serviceworker */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The most buttons a notification carries (server: PUSH_ACTIONS_MAX). */
const ACTIONS_MAX = 2;
/** How long a tapped button waits for the server before opening the link's page instead (a
 *  window may be opened only soon after the tap). */
const ANSWER_TIMEOUT_MS = 5000;
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

/** The one-tap links a button may carry, by their path: the public mutation that applies one, where
 *  its answer is in the result, and what the notification says once it is saved. */
const ONE_TAP = {
  '/sessions/answer': {
    operationName: 'AnswerSessionByLinkFromPush',
    query:
      'mutation AnswerSessionByLinkFromPush($input: AnswerSessionByLinkInput!) { answerSessionByLink(input: $input) { answer { answer waitingPosition } userErrors { field code message } } }',
    field: 'answerSessionByLink',
    result: 'answer',
    saved(answer) {
      if (answer.answer === 'GOING') return 'Saved: you’re going.';
      if (answer.answer === 'CANT') return 'Saved: you can’t make it.';
      return `Saved: the event is full, you’re on the waiting list${answer.waitingPosition ? ` (number ${answer.waitingPosition})` : ''}.`;
    },
  },
  '/offers/answer': {
    operationName: 'AnswerPlaceOfferByLinkFromPush',
    query: 'mutation AnswerPlaceOfferByLinkFromPush($input: AnswerPlaceOfferByLinkInput!) { answerPlaceOfferByLink(input: $input) { application { status } userErrors { field code message } } }',
    field: 'answerPlaceOfferByLink',
    result: 'application',
    saved(application) {
      return application.status === 'ACCEPTED' ? 'Saved: the place is yours.' : 'Saved: you declined; the place goes to the next in line.';
    },
  },
};

/** The payload the server sends (server/src/modules/notifications/push.service.ts): title, body,
 *  url, tag, badge (the unread notification count) and, for some, actions (at most two buttons,
 *  each an action name, a title and the web app path it acts on). */
function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

/** `url` when it is a path of this web app, else null (never another origin: '//host' is one). */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}

self.addEventListener('push', (event) => {
  event.waitUntil(onPush(readPush(event)));
});

/**
 * Shows a push (its payload, `push`) and sets the icon's badge. A named function so that the
 * end-to-end tests can run it in the worker with what the server sent (tests/e2e/push-support.ts:
 * DevTools' deliverPushMessage sometimes never reaches the push handler in headless Chromium).
 */
function onPush(push) {
  const actions = (Array.isArray(push.actions) ? push.actions : [])
    .filter((a) => a && typeof a.action === 'string' && typeof a.title === 'string' && appPath(a.url))
    .slice(0, ACTIONS_MAX);
  const shown = self.registration.showNotification(push.title || 'Clubroom', {
    body: push.body || '',
    tag: push.tag || undefined,
    actions: actions.map((a) => ({ action: a.action, title: a.title })),
    data: { url: appPath(push.url) || '/', actions: Object.fromEntries(actions.map((a) => [a.action, a.url])) },
    icon: ICON,
    badge: BADGE,
  });
  let badge = Promise.resolve();
  try {
    if (typeof push.badge === 'number' && 'setAppBadge' in self.navigator) badge = push.badge > 0 ? self.navigator.setAppBadge(push.badge) : self.navigator.clearAppBadge();
  } catch {
    // No badge on this platform: the notification still shows.
  }
  return Promise.all([shown, Promise.resolve(badge).catch(() => undefined)]);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(onNotificationClick(event.notification, event.action));
});

/**
 * A tap on `notification`: on one of its buttons (`action`), the button's one-tap answer, at once
 * and without opening a window (answerByButton); on its body, the page it names, in the app's open
 * window or a new one. A named function so that the end-to-end tests can run it with a shown
 * notification (a script cannot dispatch a notificationclick that may wait: tests/e2e/push.spec.ts).
 */
function onNotificationClick(notification, action) {
  notification.close();
  const data = notification.data || {};
  const link = action && data.actions ? appPath(data.actions[action]) : null;
  if (link) return answerByButton(notification, link);
  return openPage(appPath(data.url) || '/');
}

/** Opens `path` in the app's open window (or a new one) and brings it to the front. */
function openPage(path) {
  const url = new URL(path, self.location.origin).href;
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (open) return open.navigate(url).then((w) => (w || open).focus());
    return self.clients.openWindow(url);
  });
}

/**
 * A button: answers with the link's token (`/sessions/answer?token=…`, `/offers/answer?token=…`)
 * through its public mutation (JSON, as Apollo's CSRF prevention asks; no credentials), and on
 * success replaces the notification with a short confirmation (same tag). On a refusal (a used
 * link, a cancelled session, an offer that ran out) or no answer from the server, opens the link's
 * page instead, which says why (or asks again).
 */
async function answerByButton(notification, link) {
  const url = new URL(link, self.location.origin);
  const kind = ONE_TAP[url.pathname];
  const token = url.searchParams.get('token');
  let saved = null;
  if (kind && token) {
    try {
      const response = await fetch('/graphql', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ operationName: kind.operationName, query: kind.query, variables: { input: { token } } }),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const body = response.ok ? await response.json() : null;
      const payload = body && body.data ? body.data[kind.field] : null;
      if (payload && payload[kind.result] && Array.isArray(payload.userErrors) && payload.userErrors.length === 0) saved = payload[kind.result];
    } catch {
      saved = null;
    }
  }
  if (!saved) return openPage(link);
  return self.registration.showNotification(notification.title || 'Clubroom', {
    body: kind.saved(saved),
    tag: notification.tag || undefined,
    data: { url: appPath(notification.data && notification.data.url) || '/' },
    icon: ICON,
    badge: BADGE,
  });
}
