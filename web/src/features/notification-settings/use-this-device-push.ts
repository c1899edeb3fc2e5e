// Push on this device: whether this browser can have it, whether it is on (this browser's
// subscription is the one the page registered for this member, and the server still lists that
// device), and turning it on (permission, subscription with the server's key, registration) and
// off (the server forgets the device, the browser drops the subscription).
import { useCallback, useEffect, useState } from 'react';
import type { PushDevices_DeviceFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/use-auth';
import { useHydrated } from '../../lib/use-hydrated';
import { currentSubscription, deviceLabel, notificationPermission, pushSupported, subscribe, subscriptionKeys } from './push-browser';
import { forgetPushDevice, rememberedPushDevice, rememberPushDevice } from './push-device-memory';
import { usePushPublicKey, useRegisterPushDevice, useRemovePushDevice } from './use-push-devices';

export type ThisDeviceState = 'checking' | 'unsupported' | 'on' | 'off';
/** Why turning push on stopped before it started: the browser refuses, or the member did not answer. */
export type PermissionProblem = 'denied' | 'dismissed' | null;

export function useThisDevicePush(devices: readonly PushDevices_DeviceFragment[] | undefined) {
  const memberId = useAuth().session?.user.node_id;
  // What the browser has is known after hydration only (the server's render knows no browser).
  const hydrated = useHydrated();
  const supported = hydrated && pushSupported();
  // undefined: not read yet; null: this browser has no subscription.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<PermissionProblem>(null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const publicKey = usePushPublicKey();
  const register = useRegisterPushDevice();
  const remove = useRemovePushDevice();

  useEffect(() => {
    if (!supported) return;
    if (notificationPermission() === 'denied') setProblem('denied');
    let live = true;
    currentSubscription()
      .then((subscription) => live && setEndpoint(subscription?.endpoint ?? null))
      .catch((cause: unknown) => {
        console.error('Reading this device’s push subscription failed:', cause);
        if (live) setEndpoint(null);
      });
    return () => {
      live = false;
    };
  }, [supported]);

  const remembered = rememberedPushDevice();
  const deviceId =
    remembered && memberId && remembered.memberId === memberId && endpoint && remembered.endpoint === endpoint && devices?.some((d) => d.id === remembered.deviceId)
      ? remembered.deviceId
      : null;
  const state: ThisDeviceState = !hydrated ? 'checking' : !supported ? 'unsupported' : endpoint === undefined || devices === undefined ? 'checking' : deviceId ? 'on' : 'off';

  /** Turns push on; false when the permission was not given (`problem` says why). Rejects when
   *  something else failed. */
  const turnOn = useCallback(async (): Promise<boolean> => {
    if (!memberId) throw new Error('Not signed in.');
    setBusy('on');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem(permission === 'denied' ? 'denied' : 'dismissed');
        return false;
      }
      setProblem(null);
      const { subscription, created } = await subscribe(await publicKey());
      try {
        const keys = subscriptionKeys(subscription);
        const device = await register({ ...keys, label: deviceLabel(navigator.userAgent) });
        rememberPushDevice({ memberId, endpoint: keys.endpoint, deviceId: device.id });
        setEndpoint(keys.endpoint);
        return true;
      } catch (cause) {
        // A subscription the server does not know would only wait for pushes that never come.
        if (created) await subscription.unsubscribe().catch(() => undefined);
        throw cause;
      }
    } finally {
      setBusy(null);
    }
  }, [memberId, publicKey, register]);

  /** Turns push off for this device: the server forgets it, then the browser's subscription goes. */
  const turnOff = useCallback(async () => {
    setBusy('off');
    try {
      if (deviceId) await remove(deviceId);
      const subscription = await currentSubscription();
      await subscription?.unsubscribe();
      forgetPushDevice();
      setEndpoint(null);
    } finally {
      setBusy(null);
    }
  }, [deviceId, remove]);

  /** Removes any of the member's devices; this one is turned off on the browser's side too. */
  const removeDevice = useCallback(
    async (id: string) => {
      if (id === deviceId) await turnOff();
      else await remove(id);
    },
    [deviceId, remove, turnOff],
  );

  return { state, deviceId, problem, busy, turnOn, turnOff, removeDevice };
}
