// The decision dialogs (spec sections 4 and 5): approve with optional notes (one application or
// a bulk selection) and reject with a required reason. Both are forms checked by the server's own
// rules; a failed decision keeps the dialog open.
import { Button, CloseButton, Dialog, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_NOTES_MAX, REJECTION_REASON_MAX, approveFormRules, rejectFormRules } from '../../../../../server/src/modules/admin/admin.rules';
import { FormField } from '../../../components/form-field';

interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

function DialogShell({ open, onClose, title, children, role = 'dialog' }: DialogShellProps) {
  return (
    <Dialog.Root role={role} open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
    <DialogShell open={open} onClose={onClose} title={bulk ? 'Approve Selected Applications' : 'Approve Club Application'}>
      <ApproveFormBody subject={subject} busy={busy} onConfirm={onConfirm} />
    </DialogShell>
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
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="teal" loading={busy || isSubmitting} loadingText="Approving...">
          {bulk ? `Approve ${subject.count} Applications` : 'Approve Application'}
        </Button>
      </Dialog.Footer>
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
    <DialogShell open={open} onClose={onClose} title="Reject Club Application" role="alertdialog">
      <RejectFormBody name={name} busy={busy} onConfirm={onConfirm} />
    </DialogShell>
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
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="red" disabled={reason.trim() === ''} loading={busy || isSubmitting} loadingText="Rejecting...">
          Reject Application
        </Button>
      </Dialog.Footer>
    </form>
  );
}
