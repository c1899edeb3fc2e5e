import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import type { MyVolunteerApplicationStatsQuery } from '../../gql/graphql';

type Stats = MyVolunteerApplicationStatsQuery['myVolunteerApplicationStats'];

const FIGURES: { key: keyof Omit<Stats, '__typename'>; label: string }[] = [
  { key: 'total', label: 'Total Applications' },
  { key: 'pending', label: 'Pending' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'waitlisted', label: 'Waiting list' },
  { key: 'offered', label: 'Place offered' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'withdrawn', label: 'Withdrawn' },
  { key: 'lapsed', label: 'Offer lapsed' },
];

/** The figures of the caller's applications, one per status and the total ('–' until they arrive). */
export function ApplicationStats({ stats }: { stats: Stats | undefined }) {
  return (
    <SimpleGrid as="section" aria-label="Application figures" columns={{ base: 2, md: 4 }} gap="3">
      {FIGURES.map(({ key, label }) => (
        <Card.Root key={key} variant="outline" size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText>{stats ? stats[key] : '–'}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
