import { Alert, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSearchParams } from '../../lib/navigation';
import { PageSpinner } from '../../components/page-spinner';
import { CalendarSubscribe } from './calendar-subscribe';
import { hashMeetingAnchor } from './meeting-format';
import { type MeetingTab, MeetingTabs } from './meeting-tabs';
import { usePublicMeetings } from './use-public-meetings';
import { YearFilter } from './year-filter';
import { councilMeta } from './council-meta';
import { PageMeta } from '../../lib/page-meta';

function parseYear(value: string | null): number | null {
  return value && /^\d{4}$/.test(value) ? Number(value) : null;
}

/** /sports-council: the public council meetings, by year, upcoming and past with minutes. */
export default function CouncilMeetingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const year = parseYear(searchParams.get('year'));
  const highlighted = hashMeetingAnchor(useLocation().hash);
  const { meetings, error } = usePublicMeetings(year);
  // Kept here so the chosen tab survives a year change (the tabs unmount while a year loads).
  const [tab, setTab] = useState<MeetingTab | null>(null);
  useEffect(() => setTab(null), [highlighted]);

  const setYear = (next: number | null) =>
    setSearchParams(next === null ? {} : { year: String(next) }, { replace: true });

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageMeta {...councilMeta(meetings?.upcoming.meetings)} />
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="4" direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              Sports Council Meetings
            </Heading>
            <Text color="fg.muted">
              Dates, agendas and minutes of the sports council's public meetings.
            </Text>
          </Stack>
          <YearFilter year={year} onChange={setYear} />
        </Flex>
        <CalendarSubscribe />
        {meetings ? (
          <MeetingTabs upcoming={meetings.upcoming} past={meetings.past} highlighted={highlighted} tab={tab} onTabChange={setTab} />
        ) : error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Failed to load meetings. Please try again later.</Alert.Title>
          </Alert.Root>
        ) : (
          <PageSpinner />
        )}
      </Stack>
    </Container>
  );
}
