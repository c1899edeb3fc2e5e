import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ClubSessionItem_SessionFragment } from '../../gql/graphql';
import { ClubSection } from '../clubs/club-section';
import { isThisWeek, myAnswerText, sessionWhen, SESSION_TEXTS as T } from './session-format';

/** The club page's "This week" and "Upcoming": its coming sessions and events, each leading to
 *  its page. */
export function ClubSessions({ clubId, sessions }: { clubId: string; sessions: readonly ClubSessionItem_SessionFragment[] }) {
  const thisWeek = sessions.filter((s) => isThisWeek(s.startsAt));
  const later = sessions.filter((s) => !isThisWeek(s.startsAt));
  return (
    <>
      <ClubSection title={T.thisWeek}>
        <SessionList clubId={clubId} sessions={thisWeek} empty={T.nothingThisWeek} label={`${T.thisWeek}: sessions and events`} />
      </ClubSection>
      <ClubSection title={T.upcoming}>
        <SessionList clubId={clubId} sessions={later} empty={T.nothingUpcoming} label={`${T.upcoming}: sessions and events`} />
      </ClubSection>
    </>
  );
}

function SessionList({ clubId, sessions, empty, label }: { clubId: string; sessions: readonly ClubSessionItem_SessionFragment[]; empty: string; label: string }) {
  if (sessions.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label={label}>
      {sessions.map((s) => {
        const mine = myAnswerText(s.myAnswer);
        return (
          <Stack as="li" key={s.id} gap="1" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
            <HStack gap="2" flexWrap="wrap">
              <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="semibold" textDecoration={s.cancelledAt ? 'line-through' : undefined}>
                <RouterLink to={`/clubs/${clubId}/sessions/${s.id}`}>{s.name}</RouterLink>
              </Link>
              {s.kind === 'EVENT' && <Badge colorPalette="purple">{T.event}</Badge>}
              {s.cancelledAt ? <Badge colorPalette="red">{T.cancelled}</Badge> : s.movedAt ? <Badge colorPalette="orange">{T.moved}</Badge> : null}
            </HStack>
            <Text textStyle="sm" fontVariantNumeric="tabular-nums">
              {sessionWhen(s.startsAt, s.endsAt, s.timeZone)}
              {s.place ? ` · ${s.place}` : ''}
            </Text>
            {!s.cancelledAt && (
              <Text textStyle="sm" color="fg.muted">
                {T.going(s.goingCount)}
                {s.placesLeft !== null && s.placesLeft !== undefined ? ` · ${T.placesLeft(s.placesLeft)}` : ''}
                {mine ? ` · ${mine}` : ''}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
