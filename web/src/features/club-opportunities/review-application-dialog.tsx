import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
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
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { REVIEW_TOASTS } from './club-opportunities-texts';
import { useReviewApplication, type ReviewDecision } from './use-review-application';

const noteRules = z.object({ note: reviewNoteRule });

/** The application the dialog decides on, as its heading names it. */
export interface ReviewTarget {
  /** The application's global id. */
  id: string;
  volunteerName: string;
  opportunityTitle: string;
}

export interface ReviewApplicationDialogProps {
  open: boolean;
  onClose: () => void;
  application: ReviewTarget | null;
  decision: ReviewDecision;
  /** After a decision was saved (the cache already holds the new status). */
  onReviewed?: () => void;
}

/** 'Accept' or 'Reject' a pending application, with an optional note to the volunteer. */
export function ReviewApplicationDialog({ open, onClose, application, decision, onReviewed }: ReviewApplicationDialogProps) {
  const accepting = decision === 'ACCEPT';
  return (
    <DialogFrame open={open} onClose={onClose} title={accepting ? 'Accept Application' : 'Reject Application'} role="alertdialog">
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
  const accepting = decision === 'ACCEPT';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(noteRules), mode: 'onSubmit', defaultValues: { note: '' } });

  const onSubmit = handleSubmit(async ({ note }) => {
    try {
      await review(application.id, decision, note ?? '');
      notifySuccess(accepting ? REVIEW_TOASTS.accepted : REVIEW_TOASTS.rejected);
      onDone();
    } catch (error) {
      console.error('Reviewing the application failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, { note: 'note' });
      const message = errorMessageOf(error);
      if (message) notifyError(REVIEW_TOASTS.failed, message);
      else notifyError(REVIEW_TOASTS.failedRetry);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {accepting ? 'Accept' : 'Reject'} the application of <strong>{application.volunteerName}</strong> for{' '}
            <strong>{application.opportunityTitle}</strong>? The volunteer is told at once.
          </Text>
          <FormField label="Note to the volunteer (optional)" error={errors.note} helperText={`At most ${REVIEW_NOTE_MAX} characters.`}>
            <Textarea rows={4} {...register('note')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={accepting ? 'Accept Application' : 'Reject Application'} busyLabel={accepting ? 'Accepting...' : 'Rejecting...'} busy={isSubmitting} colorPalette={accepting ? 'teal' : 'red'} />
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
