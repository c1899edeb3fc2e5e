import { Alert, Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBell, LuBellOff, LuSmartphone } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { RelativeTime } from '../../components/relative-time';
import type { PushDevices_DeviceFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { PUSH_TEXTS as T } from './notifications-settings-texts';
import { usePushDevices } from './use-push-devices';
import { useThisDevicePush, type PermissionProblem, type ThisDeviceState } from './use-this-device-push';

/** 'Push on this device': turn push on or off here, and the member's devices with push on. */
export function PushDevices() {
  const { devices, failed, retry } = usePushDevices();
  const push = useThisDevicePush(devices);

  const turnOn = async () => {
    try {
      if (await push.turnOn()) notifySuccess(T.turnedOn, T.turnedOnDescription);
    } catch (error) {
      console.error('Turning push on failed:', error);
      notifyError(T.failedOnTitle, errorMessageOf(error) ?? T.failedOn);
    }
  };
  const turnOff = async () => {
    try {
      await push.turnOff();
      notifySuccess(T.turnedOff);
    } catch (error) {
      console.error('Turning push off failed:', error);
      notifyError(T.failedOffTitle, errorMessageOf(error) ?? T.failedOff);
    }
  };

  return (
    <Stack gap="6">
      <ThisDevice state={push.state} problem={push.problem} busy={push.busy} onTurnOn={() => void turnOn()} onTurnOff={() => void turnOff()} />
      <Stack gap="2">
        <Text as="h3" fontWeight="semibold">
          {T.devicesHeading}
        </Text>
        {failed ? (
          <LoadError title={T.devicesLoadFailed} onRetry={retry} />
        ) : !devices ? (
          <Spinner size="sm" color="teal.solid" aria-label={T.checking} />
        ) : (
          <DeviceList devices={devices} thisDeviceId={push.deviceId} onRemove={push.removeDevice} />
        )}
      </Stack>
    </Stack>
  );
}

interface ThisDeviceProps {
  state: ThisDeviceState;
  problem: PermissionProblem;
  busy: 'on' | 'off' | null;
  onTurnOn: () => void;
  onTurnOff: () => void;
}

function ThisDevice({ state, problem, busy, onTurnOn, onTurnOff }: ThisDeviceProps) {
  if (state === 'checking') {
    return (
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="sm" color="teal.solid" />
        <Text>{T.checking}</Text>
      </HStack>
    );
  }
  if (state === 'unsupported') {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{T.unsupported}</Alert.Description>
      </Alert.Root>
    );
  }
  if (state === 'on') {
    return (
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3">
        <HStack gap="3" align="flex-start">
          <Text as="span" color="teal.fg" mt="1" aria-hidden="true">
            <LuBell />
          </Text>
          <Stack gap="0">
            <Text fontWeight="medium">{T.on}</Text>
            <Text textStyle="sm" color="fg.muted">
              {T.onHelp}
            </Text>
          </Stack>
        </HStack>
        <Button size="sm" variant="outline" loading={busy === 'off'} loadingText={T.turningOff} onClick={onTurnOff}>
          {T.turnOff}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      {problem && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problem === 'denied' ? T.deniedTitle : T.dismissedTitle}</Alert.Title>
            <Alert.Description>{problem === 'denied' ? T.denied : T.dismissed}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3">
        <HStack gap="3" color="fg.muted">
          <LuBellOff aria-hidden="true" />
          <Text>{T.off}</Text>
        </HStack>
        <Button size="sm" colorPalette="teal" loading={busy === 'on'} loadingText={T.turningOn} onClick={onTurnOn}>
          {T.turnOn}
        </Button>
      </Stack>
    </Stack>
  );
}

interface DeviceListProps {
  devices: readonly PushDevices_DeviceFragment[];
  thisDeviceId: string | null;
  onRemove: (id: string) => Promise<void>;
}

function DeviceList({ devices, thisDeviceId, onRemove }: DeviceListProps) {
  const [asking, setAsking] = useState<PushDevices_DeviceFragment | null>(null);
  const [removing, setRemoving] = useState(false);

  const remove = async (device: PushDevices_DeviceFragment) => {
    setRemoving(true);
    try {
      await onRemove(device.id);
      notifySuccess(T.removed(device.label));
      setAsking(null);
    } catch (error) {
      console.error('Removing the push device failed:', error);
      notifyError(T.removeFailedTitle, errorMessageOf(error) ?? T.removeFailed);
    } finally {
      setRemoving(false);
    }
  };

  if (devices.length === 0) {
    return <Text color="fg.muted">{T.noDevices}</Text>;
  }
  return (
    <>
      <Stack as="ul" listStyleType="none" gap="0" aria-label={T.devicesName}>
        {devices.map((device) => (
          <Stack
            as="li"
            key={device.id}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ base: 'flex-start', sm: 'center' }}
            gap="2"
            py="3"
            borderBottomWidth="1px"
            _last={{ borderBottomWidth: '0' }}
          >
            <HStack gap="3" align="flex-start" minW="0">
              <Text as="span" color="fg.muted" mt="1" aria-hidden="true">
                <LuSmartphone />
              </Text>
              <Stack gap="0" minW="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {device.label}
                  </Text>
                  {device.id === thisDeviceId && (
                    <Badge colorPalette="teal" variant="subtle">
                      {T.thisDevice}
                    </Badge>
                  )}
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {T.added(formatDate(device.createdAt))}
                  {' · '}
                  {device.lastSuccessAt ? (
                    <>
                      {T.lastUsed} <RelativeTime value={device.lastSuccessAt} />
                    </>
                  ) : (
                    T.notUsedYet
                  )}
                </Text>
              </Stack>
            </HStack>
            <Button size="sm" variant="outline" flexShrink={0} aria-label={T.removeName(device.label)} onClick={() => setAsking(device)}>
              {T.remove}
            </Button>
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={T.removeTitle}
        question={T.removeQuestion}
        itemName={asking?.label}
        confirmLabel={T.removeConfirm}
        busyLabel={T.removing}
        busy={removing}
        onConfirm={() => asking && void remove(asking)}
      />
    </>
  );
}
