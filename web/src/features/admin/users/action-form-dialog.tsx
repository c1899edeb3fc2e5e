// The confirmation of every Users and Moderation action: a question, the fields the action needs
// (a reason or note, an end date) checked by the server's own rules, and the action's button. A
// refusal by the server is shown in the dialog, which stays open; a write queued while offline
// closes it (the 'Offline' toast says it will run later); other failures are toasts.
import { Alert, Dialog, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormField } from '../../../components/form-field';
import { FormDialogFooter } from '../../../components/form-dialog';
import { isQueuedOffline } from '../../../lib/offline-queue';
import { useRulesForm } from '../../../lib/use-rules-form';
import { UserErrors } from '../../../lib/user-errors';
import { notifyDecisionFailure } from '../approvals/review-refresh';
import { todayYmd } from './form-rules';

export interface ActionFormValues {
  note: string;
  /** 'YYYY-MM-DD' or ''. */
  until: string;
}

export interface ActionFormResult {
  note: string | null;
  /** An ISO instant, or null for none. */
  until: string | null;
}

export type ActionFormRules = z.ZodType<ActionFormResult, ActionFormValues>;

interface ActionFormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, and to whom. */
  question: ReactNode;
  rules: ActionFormRules;
  /** The text field (a reason, a warning, a note), if the action takes one. */
  noteField?: { label: string; placeholder?: string; required?: boolean };
  /** The optional end date field's label, if the action takes one. */
  untilLabel?: string;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Runs the action; rejects when it failed (UserErrors when the server refused). */
  onSubmit: (values: ActionFormResult) => Promise<void>;
}

export function ActionFormDialog({ open, onClose, title, ...form }: ActionFormDialogProps) {
  return (
    <DialogFrame role="alertdialog" open={open} onClose={onClose} title={title} size="md">
      <ActionForm {...form} onClose={onClose} />
    </DialogFrame>
  );
}

function ActionForm({ question, rules, noteField, untilLabel, confirmLabel, busyLabel, destructive = true, onSubmit, onClose }: Omit<ActionFormDialogProps, 'open' | 'title'>) {
  const [refusal, setRefusal] = useState<string[]>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useRulesForm<ActionFormValues, ActionFormResult>(rules, { note: '', until: '' });

  const submit = handleSubmit(async (values) => {
    setRefusal(undefined);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isQueuedOffline(error)) {
        onClose();
        return;
      }
      if (UserErrors.is(error)) {
        setRefusal(error.errors.map((item) => item.message));
        return;
      }
      console.error(`${confirmLabel} failed:`, error);
      notifyDecisionFailure(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          {typeof question === 'string' ? <Text>{question}</Text> : question}
          {noteField && (
            <FormField label={noteField.label} error={errors.note}>
              <Textarea rows={4} placeholder={noteField.placeholder} aria-required={noteField.required ? 'true' : undefined} {...register('note')} />
            </FormField>
          )}
          {untilLabel && (
            <FormField label={untilLabel} error={errors.until} helperText="Leave empty to suspend until reinstated.">
              <Input type="date" min={todayYmd()} {...register('until')} />
            </FormField>
          )}
          {refusal && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                {refusal.map((message) => (
                  <Alert.Description key={message}>{message}</Alert.Description>
                ))}
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={confirmLabel} busyLabel={busyLabel} busy={isSubmitting} colorPalette={destructive ? 'red' : 'teal'} />
    </form>
  );
}
