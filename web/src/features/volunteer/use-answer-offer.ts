import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { OfferAnswer } from '../../gql/graphql';
import { expireFreshness } from '../../lib/freshness';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { AnswerPlaceOfferDocument, MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument, VolunteerApplicationDetailDocument } from './volunteer.generated';
import { APPLICATIONS_FRESHNESS_PREFIX } from './volunteer-limits';
import { WAITLIST_TEXTS } from './volunteer-texts';

/** Takes or refuses a place offered from the waiting line, with its toasts; resolves true when
 *  the answer was saved. A refusal (the offer ran out, was answered elsewhere) is the server's
 *  message, and the application is asked for again so the page shows where it stands. */
export function useAnswerOffer() {
  const [mutate, { loading }] = useMutation(AnswerPlaceOfferDocument, {
    context: { silent: true },
    refetchQueries: [MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument, VolunteerApplicationDetailDocument],
  });
  const answer = useCallback(
    async (id: string, choice: OfferAnswer): Promise<boolean> => {
      try {
        const { data } = await mutate({ variables: { input: { id, answer: choice } } });
        const payload = data?.answerPlaceOffer;
        if (!payload?.application || payload.userErrors.length > 0) {
          notifyError(WAITLIST_TEXTS.answerFailedTitle, payload?.userErrors[0]?.message ?? WAITLIST_TEXTS.answerFailed);
          return false;
        }
        expireFreshness(APPLICATIONS_FRESHNESS_PREFIX);
        notifySuccess(choice === 'ACCEPT' ? WAITLIST_TEXTS.accepted : WAITLIST_TEXTS.declined);
        return true;
      } catch (error) {
        console.error('Answering the offered place failed:', error);
        notifyError(WAITLIST_TEXTS.answerFailedTitle, WAITLIST_TEXTS.answerFailed);
        return false;
      }
    },
    [mutate],
  );
  return { answer, answering: loading };
}
