import { HStack, Icon, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import type { MeetingTimeSummary_MeetingTimeFragment } from '../../gql/graphql';
import { shortMeetingTime } from './club-format';
import { CARD_MEETING_TIMES } from './clubs-limits';

/** A card's one-line week: 'Mon 18:00–19:30 · Wed 18:00–19:30 · +2 more'. */
export function MeetingTimesSummary({ times }: { times: readonly MeetingTimeSummary_MeetingTimeFragment[] }) {
  if (times.length === 0) return null;
  const shown = times.slice(0, CARD_MEETING_TIMES).map(shortMeetingTime);
  const more = times.length - shown.length;
  return (
    <HStack gap="2" alignItems="flex-start" textStyle="sm" color="fg.muted">
      <Icon size="sm" mt="0.5" flexShrink="0">
        <LuCalendarClock />
      </Icon>
      <Text>
        <Text as="span" srOnly>
          Meets:{' '}
        </Text>
        {[...shown, ...(more > 0 ? [`+${more} more`] : [])].map((item, index) => (
          // A day and its times stay on one line.
          <Fragment key={item}>
            {index > 0 && ' · '}
            <Text as="span" whiteSpace="nowrap">
              {item}
            </Text>
          </Fragment>
        ))}
      </Text>
    </HStack>
  );
}
