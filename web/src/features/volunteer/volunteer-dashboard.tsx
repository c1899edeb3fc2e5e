import { Box, Heading, HStack, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSearchParams } from '../../lib/navigation';
import type { VolunteerProfileForm_ProfileFragment } from '../../gql/graphql';
import { ShiftSwapsList } from '../shifts/shift-swaps';
import { ApplicationsTab } from './applications-tab';
import { DashboardOverview, RecentOpportunitiesSection } from './dashboard-overview';
import { DashboardProfile } from './dashboard-profile';
import { MyHoursTab } from './my-hours-tab';
import { dashboardTabOf, VOLUNTEER_DASHBOARD_TABS, type VolunteerDashboardTab } from './dashboard-tabs';

/** The five tabs; the open one (and the Applications tab's sort and filter) is in the address. */
export function VolunteerDashboard({ profile }: { profile: VolunteerProfileForm_ProfileFragment }) {
  const [params, setParams] = useSearchParams();
  const tab = dashboardTabOf(params.get('tab'));

  const openTab = (value: VolunteerDashboardTab) => {
    // The sort and filter belong to the Applications tab only.
    const next = new URLSearchParams();
    if (value !== 'overview') next.set('tab', value);
    if (value === 'applications') {
      for (const name of ['sort', 'status']) {
        const current = params.get(name);
        if (current) next.set(name, current);
      }
    }
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="6">
      <HStack justifyContent="space-between" flexWrap="wrap" gap="3">
        <Text color="fg.muted">Welcome back, {profile.firstName}.</Text>
        <HStack gap="4" textStyle="sm" flexWrap="wrap">
          <Link asChild colorPalette="teal" color="colorPalette.fg">
            <RouterLink to="/messages">Messages</RouterLink>
          </Link>
          <Link asChild colorPalette="teal" color="colorPalette.fg">
            <RouterLink to="/volunteer/certificates">Certificates</RouterLink>
          </Link>
          <Link asChild colorPalette="teal" color="colorPalette.fg">
            <RouterLink to="/profile">Account settings</RouterLink>
          </Link>
        </HStack>
      </HStack>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => openTab(dashboardTabOf(details.value))}
        variant="line"
        colorPalette="teal"
        size={{ base: 'sm', md: 'md' }}
        lazyMount
        unmountOnExit
      >
        <Tabs.List overflowX="auto">
          {VOLUNTEER_DASHBOARD_TABS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} flexShrink="0" px={{ base: '2', md: '4' }}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" pt="6">
          <DashboardOverview onShowApplications={() => openTab('applications')} />
        </Tabs.Content>
        <Tabs.Content value="applications" pt="6">
          <Heading as="h2" size="lg" mb="4">
            My Applications
          </Heading>
          <Box mb="6">
            <ShiftSwapsList />
          </Box>
          <ApplicationsTab />
        </Tabs.Content>
        <Tabs.Content value="hours" pt="6">
          <MyHoursTab />
        </Tabs.Content>
        <Tabs.Content value="opportunities" pt="6">
          <RecentOpportunitiesSection title="Recent Opportunities" />
        </Tabs.Content>
        <Tabs.Content value="profile" pt="6">
          <DashboardProfile profile={profile} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
