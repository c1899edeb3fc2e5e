import { Box, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { SHIFT_MESSAGES } from '@clubroom/rules/shifts';
import { LoadError } from '../../components/load-error';
import type { Shifts_ShiftFragment } from '../../gql/graphql';
import { shiftWhen } from './shift-format';
import { ApplyShiftsDocument } from './shifts.generated';
import { PICK_SHIFTS_TEXTS as T } from './shifts-texts';

/** The server's input names of the pick (`shiftIds`, `shiftIds.2`). */
const isShiftField = (name: string) => name === 'shiftIds' || name.startsWith('shiftIds.');

interface ShiftPick {
  /** The shifts picked; empty for a position without shifts. */
  ids: string[];
  /** Whether the position has upcoming shifts to pick from (the pick is then required). */
  required: boolean;
  /** Checks the pick before sending: false (and the message shown) when a shift is required and
   *  none is picked. */
  check: () => boolean;
  /** Shows a refusal about the pick (field `shiftIds…`, or an overlap); true when one was shown. */
  showServerError: (fields: Record<string, string> | undefined, message: string | undefined) => boolean;
  /** The picker (nothing for a position without shifts). */
  element: ReactNode;
}

/** The apply form's shift picker: each open upcoming shift of the position with its places left or
 *  'Full — you'd join its waiting list'; at least one is required. */
export function useShiftPick(positionId: string): ShiftPick {
  const { data, error, refetch } = useQuery(ApplyShiftsDocument, { variables: { id: positionId }, fetchPolicy: 'cache-and-network', context: { silent: true } });
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const shifts = useMemo(() => (data?.opportunity?.shifts.nodes ?? []).filter((s) => s.cancelledAt === null && new Date(s.startsAt).getTime() > Date.now()), [data]);
  const required = shifts.length > 0;
  const ids = useMemo(() => picked.filter((id) => shifts.some((s) => s.id === id)), [picked, shifts]);

  const check = useCallback(() => {
    if (required && ids.length === 0) {
      setMessage(SHIFT_MESSAGES.pickShift);
      return false;
    }
    return true;
  }, [required, ids]);

  const showServerError = useCallback((fields: Record<string, string> | undefined, serverMessage: string | undefined) => {
    const field = Object.entries(fields ?? {}).find(([name]) => isShiftField(name));
    const shown = field?.[1] ?? (serverMessage && /shift/i.test(serverMessage) ? serverMessage : undefined);
    if (shown) setMessage(shown);
    return Boolean(shown);
  }, []);

  const toggle = (id: string, on: boolean) => {
    setMessage(null);
    setPicked((was) => (on ? [...was.filter((x) => x !== id), id] : was.filter((x) => x !== id)));
  };

  const element = error && !data ? (
    <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />
  ) : required ? (
    <ShiftPicker shifts={shifts} picked={ids} message={message} onToggle={toggle} />
  ) : null;
  return { ids, required, check, showServerError, element };
}

function ShiftPicker({ shifts, picked, message, onToggle }: { shifts: Shifts_ShiftFragment[]; picked: string[]; message: string | null; onToggle: (id: string, on: boolean) => void }) {
  const legendId = useId();
  const errorId = useId();
  return (
      <Box as="fieldset" role="group" aria-labelledby={legendId} aria-describedby={message ? errorId : undefined} borderWidth="1px" borderRadius="l2" borderColor={message ? 'border.error' : 'border'} p="4" w="full">
        <Stack gap="3">
          <Stack gap="1">
            <Text id={legendId} fontWeight="medium">
              {T.legend}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {T.help(shifts[0]!.timeZone)}
            </Text>
          </Stack>
          <Stack as="ul" listStyleType="none" gap="3">
            {shifts.map((shift) => {
              const when = shiftWhen(shift);
              return (
                <li key={shift.id}>
                  <Switch.Root checked={picked.includes(shift.id)} onCheckedChange={(d) => onToggle(shift.id, d.checked === true)} colorPalette="teal" alignItems="flex-start">
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>
                      <HStack gap="2" flexWrap="wrap">
                        <Text as="span" fontWeight="medium">
                          {when}
                        </Text>
                        <Text as="span" fontSize="sm" color={shift.placesLeft === 0 ? 'orange.fg' : 'fg.muted'}>
                          {shift.placesLeft === 0 ? T.full : T.placesLeft(shift.placesLeft)}
                        </Text>
                      </HStack>
                    </Switch.Label>
                  </Switch.Root>
                </li>
              );
            })}
          </Stack>
          {message && (
            <Text id={errorId} role="alert" color="fg.error" fontSize="sm">
              {message}
            </Text>
          )}
        </Stack>
      </Box>
  );
}
