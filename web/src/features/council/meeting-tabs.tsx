import { Badge, Tabs } from '@chakra-ui/react';
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { MeetingList } from './meeting-list';

export type MeetingTab = 'upcoming' | 'past';

interface MeetingTabsProps {
  upcoming: PublicMeetingCard_MeetingFragment[];
  past: PublicMeetingCard_MeetingFragment[];
  highlightedId: string | null;
  /** The chosen tab; null: the tab holding the hashed meeting, else 'Upcoming Meetings'. */
  tab: MeetingTab | null;
  onTabChange: (tab: MeetingTab) => void;
}

/** 'Upcoming Meetings' and 'Past Meetings & Minutes', each with a count badge. */
export function MeetingTabs({ upcoming, past, highlightedId, tab, onTabChange }: MeetingTabsProps) {
  // A hash naming a past meeting opens the tab that holds it (decided on render, so the card is
  // visible when it mounts and scrolls itself into view).
  const inPast = !!highlightedId && past.some((meeting) => meeting.id === highlightedId);
  const value: MeetingTab = tab ?? (inPast ? 'past' : 'upcoming');

  return (
    <Tabs.Root value={value} onValueChange={(details) => onTabChange(details.value as MeetingTab)} variant="line" colorPalette="teal">
      <Tabs.List>
        <Tabs.Trigger value="upcoming">
          Upcoming Meetings
          <Badge colorPalette="teal" variant="subtle">
            {upcoming.length}
          </Badge>
        </Tabs.Trigger>
        <Tabs.Trigger value="past">
          Past Meetings & Minutes
          <Badge colorPalette="gray" variant="subtle">
            {past.length}
          </Badge>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="upcoming">
        <MeetingList meetings={upcoming} emptyText="No upcoming meetings." highlightedId={highlightedId} />
      </Tabs.Content>
      <Tabs.Content value="past">
        <MeetingList meetings={past} emptyText="No past meetings." highlightedId={highlightedId} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
