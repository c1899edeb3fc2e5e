import { Button, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ApplicationStats } from './application-stats';
import { ApplicationsList } from './applications-list';
import { RecentOpportunitiesGrid } from './opportunities-grid';
import { useApplicationStats } from './use-dashboard-queries';
import { RECENT_APPLICATIONS } from './volunteer-limits';

/** The figures, the 5 newest applications and 6 new opportunities. */
export function DashboardOverview({ onShowApplications }: { onShowApplications: () => void }) {
  const { stats } = useApplicationStats();
  return (
    <Stack gap="8">
      <ApplicationStats stats={stats} />
      <OverviewSection
        title="Recent Applications"
        action={
          <Button size="sm" variant="ghost" colorPalette="teal" onClick={onShowApplications}>
            View all applications <LuArrowRight aria-hidden="true" />
          </Button>
        }
      >
        <ApplicationsList status={null} sort="NEWEST" first={RECENT_APPLICATIONS} compact />
      </OverviewSection>
      <RecentOpportunitiesSection title="New Opportunities" />
    </Stack>
  );
}

export function OverviewSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack as="section" gap="4" aria-label={title}>
      <HStack justifyContent="space-between" flexWrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {action}
      </HStack>
      {children}
    </Stack>
  );
}

/** The newest opportunities with a link to the browser ('New Opportunities' on the Overview,
 *  'Recent Opportunities' in its own tab). */
export function RecentOpportunitiesSection({ title }: { title: string }) {
  return (
    <OverviewSection
      title={title}
      action={
        <Link asChild colorPalette="teal" color="colorPalette.fg" textStyle="sm" fontWeight="medium">
          <RouterLink to="/volunteer-opportunities">
            Browse all opportunities <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Link>
      }
    >
      <RecentOpportunitiesGrid />
    </OverviewSection>
  );
}
