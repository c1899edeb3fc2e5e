import { Badge, Heading, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuClock } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { MyHours_HoursFragment } from '../../gql/graphql';
import { ClaimHoursForm } from './claim-hours-form';
import { HOURS_STATUS_PALETTE, HOURS_STATUS_TEXT, MY_HOURS_TEXTS as T, monthLabel } from './hours-texts';
import { MyVolunteerHoursDocument } from './hours.generated';

/** The volunteer's hours (issue 30 §3): approved hours in total, per club and per month; every
 *  claim and confirmed shift with its status and the club's reason; and the claim form. */
export function MyHoursTab() {
  const { data, loading, error, refetch } = useQuery(MyVolunteerHoursDocument, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <LoadError title={T.loadFailed} onRetry={() => void refetch()} />;
  if (loading && !data) return <Skeleton height="40" />;
  const summary = data!.myVolunteerHoursSummary;
  const hours = data!.myVolunteerHours.edges.map((e) => e.node);
  // A position gone since (deleted by its club) cannot be claimed for.
  const positions = data!.myHoursPositions.nodes.flatMap((p) => (p.position ? [{ ...p, positionId: p.position.id }] : []));
  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        {T.heading}
      </Heading>
      <Stat.Root borderWidth="1px" borderRadius="md" p="4" maxW="xs">
        <Stat.Label>{T.total}</Stat.Label>
        <Stat.ValueText>{summary.totalHours}</Stat.ValueText>
      </Stat.Root>
      <Stack direction={{ base: 'column', md: 'row' }} gap="6" alignItems="flex-start">
        <SummaryTable label={T.byClub} first={T.club} rows={summary.byClub.map((c) => ({ key: c.club?.id ?? c.clubName, name: c.clubName, hours: c.hours }))} />
        <SummaryTable label={T.byMonth} first={T.month} rows={summary.byMonth.map((m) => ({ key: m.month, name: monthLabel(m.month), hours: m.hours }))} />
      </Stack>
      <SectionCard title={T.claimHeading} level="h3" description={T.claimIntro}>
        {positions.length === 0 ? <Text color="fg.muted">{T.noPositions}</Text> : <ClaimHoursForm positions={positions} />}
      </SectionCard>
      <Stack gap="3">
        <Heading as="h3" size="md">
          {T.claims}
        </Heading>
        {hours.length === 0 ? <EmptyPanel icon={<LuClock />} title={T.noHours} titleAs="h4" /> : <HoursTable hours={hours} />}
      </Stack>
    </Stack>
  );
}

function SummaryTable({ label, first, rows }: { label: string; first: string; rows: Array<{ key: string; name: string; hours: number }> }) {
  return (
    <Stack as="section" aria-label={label} gap="2" flex="1" w="full">
      <Heading as="h3" size="md">
        {label}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{T.noApproved}</Text>
      ) : (
        <Table.Root size="sm" aria-label={label} variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{first}</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                {T.hours}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.key}>
                <Table.Cell wordBreak="break-word">{row.name}</Table.Cell>
                <Table.Cell textAlign="end">{row.hours}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}

function HoursTable({ hours }: { hours: MyHours_HoursFragment[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={T.claims}>
      <Table.Root size="sm" aria-label={T.claims}>
        <Table.Header>
          <Table.Row>
            {[T.date, T.club, T.position, T.hours, T.source, T.status, T.reason].map((header) => (
              <Table.ColumnHeader key={header} scope="col" textAlign={header === T.hours ? 'end' : 'start'}>
                {header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {hours.map((h) => (
            <Table.Row key={h.id}>
              <Table.Cell whiteSpace="nowrap">{h.workDate}</Table.Cell>
              <Table.Cell wordBreak="break-word">{h.clubName}</Table.Cell>
              <Table.Cell wordBreak="break-word">{h.positionTitle}</Table.Cell>
              <Table.Cell textAlign="end">{Math.round((h.minutes / 60) * 100) / 100}</Table.Cell>
              <Table.Cell>{h.source === 'SHIFT' ? T.fromShift : T.fromClaim}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={HOURS_STATUS_PALETTE[h.status]}>{HOURS_STATUS_TEXT[h.status]}</Badge>
              </Table.Cell>
              <Table.Cell wordBreak="break-word">{h.reason ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
