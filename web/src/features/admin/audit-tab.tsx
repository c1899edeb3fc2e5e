import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { AUDIT_PAGE_SIZE, auditPageButtons } from '@clubroom/rules/admin';
import { PageSpinner } from '../../components/page-spinner';
import { AdminExportAuditLogDocument } from './admin-reports.generated';
import { AuditEntry } from './audit/audit-entry';
import { AuditFilters, NO_AUDIT_FILTERS, type AuditFilterValues } from './audit/audit-filters';
import { PageNav } from './page-nav';
import { useAuditLog } from './audit/use-audit-log';
import { LoadFailed } from './reports/load-failed';
import { useExport } from './reports/use-export';

const EMPTY = 'No audit log entries found';

/** The admin panel's Audit tab (administration spec, section 2): the audit log with its filters,
 *  search, numbered pages of 25 and the export. Any change of the filters goes back to page 1. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const { entries, totalCount, totalPages, loading, error, refetch } = useAuditLog(filters, page);
  const { exporting, run } = useExport();
  const [exportAuditLog] = useMutation(AdminExportAuditLogDocument, { context: { silent: true } });

  const changeFilters = (next: AuditFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(page * AUDIT_PAGE_SIZE, totalCount ?? 0);

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="center" flexWrap="wrap" gap="3">
        <Text color="fg.muted">Every administrator action, newest first.</Text>
        <Button
          variant="outline"
          loading={exporting === 'audit'}
          loadingText="Exporting..."
          onClick={() =>
            void run('audit', async () => {
              const input = { format: 'XLSX' as const, actionType: filters.actionType, from: filters.from || null, to: filters.to || null, search: filters.search || null };
              const { data } = await exportAuditLog({ variables: { input } });
              return data?.exportAdminActions;
            })
          }
        >
          <LuDownload aria-hidden /> Export
        </Button>
      </HStack>
      <AuditFilters values={filters} onChange={changeFilters} />
      {error && !loading && <LoadFailed what="the audit log" onRetry={() => void refetch().catch(() => undefined)} />}
      {!entries && loading && <PageSpinner />}
      {entries?.length === 0 && <Text color="fg.muted">{EMPTY}</Text>}
      {entries && entries.length > 0 && (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Showing {first}–{last} of {totalCount} {totalCount === 1 ? 'entry' : 'entries'}
          </Text>
          <Stack as="ul" listStyleType="none" gap="0" aria-label="Audit log entries" aria-busy={loading} borderWidth="1px" borderRadius="md" px="4">
            {entries.map((entry) => (
              <Box as="li" key={entry.id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
                <AuditEntry entry={entry} />
              </Box>
            ))}
          </Stack>
          <PageNav label="Audit log pages" page={page} totalPages={totalPages} buttons={auditPageButtons(page, totalPages)} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
