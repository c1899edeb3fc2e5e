import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { VolunteerApplicationEvent_EventFragment } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { ApplicationStatusBadge } from './application-status-badge';

const EVENT_TEXT: Record<VolunteerApplicationEvent_EventFragment['status'], string> = {
  PENDING: 'Applied',
  ACCEPTED: 'Accepted',
  REJECTED: 'Not successful',
  WITHDRAWN: 'Withdrawn',
  WAITLISTED: 'Put on the waiting list',
  OFFERED: 'Offered a free place',
  LAPSED: 'Offer ran out',
};

/** Every status the application has had, oldest first, with who set it and the club's note. */
export function ApplicationHistory({ events }: { events: readonly VolunteerApplicationEvent_EventFragment[] }) {
  return (
    <Stack as="section" gap="3" aria-labelledby="application-history">
      <Heading as="h2" size="md" id="application-history">
        History
      </Heading>
      {events.length === 0 ? (
        <Text color="fg.muted">No history yet.</Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap="0">
          {events.map((event, index) => (
            <HStack as="li" key={`${event.status}-${event.createdAt}-${index}`} alignItems="stretch" gap="3">
              <Stack alignItems="center" gap="0" w="3" flexShrink="0">
                <Box boxSize="3" mt="1.5" borderRadius="full" bg="teal.solid" aria-hidden="true" />
                {index < events.length - 1 && <Box flex="1" w="0.5" bg="border" aria-hidden="true" />}
              </Stack>
              <Stack gap="1" pb="4" minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{EVENT_TEXT[event.status]}</Text>
                  <ApplicationStatusBadge status={event.status} size="sm" />
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {formatDateTime(event.createdAt)}
                  {event.actor ? ` · by ${event.actor.name}` : ''}
                </Text>
                {event.note && (
                  <Text textStyle="sm" whiteSpace="pre-line" wordBreak="break-word">
                    {event.note}
                  </Text>
                )}
              </Stack>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
