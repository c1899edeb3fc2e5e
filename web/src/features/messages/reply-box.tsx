import { Alert, Box, HStack, IconButton, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuSend } from 'react-icons/lu';
import { isQueuedOffline } from '../../lib/offline-queue';
import { notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';

interface ReplyBoxProps {
  subject: string;
  /** Sends the text; rejects when the send did not succeed. */
  onSend: (content: string) => Promise<unknown>;
}

/** Spec 4, reply: Ctrl+Enter or Cmd+Enter sends; nothing is sent while the trimmed text is blank
 *  or a send is in progress; success clears the text, a failure keeps it and is logged. A refusal
 *  the server explains (e.g. 'This member does not accept messages from you.', to a member the
 *  partner blocked) is shown under the box until the text changes. */
export function ReplyBox({ subject, onSend }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const canSend = text.trim() !== '' && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setRefusal(null);
    try {
      await onSend(text);
      setText('');
      notifySuccess('Message sent successfully!');
    } catch (error) {
      // Queued offline: it is sent on reconnect (the 'Offline' toast said so).
      if (isQueuedOffline(error)) {
        setText('');
        return;
      }
      console.error('Sending the reply failed:', error);
      setRefusal(errorMessageOf(error) ?? null);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Box as="form" onSubmit={onSubmit} borderTopWidth="1px" px={{ base: '3', md: '4' }} py="3">
      <Stack gap="2">
        <Text textStyle="sm" truncate>
          <Text as="span" fontWeight="semibold">
            Subject:
          </Text>{' '}
          {subject}
        </Text>
        <HStack alignItems="flex-end" gap="2">
          <Textarea
            rows={3}
            resize="none"
            placeholder="Type your reply..."
            aria-label="Reply"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
            }}
            onKeyDown={onKeyDown}
          />
          {/* Named by its text, not aria-label, so that a search by the label 'Reply' finds only the
              text box. */}
          <IconButton type="submit" colorPalette="teal" disabled={!canSend} loading={sending}>
            <LuSend aria-hidden />
            <VisuallyHidden>Send reply</VisuallyHidden>
          </IconButton>
        </HStack>
        {refusal && (
          <Alert.Root status="error" size="sm" role="alert">
            <Alert.Indicator />
            <Alert.Description>{refusal}</Alert.Description>
          </Alert.Root>
        )}
        <Text textStyle="xs" color="fg.muted">
          Press Ctrl+Enter to send
        </Text>
      </Stack>
    </Box>
  );
}
