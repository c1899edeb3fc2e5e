// The member's notification settings, live: the query paints them, and notificationSettingsChanged
// (sent at once, then after every change from any device) keeps them current. Its events need no
// handler: NotificationSettings is one cached object (lib/apollo-cache.ts), so each event's
// `settings` is written over the very entry the query reads.
import { useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { NotificationSettingsChangedDocument, NotificationSettingsDocument } from './notification-settings.generated';

export function useNotificationSettings() {
  const { data, loading, error, refetch } = useQuery(NotificationSettingsDocument, { context: { silent: true } });
  useSubscription(NotificationSettingsChangedDocument, {
    context: { silent: true },
    onError: (cause) => console.error('The live notification settings failed:', cause),
  });

  useEffect(() => {
    if (error) console.error('Loading the notification settings failed:', error);
  }, [error]);

  const retry = useCallback(() => {
    refetch().catch((cause: unknown) => console.error('Reloading the notification settings failed:', cause));
  }, [refetch]);

  return { settings: data?.notificationSettings, loading, retry };
}
