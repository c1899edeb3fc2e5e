import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from './admin-texts';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

/** Whether the screen is under 768 px wide (the spec's mobile layouts and swipe navigation). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
