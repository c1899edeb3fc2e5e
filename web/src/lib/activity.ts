// The shared 'last activity' time (one value for every tab) and the inactivity timeout.
import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS, STORAGE_KEYS } from './constants';
import { readItem, readPositiveInt, writeItem } from './storage';

export function touchActivity(now = Date.now()): void {
  writeItem(STORAGE_KEYS.lastActivity, String(now));
}

export function readLastActivity(): number | null {
  const raw = readItem(STORAGE_KEYS.lastActivity);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** 30 minutes, or the shorter testing override in localStorage 'clubroom.inactivityTimeoutMs'.
 *  The override can only shorten the timeout, so it cannot be used to keep a session alive. */
export function inactivityTimeoutMs(): number {
  const override = readPositiveInt(STORAGE_KEYS.inactivityTimeoutMs);
  return override === null ? INACTIVITY_TIMEOUT_MS : Math.min(override, INACTIVITY_TIMEOUT_MS);
}

/** 60 seconds, or the testing override in localStorage 'clubroom.inactivityCheckMs'. */
export function inactivityCheckMs(): number {
  const override = readPositiveInt(STORAGE_KEYS.inactivityCheckMs);
  return override === null ? INACTIVITY_CHECK_MS : Math.max(override, 250);
}

/** True when the last recorded activity is older than the timeout. No record counts as active. */
export function isInactive(now = Date.now()): boolean {
  const last = readLastActivity();
  return last !== null && now - last > inactivityTimeoutMs();
}
