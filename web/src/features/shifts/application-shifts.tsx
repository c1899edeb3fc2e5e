import { Alert, Box, Button, Card, Dialog, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog, FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { ApplicationShiftsQuery, OfferAnswer } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { SignupDecisions, SignupStatus } from './club-position-shifts';
import { clockTime, shiftWhen } from './shift-format';
import { ShiftSwapsList } from './shift-swaps';
import { AnswerShiftOfferDocument, ApplicationShiftsDocument, ProposeShiftSwapDocument, WithdrawShiftSignupDocument } from './shifts.generated';
import { MY_SHIFTS_TEXTS as T } from './shifts-texts';

type Application = NonNullable<ApplicationShiftsQuery['volunteerApplication']>;
type Signup = Application['shiftSignups'][number];
type PositionShift = Application['position']['shifts']['nodes'][number];

const REFETCH = ['ApplicationShifts', 'VolunteerApplicationDetail', 'MyShiftSwaps'];
const MUTATION_OPTIONS = { refetchQueries: REFETCH, awaitRefetchQueries: true, context: { silent: true } };

/** The application page's 'Shifts' card, for a position with shifts: where each picked shift
 *  stands. Its volunteer answers an offered place, drops a shift or proposes a swap (and sees the
 *  swaps of this position); the club's owner decides each one; an administrator only reads. */
export function ApplicationShifts({ applicationId, viewer }: { applicationId: string; viewer: 'volunteer' | 'club' | 'admin' }) {
  const { data, error, refetch } = useQuery(ApplicationShiftsDocument, { variables: { id: applicationId }, fetchPolicy: 'cache-and-network', context: { silent: true } });
  const [dropping, setDropping] = useState<Signup | null>(null);
  const [swapping, setSwapping] = useState<Signup | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [withdraw, { loading: withdrawing }] = useMutation(WithdrawShiftSignupDocument, MUTATION_OPTIONS);
  const application = data?.volunteerApplication;

  if (!application) {
    return error ? <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} /> : null;
  }
  if (application.shiftSignups.length === 0) return null;

  const drop = async () => {
    if (!dropping) return;
    try {
      requirePayload((await withdraw({ variables: { input: { id: dropping.id } } })).data?.withdrawShiftSignup);
      notifySuccess(T.dropped);
      setDropping(null);
    } catch (failure) {
      notifyError(T.dropFailed, errorMessageOf(failure));
    }
  };

  return (
    <Box id="shifts">
      <SectionCard title={T.title} level="h2" icon={<LuCalendarClock aria-hidden />} description={viewer === 'volunteer' ? T.description : T.clubDescription}>
        <Stack gap="3">
          {refusal && (
            <Alert.Root status="error" variant="subtle">
              <Alert.Indicator />
              <Alert.Title>{refusal}</Alert.Title>
            </Alert.Root>
          )}
          <Stack as="ul" listStyleType="none" gap="3" aria-label={T.title}>
            {application.shiftSignups.map((signup) => (
              <SignupCard
                key={signup.id}
                signup={signup}
                viewer={viewer}
                canSwap={viewer === 'volunteer' && signup.status === 'ACCEPTED' && signup.shift !== null && new Date(signup.shift.startsAt).getTime() > Date.now()}
                onDrop={() => setDropping(signup)}
                onSwap={() => setSwapping(signup)}
                onRefused={setRefusal}
              />
            ))}
          </Stack>
        </Stack>
      </SectionCard>
      {viewer === 'volunteer' && (
        <Box mt="6">
          <ShiftSwapsList positionId={application.position.id} />
        </Box>
      )}
      <ConfirmDialog
        open={dropping !== null}
        onClose={() => setDropping(null)}
        title={T.dropTitle}
        question={T.dropQuestion}
        itemName={dropping?.shift ? shiftWhen(dropping.shift) : undefined}
        confirmLabel={T.drop}
        busyLabel={T.dropping}
        busy={withdrawing}
        onConfirm={() => void drop()}
      />
      <FormDialog open={swapping !== null} onClose={() => setSwapping(null)} title={T.swapTitle}>
        {swapping && <SwapForm signup={swapping} shifts={application.position.shifts.nodes} onDone={() => setSwapping(null)} />}
      </FormDialog>
    </Box>
  );
}

interface SignupCardProps {
  signup: Signup;
  viewer: 'volunteer' | 'club' | 'admin';
  canSwap: boolean;
  onDrop: () => void;
  onSwap: () => void;
  onRefused: (message: string | null) => void;
}

function SignupCard({ signup, viewer, canSwap, onDrop, onSwap, onRefused }: SignupCardProps) {
  const [answer] = useMutation(AnswerShiftOfferDocument, MUTATION_OPTIONS);
  const [answering, setAnswering] = useState<OfferAnswer | null>(null);
  const when = signup.shift ? shiftWhen(signup.shift) : '';
  const cancelled = signup.shift?.cancelledAt != null;

  const reply = async (value: OfferAnswer) => {
    setAnswering(value);
    try {
      requirePayload((await answer({ variables: { input: { id: signup.id, answer: value } } })).data?.answerShiftOffer);
      notifySuccess(value === 'ACCEPT' ? T.taken : T.declined);
    } catch (failure) {
      notifyError(T.answerFailed, errorMessageOf(failure));
    } finally {
      setAnswering(null);
    }
  };

  return (
    <Card.Root as="li" variant="outline" aria-label={when}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
            <Stack gap="1">
              <Text fontWeight="semibold" textDecoration={cancelled ? 'line-through' : undefined}>
                {when}
              </Text>
              <HStack gap="2" flexWrap="wrap">
                <SignupStatus signup={signup} />
              </HStack>
            </Stack>
            <HStack gap="2" flexWrap="wrap">
              {viewer === 'club' && <SignupDecisions signup={signup} label={when} refetch={REFETCH} onRefused={onRefused} />}
              {canSwap && (
                <Button size="xs" variant="outline" colorPalette="teal" onClick={onSwap} aria-label={`${T.swap}: ${when}`}>
                  {T.swap}
                </Button>
              )}
              {viewer === 'volunteer' && signup.canWithdraw && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={onDrop} aria-label={`${T.drop}: ${when}`}>
                  {T.drop}
                </Button>
              )}
            </HStack>
          </HStack>
          {signup.status === 'OFFERED' && signup.offerExpiresAt && signup.shift && (
            <Alert.Root status="info" variant="subtle" alignItems="center" flexWrap="wrap" gap="3">
              <Alert.Indicator />
              <Alert.Title flex="1">{T.offerUntil(clockTime(signup.offerExpiresAt, signup.shift.timeZone))}</Alert.Title>
              {signup.canAnswerOffer && (
                <HStack gap="2">
                  <Button size="sm" colorPalette="green" loading={answering === 'ACCEPT'} disabled={answering !== null} onClick={() => void reply('ACCEPT')} aria-label={`${T.take}: ${when}`}>
                    {T.take}
                  </Button>
                  <Button size="sm" variant="outline" loading={answering === 'DECLINE'} disabled={answering !== null} onClick={() => void reply('DECLINE')} aria-label={`${T.decline}: ${when}`}>
                    {T.decline}
                  </Button>
                </HStack>
              )}
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The 'Propose a swap' dialog's body: another shift of the position and one of its accepted
 *  volunteers. */
function SwapForm({ signup, shifts, onDone }: { signup: Signup; shifts: PositionShift[]; onDone: () => void }) {
  const [propose, { loading }] = useMutation(ProposeShiftSwapDocument, MUTATION_OPTIONS);
  const [choice, setChoice] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const choices = shifts
    .filter((shift) => shift.id !== signup.shift?.id && shift.cancelledAt === null && new Date(shift.startsAt).getTime() > Date.now())
    .flatMap((shift) => shift.teammates.map((mate) => ({ handle: mate.handle, label: `${shiftWhen(shift)} — ${mate.name}` })));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice) {
      setMessage(T.chooseTeammate);
      return;
    }
    try {
      requirePayload((await propose({ variables: { input: { signupId: signup.id, withSignupId: choice } } })).data?.proposeShiftSwap);
      notifySuccess(T.swapSent);
      onDone();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setMessage(fields?.withSignupId ?? fields?.signupId ?? errorMessageOf(failure) ?? T.swapFailed);
      notifyError(T.swapFailed, errorMessageOf(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'contents' }} aria-label={T.swapTitle}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{T.swapIntro}</Text>
          {signup.shift && <Text fontWeight="semibold">{shiftWhen(signup.shift)}</Text>}
          {choices.length === 0 ? (
            <Text color="fg.muted">{T.noTeammates}</Text>
          ) : (
            <FormField label={T.swapWith} error={message ? { type: 'server', message } : undefined}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={choice}
                  onChange={(event) => {
                    setChoice(event.currentTarget.value);
                    setMessage(null);
                  }}
                >
                  <option value="">{T.chooseTeammate}</option>
                  {choices.map((c) => (
                    <option key={c.handle} value={c.handle}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.swapSend} busyLabel={T.swapSending} busy={loading} colorPalette="teal" />
    </form>
  );
}
