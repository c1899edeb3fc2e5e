import { Box, Stack, Text } from '@chakra-ui/react';
import { PageSpinner } from '../../../components/page-spinner';
import { SectionCard } from '../../../components/section-card';
import { AuditEntry } from '../audit/audit-entry';
import { LoadFailed } from './load-failed';
import { REPORT_EMPTY } from './report-texts';
import { useRecentActivity } from './use-reports';

/** The latest 50 audited actions of the period, in a scrolling list (at most 24rem high). */
export function RecentActivity({ from }: { from: string }) {
  const { entries, loading, error, refetch } = useRecentActivity(from);
  return (
    <SectionCard title="Recent Activity">
      {error && !loading && <LoadFailed what="the recent activity" onRetry={() => void refetch().catch(() => undefined)} />}
      {!entries && loading && <PageSpinner />}
      {entries?.length === 0 && <Text color="fg.muted">{REPORT_EMPTY.recent}</Text>}
      {entries && entries.length > 0 && (
        // Focusable, so that a keyboard can scroll it.
        <Box maxH="24rem" overflowY="auto" tabIndex={0} role="region" aria-label="Recent admin activity" pe="2">
          <Stack as="ul" listStyleType="none" gap="0">
            {entries.map((entry) => (
              <Box as="li" key={entry.id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
                <AuditEntry entry={entry} />
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </SectionCard>
  );
}
