// Connection toasts for the whole client.
//
// 'Connection Restored' used to update the 'Connection Lost' toast in place (same id): it could
// land on a toast that was timing out or already removed, and as a 2 s success toast it passed
// unseen when the connection came back while the member was in another window.
// Now each notice has its own toast: 'Connection Lost' stays while offline, going online closes
// it (and the stale 'Network Error'), and 'Connection Restored' shows for 5 s once the page is
// visible.
import { NETWORK_ERROR_TOAST_ID } from './request-errors';
import { notify, toaster } from './toaster';

const LOST_ID = 'connection-lost';
const RESTORED_ID = 'connection-restored';
const RESTORED_MS = 5_000;

export function startOfflineToasts(): () => void {
  let waitingForVisible: (() => void) | null = null;
  const cancelWaiting = () => {
    if (waitingForVisible) document.removeEventListener('visibilitychange', waitingForVisible);
    waitingForVisible = null;
  };

  const showRestored = () =>
    notify({ id: RESTORED_ID, title: 'Connection Restored', description: 'You are back online.', type: 'success', duration: RESTORED_MS });

  const onOffline = () => {
    cancelWaiting();
    toaster.dismiss(RESTORED_ID);
    notify({
      id: LOST_ID,
      title: 'Connection Lost',
      description: 'You are currently offline. Some features may not work.',
      type: 'warning',
      duration: Infinity,
    });
  };

  const onOnline = () => {
    toaster.dismiss(LOST_ID);
    toaster.dismiss(NETWORK_ERROR_TOAST_ID);
    cancelWaiting();
    if (document.visibilityState !== 'hidden') {
      showRestored();
      return;
    }
    waitingForVisible = () => {
      if (document.visibilityState === 'hidden') return;
      cancelWaiting();
      if (navigator.onLine) showRestored();
    };
    document.addEventListener('visibilitychange', waitingForVisible);
  };

  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    cancelWaiting();
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}
