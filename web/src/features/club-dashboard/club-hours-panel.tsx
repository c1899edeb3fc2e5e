import { Button, HStack, Heading, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { ClubHoursQuery } from '../../gql/graphql';
import { downloadFile } from '../../lib/download';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { ClubHoursPending } from './club-hours-pending';
import { ClubHoursApproved } from './club-hours-approved';
import { ClubHoursAttendance } from './club-hours-attendance';
import { CLUB_HOURS_TEXTS as T } from './club-hours-texts';
import { ClubHoursDocument, ExportClubHoursDocument } from './club-hours.generated';

/** The Hours tab: places awaiting attendance, pending claims, approved hours per volunteer and per
 *  position with the export (CSV or XLSX), and the approved hours one by one (revocable). */
export function ClubHoursPanel() {
  const { data, loading, error, refetch } = useQuery(ClubHoursDocument, { fetchPolicy: 'cache-and-network' });
  if (error && !data) return <LoadError title={T.loadFailed} onRetry={() => void refetch()} />;
  if (loading && !data) return <Skeleton height="40" />;
  return (
    <Stack gap="6">
      <ClubHoursAttendance places={data!.clubShiftsAwaitingAttendance.nodes} />
      <ClubHoursPending claims={data!.clubVolunteerHours.nodes} />
      <Totals summary={data!.clubVolunteerHoursSummary} />
      <ClubHoursApproved hours={data!.approved.nodes} />
    </Stack>
  );
}

function Totals({ summary }: { summary: ClubHoursQuery['clubVolunteerHoursSummary'] }) {
  return (
    <SectionCard title={T.totalsHeading} level="h2">
      <Stack gap="5">
        <HStack justifyContent="space-between" alignItems="flex-end" flexWrap="wrap" gap="3">
          <Stat.Root maxW="xs">
            <Stat.Label>{T.total}</Stat.Label>
            <Stat.ValueText>{summary.totalHours}</Stat.ValueText>
          </Stat.Root>
          <ExportButtons />
        </HStack>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" alignItems="flex-start">
          <TotalsTable label={T.perVolunteer} first={T.volunteer} rows={summary.byVolunteer.map((v, i) => ({ key: v.volunteer?.id ?? `v${i}`, name: v.volunteerName, hours: v.hours }))} />
          <TotalsTable label={T.perPosition} first={T.position} rows={summary.byPosition.map((p, i) => ({ key: p.position?.id ?? `p${i}`, name: p.positionTitle, hours: p.hours }))} />
        </Stack>
      </Stack>
    </SectionCard>
  );
}

function TotalsTable({ label, first, rows }: { label: string; first: string; rows: Array<{ key: string; name: string; hours: number }> }) {
  return (
    <Stack as="section" aria-label={label} gap="2" flex="1" w="full">
      <Heading as="h3" size="sm">
        {label}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{T.noApproved}</Text>
      ) : (
        <Table.Root size="sm" variant="outline" aria-label={label}>
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

function ExportButtons() {
  const [exportHours] = useMutation(ExportClubHoursDocument, { context: { silent: true } });
  const [busy, setBusy] = useState<'CSV' | 'XLSX' | null>(null);
  const run = async (format: 'CSV' | 'XLSX') => {
    setBusy(format);
    try {
      const { data } = await exportHours({ variables: { input: { format } } });
      const file = requirePayload(data?.exportClubVolunteerHours).file!;
      downloadFile(file.downloadUrl, file.filename);
      notifySuccess(T.exported, `${file.filename} is downloading.`);
    } catch (error) {
      console.error('The hours export failed:', error);
      notifyError(T.exportFailed, errorMessageOf(error) ?? T.failed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2">
      {(['CSV', 'XLSX'] as const).map((format) => (
        <Button key={format} size="sm" variant="outline" loading={busy === format} onClick={() => void run(format)}>
          <LuDownload aria-hidden="true" />
          {format === 'CSV' ? T.exportCsv : T.exportXlsx}
        </Button>
      ))}
    </HStack>
  );
}
