import { Alert, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuBuilding2, LuBriefcase, LuClock, LuUsers } from 'react-icons/lu';
import { plural } from '@clubroom/rules/admin';
import { VOLUNTEERS_CAPTION } from '@clubroom/rules/volunteer-count';
import type { AdminPanelStatsQuery } from '../../gql/graphql';
import { StatCard } from './stat-card';

type Stats = AdminPanelStatsQuery['adminPlatformStats'];

/** The header's four counters (spec section 2). */
export function PlatformStatCards({ stats }: { stats: Stats | undefined }) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} as="section" aria-label="Platform statistics">
      <StatCard label="Total Clubs" value={stats?.totalClubs} help={stats ? `${stats.verifiedClubs} verified` : 'Verified count loading'} icon={<LuBuilding2 />} />
      <StatCard label="Total Volunteers" value={stats?.totalVolunteers} help={VOLUNTEERS_CAPTION} icon={<LuUsers />} />
      <StatCard label="Opportunities" value={stats?.totalOpportunities} help="Active opportunities" icon={<LuBriefcase />} />
      <StatCard label="Pending Actions" value={stats?.pendingVerifications} help="Clubs pending verification" icon={<LuClock />} />
    </SimpleGrid>
  );
}

interface ActionRequiredProps {
  stats: Stats | undefined;
  onReviewApprovals: () => void;
  onReviewVerifications: () => void;
}

/** 'Action Required' while applications or verifications wait (spec section 2). */
export function ActionRequiredBanner({ stats, onReviewApprovals, onReviewVerifications }: ActionRequiredProps) {
  if (!stats || (stats.pendingApplications <= 0 && stats.pendingVerifications <= 0)) return null;
  return (
    <Alert.Root status="warning" alignItems={{ base: 'flex-start', md: 'center' }} flexWrap="wrap" gap="3">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Action Required</Alert.Title>
        <Alert.Description>
          <Stack gap="0.5">
            {stats.pendingApplications > 0 && <Text>{plural(stats.pendingApplications, 'club application')} awaiting review</Text>}
            {stats.pendingVerifications > 0 && <Text>{plural(stats.pendingVerifications, 'club')} awaiting verification</Text>}
          </Stack>
        </Alert.Description>
      </Alert.Content>
      <HStack gap="2" flexWrap="wrap">
        {stats.pendingApplications > 0 && (
          <Button size="sm" colorPalette="teal" onClick={onReviewApprovals}>
            Review Approvals
          </Button>
        )}
        {stats.pendingVerifications > 0 && (
          <Button size="sm" variant="outline" onClick={onReviewVerifications}>
            Review Verifications
          </Button>
        )}
      </HStack>
    </Alert.Root>
  );
}
