// The one toaster of the app and the notices shown through it.
import { createToaster } from '@chakra-ui/react';

/** Top centre, below the sticky header (3.5rem): a form's actions sit at its bottom (e.g. 'Save
 *  Meeting Times'), and a toast in a bottom corner covered the button just pressed. */
export const TOAST_OFFSETS = { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' } as const;
export const toaster = createToaster({ placement: 'top', offsets: TOAST_OFFSETS, pauseOnPageIdle: true });

/** How long a toast with a Retry action stays (others: 2 s success, 5 s otherwise). */
export const RETRY_TOAST_MS = 15_000;

export type NoticeType = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  title: string;
  description?: string;
  type?: NoticeType;
  /** Offer a Retry action that reloads the page. */
  retry?: boolean;
  /** Same id replaces the visible toast instead of stacking a copy. */
  id?: string;
  /** Milliseconds on screen; Infinity keeps it until dismissed. Default: by type (2 s success, 5 s others), 15 s with Retry. */
  duration?: number;
}

export function notify(notice: Notice): void {
  toaster.create({
    // An explicit `id: undefined` would replace the generated id, so it is only set when given.
    ...(notice.id ? { id: notice.id } : {}),
    title: notice.title,
    description: notice.description,
    type: notice.type ?? 'info',
    // A toast that offers an action stays long enough to reach it (keyboard users, a slow page).
    ...(notice.duration !== undefined ? { duration: notice.duration } : notice.retry ? { duration: RETRY_TOAST_MS } : {}),
    closable: true,
    action: notice.retry ? { label: 'Retry', onClick: () => window.location.reload() } : undefined,
  });
}

/** Closes every error toast still shown: once an action succeeds, an earlier failure's toast
 *  (e.g. 'Email already in use' before a registration that then went through) is stale. */
export function dismissErrors(): void {
  for (const toast of toaster.getVisibleToasts()) {
    if (toast.type === 'error' && toast.id) toaster.dismiss(toast.id);
  }
}

export function notifySuccess(title: string, description?: string): void {
  dismissErrors();
  notify({ title, description, type: 'success' });
}

export function notifyError(title: string, description?: string): void {
  notify({ title, description, type: 'error' });
}
