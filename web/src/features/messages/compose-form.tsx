import { Dialog, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type RefObject } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from '../../lib/navigation';
import { composeMessageRules, type ComposeMessage } from '@clubroom/rules/messages';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { isQueuedOffline } from '../../lib/offline-queue';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import type { Recipient } from './recipient';
import { RecipientPicker } from './recipient-picker';
import { useSendMessage } from './use-send-message';

const SERVER_FIELD_NAMES = { recipientId: 'recipientId', subject: 'subject', content: 'content' } as const;

interface ComposeFormProps {
  recipient?: Recipient;
  /** A prefilled subject (e.g. 'Re: <opportunity title>' from an application). */
  subject?: string;
  onSent: () => void;
  /** Set to the first field still to write when a recipient is given: the subject, or the message
   *  when the subject is filled too. */
  firstToWrite?: RefObject<HTMLElement | null>;
}

/** The compose dialog's body and footer: 'To *', Subject, Message, Cancel, 'Send Message'. */
export function ComposeForm({ recipient, subject, onSent, firstToWrite }: ComposeFormProps) {
  const navigate = useNavigate();
  const { send } = useSendMessage();
  const [chosen, setChosen] = useState<Recipient | null>(recipient ?? null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ComposeMessage>({
    resolver: zodResolver(composeMessageRules),
    // Validated on submit, then on change: an error appearing on blur would shift the buttons
    // under the pointer between press and release, and the click would be lost.
    mode: 'onSubmit',
    defaultValues: { recipientId: recipient?.id ?? '', subject: subject ?? '', content: '' },
  });

  const subjectField = register('subject');
  const contentField = register('content');
  const startAt = subject ? 'content' : 'subject';
  const refOf = (name: 'subject' | 'content', ref: (element: HTMLElement | null) => void) => (element: HTMLElement | null) => {
    ref(element);
    if (firstToWrite && name === startAt) firstToWrite.current = element;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send({ recipientId: values.recipientId, subject: values.subject, content: values.content });
      notifySuccess('Message sent successfully!');
      onSent();
      navigate(`/messages/${values.recipientId}`);
    } catch (error) {
      // Queued offline: it is sent on reconnect (the 'Offline' toast said so).
      if (isQueuedOffline(error)) {
        onSent();
        return;
      }
      console.error('Sending the message failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, SERVER_FIELD_NAMES);
      notifyError('Failed to send message', errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="To *" error={errors.recipientId}>
            <Controller
              control={control}
              name="recipientId"
              render={({ field }) => (
                <RecipientPicker
                  value={chosen}
                  onChange={(next) => {
                    setChosen(next);
                    field.onChange(next?.id ?? '');
                    // The search box is gone once someone is chosen: the subject is next.
                    if (next) window.setTimeout(() => setFocus('subject'));
                  }}
                />
              )}
            />
          </FormField>
          <FormField label="Subject" error={errors.subject}>
            <Input autoComplete="off" {...subjectField} ref={refOf('subject', subjectField.ref)} />
          </FormField>
          <FormField label="Message" error={errors.content}>
            <Textarea rows={6} {...contentField} ref={refOf('content', contentField.ref)} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Send Message" busyLabel="Sending..." busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
