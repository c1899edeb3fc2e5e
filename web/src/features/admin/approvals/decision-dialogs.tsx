// The decision dialogs (spec sections 4 and 5): approve with optional notes (one application or
// a bulk selection) and reject with a required reason. Both are forms checked by the server's own
// rules; a failed decision keeps the dialog open.
import { Button, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_NOTES_MAX, REJECTION_REASON_MAX, approveFormRules, rejectFormRules } from '@clubroom/rules/admin';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormField } from '../../../components/form-field';

interface DecisionFooterProps {
  palette: 'teal' | 'red';
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  /** The submit button's text. */
  children: ReactNode;
}

/** Cancel, and the button that submits the decision. */
function DecisionFooter({ palette, busy, busyLabel, disabled, children }: DecisionFooterProps) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.ActionTrigger>
      <Button type="submit" colorPalette={palette} disabled={disabled} loading={busy} loadingText={busyLabel}>
        {children}
      </Button>
    </Dialog.Footer>
  );
}

type ApproveForm = z.input<typeof approveFormRules>;
type ApproveValues = z.output<typeof approveFormRules>;

interface ApproveDialogProps {
  open: boolean;
  onClose: () => void;
  /** One club's name, or how many applications are selected. */
  subject: { name: string } | { count: number };
  busy: boolean;
  onConfirm: (adminNotes: string | null) => Promise<void> | void;
}

export function ApproveDialog({ open, onClose, subject, busy, onConfirm }: ApproveDialogProps) {
  const bulk = 'count' in subject;
  return (
    <DialogFrame open={open} onClose={onClose} title={bulk ? 'Approve Selected Applications' : 'Approve Club Application'}>
      <ApproveFormBody subject={subject} busy={busy} onConfirm={onConfirm} />
    </DialogFrame>
  );
}

function ApproveFormBody({ subject, busy, onConfirm }: Omit<ApproveDialogProps, 'open' | 'onClose'>) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ApproveForm, unknown, ApproveValues>({ resolver: zodResolver(approveFormRules), defaultValues: { adminNotes: '' } });
  const bulk = 'count' in subject;
  const submit = handleSubmit(async (values) => onConfirm(values.adminNotes));
  return (
    <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {bulk ? (
              <>
                You are about to approve {subject.count === 1 ? '1 club application' : `${subject.count} club applications`}. Each club will gain
                platform access and receive login credentials by email.
              </>
            ) : (
              <>
                Approve <strong>{subject.name}</strong>? The club will gain platform access and receive login credentials by email.
              </>
            )}
          </Text>
          <FormField label="Admin Notes (optional)" error={errors.adminNotes} helperText={`Under ${ADMIN_NOTES_MAX} characters.`}>
            <Textarea rows={3} placeholder="Notes for the record" {...register('adminNotes')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <DecisionFooter palette="teal" busy={busy || isSubmitting} busyLabel="Approving...">
        {bulk ? `Approve ${subject.count} Applications` : 'Approve Application'}
      </DecisionFooter>
    </form>
  );
}

type RejectForm = z.input<typeof rejectFormRules>;
type RejectValues = z.output<typeof rejectFormRules>;

interface RejectDialogProps {
  open: boolean;
  onClose: () => void;
  name: string;
  busy: boolean;
  onConfirm: (rejectionReason: string) => Promise<void> | void;
}

export function RejectDialog({ open, onClose, name, busy, onConfirm }: RejectDialogProps) {
  return (
    <DialogFrame open={open} onClose={onClose} title="Reject Club Application" role="alertdialog">
      <RejectFormBody name={name} busy={busy} onConfirm={onConfirm} />
    </DialogFrame>
  );
}

function RejectFormBody({ name, busy, onConfirm }: Omit<RejectDialogProps, 'open' | 'onClose'>) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RejectForm, unknown, RejectValues>({ resolver: zodResolver(rejectFormRules), defaultValues: { rejectionReason: '' } });
  const reason = watch('rejectionReason') ?? '';
  const submit = handleSubmit(async (values) => onConfirm(values.rejectionReason));
  return (
    <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            Reject <strong>{name}</strong>? The applicant will be notified by email with the reason. This action cannot be undone.
          </Text>
          <FormField label="Rejection Reason *" error={errors.rejectionReason} helperText={`Required; under ${REJECTION_REASON_MAX} characters.`}>
            <Textarea rows={4} placeholder="Explain why the application is rejected" aria-required="true" {...register('rejectionReason')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <DecisionFooter palette="red" disabled={reason.trim() === ''} busy={busy || isSubmitting} busyLabel="Rejecting...">
        Reject Application
      </DecisionFooter>
    </form>
  );
}
