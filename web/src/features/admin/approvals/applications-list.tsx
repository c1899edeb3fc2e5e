import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LuArrowLeft, LuCheckCheck, LuSlidersHorizontal } from 'react-icons/lu';
import { useNavigate } from '../../../lib/navigation';
import { hasActiveFilters, listFiltersToParams, pageButtons, type SortField } from '@clubroom/rules/admin';
import { LoadError } from '../../../components/load-error';
import { AccessDenied } from '../admin-access';
import { APPROVALS_PATH, detailPath } from '../admin-route';
import { ACCESS_DENIED } from '../admin-texts';
import { useIsMobile } from '../use-is-mobile';
import { useMinLoading } from '../use-min-loading';
import { PageNav } from '../page-nav';
import { ApplicationCards } from './application-cards';
import type { Selection } from './application-parts';
import { ApplicationsTable } from './applications-table';
import { TableSkeleton } from './approvals-skeletons';
import { ApproveDialog } from './decision-dialogs';
import { BulkProgressDialog, BulkResultsDialog } from './bulk-dialogs';
import { FilterDrawer } from './filter-drawer';
import { ListEmpty } from './list-empty';
import { SubmittedDates, LocationField, PageSizeSelect, SearchFieldsChoice, SortFields, StatusSelect } from './list-filter-fields';
import { SearchBox } from './search-box';
import { useBulkApproval } from './use-bulk-approval';
import { useListFilters } from './use-list-filters';
import { isForbidden, useApplicationsList } from './use-approvals-queries';

/** The Club Applications list (spec section 2): filters in the address, a table (cards on a phone),
 *  pages, and bulk approval under the pending filter. */
export function ApplicationsList() {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { applied, draft, update, clearFilters } = useListFilters();
  const { page, error, retry } = useApplicationsList(applied);
  const showSkeleton = useMinLoading(!page && !error);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sheetOpen, setSheetOpen] = useState(false);
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const bulk = useBulkApproval(clearSelection);

  // A new page, status or filter starts with nothing ticked.
  const viewKey = listFiltersToParams(applied).toString();
  useEffect(clearSelection, [viewKey, clearSelection]);

  const applications = useMemo(() => page?.nodes ?? [], [page]);
  const totalPages = page ? Math.max(1, Math.ceil(page.totalCount / applied.limit)) : 0;
  const currentPage = Math.floor(applied.offset / applied.limit) + 1;

  // The list shrank under this page (applications were decided): show its last page instead.
  useEffect(() => {
    if (page && page.nodes.length === 0 && applied.offset > 0 && page.totalCount > 0) update({ offset: (totalPages - 1) * applied.limit });
  }, [page, applied.offset, applied.limit, totalPages, update]);

  if (isForbidden(error)) return <AccessDenied text={ACCESS_DENIED.list} level={2} />;

  const pendingOnPage = applications.filter((a) => a.applicationStatus === 'PENDING');
  const selection: Selection | undefined =
    applied.status === 'pending'
      ? {
          selected,
          toggle: (id, on) =>
            setSelected((current) => {
              const next = new Set(current);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            }),
          toggleAll: (on) => setSelected(on ? new Set(pendingOnPage.map((a) => a.id)) : new Set()),
        }
      : undefined;
  const selectedIds = pendingOnPage.filter((a) => selected.has(a.id)).map((a) => a.id);

  const onSort = (field: SortField) => {
    if (draft.sort_by === field) update({ sort_order: draft.sort_order === 'asc' ? 'desc' : 'asc' });
    else update({ sort_by: field, sort_order: field === 'created_at' ? 'desc' : 'asc' });
  };
  const open = (id: string) => navigate(detailPath(id, applied));
  const filtered = hasActiveFilters(applied);
  const fieldProps = { draft, update, idPrefix: 'list' };
  const first = applied.offset + 1;
  const last = applied.offset + applications.length;

  return (
    <Stack gap="5" pt="4">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0.5">
          <Heading as="h2" size="xl">
            Club Applications
          </Heading>
          <Text color="fg.muted">Search, filter and review club registration applications.</Text>
        </Stack>
        <Button variant="outline" onClick={() => navigate(APPROVALS_PATH)}>
          <LuArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Button>
      </HStack>

      {mobile ? (
        <HStack align="flex-end" gap="2">
          <Box flex="1">
            <SearchBox {...fieldProps} />
          </Box>
          <Button variant="outline" size="sm" onClick={() => setSheetOpen(true)}>
            <LuSlidersHorizontal aria-hidden="true" />
            Filters
            {filtered && (
              <Badge colorPalette="teal" variant="solid" size="sm">
                on<VisuallyHidden> (filters active)</VisuallyHidden>
              </Badge>
            )}
          </Button>
          <FilterDrawer open={sheetOpen} onClose={() => setSheetOpen(false)} draft={draft} update={update} onClear={clearFilters} />
        </HStack>
      ) : (
        <Card.Root variant="outline" as="section" aria-label="Search and filters">
          <Card.Body>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="flex-end">
                <Box gridColumn={{ lg: 'span 2' }}>
                  <SearchBox {...fieldProps} />
                </Box>
                <StatusSelect {...fieldProps} />
                <LocationField {...fieldProps} />
              </SimpleGrid>
              <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="flex-start">
                <Box gridColumn={{ lg: 'span 2' }}>
                  <SubmittedDates {...fieldProps} />
                </Box>
                <SortFields {...fieldProps} />
              </SimpleGrid>
              <HStack justify="space-between" gap="4" flexWrap="wrap" align="flex-end">
                <SearchFieldsChoice {...fieldProps} />
                <HStack gap="3" align="flex-end">
                  <Box w="28">
                    <PageSizeSelect {...fieldProps} />
                  </Box>
                  {filtered && (
                    <Button variant="ghost" size="sm" onClick={clearFilters}>
                      Clear All Filters
                    </Button>
                  )}
                </HStack>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}

      {selection && selectedIds.length > 0 && (
        <HStack justify="space-between" gap="3" flexWrap="wrap" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
          <Text fontWeight="medium">{selectedIds.length === 1 ? '1 application selected' : `${selectedIds.length} applications selected`}</Text>
          <HStack gap="2">
            <Button size="sm" variant="ghost" onClick={clearSelection}>
              Clear Selection
            </Button>
            <Button size="sm" colorPalette="teal" onClick={() => bulk.ask(selectedIds)}>
              <LuCheckCheck aria-hidden="true" />
              Approve Selected ({selectedIds.length})
            </Button>
          </HStack>
        </HStack>
      )}

      {showSkeleton || (!page && !error) ? (
        <Box role="status">
          <VisuallyHidden>Loading club applications</VisuallyHidden>
          <TableSkeleton rows={applied.limit} mobile={mobile} />
        </Box>
      ) : !page ? (
        <LoadError title="Unable to load club applications" onRetry={retry} />
      ) : applications.length === 0 ? (
        <ListEmpty status={applied.status} filtered={filtered} onClearFilters={clearFilters} />
      ) : (
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Showing {first}–{last} of {page.totalCount} applications
          </Text>
          {mobile ? (
            <ApplicationCards applications={applications} onOpen={open} selection={selection} />
          ) : (
            <ApplicationsTable applications={applications} filters={applied} onSort={onSort} onOpen={open} selection={selection} />
          )}
          <PageNav
            label="Club applications pages"
            page={currentPage}
            totalPages={totalPages}
            buttons={pageButtons(currentPage, totalPages)}
            onPage={(n) => update({ offset: (n - 1) * applied.limit })}
          />
        </Stack>
      )}

      <ApproveDialog
        open={bulk.phase.step === 'confirm'}
        onClose={bulk.cancel}
        subject={{ count: bulk.phase.step === 'confirm' ? bulk.phase.ids.length : selectedIds.length }}
        busy={false}
        onConfirm={(notes) => {
          if (bulk.phase.step === 'confirm') void bulk.run(bulk.phase.ids, notes);
        }}
      />
      <BulkProgressDialog
        open={bulk.phase.step === 'progress'}
        total={bulk.phase.step === 'progress' ? bulk.phase.total : 0}
        job={bulk.phase.step === 'progress' ? bulk.phase.job : null}
      />
      <BulkResultsDialog job={bulk.phase.step === 'results' ? bulk.phase.job : null} onClose={bulk.close} />
    </Stack>
  );
}
