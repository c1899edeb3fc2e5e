import { SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCircleCheck, LuClock, LuFlag, LuGavel } from 'react-icons/lu';
import type { Moderation_ActionFragment, Moderation_ReportFragment, Moderation_StatsFragment } from '../../../gql/graphql';
import { CountBadge } from '../count-badge';
import { StatCard } from '../stat-card';
import { ActionsList } from './actions-list';
import { DecisionDialog } from './decision-dialog';
import { ReportReviewDialog } from './report-review-dialog';
import { ReportsList } from './reports-list';
import { RestoreDialog } from './restore-dialog';
import type { DecisionType } from './use-moderation-decisions';

type ModerationView = 'reports' | 'pending' | 'actions';

/** The admin panel's Moderation tab (administration spec, section 2; issue 13): counters, every
 *  report, the pending ones and the decisions taken; reports arrive live (the panel's
 *  moderationStatsChanged subscription refetches the lists). */
export function ModerationTab({ stats }: { stats: Moderation_StatsFragment | undefined }) {
  const [view, setView] = useState<ModerationView>('reports');
  const [reportId, setReportId] = useState<string>();
  const [decision, setDecision] = useState<{ report: Moderation_ReportFragment; action: DecisionType }>();
  const [restoring, setRestoring] = useState<Moderation_ActionFragment>();

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} as="section" aria-label="Moderation statistics">
        <StatCard label="Total Reports" value={stats?.totalReports} help="All time" icon={<LuFlag />} />
        <StatCard label="Pending" value={stats?.pending} help={stats ? `${stats.reviewed} reviewed, awaiting a decision` : undefined} icon={<LuClock />} />
        <StatCard label="Resolved" value={stats?.resolved} help={stats ? `${stats.dismissed} dismissed` : undefined} icon={<LuCircleCheck />} />
        <StatCard label="Actions Taken" value={stats?.actionsTaken} help={stats ? `${stats.removedItems} items removed` : undefined} icon={<LuGavel />} />
      </SimpleGrid>
      <Tabs.Root value={view} onValueChange={(details) => setView(details.value as ModerationView)} variant="enclosed" colorPalette="teal" lazyMount unmountOnExit>
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
          <Tabs.Trigger value="pending">
            Pending
            <CountBadge count={stats?.pending} palette="orange" hidden="pending" />
          </Tabs.Trigger>
          <Tabs.Trigger value="actions">Actions</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports">
          <ReportsList status={null} onReview={setReportId} />
        </Tabs.Content>
        <Tabs.Content value="pending">
          <ReportsList status="PENDING" onReview={setReportId} />
        </Tabs.Content>
        <Tabs.Content value="actions">
          <ActionsList onRestore={setRestoring} />
        </Tabs.Content>
      </Tabs.Root>
      <ReportReviewDialog reportId={reportId} onClose={() => setReportId(undefined)} onDecide={(report, action) => setDecision({ report, action })} />
      <DecisionDialog
        target={decision}
        onClose={() => setDecision(undefined)}
        onDone={() => {
          setDecision(undefined);
          setReportId(undefined);
        }}
      />
      <RestoreDialog action={restoring} onClose={() => setRestoring(undefined)} />
    </Stack>
  );
}
