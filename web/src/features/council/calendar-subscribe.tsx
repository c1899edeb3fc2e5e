import { Alert, Link } from '@chakra-ui/react';
import { LuCalendarSync } from 'react-icons/lu';
import { MEETINGS_FEED_URL } from './council-limits';

/** The link to the public iCalendar feed, with what it is for. */
export function CalendarSubscribe() {
  return (
    <Alert.Root status="info" variant="subtle">
      <Alert.Indicator>
        <LuCalendarSync />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Description>
          <Link href={MEETINGS_FEED_URL} colorPalette="teal" color="colorPalette.fg" fontWeight="semibold">
            Subscribe to calendar
          </Link>{' '}
          — add this feed to Google Calendar, Outlook or Apple Calendar to keep every public meeting in your calendar,
          updated automatically.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
