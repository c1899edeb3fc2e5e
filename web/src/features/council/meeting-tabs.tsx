import { Badge, Tabs } from '@chakra-ui/react';
import { MeetingList } from './meeting-list';
import { meetingCardAnchor } from './meeting-format';
import type { PublicMeetingList } from './use-public-meetings';

export type MeetingTab = 'upcoming' | 'past';

interface MeetingTabsProps {
  upcoming: PublicMeetingList;
  past: PublicMeetingList;
  /** The anchor of the card the location hash names ('meeting-…'), if any. */
  highlighted: string | null;
  /** The chosen tab; null: the tab holding the hashed meeting, else 'Upcoming Meetings'. */
  tab: MeetingTab | null;
  onTabChange: (tab: MeetingTab) => void;
}

/** 'Upcoming Meetings' and 'Past Meetings & Minutes', each with a count badge. */
export function MeetingTabs({ upcoming, past, highlighted, tab, onTabChange }: MeetingTabsProps) {
  // A hash naming a past meeting opens the tab that holds it (decided on render, so the card is
  // visible when it mounts and scrolls itself into view).
  const inPast = !!highlighted && past.meetings.some((meeting) => meetingCardAnchor(meeting.id) === highlighted);
  const value: MeetingTab = tab ?? (inPast ? 'past' : 'upcoming');

  return (
    <Tabs.Root value={value} onValueChange={(details) => onTabChange(details.value as MeetingTab)} variant="line" colorPalette="teal">
      <Tabs.List>
        <Tabs.Trigger value="upcoming">
          Upcoming Meetings
          <Badge colorPalette="teal" variant="subtle">
            {upcoming.total}
          </Badge>
        </Tabs.Trigger>
        <Tabs.Trigger value="past">
          Past Meetings & Minutes
          <Badge colorPalette="gray" variant="subtle">
            {past.total}
          </Badge>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="upcoming">
        <MeetingList meetings={upcoming.meetings} emptyText="No upcoming meetings." highlighted={highlighted} />
      </Tabs.Content>
      <Tabs.Content value="past">
        <MeetingList meetings={past.meetings} emptyText="No past meetings." highlighted={highlighted} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
