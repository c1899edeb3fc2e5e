import { Stack, Text } from '@chakra-ui/react';
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { MeetingCard } from './meeting-card';
import { meetingCardAnchor } from './meeting-format';

interface MeetingListProps {
  meetings: PublicMeetingCard_MeetingFragment[];
  emptyText: string;
  /** The anchor of the card the location hash names, if any. */
  highlighted: string | null;
}

/** The cards of one tab, or its empty text. */
export function MeetingList({ meetings, emptyText, highlighted }: MeetingListProps) {
  if (meetings.length === 0) {
    return (
      <Text color="fg.muted" py="8" textAlign="center">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="4">
      {meetings.map((meeting) => (
        <MeetingCard key={meeting.id} meeting={meeting} highlighted={meetingCardAnchor(meeting.id) === highlighted} />
      ))}
    </Stack>
  );
}
