// The shared 'Report content' dialog (issue 13 contract, section 5): a reason, optional details,
// 'Cancel' / 'Submit Report'. A report the server refuses (e.g. already reported) keeps the dialog
// open with the server's message; one made offline is queued and closes it.
import { Alert, Dialog, Field, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  reportFormRules,
} from '@clubroom/rules/moderation';
import type { ReportReason, ReportTargetType } from '../gql/graphql';
import { applyServerFieldErrors } from '../lib/form-errors';
import { isQueuedOffline } from '../lib/offline-queue';
import { notifySuccess } from '../lib/toaster';
import { useReportContent } from '../lib/use-report-content';
import { errorMessageOf, fieldErrorsOf } from '../lib/user-errors';
import { DialogFrame } from './dialog-frame';
import { FormField } from './form-field';
import { FormDialogFooter } from './form-dialog';

/** What is reported: its kind, its global id and how the dialog names it. */
export interface ReportTarget {
  type: ReportTargetType;
  /** MESSAGE: the Message id; OPPORTUNITY: the VolunteerPosition id; CLUB: the Club id;
   *  PROFILE: the volunteer's Member id. */
  id: string;
  /** e.g. 'the club Riverside Rowers'. */
  label: string;
}

export const REPORT_FAILED = 'Your report could not be sent. Please check your connection and try again.';

const REASONS = Object.entries(REPORT_REASON_LABELS) as [ReportReason, string][];

type ReportFormInput = { reason: ReportReason | ''; details: string };
type ReportFormValues = z.output<typeof reportFormRules>;

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  target: ReportTarget | null;
}

export function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  return (
    <DialogFrame open={open} onClose={onClose} title="Report content">
      {target && <ReportForm target={target} onDone={onClose} />}
    </DialogFrame>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const { reportContent } = useReportContent();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormInput, unknown, ReportFormValues>({
    // The empty choice is the form's own state before a reason is picked; the rules refuse it.
    resolver: zodResolver(reportFormRules) as never,
    // Checked on submit (then as they change): a check on leaving the reason would move 'Cancel'
    // under the pointer of a user leaving the dialog.
    mode: 'onSubmit',
    criteriaMode: 'all',
    defaultValues: { reason: '', details: '' },
  });

  const onSubmit = handleSubmit(async ({ reason, details }) => {
    setRefusal(null);
    try {
      await reportContent({ targetType: target.type, targetId: target.id, reason, details: details || null });
      notifySuccess(MODERATION_MESSAGES.received.title, MODERATION_MESSAGES.received.description);
      onDone();
    } catch (error) {
      // Offline: queued to run on reconnect (the 'Offline' toast says so).
      if (isQueuedOffline(error)) return onDone();
      console.error('Reporting content failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, { reason: 'reason', details: 'details' });
      if (applied.length === 0) setRefusal(errorMessageOf(error) ?? REPORT_FAILED);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            Tell our moderators what is wrong with {target.label}. The owner is not told who reported it.
          </Text>
          {refusal && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{refusal}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Field.Root invalid={!!errors.reason}>
            <Controller
              control={control}
              name="reason"
              render={({ field }) => (
                <RadioGroup.Root
                  name={field.name}
                  value={field.value || null}
                  onValueChange={(details) => field.onChange(details.value ?? '')}
                  colorPalette="teal"
                  size="sm"
                >
                  <RadioGroup.Label fontWeight="medium" mb="2">
                    Reason
                  </RadioGroup.Label>
                  <Stack gap="2">
                    {REASONS.map(([value, label]) => (
                      <RadioGroup.Item key={value} value={value}>
                        <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
              )}
            />
            <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
          </Field.Root>
          <FormField label="Details (optional)" error={errors.details} helperText={`Under ${REPORT_DETAILS_MAX} characters.`}>
            <Textarea rows={4} {...register('details')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Submit Report" busyLabel="Submitting..." busy={isSubmitting} colorPalette="red" />
    </form>
  );
}
