import { Alert, Button, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REVIEW_NOTE_MAX, reviewNoteRule } from '@clubroom/rules/opportunities';
import { DialogFrame } from '../../components/dialog-frame';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, UserErrors } from '../../lib/user-errors';
import type { VolunteerApplicationStatus } from '../../gql/graphql';
import { REVIEW_DECISION_TEXTS, REVIEW_TOASTS, WAITLIST_INSTEAD } from './club-opportunities-texts';
import { useReviewApplication, type ReviewDecision } from './use-review-application';

const noteRules = z.object({ note: reviewNoteRule });

/** The application the dialog decides on, as its heading names it. */
export interface ReviewTarget {
  /** The application's global id. */
  id: string;
  volunteerName: string;
  opportunityTitle: string;
  /** Its status now: rejecting one that holds a place (accepted or offered) releases the place. */
  status?: VolunteerApplicationStatus;
}

/** The dialog's words: rejecting an application that holds a place is releasing the place. */
function wordsOf(decision: ReviewDecision, status: VolunteerApplicationStatus | undefined) {
  if (decision === 'REJECT' && (status === 'ACCEPTED' || status === 'OFFERED')) return REVIEW_DECISION_TEXTS.RELEASE;
  return REVIEW_DECISION_TEXTS[decision];
}

export interface ReviewApplicationDialogProps {
  open: boolean;
  onClose: () => void;
  application: ReviewTarget | null;
  decision: ReviewDecision;
  /** After a decision was saved (the cache already holds the new status). */
  onReviewed?: () => void;
}

/** 'Accept', 'Put on the waiting list' or 'Reject' (for an accepted one: 'Release the place') an
 *  application, with an optional note to the volunteer. A refusal of the whole decision (a full
 *  position, an application that changed meanwhile) is shown in the dialog, in the server's words. */
export function ReviewApplicationDialog({ open, onClose, application, decision, onReviewed }: ReviewApplicationDialogProps) {
  return (
    <DialogFrame open={open} onClose={onClose} title={wordsOf(decision, application?.status).title} role="alertdialog">
      {application && (
        <ReviewForm
          application={application}
          decision={decision}
          onDone={() => {
            onClose();
            onReviewed?.();
          }}
        />
      )}
    </DialogFrame>
  );
}

function ReviewForm({ application, decision, onDone }: { application: ReviewTarget; decision: ReviewDecision; onDone: () => void }) {
  const { review } = useReviewApplication();
  const words = wordsOf(decision, application.status);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(noteRules), mode: 'onSubmit', defaultValues: { note: '' } });

  // The dialog's decision, or (after a full position refused an acceptance) the waiting list instead.
  const submitAs = (which: ReviewDecision) =>
    handleSubmit(async ({ note }) => {
      setRefusal(null);
      try {
        await review(application.id, which, note ?? '');
        notifySuccess(which === 'ACCEPT' ? REVIEW_TOASTS.accepted : which === 'WAITLIST' ? REVIEW_TOASTS.waitlisted : words === REVIEW_DECISION_TEXTS.RELEASE ? REVIEW_TOASTS.released : REVIEW_TOASTS.rejected);
        onDone();
      } catch (error) {
        console.error('Reviewing the application failed:', error);
        const onNote = applyServerFieldErrors(fieldErrorsOf(error), setError, { note: 'note' });
        const message = errorMessageOf(error);
        // A refusal of the decision itself (all places filled...) stays in view beside the buttons.
        if (UserErrors.is(error) && onNote.length === 0) {
          setRefusal(error.message);
          return;
        }
        if (message) notifyError(REVIEW_TOASTS.failed, message);
        else notifyError(REVIEW_TOASTS.failedRetry);
      }
    });
  const onSubmit = submitAs(decision);
  const waitlistInstead = decision === 'ACCEPT' && application.status === 'PENDING';

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {words.lead} <strong>{application.volunteerName}</strong> for <strong>{application.opportunityTitle}</strong>
            {words.tail}{' '}
            {words.after}
          </Text>
          {refusal && (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Description>{refusal}</Alert.Description>
                {waitlistInstead && (
                  <Button size="xs" variant="outline" colorPalette="purple" alignSelf="flex-start" loading={isSubmitting} onClick={() => void submitAs('WAITLIST')()}>
                    {WAITLIST_INSTEAD}
                  </Button>
                )}
              </Alert.Content>
            </Alert.Root>
          )}
          <FormField label="Note to the volunteer (optional)" error={errors.note} helperText={`At most ${REVIEW_NOTE_MAX} characters.`}>
            <Textarea rows={4} {...register('note')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={words.submit} busyLabel={words.busy} busy={isSubmitting} colorPalette={words.palette} />
    </form>
  );
}

/** The dialog's state for a list of applications: `ask(application, decision)` opens it. */
export function useReviewDialog() {
  const [state, setState] = useState<{ open: boolean; application: ReviewTarget | null; decision: ReviewDecision }>({
    open: false,
    application: null,
    decision: 'ACCEPT',
  });
  const ask = useCallback((application: ReviewTarget, decision: ReviewDecision) => setState({ open: true, application, decision }), []);
  const onClose = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { ask, dialogProps: { open: state.open, onClose, application: state.application, decision: state.decision } };
}
