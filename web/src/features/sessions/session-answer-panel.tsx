// A signed-in member's answer to a session (Going / Can't make it, with a reason): an island of the
// session page, loaded with the GraphQL client (the page itself is read without it).
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { SessionPage_SessionFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { AnswerSessionDocument } from './session-actions.generated';
import { myAnswerText } from './session-format';
import { SESSION_PAGE_TEXTS as T } from './session-page-texts';

export function SessionAnswerPanel({ session }: { session: SessionPage_SessionFragment }) {
  const [answer, { loading }] = useMutation(AnswerSessionDocument, { context: { silent: true } });
  const [askingReason, setAskingReason] = useState(false);
  const [reason, setReason] = useState('');
  const mine = session.myAnswer;
  const send = async (value: 'GOING' | 'CANT') => {
    try {
      const { data } = await answer({ variables: { input: { sessionId: session.id, answer: value, reason: value === 'CANT' && reason.trim() ? reason.trim() : null } } });
      requirePayload(data?.answerSession);
      setAskingReason(false);
      notifySuccess(T.answered);
    } catch (error) {
      notifyError(T.answerFailed, errorMessageOf(error));
    }
  };
  return (
    <Stack gap="3">
      {mine && (
        <Text aria-live="polite" fontWeight="medium">
          {myAnswerText(mine)}
          {mine.answer === 'CANT' && mine.reason ? `: “${mine.reason}”` : ''}
        </Text>
      )}
      {mine?.byDefault && <Text color="fg.muted">{T.byDefault}</Text>}
      {mine?.waitingPosition && <Text color="fg.muted">{T.waitingPosition(mine.waitingPosition)}</Text>}
      <HStack gap="3" flexWrap="wrap" role="group" aria-label={T.yourAnswer}>
        <Button colorPalette="teal" variant={mine && !mine.byDefault && mine.answer !== 'CANT' ? 'solid' : 'outline'} aria-pressed={!!mine && !mine.byDefault && mine.answer !== 'CANT'} loading={loading} onClick={() => void send('GOING')}>
          {T.going}
        </Button>
        <Button colorPalette="red" variant={mine?.answer === 'CANT' ? 'solid' : 'outline'} aria-pressed={mine?.answer === 'CANT'} disabled={loading} onClick={() => setAskingReason(true)}>
          {T.cant}
        </Button>
      </HStack>
      {askingReason && (
        <Stack gap="2" as="form" onSubmit={(e) => { e.preventDefault(); void send('CANT'); }}>
          <Field.Root>
            <Field.Label>{T.reasonLabel}</Field.Label>
            <Textarea value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} rows={2} />
          </Field.Root>
          <Button type="submit" colorPalette="red" alignSelf="start" loading={loading}>
            {T.sendCant}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
