import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuInbox, LuSearchX } from 'react-icons/lu';
import type { ApplicationStatusFilter } from '../../../../../server/src/modules/admin/admin.rules';

const TITLES: Record<ApplicationStatusFilter, string> = {
  pending: 'No pending applications',
  approved: 'No approved applications',
  rejected: 'No rejected applications',
  all: 'No applications found',
};

/** The list's empty states (spec section 2). */
export function ListEmpty({ status, filtered, onClearFilters }: { status: ApplicationStatusFilter; filtered: boolean; onClearFilters: () => void }) {
  return (
    <EmptyState.Root size="md" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <EmptyState.Content>
        <EmptyState.Indicator>{filtered ? <LuSearchX /> : <LuInbox />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h3">{TITLES[status]}</EmptyState.Title>
          <EmptyState.Description>
            {filtered
              ? 'No applications match your current search criteria. Try adjusting your filters.'
              : 'Club applications will appear here when clubs register.'}
          </EmptyState.Description>
        </VStack>
        {filtered && (
          <Button variant="outline" onClick={onClearFilters}>
            Clear All Filters
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
