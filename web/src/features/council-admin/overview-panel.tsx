import { Button, Card, Heading, HStack, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { LuCalendarDays, LuExternalLink, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { CouncilAdminsCard } from './council-admins-card';
import { useMeetingStats } from './use-admin-queries';

interface OverviewPanelProps {
  onNew: () => void;
  onViewMeetings: () => void;
  /** Platform administrators also manage who the council administrators are. */
  isPlatformAdmin: boolean;
}

/** The Overview tab: four counters, quick actions and, for platform administrators, the grants. */
export function OverviewPanel({ onNew, onViewMeetings, isPlatformAdmin }: OverviewPanelProps) {
  const { stats } = useMeetingStats();
  const cards = [
    ['Total Meetings', stats?.totalMeetings],
    ['Upcoming', stats?.upcomingMeetings],
    ['Completed', stats?.completedMeetings],
    ['This Year', stats?.meetingsThisYear],
  ] as const;

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {cards.map(([label, value]) => (
          <Card.Root key={label} variant="outline" size="sm">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{label}</Stat.Label>
                <Stat.ValueText>{value ?? '–'}</Stat.ValueText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h2" size="md">
            Quick Actions
          </Heading>
        </Card.Header>
        <Card.Body>
          <HStack gap="3" flexWrap="wrap">
            <Button colorPalette="teal" onClick={onNew}>
              <LuPlus aria-hidden /> New Meeting
            </Button>
            <Button variant="outline" onClick={onViewMeetings}>
              <LuCalendarDays aria-hidden /> View Meetings
            </Button>
            <Button variant="outline" asChild>
              <RouterLink to="/sports-council">
                <LuExternalLink aria-hidden /> View Public Page
              </RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
      {isPlatformAdmin && <CouncilAdminsCard />}
    </Stack>
  );
}
