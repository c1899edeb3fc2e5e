import { Button } from '@chakra-ui/react';
import { LuCheck, LuMessageSquare, LuX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { VolunteerApplicationDetailQuery } from '../../gql/graphql';
// The accept/reject dialog is the club side's own (features/club-opportunities, used by My
// Opportunities too): one dialog, one set of toasts.
import { ReviewApplicationDialog, useReviewDialog } from '../club-opportunities/review-application-dialog';

type Application = NonNullable<VolunteerApplicationDetailQuery['volunteerApplication']>;

/** The club's buttons: 'Accept' and 'Reject' while the application is pending, and a message to
 *  the volunteer. */
export function ClubReviewActions({ application }: { application: Application }) {
  const { ask, dialogProps } = useReviewDialog();
  const target = {
    id: application.id,
    volunteerName: application.volunteerProfile?.fullName ?? application.volunteer.name,
    opportunityTitle: application.position.title,
  };
  return (
    <>
      {application.canReview && (
        <>
          <Button size="sm" colorPalette="teal" onClick={() => ask(target, 'ACCEPT')}>
            <LuCheck aria-hidden="true" />
            Accept
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => ask(target, 'REJECT')}>
            <LuX aria-hidden="true" />
            Reject
          </Button>
        </>
      )}
      <Button asChild size="sm" variant="outline" colorPalette="teal">
        <RouterLink to={`/messages/${encodeURIComponent(application.volunteer.id)}`}>
          <LuMessageSquare aria-hidden="true" />
          Message volunteer
        </RouterLink>
      </Button>
      <ReviewApplicationDialog {...dialogProps} />
    </>
  );
}
