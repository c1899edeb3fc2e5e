// Push in the end-to-end tests. Headless Chromium has no push service of its own (its subscribe()
// is refused: 'Registration failed - permission denied', even with the permission granted), so the
// page's PushManager hands out a subscription of the tests' own push receiver instead
// (tests/helpers/push-receiver.ts, which decrypts what the server sends), as a browser's push
// service would: an endpoint and keys. Everything else is real: the permission, the VAPID key from
// the server, registerPushDevice, the server's push to that endpoint, and the service worker that
// shows a push (handed to its push handler inside the worker: showPushInServiceWorker).
import { expect, test, type BrowserContext, type Page, type Worker } from './fixtures.js';
import { PushReceiver, type PushDeviceKeys } from '../helpers/push-receiver.js';

/** This browser's PushManager answers with `device`'s subscription (kept in localStorage, as a
 *  browser keeps its subscription across reloads). */
/** For a spec file whose pages run the service worker (playwright.config.ts blocks it elsewhere):
 *  lets it run, and starts the tests' push receiver for the file. Call at the file's top level;
 *  the answer gives the receiver once started. */
export function usePushReceiver(): () => PushReceiver {
  test.use({ serviceWorkers: 'allow' });
  let receiver: PushReceiver | undefined;
  test.beforeAll(async () => {
    receiver = await PushReceiver.start();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });
  return () => {
    if (!receiver) throw new Error('the push receiver starts in beforeAll');
    return receiver;
  };
}

export async function fakePushService(context: BrowserContext, device: PushDeviceKeys): Promise<void> {
  await context.addInitScript((keys) => {
    const STORE = 'e2e.push-subscription';
    type Stored = PushDeviceKeys & { appKey: number[] };
    const subscriptionOf = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.appKey).buffer },
      getKey: () => null,
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { p256dh: stored.p256dh, auth: stored.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const appKey = Array.from(new Uint8Array(options!.applicationServerKey as ArrayBuffer));
      const stored: Stored = { ...keys, appKey };
      localStorage.setItem(STORE, JSON.stringify(stored));
      return subscriptionOf(stored) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const raw = localStorage.getItem(STORE);
      return raw ? (subscriptionOf(JSON.parse(raw) as Stored) as unknown as PushSubscription) : null;
    };
  }, device);
}


/**
 * The page's service worker once it is activated (the app registers it after the page loads), as
 * the worker itself sees it: on a loaded machine the page saw its registration's worker
 * 'activated' while the worker's own `registration.active` was still unset, and a push shown then
 * failed with 'No active registration available' (a CI run beside another). A push service only
 * wakes an active worker, so the tests hand their pushes to one.
 */
export async function activeServiceWorker(page: Page): Promise<Worker> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state === 'activated');
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: ServiceWorkerRegistration };
    while (scope.registration.active?.state !== 'activated') await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return worker;
}

/**
 * Hands `payload` (what the server pushed, as the receiver decrypted it) to the page's service
 * worker's push handler (sw.js `onPush`, which its `push` listener runs), and answers the
 * notifications it then shows (title, body, the page it opens). The handler runs inside the worker,
 * as tapNotificationButton does for clicks: DevTools' ServiceWorker.deliverPushMessage reports
 * success yet, about once in 40 runs, never reaches the push listener of an activated worker
 * (headless Chromium), so a test built on it fails for no fault of the app. The listener itself
 * (a real PushEvent, read by sw.js `readPush`) is tested in installable-app.spec.ts.
 */
export async function showPushInServiceWorker(page: Page, payload: unknown): Promise<Array<{ title: string; body: string; url: string }>> {
  const worker = await activeServiceWorker(page);
  await worker.evaluate(async (push) => {
    await (globalThis as unknown as { onPush(push: unknown): Promise<unknown> }).onPush(push);
  }, payload);
  return page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url })));
}

/** What a notification shows, read back from the service worker's registration. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions: string[];
}

/**
 * Taps the button `action` of the notification the service worker shows, by running the worker's
 * own click handler (sw.js `onNotificationClick`) on it inside the worker: a script cannot
 * dispatch a `notificationclick` whose handler may wait (an untrusted event's waitUntil throws),
 * and no DevTools command clicks a notification. Answers the handler's error (a tap from a test
 * has no user activation, so `WindowClient.focus()` is refused after a navigation) and the
 * notifications shown afterwards.
 */
export async function tapNotificationButton(context: BrowserContext, action: string): Promise<{ error: string | null; shown: ShownNotification[] }> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async (act) => {
    type Scope = { registration: ServiceWorkerRegistration; onNotificationClick(notification: Notification, action: string): Promise<unknown> };
    const scope = globalThis as unknown as Scope;
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error('no notification to tap');
    let error: string | null = null;
    try {
      await scope.onNotificationClick(shown, act);
    } catch (cause) {
      error = String(cause);
    }
    const after = await scope.registration.getNotifications();
    return {
      error,
      shown: after.map((n) => ({ title: n.title, body: n.body, tag: n.tag, actions: ((n as Notification & { actions?: Array<{ action: string }> }).actions ?? []).map((a) => a.action) })),
    };
  }, action);
}

/** Closes every notification the service worker shows. */
export async function closeNotifications(page: Page): Promise<void> {
  await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));
}
