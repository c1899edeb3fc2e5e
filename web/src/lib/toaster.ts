// The one toaster of the app and the notices shown through it.
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

export type NoticeType = 'success' | 'error' | 'warning' | 'info';

export interface Notice {
  title: string;
  description?: string;
  type?: NoticeType;
  /** Offer a Retry action that reloads the page. */
  retry?: boolean;
  /** Same id replaces the visible toast instead of stacking a copy. */
  id?: string;
}

export function notify(notice: Notice): void {
  toaster.create({
    // An explicit `id: undefined` would replace the generated id, so it is only set when given.
    ...(notice.id ? { id: notice.id } : {}),
    title: notice.title,
    description: notice.description,
    type: notice.type ?? 'info',
    closable: true,
    action: notice.retry ? { label: 'Retry', onClick: () => window.location.reload() } : undefined,
  });
}

export function notifySuccess(title: string, description?: string): void {
  notify({ title, description, type: 'success' });
}

export function notifyError(title: string, description?: string): void {
  notify({ title, description, type: 'error' });
}
