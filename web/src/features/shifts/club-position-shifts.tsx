import { Alert, Badge, Box, Button, Card, Dialog, HStack, Link, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuCalendarClock, LuChevronDown, LuChevronUp, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { cancelShiftRules, SHIFT_CANCEL_REASON_MAX } from '@clubroom/rules/shifts';
import { FormDialog, FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import type { ClubPositionShiftsQuery, ShiftDecision, Shifts_SignupFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { applicationPath } from '../volunteer/volunteer-format';
import { AddShiftForm, ShiftPlacesForm } from './add-shift-form';
import { shiftWhen } from './shift-format';
import { CancelPositionShiftDocument, ClubPositionShiftsDocument, DecideShiftSignupDocument, ShiftSignupsDocument } from './shifts.generated';
import { CLUB_SHIFTS_TEXTS as T, MY_SHIFTS_TEXTS, SIGNUP_STATUS_LABELS, SIGNUP_STATUS_PALETTES } from './shifts-texts';

type Position = Extract<NonNullable<ClubPositionShiftsQuery['node']>, { __typename: 'VolunteerPosition' }>;
type Shift = Position['shifts']['nodes'][number];
type Signup = Shifts_SignupFragment;


const CLUB_QUERIES = ['ClubPositionShifts', 'ShiftSignups'];
const REFETCH = { refetchQueries: CLUB_QUERIES, awaitRefetchQueries: true, context: { silent: true } };

/** My Opportunities' 'Shifts' of one position: shown on demand, so the list of positions asks for
 *  no shifts until the owner opens one. */
export function ClubPositionShifts({ positionId, positionTitle }: { positionId: string; positionTitle: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="3">
      <Button
        size="sm"
        variant="ghost"
        alignSelf="flex-start"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${open ? T.hide : T.show}: ${positionTitle}`}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <LuChevronUp aria-hidden /> : <LuChevronDown aria-hidden />}
        <LuCalendarClock aria-hidden /> {open ? T.hide : T.show}
      </Button>
      <div id={panelId}>{open && <ClubShiftsPanel positionId={positionId} positionTitle={positionTitle} />}</div>
    </Stack>
  );
}

/** The position's upcoming shifts with their places and line, adding, changing and cancelling
 *  shifts, and deciding each volunteer's sign-up. */
export function ClubShiftsPanel({ positionId, positionTitle }: { positionId: string; positionTitle: string }) {
  const headingId = useId();
  const { data, loading, error, refetch } = useQuery(ClubPositionShiftsDocument, { variables: { id: positionId }, fetchPolicy: 'cache-and-network', context: { silent: true } });
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<Shift | null>(null);
  const [cancelling, setCancelling] = useState<Shift | null>(null);
  const position = data?.node?.__typename === 'VolunteerPosition' ? data.node : null;

  if (!position) {
    if (loading) {
      return (
        <Stack role="status" aria-label={T.loading} align="center" py="4">
          <Spinner size="sm" />
        </Stack>
      );
    }
    return <LoadError title={T.loadFailed} onRetry={error ? () => void refetch().catch(() => undefined) : undefined} />;
  }
  const shifts = position.shifts.nodes;

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="l2" p="4">
      <Stack gap="4">
        <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="3">
          <Stack gap="1" maxW="2xl">
            <Text as="h3" id={headingId} fontWeight="semibold" fontSize="md">
              {T.title}: {positionTitle}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {T.description(position.timeZone)}
            </Text>
          </Stack>
          <Button size="sm" colorPalette="teal" onClick={() => setAdding(true)} aria-label={`${T.add}: ${positionTitle}`}>
            <LuPlus aria-hidden /> {T.add}
          </Button>
        </HStack>
        {shifts.length === 0 ? (
          <Text color="fg.muted">{T.none}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={`${T.title}: ${positionTitle}`}>
            {shifts.map((shift) => (
              <ShiftCard key={shift.id} shift={shift} onChangePlaces={() => setChanging(shift)} onCancel={() => setCancelling(shift)} />
            ))}
          </Stack>
        )}
        {position.shifts.totalCount > shifts.length && (
          <Text fontSize="sm" color="fg.muted">
            {T.more(position.shifts.totalCount - shifts.length)}
          </Text>
        )}
      </Stack>
      <FormDialog open={adding} onClose={() => setAdding(false)} title={T.addTitle}>
        {adding && <AddShiftForm positionId={positionId} timeZone={position.timeZone} onSaved={() => setAdding(false)} />}
      </FormDialog>
      <FormDialog open={changing !== null} onClose={() => setChanging(null)} title={T.placesTitle}>
        {changing && <ShiftPlacesForm shift={changing} onSaved={() => setChanging(null)} />}
      </FormDialog>
      <FormDialog open={cancelling !== null} onClose={() => setCancelling(null)} title={T.cancelTitle} role="alertdialog">
        {cancelling && <CancelShiftForm shift={cancelling} onDone={() => setCancelling(null)} />}
      </FormDialog>
    </Box>
  );
}

function ShiftCard({ shift, onChangePlaces, onCancel }: { shift: Shift; onChangePlaces: () => void; onCancel: () => void }) {
  const when = shiftWhen(shift);
  const cancelled = shift.cancelledAt !== null;
  const started = new Date(shift.startsAt).getTime() <= Date.now();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Card.Root as="li" variant="outline" aria-label={when} opacity={cancelled ? 0.85 : 1}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
            <Stack gap="1">
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="semibold" textDecoration={cancelled ? 'line-through' : undefined}>
                  {when}
                </Text>
                {cancelled && <Badge colorPalette="red">{T.cancelled}</Badge>}
                {shift.seriesKey && <Badge variant="outline">{T.weekly}</Badge>}
              </HStack>
              <HStack gap="2" flexWrap="wrap" fontSize="sm">
                <Badge colorPalette={shift.placesLeft === 0 ? 'orange' : 'green'} variant="subtle">
                  {T.filled(shift.placesFilled, shift.places)}
                </Badge>
                {shift.waitlistLength > 0 && (
                  <Badge colorPalette="purple" variant="subtle">
                    {T.waiting(shift.waitlistLength)}
                  </Badge>
                )}
              </HStack>
            </Stack>
            {!cancelled && !started && (
              <HStack gap="2">
                <Button size="xs" variant="outline" onClick={onChangePlaces} aria-label={`${T.changePlaces}: ${when}`}>
                  {T.changePlaces}
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" onClick={onCancel} aria-label={`${T.cancel}: ${when}`}>
                  {T.cancel}
                </Button>
              </HStack>
            )}
          </HStack>
          {refusal && (
            <Alert.Root status="error" variant="subtle" size="sm">
              <Alert.Indicator />
              <Alert.Title>{refusal}</Alert.Title>
            </Alert.Root>
          )}
          <SignupList shift={shift} when={when} onRefused={setRefusal} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SignupList({ shift, when, onRefused }: { shift: Shift; when: string; onRefused: (message: string | null) => void }) {
  const { data, error, refetch } = useQuery(ShiftSignupsDocument, { variables: { id: shift.id }, fetchPolicy: 'cache-and-network', context: { silent: true } });
  const connection = data?.node?.__typename === 'PositionShift' ? data.node.signups : null;
  if (!connection) {
    return error ? <LoadError title={T.signupsFailed} onRetry={() => void refetch().catch(() => undefined)} /> : null;
  }
  const signups = connection.nodes;
  if (signups.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {T.noSignups}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium">
        {T.signups(connection.totalCount)}
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" aria-label={`${T.signups(connection.totalCount)}: ${when}`}>
        {signups.map((signup) => {
          const name = signup.volunteer?.name ?? T.formerMember;
          return (
            <HStack as="li" key={signup.id} justify="space-between" flexWrap="wrap" gap="2" borderTopWidth="1px" pt="2">
              <HStack gap="2" flexWrap="wrap">
                {signup.application ? (
                  <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium">
                    <RouterLink to={applicationPath(signup.application.id)}>{name}</RouterLink>
                  </Link>
                ) : (
                  <Text fontWeight="medium">{name}</Text>
                )}
                <SignupStatus signup={signup} />
              </HStack>
              <SignupDecisions signup={signup} label={`${name}: ${when}`} refetch={CLUB_QUERIES} onRefused={onRefused} />
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** A sign-up's status badge and, in a line, its place. */
export function SignupStatus({ signup }: { signup: Pick<Signup, 'status' | 'linePosition'> }) {
  return (
    <>
      <Badge colorPalette={SIGNUP_STATUS_PALETTES[signup.status]}>{SIGNUP_STATUS_LABELS[signup.status]}</Badge>
      {signup.linePosition !== null && signup.linePosition !== undefined && (
        <Text as="span" fontSize="sm" color="fg.muted">
          {MY_SHIFTS_TEXTS.line(signup.linePosition)}
        </Text>
      )}
    </>
  );
}

interface SignupDecisionsProps {
  signup: Pick<Signup, 'id' | 'canAccept' | 'canWaitlist' | 'canReject'>;
  /** Who and which shift, for the buttons' accessible names. */
  label: string;
  /** The queries that show the sign-up. */
  refetch: string[];
  /** A refusal's message (e.g. the shift is full), or null when a new decision starts. */
  onRefused: (message: string | null) => void;
}

/** The club's Accept / Waiting list / Reject on one sign-up, as the server allows them. */
export function SignupDecisions({ signup, label, refetch, onRefused }: SignupDecisionsProps) {
  const [decide] = useMutation(DecideShiftSignupDocument, { refetchQueries: refetch, awaitRefetchQueries: true, context: { silent: true } });
  const [busy, setBusy] = useState<ShiftDecision | null>(null);

  const run = async (decision: ShiftDecision) => {
    setBusy(decision);
    onRefused(null);
    try {
      requirePayload((await decide({ variables: { input: { id: signup.id, decision } } })).data?.decideShiftSignup);
      notifySuccess(T.decided[decision]);
    } catch (failure) {
      const message = errorMessageOf(failure);
      onRefused(message ?? T.decideFailed);
      notifyError(T.decideFailed, message);
    } finally {
      setBusy(null);
    }
  };

  const buttons: Array<{ decision: ShiftDecision; allowed: boolean; text: string; palette: string; variant: 'solid' | 'outline' }> = [
    { decision: 'ACCEPT', allowed: signup.canAccept, text: T.accept, palette: 'green', variant: 'solid' },
    { decision: 'WAITLIST', allowed: signup.canWaitlist, text: T.waitlist, palette: 'purple', variant: 'outline' },
    { decision: 'REJECT', allowed: signup.canReject, text: T.reject, palette: 'red', variant: 'outline' },
  ];
  if (!buttons.some((b) => b.allowed)) return null;
  return (
    <HStack gap="2">
      {buttons
        .filter((b) => b.allowed)
        .map((b) => (
          <Button key={b.decision} size="xs" variant={b.variant} colorPalette={b.palette} loading={busy === b.decision} disabled={busy !== null} onClick={() => void run(b.decision)} aria-label={`${b.text}: ${label}`}>
            {b.text}
          </Button>
        ))}
    </HStack>
  );
}

/** The 'Cancel this shift?' dialog's body: the reason, told to its volunteers. */
function CancelShiftForm({ shift, onDone }: { shift: Shift; onDone: () => void }) {
  const [cancel] = useMutation(CancelPositionShiftDocument, REFETCH);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({ resolver: zodResolver(cancelShiftRules) as never, defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      requirePayload((await cancel({ variables: { input: { id: shift.id, reason } } })).data?.cancelPositionShift);
      notifySuccess(T.cancelledToast);
      onDone();
    } catch (error) {
      setError('reason', { type: 'server', message: fieldErrorsOf(error)?.reason ?? errorMessageOf(error) ?? T.cancelFailed });
      notifyError(T.cancelFailed, errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }} aria-label={T.cancelTitle}>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontWeight="semibold">{shiftWhen(shift)}</Text>
          <FormField label={T.reason} error={errors.reason} helperText={T.reasonHelp}>
            <Textarea rows={3} maxLength={SHIFT_CANCEL_REASON_MAX + 100} {...register('reason')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.cancelConfirm} busyLabel={T.cancelling} busy={isSubmitting} colorPalette="red" />
    </form>
  );
}
