import { SimpleGrid } from '@chakra-ui/react';
import { VOLUNTEERS_CAPTION } from '@clubroom/rules/volunteer-count';
import type { AdminAnalyticsQuery } from '../../../gql/graphql';
import { StatCard } from '../stat-card';

type Totals = AdminAnalyticsQuery['adminAnalytics']['totals'];

/** The platform's totals as stat cards. */
export function AnalyticsTotals({ totals, busy }: { totals: Totals; busy: boolean }) {
  return (
    <SimpleGrid as="section" aria-label="Platform totals" aria-busy={busy} columns={{ base: 2, md: 4 }} gap="4">
      <StatCard label="Total Members" value={totals.members} help="All accounts" />
      <StatCard label="Volunteers" value={totals.volunteers} help={VOLUNTEERS_CAPTION} />
      <StatCard label="Clubs" value={totals.clubs} help={`${totals.approvedClubs} approved`} />
      <StatCard label="Verified Clubs" value={totals.verifiedClubs} help="Of the approved clubs" />
      <StatCard label="Opportunities" value={totals.opportunities} help="Live and active" />
      <StatCard label="Applications" value={totals.applications} help="All time" />
      <StatCard label="Messages" value={totals.messages} help="All time" />
      <StatCard label="Open Reports" value={totals.openReports} help="Pending or reviewed" />
    </SimpleGrid>
  );
}
