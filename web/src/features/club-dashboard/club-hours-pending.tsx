import { Button, Dialog, HStack, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { HOURS_REASON_MAX, formatHours, hoursReasonRule } from '@clubroom/rules/hours';
import { DialogFrame } from '../../components/dialog-frame';
import { FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { SectionCard } from '../../components/section-card';
import type { ClubHours_HoursFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { CLUB_HOURS_TEXTS as T } from './club-hours-texts';
import { ApproveClubHoursDocument, ClubHoursDocument, DeclineClubHoursDocument } from './club-hours.generated';
import { SelectSwitch, useSelection } from './club-hours-selection';

const reasonRules = z.object({ reason: hoursReasonRule });
const REFETCH = { context: { silent: true }, refetchQueries: [ClubHoursDocument] };

/** Pending claims: approve the chosen ones, or decline them with a reason, all at once. */
export function ClubHoursPending({ claims }: { claims: ClubHours_HoursFragment[] }) {
  const selection = useSelection(claims.map((c) => c.id));
  const [approve, approving] = useMutation(ApproveClubHoursDocument, REFETCH);
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
        <DeclineForm
          ids={selection.selected}
          onDone={() => {
            setDeclining(false);
            selection.clear();
          }}
        />
      </DialogFrame>
    </SectionCard>
  );
}

function DeclineForm({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [decline] = useMutation(DeclineClubHoursDocument, REFETCH);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reasonRules), mode: 'onSubmit', defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      const { data } = await decline({ variables: { input: { ids, reason } } });
      requirePayload(data?.declineVolunteerHours);
      notifySuccess(T.declined);
      onDone();
    } catch (error) {
      console.error('Declining hours failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, { reason: 'reason' });
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{T.declineIntro(ids.length)}</Text>
          <FormField label={T.reasonLabel} error={errors.reason} helperText={`At most ${HOURS_REASON_MAX} characters.`}>
            <Textarea rows={3} {...register('reason')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.decline} busyLabel={T.declining} busy={isSubmitting} colorPalette="red" />
    </form>
  );
}
