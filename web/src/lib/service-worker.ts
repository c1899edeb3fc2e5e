// The installable app's service worker (web/public/sw.js: shows pushes, answers a reminder's
// Going / Can't make it buttons, keeps the icon's badge, caches nothing) and the app icon's badge,
// which shows the header bell's unread count.

/** Registers the service worker once the page has loaded (it never competes with the page). */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The installed app's icon badge: the unread count (cleared at 0), where the platform has one. */
export function setAppBadge(count: number): void {
  if (typeof navigator === 'undefined') return;
  const nav = navigator as BadgeNavigator;
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  void done?.catch(() => undefined);
}
