import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHandHelping, LuSearchX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { EmptyPanel } from '../../components/empty-panel';
import type { MyOpportunity_PositionFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { DELETE_OPPORTUNITY_QUESTION, OPPORTUNITY_TOASTS } from './club-opportunities-texts';
import { OpportunityCard } from './opportunity-card';
import { ReviewApplicationDialog, useReviewDialog } from './review-application-dialog';
import { useDeletePosition } from '../club-dashboard/use-position-actions';

interface OpportunityListProps {
  positions: readonly MyOpportunity_PositionFragment[];
  /** How many the club has in all (the filter may show fewer). */
  total: number;
  /** The chosen status filter's label, or null for all. */
  filterLabel: string | null;
  addTo: string;
}

/** The cards, the delete confirmation and the review dialog they share. */
export function OpportunityList({ positions, total, filterLabel, addTo }: OpportunityListProps) {
  const [deleting, setDeleting] = useState<{ open: boolean; position?: MyOpportunity_PositionFragment }>({ open: false });
  const { remove, deleting: busy } = useDeletePosition();
  const { ask, dialogProps } = useReviewDialog();

  const confirmDelete = async () => {
    const position = deleting.position;
    if (!position) return;
    try {
      await remove(position.id);
      notifySuccess(OPPORTUNITY_TOASTS.deleted);
      setDeleting((state) => ({ ...state, open: false }));
    } catch (error) {
      console.error('Deleting the opportunity failed:', error);
      const message = errorMessageOf(error);
      if (message) notifyError(OPPORTUNITY_TOASTS.deleteFailed, message);
      else notifyError(OPPORTUNITY_TOASTS.deleteFailedRetry);
    }
  };

  if (total === 0) {
    return (
      <EmptyPanel
        icon={<LuHandHelping />}
        title="No opportunities yet"
        description="Each volunteer position you add on the Club Dashboard is an opportunity volunteers can apply to once it is live."
      >
        <Button asChild colorPalette="teal" variant="outline">
          <RouterLink to={addTo}>Go to Volunteer Positions</RouterLink>
        </Button>
      </EmptyPanel>
    );
  }

  return (
    <>
      {positions.length === 0 ? (
        <EmptyPanel icon={<LuSearchX />} title={`No ${filterLabel?.toLowerCase() ?? ''} opportunities`} description="Choose another status to see the rest." />
      ) : (
        <Stack as="ul" listStyleType="none" gap="4" aria-label="Opportunities">
          {positions.map((position) => (
            <li key={position.id}>
              <OpportunityCard
                position={position}
                onDelete={() => setDeleting({ open: true, position })}
                onReview={ask}
              />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDeleteDialog
        open={deleting.open}
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        title="Delete Opportunity"
        question={DELETE_OPPORTUNITY_QUESTION}
        itemName={deleting.position?.title}
        deleting={busy}
        onConfirm={() => void confirmDelete()}
      />
      <ReviewApplicationDialog {...dialogProps} />
    </>
  );
}
