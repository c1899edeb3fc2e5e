import { Button, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { formatHours } from '@clubroom/rules/hours';
import { DialogFrame } from '../../components/dialog-frame';
import { SectionCard } from '../../components/section-card';
import type { ClubHours_HoursFragment } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';
import { ReasonForm } from './club-hours-reason-form';
import { CLUB_HOURS_TEXTS as T } from './club-hours-texts';
import { ClubHoursDocument, RevokeClubHoursDocument } from './club-hours.generated';

/** The approved hours, newest day first, each revocable with a reason (hours approved by mistake:
 *  the volunteer is told, and a certificate that counted them says so). */
export function ClubHoursApproved({ hours }: { hours: ClubHours_HoursFragment[] }) {
  const [revoke] = useMutation(RevokeClubHoursDocument, { context: { silent: true }, refetchQueries: [ClubHoursDocument] });
  const [revoking, setRevoking] = useState<ClubHours_HoursFragment | null>(null);
  return (
    <SectionCard title={T.approvedHeading} level="h2" description={T.approvedIntro}>
      {hours.length === 0 ? (
        <Text color="fg.muted">{T.noApproved}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={T.approvedTable}>
          <Table.Root size="sm" aria-label={T.approvedTable}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{T.volunteer}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{T.position}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{T.date}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {T.hours}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col">
                  <Text srOnly>{T.actions}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {hours.map((h) => (
                <Table.Row key={h.id}>
                  <Table.Cell wordBreak="break-word">{h.volunteerName}</Table.Cell>
                  <Table.Cell wordBreak="break-word">{h.positionTitle}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{h.workDate}</Table.Cell>
                  <Table.Cell textAlign="end">{formatHours(h.minutes)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="red" aria-label={T.revokeOne(h.volunteerName, formatHours(h.minutes), h.positionTitle, h.workDate)} onClick={() => setRevoking(h)}>
                      {T.revoke}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <DialogFrame open={revoking !== null} onClose={() => setRevoking(null)} title={T.revokeTitle} role="alertdialog">
        {revoking && (
          <ReasonForm
            intro={T.revokeIntro(revoking.volunteerName, formatHours(revoking.minutes), revoking.workDate)}
            submitLabel={T.revoke}
            busyLabel={T.revoking}
            done={T.revoked}
            save={async (reason) => requirePayload((await revoke({ variables: { input: { ids: [revoking.id], reason } } })).data?.revokeVolunteerHours)}
            onDone={() => setRevoking(null)}
          />
        )}
      </DialogFrame>
    </SectionCard>
  );
}
