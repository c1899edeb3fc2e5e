import { Box, Button, IconButton, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuEye } from 'react-icons/lu';
import type { ApplicationListFilters, SortField } from '@clubroom/rules/admin';
import { RelativeTime } from '../../../components/relative-time';
import type { Approvals_ListItemFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { SelectApplication, type Selection } from './application-parts';
import { StatusBadge } from './application-status';

interface ApplicationsTableProps {
  applications: Approvals_ListItemFragment[];
  filters: ApplicationListFilters;
  onSort: (field: SortField) => void;
  onOpen: (id: string) => void;
  /** Present under the pending filter only: the checkbox column. */
  selection?: Selection;
}

function SortHeader({ field, label, filters, onSort }: { field: SortField; label: string; filters: ApplicationListFilters; onSort: (field: SortField) => void }) {
  const sorted = filters.sort_by === field;
  const Arrow = !sorted ? LuArrowUpDown : filters.sort_order === 'asc' ? LuArrowUp : LuArrowDown;
  return (
    <Table.ColumnHeader aria-sort={sorted ? (filters.sort_order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button variant="ghost" size="xs" px="1" ms="-1" fontWeight="semibold" onClick={() => onSort(field)}>
        {label}
        <Arrow aria-hidden="true" />
      </Button>
    </Table.ColumnHeader>
  );
}

/** The desktop list (spec section 2): a row or its view button opens the review. */
export function ApplicationsTable({ applications, filters, onSort, onOpen, selection }: ApplicationsTableProps) {
  const pending = applications.filter((a) => a.applicationStatus === 'PENDING');
  const allTicked = pending.length > 0 && pending.every((a) => selection?.selected.has(a.id));
  const someTicked = pending.some((a) => selection?.selected.has(a.id));
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive aria-label="Club applications">
        <Table.Header>
          <Table.Row>
            {selection && (
              <Table.ColumnHeader w="10">
                <chakra.input
                  type="checkbox"
                  boxSize="4"
                  accentColor="teal.solid"
                  aria-label="Select all pending applications on this page"
                  checked={allTicked}
                  ref={(input: HTMLInputElement | null) => {
                    if (input) input.indeterminate = someTicked && !allTicked;
                  }}
                  disabled={pending.length === 0}
                  onChange={(event) => selection.toggleAll(event.target.checked)}
                />
              </Table.ColumnHeader>
            )}
            <SortHeader field="name" label="Club Name" filters={filters} onSort={onSort} />
            <Table.ColumnHeader hideBelow="md">Contact</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">Location</Table.ColumnHeader>
            <SortHeader field="application_status" label="Status" filters={filters} onSort={onSort} />
            <SortHeader field="created_at" label="Submitted" filters={filters} onSort={onSort} />
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {applications.map((application) => (
            <Table.Row key={application.id} cursor="pointer" onClick={() => onOpen(application.id)}>
              {selection && (
                <Table.Cell onClick={(event) => event.stopPropagation()}>
                  <SelectApplication application={application} selection={selection} boxSize="4" />
                </Table.Cell>
              )}
              <Table.Cell fontWeight="medium">{application.name}</Table.Cell>
              <Table.Cell hideBelow="md">
                <Stack gap="0">
                  <Text fontSize="sm">{application.contactEmail}</Text>
                  {application.contactPhone && (
                    <Text fontSize="xs" color="fg.muted">
                      {application.contactPhone}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell hideBelow="lg">{application.location ?? '—'}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={application.applicationStatus} />
              </Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Text fontSize="sm">{formatDate(application.createdAt)}</Text>
                  <RelativeTime value={application.createdAt} fontSize="xs" color="fg.muted" />
                </Stack>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`View ${application.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(application.id);
                  }}
                >
                  <LuEye />
                </IconButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
