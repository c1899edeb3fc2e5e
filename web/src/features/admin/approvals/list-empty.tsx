import { Button } from '@chakra-ui/react';
import { LuInbox, LuSearchX } from 'react-icons/lu';
import type { ApplicationStatusFilter } from '@clubroom/rules/admin';
import { EmptyPanel } from '../../../components/empty-panel';

const TITLES: Record<ApplicationStatusFilter, string> = {
  pending: 'No pending applications',
  approved: 'No approved applications',
  rejected: 'No rejected applications',
  all: 'No applications found',
};

/** The list's empty states (spec section 2). */
export function ListEmpty({ status, filtered, onClearFilters }: { status: ApplicationStatusFilter; filtered: boolean; onClearFilters: () => void }) {
  return (
    <EmptyPanel
      icon={filtered ? <LuSearchX /> : <LuInbox />}
      title={TITLES[status]}
      titleAs="h3"
      description={
        filtered ? 'No applications match your current search criteria. Try adjusting your filters.' : 'Club applications will appear here when clubs register.'
      }
    >
      {filtered && (
        <Button variant="outline" onClick={onClearFilters}>
          Clear All Filters
        </Button>
      )}
    </EmptyPanel>
  );
}
