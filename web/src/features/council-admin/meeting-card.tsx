import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { formatCalendarDate } from '../../lib/format';
import { STATUS_COLORS, STATUS_LABELS } from './council-admin-texts';

interface MeetingCardProps {
  meeting: CouncilAdmin_MeetingFragment;
  onEdit: () => void;
  onDelete: () => void;
}

/** One meeting of the admin list. */
export function MeetingCard({ meeting, onEdit, onDelete }: MeetingCardProps) {
  return (
    <Card.Root as="article" aria-label={meeting.title} variant="outline" size="sm">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap">
          <Stack gap="1" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h3" size="md">
                {meeting.title}
              </Heading>
              <Badge colorPalette={STATUS_COLORS[meeting.status]}>{STATUS_LABELS[meeting.status]}</Badge>
              <Badge colorPalette={meeting.isPublic ? 'teal' : 'gray'} variant="outline">
                {meeting.isPublic ? 'Public' : 'Private'}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={meeting.meetingTime ? `${meeting.meetingDate}T${meeting.meetingTime}` : meeting.meetingDate}>
                {formatCalendarDate(meeting.meetingDate, meeting.meetingTime)}
              </time>
              {meeting.location && ` · ${meeting.location}`}
            </Text>
          </Stack>
          <HStack gap="2">
            <Button size="sm" variant="outline" aria-label={`Edit ${meeting.title}`} onClick={onEdit}>
              <LuPencil aria-hidden /> Edit
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" aria-label={`Delete ${meeting.title}`} onClick={onDelete}>
              <LuTrash2 aria-hidden /> Delete
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
