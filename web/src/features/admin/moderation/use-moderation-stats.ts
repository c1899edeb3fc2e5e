// The moderation counters, live: the subscription answers the current figures at once and again
// after every change (a new report, a decision); each new figure is written into the cached query
// (which also paints the first value and polls while the WebSocket is down) and, when it changed,
// the mounted report and action lists are fetched again, so new reports arrive without a reload.
import { useQuery, useSubscription } from '@apollo/client/react';
import type { Moderation_StatsFragment } from '../../../gql/graphql';
import { ModerationStatsChangedDocument, ModerationStatsDocument } from './moderation.generated';
import { STATS_POLL_MS } from '../admin-texts';
import { useLoggedError } from '../use-logged-error';

const LISTS = ['ModerationReports', 'ModerationActions'];

function same(a: Moderation_StatsFragment | undefined, b: Moderation_StatsFragment): boolean {
  return !!a && (Object.keys(b) as (keyof Moderation_StatsFragment)[]).every((key) => a[key] === b[key]);
}

export function useModerationStats(): Moderation_StatsFragment | undefined {
  const { data, error } = useQuery(ModerationStatsDocument, { pollInterval: STATS_POLL_MS, context: { silent: true } });
  useLoggedError(error, 'Loading the moderation counters failed:');
  useSubscription(ModerationStatsChangedDocument, {
    context: { silent: true },
    onData: ({ client, data: event }) => {
      const next = event.data?.moderationStatsChanged;
      if (!next) return;
      const cached = client.cache.readQuery({ query: ModerationStatsDocument })?.moderationStats;
      if (same(cached, next)) return;
      client.cache.writeQuery({ query: ModerationStatsDocument, data: { moderationStats: next } });
      if (cached) void client.refetchQueries({ include: LISTS }).catch(() => undefined);
    },
    onError: (cause) => console.error('The live moderation counters failed:', cause),
  });
  return data?.moderationStats;
}
