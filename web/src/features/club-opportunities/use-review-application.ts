// Accepting or rejecting a pending application (the club's side): one hook for both mutations,
// used by My Opportunities and by the application page (/applications/:id). It rejects on a
// failure or userErrors (UserErrors); the dialog tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { AcceptVolunteerApplicationDocument, RejectVolunteerApplicationDocument } from './club-opportunities.generated';
import { requirePayload } from '../../lib/user-errors';

export type ReviewDecision = 'ACCEPT' | 'REJECT';

const SILENT = { context: { silent: true } } as const;

export function useReviewApplication() {
  const [accept, accepting] = useMutation(AcceptVolunteerApplicationDocument, SILENT);
  const [reject, rejecting] = useMutation(RejectVolunteerApplicationDocument, SILENT);
  const review = useCallback(
    async (id: string, decision: ReviewDecision, note: string) => {
      const input = { id, note: note.trim() || null };
      if (decision === 'ACCEPT') {
        const { data } = await accept({ variables: { input } });
        return requirePayload(data?.acceptVolunteerApplication).application;
      }
      const { data } = await reject({ variables: { input } });
      return requirePayload(data?.rejectVolunteerApplication).application;
    },
    [accept, reject],
  );
  return { review, reviewing: accepting.loading || rejecting.loading };
}
