import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { PageSpinner } from '../../components/page-spinner';
import type { CouncilAdmin_MeetingFragment, MeetingStatus } from '../../gql/graphql';
import { GQL_STATUSES, STATUS_LABELS } from './council-admin-texts';
import { DeleteMeetingDialog } from './delete-meeting-dialog';
import { MeetingCard } from './meeting-card';
import { useAdminMeetings } from './use-admin-queries';

interface MeetingsPanelProps {
  onNew: () => void;
  onEdit: (meeting: CouncilAdmin_MeetingFragment) => void;
}

const isStatus = (value: string): value is MeetingStatus => (GQL_STATUSES as string[]).includes(value);

/** The Meetings tab: status filter, 'New Meeting', the list with edit and delete. */
export function MeetingsPanel({ onNew, onEdit }: MeetingsPanelProps) {
  const [status, setStatus] = useState<MeetingStatus | undefined>(undefined);
  const [deleting, setDeleting] = useState<CouncilAdmin_MeetingFragment>();
  const { meetings, loading, error } = useAdminMeetings(status);

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-end" gap="4" flexWrap="wrap">
        <Field.Root maxW="xs">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status ?? ''} onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : undefined)}>
              <option value="">All statuses</option>
              {GQL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button colorPalette="teal" onClick={onNew}>
          <LuPlus aria-hidden /> New Meeting
        </Button>
      </HStack>
      {!meetings && loading && <PageSpinner />}
      {!meetings && !loading && error && <Text color="fg.error">Failed to fetch meetings</Text>}
      {meetings?.length === 0 && <Text color="fg.muted">No meetings found.</Text>}
      {meetings && meetings.length > 0 && (
        <Stack gap="3" as="ul" listStyleType="none" aria-label="Meetings">
          {meetings.map((meeting) => (
            <li key={meeting.id}>
              <MeetingCard meeting={meeting} onEdit={() => onEdit(meeting)} onDelete={() => setDeleting(meeting)} />
            </li>
          ))}
        </Stack>
      )}
      <DeleteMeetingDialog open={!!deleting} meeting={deleting} onClose={() => setDeleting(undefined)} />
    </Stack>
  );
}
