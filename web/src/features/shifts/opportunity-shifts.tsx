import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { usePageQuery } from '../../lib/page-query';
import { shiftWhen } from './shift-format';
import { ApplyShiftsDocument } from './shifts.generated';
import { OPPORTUNITY_SHIFTS_TEXTS as T, PICK_SHIFTS_TEXTS } from './shifts-texts';

/** The opportunity page's 'Shifts': the position's upcoming open shifts with their places left
 *  (picked on the apply form); nothing for a position without shifts. Rendered with the page on the
 *  server (lib/page-query.ts): asked for only after hydration, it loaded the GraphQL client during
 *  the page's start (Lighthouse's blocking time 354 → 544 ms). */
export function OpportunityShifts({ positionId }: { positionId: string }) {
  const { data } = usePageQuery(ApplyShiftsDocument, { variables: { id: positionId }, context: { silent: true } });
  const shifts = (data?.opportunity?.shifts.nodes ?? []).filter((s) => s.cancelledAt === null && new Date(s.startsAt).getTime() > Date.now());
  if (shifts.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {T.title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {T.help(shifts[0]!.timeZone)}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1" aria-label={T.title}>
        {shifts.map((shift) => (
          <HStack as="li" key={shift.id} gap="2" flexWrap="wrap">
            <Text>{shiftWhen(shift)}</Text>
            <Badge colorPalette={shift.placesLeft === 0 ? 'orange' : 'green'} variant="subtle">
              {shift.placesLeft === 0 ? T.full : PICK_SHIFTS_TEXTS.placesLeft(shift.placesLeft)}
            </Badge>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
