import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { SectionCard } from '../../components/section-card';
import type { ClubHours_PlaceFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { CLUB_HOURS_TEXTS as T } from './club-hours-texts';
import { ClubHoursDocument, MarkShiftAttendanceDocument } from './club-hours.generated';
import { SelectSwitch, useSelection } from './club-hours-selection';

const when = (start: string, end: string) => {
  const s = new Date(start);
  const e = new Date(end);
  const day = s.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const time = (d: Date) => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time(s)}–${time(e)}`;
};

/** Accepted places on ended shifts: mark the chosen ones attended or absent, all at once. */
export function ClubHoursAttendance({ places: signups }: { places: ClubHours_PlaceFragment[] }) {
  const places = signups.map((p) => ({
    id: p.id,
    volunteerName: p.volunteer?.name ?? '',
    positionTitle: p.shift?.position?.title ?? '',
    startsAt: p.shift?.startsAt ?? '',
    endsAt: p.shift?.endsAt ?? '',
  }));
  const selection = useSelection(places.map((p) => p.id));
  const [mark] = useMutation(MarkShiftAttendanceDocument, { context: { silent: true }, refetchQueries: [ClubHoursDocument] });
  const [busy, setBusy] = useState<'ATTENDED' | 'ABSENT' | null>(null);

  const run = async (attendance: 'ATTENDED' | 'ABSENT') => {
    setBusy(attendance);
    try {
      const { data } = await mark({ variables: { input: { ids: selection.selected, attendance } } });
      requirePayload(data?.markShiftAttendance);
      selection.clear();
      notifySuccess(T.attendanceSaved);
    } catch (error) {
      console.error('Marking attendance failed:', error);
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SectionCard title={T.attendanceHeading} level="h2" description={T.attendanceIntro}>
      {places.length === 0 ? (
        <Text color="fg.muted">{T.noAttendance}</Text>
      ) : (
        <Stack gap="3">
          <HStack gap="3" flexWrap="wrap">
            <SelectSwitch label={T.select(T.attendanceHeading.toLowerCase())} checked={selection.allSelected} onChange={selection.setAll} />
            <Text textStyle="sm" color="fg.muted">
              {T.selected(selection.selected.length)}
            </Text>
            <Button size="sm" colorPalette="teal" disabled={selection.selected.length === 0} loading={busy === 'ATTENDED'} onClick={() => void run('ATTENDED')}>
              {T.markAttended}
            </Button>
            <Button size="sm" variant="outline" disabled={selection.selected.length === 0} loading={busy === 'ABSENT'} onClick={() => void run('ABSENT')}>
              {T.markAbsent}
            </Button>
          </HStack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={T.attendanceTable}>
            <Table.Root size="sm" aria-label={T.attendanceTable}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">
                    <Text srOnly>{T.selectColumn}</Text>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.volunteer}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.position}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.shift}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {places.map((p) => (
                  <Table.Row key={p.id}>
                    <Table.Cell>
                      <SelectSwitch label={T.select(`${p.volunteerName}, ${when(p.startsAt, p.endsAt)}`)} checked={selection.isSelected(p.id)} onChange={(on) => selection.toggle(p.id, on)} />
                    </Table.Cell>
                    <Table.Cell wordBreak="break-word">{p.volunteerName}</Table.Cell>
                    <Table.Cell wordBreak="break-word">{p.positionTitle}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(p.startsAt, p.endsAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
    </SectionCard>
  );
}
