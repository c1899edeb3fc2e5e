import { Avatar, Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuCheck, LuListOrdered, LuX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { OpportunityApplication_ApplicationFragment } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../lib/format';
import { APPLICATION_STATUS_TEXT, LINE_TEXTS, applicationPath } from './club-opportunities-texts';
import type { ReviewTarget } from './review-application-dialog';
import type { ReviewDecision } from './use-review-application';

interface ApplicationRowProps {
  application: OpportunityApplication_ApplicationFragment;
  positionTitle: string;
  onReview: (application: ReviewTarget, decision: ReviewDecision) => void;
}

/** One application: the volunteer (photo and name), the message, when, its status (with its number
 *  on the waiting list, or an offered place's deadline), and what the club may do: 'Accept'
 *  (pending or waiting), 'Waiting list' (pending), 'Reject' (open; 'Release' for a held place). */
export function ApplicationRow({ application, positionTitle, onReview }: ApplicationRowProps) {
  const name = application.volunteerProfile?.fullName ?? application.volunteer.name;
  const photo = application.volunteerProfile?.profileImageUrl ?? undefined;
  const status = APPLICATION_STATUS_TEXT[application.status];
  const target: ReviewTarget = { id: application.id, volunteerName: name, opportunityTitle: positionTitle, status: application.status };
  const holdsPlace = application.status === 'ACCEPTED' || application.status === 'OFFERED';
  const line =
    application.status === 'WAITLISTED' && application.linePosition
      ? LINE_TEXTS.waiting(application.linePosition)
      : application.status === 'OFFERED' && application.offerExpiresAt
        ? LINE_TEXTS.offered(formatDateTime(application.offerExpiresAt))
        : null;

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Stack gap="2">
        <HStack gap="3" align="flex-start" justify="space-between" flexWrap="wrap">
          <HStack gap="3" minW="0">
            <Avatar.Root size="sm" colorPalette="teal">
              <Avatar.Fallback name={name} />
              {photo && <Avatar.Image src={photo} alt="" />}
            </Avatar.Root>
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" truncate>
                {name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                Applied {formatDate(application.appliedAt)}
              </Text>
            </Stack>
          </HStack>
          <Stack gap="1" align="flex-end">
            <Badge colorPalette={status.palette} variant="subtle">
              {status.label}
            </Badge>
            {line && (
              <Text fontSize="xs" color="fg.muted">
                {line}
              </Text>
            )}
          </Stack>
        </HStack>
        <Text fontSize="sm" whiteSpace="pre-line" lineClamp={4} wordBreak="break-word">
          {application.message}
        </Text>
        <HStack gap="2" justify="space-between" flexWrap="wrap">
          <Link asChild fontSize="sm" colorPalette="teal" color="colorPalette.fg" variant="underline">
            <RouterLink to={applicationPath(application.id)} aria-label={`View application from ${name}`}>
              View application
            </RouterLink>
          </Link>
          {(application.canReview || application.canWaitlist || application.canReject) && (
            <HStack gap="2" flexWrap="wrap">
              {application.canReview && (
                <Button size="xs" colorPalette="teal" aria-label={`Accept application from ${name}`} onClick={() => onReview(target, 'ACCEPT')}>
                  <LuCheck aria-hidden="true" /> Accept
                </Button>
              )}
              {application.canWaitlist && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="purple"
                  aria-label={`Put application from ${name} on the waiting list`}
                  onClick={() => onReview(target, 'WAITLIST')}
                >
                  <LuListOrdered aria-hidden="true" /> Waiting list
                </Button>
              )}
              {application.canReject && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={holdsPlace ? `Release the place of ${name}` : `Reject application from ${name}`}
                  onClick={() => onReview(target, 'REJECT')}
                >
                  <LuX aria-hidden="true" /> {holdsPlace ? 'Release' : 'Reject'}
                </Button>
              )}
            </HStack>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
