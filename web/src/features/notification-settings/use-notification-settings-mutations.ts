// The Notifications page's writes. Each answers the settings as they are now (the same fragment
// as the query: the cached settings follow) and rejects on failure or userErrors (UserErrors).
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { NotificationChannel, NotificationKind, NotificationSettings_SettingsFragment, UpdateNotificationDeliveryInput } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';
import { UnmuteClubDocument, UpdateNotificationDeliveryDocument, UpdateNotificationPreferencesDocument } from './notification-settings.generated';

export interface PreferenceChange {
  kind: NotificationKind;
  channel: NotificationChannel;
  enabled: boolean;
}

/** The settings with one kind × channel switched: what the server will answer. */
function withChange(settings: NotificationSettings_SettingsFragment, change: PreferenceChange): NotificationSettings_SettingsFragment {
  return {
    ...settings,
    preferences: settings.preferences.map((row) =>
      row.kind !== change.kind ? row : { ...row, channels: row.channels.map((cell) => (cell.channel === change.channel ? { ...cell, enabled: change.enabled } : cell)) },
    ),
  };
}

/** Turns one kind on or off on one channel, optimistically: the switch moves at once and moves
 *  back by itself when the server refuses (Apollo drops the optimistic layer). */
export function useUpdatePreference() {
  const [mutate] = useMutation(UpdateNotificationPreferencesDocument, { context: { silent: true } });
  return useCallback(
    async (settings: NotificationSettings_SettingsFragment, change: PreferenceChange) => {
      // Built from the cached settings (which carry their __typename, so the cache files the
      // answer under the one NotificationSettings entry): only the switched cell differs.
      const optimistic = { __typename: 'UpdateNotificationPreferencesPayload' as const, settings: withChange(settings, change), userErrors: [] };
      const { data } = await mutate({
        variables: { input: { changes: [change] } },
        optimisticResponse: { updateNotificationPreferences: optimistic },
      });
      return requirePayload(data?.updateNotificationPreferences);
    },
    [mutate],
  );
}

/** Saves the email cadence, quiet hours, time zone, digest hour and push previews. */
export function useUpdateDelivery() {
  const [mutate] = useMutation(UpdateNotificationDeliveryDocument, { context: { silent: true } });
  return useCallback(
    async (input: UpdateNotificationDeliveryInput) => {
      const { data } = await mutate({ variables: { input } });
      const { settings } = requirePayload(data?.updateNotificationDelivery);
      if (!settings) throw new Error('The server gave no settings.');
      return settings;
    },
    [mutate],
  );
}

/** Unmutes a club (its global id). */
export function useUnmuteClub() {
  const [mutate] = useMutation(UnmuteClubDocument, { context: { silent: true } });
  return useCallback(
    async (clubId: string) => {
      const { data } = await mutate({ variables: { input: { clubId, muted: false } } });
      requirePayload(data?.setClubMuted);
    },
    [mutate],
  );
}
