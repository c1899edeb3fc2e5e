// The moderation counters, live: the subscription answers the current figures at once and again
// after every change (a new report, a decision); each new figure is written into the cached query
// (which also paints the first value and polls while the WebSocket is down). Whenever the figures
// differ from those the mounted report and action lists were fetched beside, the lists are fetched
// again, and once more when the subscription goes live, so new reports arrive without a reload
// whichever of the poll and the subscription brings them first.
import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import type { Moderation_StatsFragment } from '../../../gql/graphql';
import { ModerationStatsChangedDocument, ModerationStatsDocument } from './moderation.generated';
import { STATS_POLL_MS } from '../admin-texts';
import { useLoggedError } from '../use-logged-error';
import { liveValues, writeLiveValue, type LiveValues } from '../../../lib/live-values';

const LISTS = ['ModerationReports', 'ModerationActions'];

function same(a: Moderation_StatsFragment | undefined, b: Moderation_StatsFragment): boolean {
  return !!a && (Object.keys(b) as (keyof Moderation_StatsFragment)[]).every((key) => a[key] === b[key]);
}

/** Figures the subscription sent, into the cached query, kept against the answers of queries sent
 *  before they were heard (lib/live-values.ts). The poll's answer, read by the server before a
 *  report was filed but arriving after the subscription's event, wrote the older count back, and
 *  the badge showed it until the next poll 30 s later (a CI run under load: '2 pending' after the
 *  third report). */
export function writeHeardStats(cache: ApolloCache, next: Moderation_StatsFragment, memory: LiveValues = liveValues): void {
  writeLiveValue(cache, ModerationStatsDocument, { moderationStats: next }, memory);
}

export function useModerationStats(): Moderation_StatsFragment | undefined {
  const client = useApolloClient();
  const { data, error } = useQuery(ModerationStatsDocument, { pollInterval: STATS_POLL_MS, context: { silent: true } });
  useLoggedError(error, 'Loading the moderation counters failed:');
  // The figures the mounted lists were last fetched beside: whatever brings new figures (the
  // subscription, or the poll getting there first), the lists follow when they differ.
  const listedWith = useRef<Moderation_StatsFragment | undefined>(undefined);
  const stats = data?.moderationStats;
  useEffect(() => {
    if (!stats) return;
    if (listedWith.current && !same(listedWith.current, stats)) void client.refetchQueries({ include: LISTS }).catch(() => undefined);
    listedWith.current = stats;
  }, [stats, client]);
  const subscribed = useRef(false);
  useSubscription(ModerationStatsChangedDocument, {
    context: { silent: true },
    onData: ({ client: apollo, data: event }) => {
      const next = event.data?.moderationStatsChanged;
      if (!next) return;
      // The first event comes once the subscription is live: from then on no change is missed,
      // so the lists are fetched once more (a report filed while the page loaded is in them).
      if (!subscribed.current) {
        subscribed.current = true;
        void apollo.refetchQueries({ include: LISTS }).catch(() => undefined);
      }
      writeHeardStats(apollo.cache, next);
    },
    onError: (cause) => console.error('The live moderation counters failed:', cause),
  });
  return stats;
}
