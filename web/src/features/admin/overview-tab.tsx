import { Badge, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { LuActivity, LuChartColumn, LuBuilding2, LuClipboardCheck, LuShieldAlert, LuUserPlus, LuUsers } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';
import { RelativeTime } from '../../components/relative-time';
import { SectionCard } from '../../components/section-card';
import { AdminPanelRecentActivityDocument } from './admin.generated';
import { ACTION_TYPES } from './action-types';
import type { AdminTab } from './admin-route';
import { useLoggedError } from './use-logged-error';

const ACTIONS_SHOWN = 5;

interface ActivityEntry {
  key: string;
  at: string;
  title: string;
  detail: string;
  badge: { label: string; palette: string };
}

/** The audit trail's latest decisions (views are left out: every detail opened is one) beside the
 *  latest registrations, newest first. */
function useRecentActivity() {
  const { data, loading, error } = useQuery(AdminPanelRecentActivityDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  useLoggedError(error, 'Loading the recent activity failed:');
  const entries = useMemo<ActivityEntry[] | undefined>(() => {
    if (!data) return undefined;
    const actions = data.adminActions.nodes
      .filter((action) => action.actionType !== 'VIEW')
      .slice(0, ACTIONS_SHOWN)
      .map((action) => ({
        key: `action-${action.id}`,
        at: action.createdAt,
        title: `${ACTION_TYPES[action.actionType].label}: ${action.targetName}`,
        detail: `${action.adminName} · ${action.details}`,
        badge: { label: ACTION_TYPES[action.actionType].label, palette: ACTION_TYPES[action.actionType].palette },
      }));
    const registrations = data.clubApplications.nodes.map((club) => ({
      key: `club-${club.id}`,
      at: club.createdAt,
      title: `New club registered: ${club.name}`,
      detail: 'Club application submitted',
      badge: { label: 'Registration', palette: 'blue' },
    }));
    return [...actions, ...registrations].sort((a, b) => b.at.localeCompare(a.at));
  }, [data]);
  return { entries, loading, error };
}

function RecentActivity() {
  const { entries, error } = useRecentActivity();
  return (
    <SectionCard title="Recent Activity" level="h2">
      {!entries && !error && (
        <Stack gap="3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      )}
      {!entries && error && <Text color="fg.error">Unable to load the recent activity. Please try refreshing the page.</Text>}
      {entries?.length === 0 && (
        <EmptyPanel size="sm" icon={<LuActivity />} title="No recent activity" titleAs="h3" />
      )}
      {entries && entries.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Recent activity">
          {entries.map((entry) => (
            <HStack as="li" key={entry.key} justify="space-between" align="flex-start" gap="3">
              <Stack gap="0.5" minW="0">
                <Text fontWeight="medium" truncate>
                  {entry.title}
                </Text>
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {entry.detail}
                </Text>
              </Stack>
              <Stack gap="1" align="flex-end" flexShrink="0">
                <Badge colorPalette={entry.badge.palette} variant="subtle">
                  {entry.badge.label}
                </Badge>
                <RelativeTime value={entry.at} fontSize="xs" color="fg.muted" />
              </Stack>
            </HStack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

const QUICK_ACTIONS: { tab: AdminTab; label: string; icon: typeof LuUsers }[] = [
  { tab: 'club-approvals', label: 'Review Club Approvals', icon: LuClipboardCheck },
  { tab: 'clubs', label: 'Manage Clubs', icon: LuBuilding2 },
  { tab: 'users', label: 'Manage Users', icon: LuUserPlus },
  { tab: 'moderation', label: 'Content Moderation', icon: LuShieldAlert },
  { tab: 'analytics', label: 'View Analytics', icon: LuChartColumn },
];

/** The Overview tab (spec section 2): Recent Activity from real data, and Quick Actions. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: AdminTab) => void }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" pt="4">
      <RecentActivity />
      <SectionCard title="Quick Actions" level="h2">
        <Stack gap="2">
          {QUICK_ACTIONS.map(({ tab, label, icon: Icon }) => (
            <Button key={tab} variant="outline" justifyContent="flex-start" onClick={() => onOpenTab(tab)}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </Stack>
      </SectionCard>
    </SimpleGrid>
  );
}
