import { Alert, Box, Button, Heading, HStack, IconButton, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCheck, LuCircleCheck, LuCircleX, LuClipboardList, LuClock, LuFileText, LuInbox, LuX } from 'react-icons/lu';
import { plural, type ApplicationStatusFilter } from '@clubroom/rules/admin';
import { EmptyPanel } from '../../../components/empty-panel';
import { RelativeTime } from '../../../components/relative-time';
import { SectionCard } from '../../../components/section-card';
import type { Approvals_ListItemFragment } from '../../../gql/graphql';
import { AccessDenied } from '../admin-access';
import { ACCESS_DENIED } from '../admin-texts';
import { CountBadge } from '../count-badge';
import { StatCard } from '../stat-card';
import { useMinLoading } from '../use-min-loading';
import { NameAndEmail } from './application-parts';
import { StatusBadge, StatusIcon } from './application-status';
import { DashboardSkeleton } from './approvals-skeletons';
import { isForbidden, useApplicationCounts, useDashboardApplications } from './use-approvals-queries';

interface ApprovalDashboardProps {
  /** Opens the list showing one status. */
  onViewList: (status: ApplicationStatusFilter) => void;
  /** Opens one application's review. */
  onViewApplication: (clubId: string) => void;
}

const COUNTERS = [
  { key: 'pending', label: 'Pending Review', help: 'Awaiting approval', icon: LuClock },
  { key: 'approved', label: 'Approved', help: 'Active clubs', icon: LuCircleCheck },
  { key: 'rejected', label: 'Rejected', help: 'Declined applications', icon: LuCircleX },
  { key: 'total', label: 'Total Applications', help: 'All time', icon: LuFileText },
] as const;

/** The Club Approval Dashboard (spec section 2): counters, 'Action Required', the latest
 *  applications, quick actions and quick reviews. */
export function ApprovalDashboard({ onViewList, onViewApplication }: ApprovalDashboardProps) {
  const { counts, error: countsError } = useApplicationCounts();
  const { recent, quickReview, error } = useDashboardApplications();
  const loading = useMinLoading(!counts || !recent);
  if (isForbidden(countsError) || isForbidden(error)) return <AccessDenied text={ACCESS_DENIED.dashboard} level={2} />;

  return (
    <Stack gap="6" pt="4">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0.5">
          <Heading as="h2" size="xl">
            Club Approval Dashboard
          </Heading>
          <Text color="fg.muted">Review and manage club registration applications.</Text>
        </Stack>
        <Button colorPalette="teal" onClick={() => onViewList('all')}>
          <LuClipboardList aria-hidden="true" />
          View All Applications
        </Button>
      </HStack>
      {loading || !counts || !recent || !quickReview ? (
        <Box role="status">
          <VisuallyHidden>Loading the club approval dashboard</VisuallyHidden>
          <DashboardSkeleton />
        </Box>
      ) : (
        <>
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} as="section" aria-label="Application counts">
            {COUNTERS.map(({ key, label, help, icon: CounterIcon }) => (
              <StatCard key={key} label={label} value={counts[key]} help={help} icon={<CounterIcon />} />
            ))}
          </SimpleGrid>
          {counts.pending > 0 && (
            <Alert.Root status="warning" alignItems="center" flexWrap="wrap" gap="3">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Action Required</Alert.Title>
                <Alert.Description>{plural(counts.pending, 'club application')} awaiting review</Alert.Description>
              </Alert.Content>
              <Button size="sm" colorPalette="teal" onClick={() => onViewList('pending')}>
                Review Now
              </Button>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <RecentApplications applications={recent} onViewApplication={onViewApplication} />
            <QuickActions pending={counts.pending} onViewList={onViewList} />
          </SimpleGrid>
          {quickReview.length > 0 && <QuickReview applications={quickReview} onViewApplication={onViewApplication} />}
        </>
      )}
    </Stack>
  );
}

function RecentApplications({ applications, onViewApplication }: { applications: Approvals_ListItemFragment[]; onViewApplication: (id: string) => void }) {
  return (
    <SectionCard title="Recent Applications">
      {applications.length === 0 ? (
        <EmptyPanel size="sm" icon={<LuInbox />} title="No applications found" titleAs="h4" description="Applications will appear here when clubs register." />
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" aria-label="Recent applications">
          {applications.map((application) => (
            <li key={application.id}>
              <Button
                variant="ghost"
                w="full"
                h="auto"
                py="2"
                justifyContent="space-between"
                textAlign="start"
                onClick={() => onViewApplication(application.id)}
              >
                <HStack gap="3" minW="0">
                  <StatusIcon status={application.applicationStatus} />
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium" truncate>
                      {application.name}
                    </Text>
                    <RelativeTime value={application.createdAt} fontSize="xs" color="fg.muted" fontWeight="normal" />
                  </Stack>
                </HStack>
                <StatusBadge status={application.applicationStatus} />
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

const LIST_ACTIONS = [
  { status: 'pending', label: 'View Pending Applications', icon: LuClock },
  { status: 'approved', label: 'View Approved Clubs', icon: LuCircleCheck },
  { status: 'rejected', label: 'View Rejected Applications', icon: LuCircleX },
] as const;

function QuickActions({ pending, onViewList }: { pending: number; onViewList: (status: ApplicationStatusFilter) => void }) {
  return (
    <SectionCard title="Quick Actions">
      <Stack gap="2">
        <Button variant="outline" justifyContent="space-between" onClick={() => onViewList('all')}>
          <HStack gap="2">
            <LuClipboardList aria-hidden="true" />
            Review All Applications
          </HStack>
          <CountBadge count={pending} hidden="pending" />
        </Button>
        {LIST_ACTIONS.map(({ status, label, icon: ActionIcon }) => (
          <Button
            key={status}
            variant="outline"
            justifyContent="flex-start"
            disabled={status === 'pending' && pending === 0}
            onClick={() => onViewList(status)}
          >
            <ActionIcon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}

const QUICK_DECISIONS = [
  { verb: 'Approve', palette: 'green', icon: LuCheck },
  { verb: 'Reject', palette: 'red', icon: LuX },
] as const;

/** Up to two pending applications; approve and reject open the review, where the decision is made. */
function QuickReview({ applications, onViewApplication }: { applications: Approvals_ListItemFragment[]; onViewApplication: (id: string) => void }) {
  return (
    <SectionCard title="Quick Review Actions" description="The newest pending applications: open one to approve or reject it.">
      <Stack as="ul" listStyleType="none" gap="3" aria-label="Pending applications to review">
        {applications.map((application) => (
          <HStack as="li" key={application.id} justify="space-between" gap="3" borderWidth="1px" borderRadius="md" p="3">
            <NameAndEmail application={application} />
            <HStack gap="2" flexShrink="0">
              {QUICK_DECISIONS.map(({ verb, palette, icon: DecisionIcon }) => (
                <IconButton
                  key={verb}
                  size="sm"
                  variant="outline"
                  colorPalette={palette}
                  aria-label={`${verb} ${application.name}`}
                  onClick={() => onViewApplication(application.id)}
                >
                  <DecisionIcon />
                </IconButton>
              ))}
            </HStack>
          </HStack>
        ))}
      </Stack>
    </SectionCard>
  );
}
