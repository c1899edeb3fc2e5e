import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { formatHours } from '@clubroom/rules/hours';
import { DialogFrame } from '../../components/dialog-frame';
import { SectionCard } from '../../components/section-card';
import type { ClubHours_HoursFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { ReasonForm } from './club-hours-reason-form';
import { CLUB_HOURS_TEXTS as T } from './club-hours-texts';
import { ApproveClubHoursDocument, ClubHoursDocument, DeclineClubHoursDocument } from './club-hours.generated';
import { SelectSwitch, useSelection } from './club-hours-selection';

const REFETCH = { context: { silent: true }, refetchQueries: [ClubHoursDocument] };

/** Pending claims: approve the chosen ones, or decline them with a reason, all at once. */
export function ClubHoursPending({ claims }: { claims: ClubHours_HoursFragment[] }) {
  const selection = useSelection(claims.map((c) => c.id));
  const [approve, approving] = useMutation(ApproveClubHoursDocument, REFETCH);
  const [decline] = useMutation(DeclineClubHoursDocument, REFETCH);
  const [declining, setDeclining] = useState(false);

  const runApprove = async () => {
    try {
      const { data } = await approve({ variables: { input: { ids: selection.selected } } });
      requirePayload(data?.approveVolunteerHours);
      selection.clear();
      notifySuccess(T.approved);
    } catch (error) {
      console.error('Approving hours failed:', error);
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  };

  return (
    <SectionCard title={T.pendingHeading} level="h2">
      {claims.length === 0 ? (
        <Text color="fg.muted">{T.noPending}</Text>
      ) : (
        <Stack gap="3">
          <HStack gap="3" flexWrap="wrap">
            <SelectSwitch label={T.select(T.pendingHeading.toLowerCase())} checked={selection.allSelected} onChange={selection.setAll} />
            <Text textStyle="sm" color="fg.muted">
              {T.selected(selection.selected.length)}
            </Text>
            <Button size="sm" colorPalette="teal" disabled={selection.selected.length === 0} loading={approving.loading} onClick={() => void runApprove()}>
              {T.approve}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" disabled={selection.selected.length === 0} onClick={() => setDeclining(true)}>
              {T.decline}
            </Button>
          </HStack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={T.pendingTable}>
            <Table.Root size="sm" aria-label={T.pendingTable}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">
                    <Text srOnly>{T.selectColumn}</Text>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.volunteer}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.position}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.date}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col" textAlign="end">
                    {T.hours}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{T.note}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {claims.map((c) => (
                  <Table.Row key={c.id}>
                    <Table.Cell>
                      <SelectSwitch label={T.select(`${c.volunteerName}, ${c.workDate}, ${formatHours(c.minutes)} hours`)} checked={selection.isSelected(c.id)} onChange={(on) => selection.toggle(c.id, on)} />
                    </Table.Cell>
                    <Table.Cell wordBreak="break-word">{c.volunteerName}</Table.Cell>
                    <Table.Cell wordBreak="break-word">{c.positionTitle}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{c.workDate}</Table.Cell>
                    <Table.Cell textAlign="end">{formatHours(c.minutes)}</Table.Cell>
                    <Table.Cell wordBreak="break-word">{c.note}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
      <DialogFrame open={declining} onClose={() => setDeclining(false)} title={T.declineTitle} role="alertdialog">
        <ReasonForm
          intro={T.declineIntro(selection.selected.length)}
          submitLabel={T.decline}
          busyLabel={T.declining}
          done={T.declined}
          save={async (reason) => requirePayload((await decline({ variables: { input: { ids: selection.selected, reason } } })).data?.declineVolunteerHours)}
          onDone={() => {
            setDeclining(false);
            selection.clear();
          }}
        />
      </DialogFrame>
    </SectionCard>
  );
}
