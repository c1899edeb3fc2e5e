// Connection toasts for the whole client.
import { notify } from './toaster';

export function startOfflineToasts(): () => void {
  const onOffline = () =>
    notify({
      id: 'connection',
      title: 'Connection Lost',
      description: 'You are currently offline. Some features may not work.',
      type: 'warning',
    });
  const onOnline = () =>
    notify({ id: 'connection', title: 'Connection Restored', description: 'You are back online.', type: 'success' });
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}
