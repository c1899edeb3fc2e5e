// The browser's view of the connection: online or not (navigator.onLine and its events), and
// whether it is a poor one (Network Information API: effectiveType '2g' or 'slow-2g', where the
// browser has it; elsewhere never flagged).
import { useEffect, useState, useSyncExternalStore } from 'react';

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
}

function connectionOf(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

const POOR_TYPES = new Set(['2g', 'slow-2g']);

export function isPoorConnectionType(effectiveType: string | undefined): boolean {
  return effectiveType !== undefined && POOR_TYPES.has(effectiveType);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

function subscribeConnection(listener: () => void): () => void {
  const connection = connectionOf();
  connection?.addEventListener('change', listener);
  return () => connection?.removeEventListener('change', listener);
}

/** True on a 2g or slower connection (updated on the connection's change event). */
export function usePoorConnection(): boolean {
  return useSyncExternalStore(subscribeConnection, () => isPoorConnectionType(connectionOf()?.effectiveType), () => false);
}

/** True for `ms` after the browser came back online (not at start-up). */
export function useJustReconnected(online: boolean, ms: number): boolean {
  const [wasOffline, setWasOffline] = useState(!online);
  const [recent, setRecent] = useState(false);
  useEffect(() => {
    if (!online) {
      setWasOffline(true);
      setRecent(false);
      return;
    }
    if (!wasOffline) return;
    setWasOffline(false);
    setRecent(true);
  }, [online, wasOffline]);
  useEffect(() => {
    if (!recent) return;
    const timer = window.setTimeout(() => setRecent(false), ms);
    return () => window.clearTimeout(timer);
  }, [recent, ms]);
  return recent;
}
