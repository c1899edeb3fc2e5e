import { Button } from '@chakra-ui/react';
import { LuCheck, LuListOrdered, LuX } from 'react-icons/lu';
import { ReportButton } from '../../components/report-button';
import type { VolunteerApplicationDetailQuery } from '../../gql/graphql';
// The accept/reject dialog is the club side's own (features/club-opportunities, used by My
// Opportunities too): one dialog, one set of toasts.
import { ReviewApplicationDialog, useReviewDialog } from '../club-opportunities/review-application-dialog';
import { ApplicationMessageButton } from './application-message-button';

type Application = NonNullable<VolunteerApplicationDetailQuery['volunteerApplication']>;

/** The club's buttons: 'Accept' (pending or waiting), 'Put on waiting list' (pending), 'Reject'
 *  (open; 'Release place' for an accepted or offered one), a message to the volunteer (the compose dialog with the volunteer and 'Re: <title>' filled), and 'Report' for
 *  the volunteer's profile. */
export function ClubReviewActions({ application }: { application: Application }) {
  const { ask, dialogProps } = useReviewDialog();
  const target = {
    id: application.id,
    volunteerName: application.volunteerProfile?.fullName ?? application.volunteer.name,
    opportunityTitle: application.position.title,
    status: application.status,
  };
  const holdsPlace = application.status === 'ACCEPTED' || application.status === 'OFFERED';
  return (
    <>
      {application.canReview && (
        <Button size="sm" colorPalette="teal" onClick={() => ask(target, 'ACCEPT')}>
          <LuCheck aria-hidden="true" />
          Accept
        </Button>
      )}
      {application.canWaitlist && (
        <Button size="sm" variant="outline" colorPalette="purple" onClick={() => ask(target, 'WAITLIST')}>
          <LuListOrdered aria-hidden="true" />
          Put on waiting list
        </Button>
      )}
      {application.canReject && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => ask(target, 'REJECT')}>
          <LuX aria-hidden="true" />
          {holdsPlace ? 'Release place' : 'Reject'}
        </Button>
      )}
      <ApplicationMessageButton applicationId={application.id} label="Message volunteer" variant="outline" />
      {application.volunteerProfile && (
        <ReportButton
          target={{ type: 'PROFILE', id: application.volunteer.id, label: `the volunteer profile of ${target.volunteerName}` }}
          ownerId={application.volunteer.id}
          name="Report volunteer"
        />
      )}
      <ReviewApplicationDialog {...dialogProps} />
    </>
  );
}
