// The member's push devices and the server's side of turning push on and off. Both writes fetch
// the list again (awaited), so every view of it follows the change; a registered device joins and
// a removed one leaves the cache at once.
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import type { RegisterPushDeviceInput } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';
import { PushDevicesDocument, PushPublicKeyDocument, RegisterPushDeviceDocument, RemovePushDeviceDocument } from './push-devices.generated';

export function usePushDevices() {
  const { data, loading, error, refetch } = useQuery(PushDevicesDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the push devices failed:', error);
  }, [error]);
  const retry = useCallback(() => {
    refetch().catch((cause: unknown) => console.error('Reloading the push devices failed:', cause));
  }, [refetch]);
  return { devices: data?.pushDevices, loading, failed: Boolean(error) && !data, retry };
}

/** The server's VAPID public key (base64url). */
export function usePushPublicKey() {
  const client = useApolloClient();
  return useCallback(async () => {
    const { data } = await client.query({ query: PushPublicKeyDocument, fetchPolicy: 'network-only', context: { silent: true } });
    if (!data?.pushPublicKey) throw new Error('The server gave no push key.');
    return data.pushPublicKey;
  }, [client]);
}

/** Registers this device's subscription; answers the device. */
export function useRegisterPushDevice() {
  const [mutate] = useMutation(RegisterPushDeviceDocument, {
    context: { silent: true },
    refetchQueries: [PushDevicesDocument],
    awaitRefetchQueries: true,
    // The new device joins the cached list at once: the page knows this device is on even if a
    // list fetched before the registration answers after it.
    update(cache, { data }) {
      const device = data?.registerPushDevice.device;
      if (!device) return;
      cache.updateQuery({ query: PushDevicesDocument }, (list) =>
        list && !list.pushDevices.some((d) => d.id === device.id) ? { ...list, pushDevices: [...list.pushDevices, device] } : list,
      );
    },
  });
  return useCallback(
    async (input: RegisterPushDeviceInput) => {
      const { data } = await mutate({ variables: { input } });
      const { device } = requirePayload(data?.registerPushDevice);
      if (!device) throw new Error('The server gave no device.');
      return device;
    },
    [mutate],
  );
}

/** Turns push off for one of the member's devices (its global id). */
export function useRemovePushDevice() {
  const [mutate] = useMutation(RemovePushDeviceDocument, {
    context: { silent: true },
    refetchQueries: [PushDevicesDocument],
    awaitRefetchQueries: true,
    update(cache, { data }) {
      const removed = data?.removePushDevice.removedDeviceId;
      if (!removed) return;
      cache.evict({ id: cache.identify({ __typename: 'PushDevice', id: removed }) });
      cache.gc();
    },
  });
  return useCallback(
    async (id: string) => {
      const { data } = await mutate({ variables: { input: { id } } });
      requirePayload(data?.removePushDevice);
    },
    [mutate],
  );
}
