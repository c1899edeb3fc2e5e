// Last-resort handlers for errors nothing else caught: logged, and one toast for the user.
import { notify } from './toaster';

/** Browsers report this harmless layout notice as an error event; it is not the user's problem. */
const BENIGN_MESSAGES = ['ResizeObserver loop'];

function isBenign(message: string): boolean {
  return BENIGN_MESSAGES.some((benign) => message.includes(benign));
}

export function startGlobalErrorHandlers(): () => void {
  const onError = (event: ErrorEvent) => {
    if (isBenign(event.message ?? '')) return;
    console.error('Uncaught error:', event.error ?? event.message);
    notify({
      id: 'unexpected-error',
      title: 'Unexpected Error',
      description: 'Something went wrong. Please refresh the page and try again.',
      type: 'error',
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('Unhandled promise rejection:', event.reason);
    notify({
      id: 'unexpected-error',
      title: 'Unexpected Error',
      description: 'Something went wrong. Please try again.',
      type: 'error',
    });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
