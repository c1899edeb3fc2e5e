// Accepting, rejecting or putting on the waiting list an application (the club's side): one hook
// for the three mutations, used by My Opportunities and by the application page (/applications/:id).
// It rejects on a failure or userErrors (UserErrors); the dialog tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { AcceptVolunteerApplicationDocument, RejectVolunteerApplicationDocument, WaitlistVolunteerApplicationDocument } from './club-opportunities.generated';
import { requirePayload } from '../../lib/user-errors';

export type ReviewDecision = 'ACCEPT' | 'REJECT' | 'WAITLIST';

const SILENT = { context: { silent: true } } as const;

export function useReviewApplication() {
  const [accept, accepting] = useMutation(AcceptVolunteerApplicationDocument, SILENT);
  const [reject, rejecting] = useMutation(RejectVolunteerApplicationDocument, SILENT);
  const [waitlist, waitlisting] = useMutation(WaitlistVolunteerApplicationDocument, SILENT);
  const review = useCallback(
    async (id: string, decision: ReviewDecision, note: string) => {
      const input = { id, note: note.trim() || null };
      if (decision === 'ACCEPT') {
        const { data } = await accept({ variables: { input } });
        return requirePayload(data?.acceptVolunteerApplication).application;
      }
      if (decision === 'WAITLIST') {
        const { data } = await waitlist({ variables: { input } });
        return requirePayload(data?.waitlistVolunteerApplication).application;
      }
      const { data } = await reject({ variables: { input } });
      return requirePayload(data?.rejectVolunteerApplication).application;
    },
    [accept, reject, waitlist],
  );
  return { review, reviewing: accepting.loading || rejecting.loading || waitlisting.loading };
}
