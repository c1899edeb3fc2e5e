import { Alert, Box } from '@chakra-ui/react';
import { useJustReconnected, useOnline, usePoorConnection } from '../lib/use-connection';

/** The banner hides this long after reconnecting (administration spec, section 9). */
export const BANNER_HIDE_AFTER_RECONNECT_MS = 3_000;

export const ONLINE_BANNER_TEXTS = {
  offline: 'You are offline. Changes will be queued and sent when you are back online.',
  backOnline: 'Back online',
  poor: 'Poor connection',
  poorDetail: 'Your connection is slow: pages and changes may take longer.',
} as const;

/** The online banner under the header (spec section 4, Online/offline): offline, 'Back online' for
 *  3 s after reconnecting, and a flag for a 2g connection (each an alert, read out as it appears). */
export function OnlineBanner() {
  const online = useOnline();
  const reconnected = useJustReconnected(online, BANNER_HIDE_AFTER_RECONNECT_MS);
  const poor = usePoorConnection();
  const status = !online ? 'offline' : reconnected ? 'reconnected' : poor ? 'poor' : null;
  return (
    <Box data-testid="online-banner">
      {status === 'offline' && (
        <Alert.Root status="warning" borderRadius="0" size="sm">
          <Alert.Indicator />
          <Alert.Title>{ONLINE_BANNER_TEXTS.offline}</Alert.Title>
        </Alert.Root>
      )}
      {status === 'reconnected' && (
        <Alert.Root status="success" borderRadius="0" size="sm">
          <Alert.Indicator />
          <Alert.Title>{ONLINE_BANNER_TEXTS.backOnline}</Alert.Title>
        </Alert.Root>
      )}
      {status === 'poor' && (
        <Alert.Root status="info" borderRadius="0" size="sm">
          <Alert.Indicator />
          <Alert.Title>{ONLINE_BANNER_TEXTS.poor}</Alert.Title>
          <Alert.Description>{ONLINE_BANNER_TEXTS.poorDetail}</Alert.Description>
        </Alert.Root>
      )}
    </Box>
  );
}
