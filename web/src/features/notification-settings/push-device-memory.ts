// Which of the member's push devices is this browser. The server never answers a device's
// endpoint (it is the device's secret), so when push is turned on here the page keeps the
// endpoint it registered and the device id the server gave, per member: another member signing in
// on this browser sees push off until they turn it on (which moves the subscription to them).
import { readItem, removeItem, writeItem } from '../../lib/storage';

const KEY = 'clubroom.push-device';

export interface RememberedPushDevice {
  /** The member's global id. */
  memberId: string;
  endpoint: string;
  deviceId: string;
}

export function rememberedPushDevice(): RememberedPushDevice | null {
  const raw = readItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedPushDevice>;
    return typeof value.memberId === 'string' && typeof value.endpoint === 'string' && typeof value.deviceId === 'string'
      ? { memberId: value.memberId, endpoint: value.endpoint, deviceId: value.deviceId }
      : null;
  } catch {
    return null;
  }
}

export function rememberPushDevice(device: RememberedPushDevice): void {
  writeItem(KEY, JSON.stringify(device));
}

export function forgetPushDevice(): void {
  removeItem(KEY);
}
