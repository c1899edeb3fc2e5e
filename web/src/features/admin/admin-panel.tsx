import { Badge, Container, Heading, HStack, Stack, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import { useNavigate } from '../../lib/navigation';
import { ADMIN_TABS, listPathForStatus, pathForTab, tabFromLocation, type AdminTab } from './admin-route';
import { AnalyticsTab } from './analytics/analytics-tab';
import { ApprovalsTab } from './approvals/approvals-tab';
import { AuditTab } from './audit-tab';
import { ClubsTab } from './clubs-tab';
import { CountBadge } from './count-badge';
import { ModerationTab } from './moderation/moderation-tab';
import { useModerationStats } from './moderation/use-moderation-stats';
import { OverviewTab } from './overview-tab';
import { ActionRequiredBanner, PlatformStatCards } from './platform-stats';
import { ReportsTab } from './reports-tab';
import { usePlatformStats } from './use-platform-stats';
import { UsersTab } from './users/users-tab';
import { CheckKindsTab } from '../safeguarding/check-kinds-tab';

const LABELS: Record<AdminTab, string> = {
  overview: 'Overview',
  'club-approvals': 'Club Approvals',
  clubs: 'Clubs',
  users: 'Users',
  moderation: 'Moderation',
  analytics: 'Analytics',
  reports: 'Reports',
  audit: 'Audit',
  checks: 'Safeguarding checks',
};

/** The platform administration panel (spec section 2): header, counters, 'Action Required' and
 *  the nine tabs. The tab comes from the address, and choosing one changes the address. */
export function AdminPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromLocation(location.pathname, location.hash);
  const { stats } = usePlatformStats();
  // Live: the Moderation tab's badge and counters follow every new report and decision.
  const moderationStats = useModerationStats();
  const openTab = (next: AdminTab) => navigate(pathForTab(next));
  const content: Record<AdminTab, ReactNode> = {
    overview: <OverviewTab onOpenTab={openTab} />,
    'club-approvals': <ApprovalsTab />,
    clubs: <ClubsTab />,
    users: <UsersTab />,
    moderation: <ModerationTab stats={moderationStats} />,
    analytics: <AnalyticsTab />,
    reports: <ReportsTab />,
    audit: <AuditTab />,
    checks: <CheckKindsTab />,
  };

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            Platform Administration
          </Heading>
          <Badge colorPalette="teal" variant="solid" size="md">
            <LuShieldCheck aria-hidden="true" />
            Administrator Access
          </Badge>
        </HStack>
        <PlatformStatCards stats={stats} />
        <ActionRequiredBanner
          stats={stats}
          onReviewApprovals={() => navigate(listPathForStatus('pending'))}
          onReviewVerifications={() => openTab('clubs')}
        />
        <Tabs.Root
          value={tab}
          onValueChange={(details) => openTab(details.value as AdminTab)}
          variant="line"
          colorPalette="teal"
          lazyMount
          unmountOnExit
        >
          <Tabs.List overflowX="auto" overflowY="hidden" flexWrap={{ base: 'nowrap', lg: 'wrap' }}>
            {ADMIN_TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} flexShrink="0">
                {LABELS[value]}
                {value === 'club-approvals' && <CountBadge count={stats?.pendingApplications} palette="red" hidden="pending" />}
                {value === 'clubs' && <CountBadge count={stats?.pendingVerifications} palette="orange" hidden="pending verification" />}
                {value === 'moderation' && <CountBadge count={moderationStats?.pending} palette="red" hidden="pending reports" />}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {ADMIN_TABS.map((value) => (
            <Tabs.Content key={value} value={value}>
              {content[value]}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
